// DLPack both ways, in every space: what to_dlpack describes (pointer, shape, strides,
// type, device), that the elements outlive the tensor while the consumer holds them, that
// from_dlpack views without a copy (pointer identity, strides and byte offsets honoured)
// and runs the producer's deleter exactly once, and the errors of a mismatched tensor.
#include <cstdint>
#include <vector>

#include "support/test_support.hpp"

namespace {

/// A producer of DLPack tensors that counts its deleter's calls.
struct counted_producer {
  static inline int deleted = 0;
  struct context {
    std::vector<double> elements;
    std::vector<std::int64_t> shape, strides;
  };
  /// A DLManagedTensor over `n` doubles 0, 1, ..., with the given shape and strides
  /// (elements), starting `offset` elements in (as byte_offset).
  static DLManagedTensor* make(std::size_t n, std::vector<std::int64_t> shape, std::vector<std::int64_t> strides,
                               std::int64_t offset = 0, DLDevice device = {kDLCPU, 0}) {
    auto* c = new context{std::vector<double>(n), std::move(shape), std::move(strides)};
    for (std::size_t i = 0; i < n; ++i) c->elements[i] = double(i);
    auto* m = new DLManagedTensor{};
    m->dl_tensor.data = c->elements.data();
    m->dl_tensor.device = device;
    m->dl_tensor.ndim = static_cast<std::int32_t>(c->shape.size());
    m->dl_tensor.dtype = {kDLFloat, 64, 1};
    m->dl_tensor.shape = c->shape.data();
    m->dl_tensor.strides = c->strides.empty() ? nullptr : c->strides.data();
    m->dl_tensor.byte_offset = static_cast<std::uint64_t>(offset) * sizeof(double);
    m->manager_ctx = c;
    m->deleter = [](DLManagedTensor* self) {
      ++deleted;
      delete static_cast<context*>(self->manager_ctx);
      delete self;
    };
    return m;
  }
};

template <class Space>
DLDeviceType expected_device() {
  if constexpr (std::is_same_v<Space, td::host_space> || td::device_is_emulated) return kDLCPU;
#if TANDEM_HAS_CUDA
  else if constexpr (std::is_same_v<Space, td::managed_space>)
    return kDLCUDAManaged;
#endif
  else
    return kDLCUDA;
}

template <class T>
void check_dtype(std::uint8_t code, int bits) {
  const DLDataType d = td::detail::dlpack_dtype<T>();
  CHECK(int(d.code) == int(code));
  CHECK(int(d.bits) == bits);
  CHECK(d.lanes == 1);
}

}  // namespace

TEST_CASE("DLPack element types are numpy's", "[dlpack]") {
  check_dtype<bool>(6, 8);
  check_dtype<std::int8_t>(kDLInt, 8);
  check_dtype<std::int64_t>(kDLInt, 64);
  check_dtype<std::uint16_t>(kDLUInt, 16);
  check_dtype<td::half>(kDLFloat, 16);
  check_dtype<td::bfloat16>(kDLBfloat, 16);
  check_dtype<float>(kDLFloat, 32);
  check_dtype<double>(kDLFloat, 64);
  check_dtype<td::complex<float>>(kDLComplex, 64);
  check_dtype<td::complex<double>>(kDLComplex, 128);
}

TEMPLATE_TEST_CASE("to_dlpack describes the elements and keeps them alive", "[dlpack]", TANDEM_TEST_SPACES) {
  DLManagedTensor* m = nullptr;
  const float* data = nullptr;
  {
    auto t = td::eval(td::reshape(td::arange<float>(12, TestType{}), {3, 4}));
    data = t.data();
    m = td::to_dlpack(t);
    REQUIRE(m != nullptr);
    CHECK(m->dl_tensor.data == data);
    CHECK(m->dl_tensor.ndim == 2);
    CHECK(m->dl_tensor.shape[0] == 3);
    CHECK(m->dl_tensor.shape[1] == 4);
    CHECK(m->dl_tensor.strides[0] == 4);
    CHECK(m->dl_tensor.strides[1] == 1);
    CHECK(m->dl_tensor.byte_offset == 0);
    CHECK(m->dl_tensor.device.device_type == expected_device<TestType>());
    t = td::zeros<float>({2, 2}, TestType{});  // t moves to new memory; the export keeps the old
  }
  // The tensor is gone; the consumer still reads its elements.
  const auto back = td::from_dlpack<float, 2>(m, TestType{});
  CHECK(back.data() == data);
  CHECK(testing::values(back) == testing::values(td::arange<float>(12)));

  // A moved tensor, a strided view and a rank-0 tensor.
  auto moved = td::arange<std::int32_t>(6, TestType{});
  const std::int32_t* moved_data = moved.data();
  DLManagedTensor* owned = td::to_dlpack(std::move(moved));
  CHECK(owned->dl_tensor.data == moved_data);
  const auto owned_back = td::from_dlpack<std::int32_t, 1>(owned, TestType{});
  CHECK(testing::values(owned_back) == std::vector<double>{0, 1, 2, 3, 4, 5});

  const auto base = td::eval(td::reshape(td::arange<double>(6, TestType{}), {2, 3}));
  DLManagedTensor* transposed = td::to_dlpack(td::transpose(base));
  CHECK(transposed->dl_tensor.shape[0] == 3);
  CHECK(transposed->dl_tensor.strides[0] == 1);
  CHECK(transposed->dl_tensor.strides[1] == 3);
  const auto t_back = td::from_dlpack<double, 2>(transposed, TestType{});
  CHECK(testing::values(t_back) == std::vector<double>{0, 3, 1, 4, 2, 5});

  td::tensor<double, 0, TestType> scalar;
  DLManagedTensor* s = td::to_dlpack(scalar);
  CHECK(s->dl_tensor.ndim == 0);
  const auto s_back = td::from_dlpack<double, 0>(s, TestType{});
  CHECK(s_back.size() == 1);
}

TEST_CASE("from_dlpack views a producer's memory and runs its deleter once", "[dlpack]") {
  counted_producer::deleted = 0;
  {
    // 2 x 3 with strides (1, 2) (a column-major matrix), starting 1 element in.
    DLManagedTensor* m = counted_producer::make(8, {2, 3}, {1, 2}, 1);
    const double* first = static_cast<const double*>(m->dl_tensor.data) + 1;
    const auto v = td::from_dlpack<double, 2>(m);
    CHECK(v.data() == first);
    CHECK(testing::values(v) == std::vector<double>{1, 3, 5, 2, 4, 6});
    CHECK(td::sum(v) == 21.0);
    {
      const auto copy = v;  // shares the producer's tensor
      CHECK(copy(1, 2) == 6.0);
    }
    CHECK(counted_producer::deleted == 0);
    // Writes go to the producer's memory.
    auto w = td::from_dlpack<double, 1>(counted_producer::make(3, {3}, {}));
    w = td::from<double>({7, 8, 9});
    CHECK(w(2) == 9.0);
  }
  CHECK(counted_producer::deleted == 2);
  // Negative strides (a reversed vector), and an export of the view again.
  counted_producer::deleted = 0;
  {
    const auto r = td::from_dlpack<double, 1>(counted_producer::make(4, {4}, {-1}, 3));
    CHECK(testing::values(r) == std::vector<double>{3, 2, 1, 0});
    DLManagedTensor* again = td::to_dlpack(r);  // a shared view: the export shares its owner
    const auto r2 = td::from_dlpack<double, 1>(again);
    CHECK(r2.data() == r.data());
    CHECK(testing::values(r2) == std::vector<double>{3, 2, 1, 0});
  }
  CHECK(counted_producer::deleted == 1);
}

TEST_CASE("from_dlpack refuses a mismatched tensor and leaves it to the caller", "[dlpack]") {
  counted_producer::deleted = 0;
  DLManagedTensor* m = counted_producer::make(6, {2, 3}, {});
  CHECK_THROWS_WITH((td::from_dlpack<float, 2>(m)),
                    testing::contains("expected float32 rank 2 readable in host_space, the DLPack tensor holds "
                                      "float64 rank 2 in the CPU"));
  CHECK_THROWS_AS((td::from_dlpack<double, 3>(m)), td::error);
  CHECK_THROWS_AS((td::from_dlpack<double, 2>(nullptr)), td::error);
  m->dl_tensor.device = {kDLCUDA, 0};
  CHECK_THROWS_WITH((td::from_dlpack<double, 2>(m)), testing::contains("in CUDA device 0"));
  m->dl_tensor.device = {kDLCPU, 0};
  m->dl_tensor.byte_offset = 3;
  CHECK_THROWS_WITH((td::from_dlpack<double, 2>(m)), testing::contains("not aligned"));
  CHECK(counted_producer::deleted == 0);  // refused: still the caller's
  m->deleter(m);
  CHECK(counted_producer::deleted == 1);
}
