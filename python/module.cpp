// The Python module `tandem`: tensors that speak DLPack (zero copies to and from numpy,
// and CuPy or PyTorch where the module is built for a GPU), .npy files, and a handful
// of tandem's C++ kernels for Python callers. Host space; element types float32,
// float64, int32, int64, complex64, complex128 (and bool through DLPack and files);
// ranks 0 to 4. docs/python.md describes it.
#include <tandem/tandem.hpp>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace py = pybind11;
namespace td = tandem;

namespace {

enum class dtype { b1, i4, i8, f4, f8, c8, c16 };

const char* dtype_name(dtype d) {
  switch (d) {
    case dtype::b1: return "bool";
    case dtype::i4: return "int32";
    case dtype::i8: return "int64";
    case dtype::f4: return "float32";
    case dtype::f8: return "float64";
    case dtype::c8: return "complex64";
    case dtype::c16: return "complex128";
  }
  return "?";
}

template <class T>
constexpr dtype dtype_of() {
  if constexpr (std::is_same_v<T, bool>) return dtype::b1;
  if constexpr (std::is_same_v<T, std::int32_t>) return dtype::i4;
  if constexpr (std::is_same_v<T, std::int64_t>) return dtype::i8;
  if constexpr (std::is_same_v<T, float>) return dtype::f4;
  if constexpr (std::is_same_v<T, double>) return dtype::f8;
  if constexpr (std::is_same_v<T, td::complex<float>>) return dtype::c8;
  return dtype::c16;
}

template <class F>
decltype(auto) with_dtype(dtype d, F&& f) {
  switch (d) {
    case dtype::b1: return f(bool{});
    case dtype::i4: return f(std::int32_t{});
    case dtype::i8: return f(std::int64_t{});
    case dtype::f4: return f(float{});
    case dtype::f8: return f(double{});
    case dtype::c8: return f(td::complex<float>{});
    case dtype::c16: break;
  }
  return f(td::complex<double>{});
}
template <class F>
decltype(auto) with_rank(std::size_t r, F&& f) {
  switch (r) {
    case 0: return f(std::integral_constant<std::size_t, 0>{});
    case 1: return f(std::integral_constant<std::size_t, 1>{});
    case 2: return f(std::integral_constant<std::size_t, 2>{});
    case 3: return f(std::integral_constant<std::size_t, 3>{});
    case 4: break;
    default: throw py::value_error("tandem: ranks 0 to 4 are supported, not " + std::to_string(r));
  }
  return f(std::integral_constant<std::size_t, 4>{});
}

/// A host tensor of any element type and rank: its elements (kept alive by `owner`),
/// shape and strides in elements.
struct py_tensor {
  std::shared_ptr<const void> owner;
  void* data = nullptr;
  dtype type = dtype::f4;
  std::vector<std::int64_t> shape, strides;

  template <class T, std::size_t R>
  td::shared_view<T, R> as() const {
    td::shape<R> e{}, s{};
    for (std::size_t d = 0; d != R; ++d) {
      e[d] = shape[d];
      s[d] = strides[d];
    }
    return td::shared_view<T, R>(td::tensor_view<T, R>(static_cast<T*>(data), e, s), owner);
  }
  template <class T, std::size_t R>
  static py_tensor from(const td::shared_view<T, R>& v) {
    py_tensor p;
    p.owner = v.owner();
    p.data = const_cast<void*>(static_cast<const void*>(v.data()));
    p.type = dtype_of<std::remove_cv_t<T>>();
    for (std::size_t d = 0; d != R; ++d) {
      p.shape.push_back(v.extent(d));
      p.strides.push_back(v.stride(d));
    }
    return p;
  }
  /// A new tensor's elements, owned by the result.
  template <class T, std::size_t R>
  static py_tensor from(td::tensor<T, R>&& t) {
    auto owned = std::make_shared<td::tensor<T, R>>(std::move(t));
    return from(td::shared_view<T, R>(owned->view(), owned));
  }

  /// Calls f(view) with this tensor as a shared_view of its element type and rank.
  template <class F>
  decltype(auto) visit(F&& f) const {
    return with_dtype(type, [&](auto tag) -> decltype(auto) {
      using T = decltype(tag);
      return with_rank(shape.size(), [&](auto r) -> decltype(auto) { return f(as<T, decltype(r)::value>()); });
    });
  }
};

dtype dtype_of_dlpack(DLDataType d) {
  if (d.lanes == 1) {
    if (d.code == td::detail::dlpack_bool_code && d.bits == 8) return dtype::b1;
    if (d.code == kDLInt && d.bits == 32) return dtype::i4;
    if (d.code == kDLInt && d.bits == 64) return dtype::i8;
    if (d.code == kDLFloat && d.bits == 32) return dtype::f4;
    if (d.code == kDLFloat && d.bits == 64) return dtype::f8;
    if (d.code == kDLComplex && d.bits == 64) return dtype::c8;
    if (d.code == kDLComplex && d.bits == 128) return dtype::c16;
  }
  throw py::type_error("tandem: the module takes bool, int32, int64, float32, float64, complex64 and complex128, not " +
                       td::detail::dlpack_type_text(d));
}

/// tandem.from_dlpack(x): x's elements, without a copy (x.__dlpack__() gives the capsule).
py_tensor from_dlpack(py::object x) {
  py::object capsule_object = py::hasattr(x, "__dlpack__") ? x.attr("__dlpack__")() : x;
  if (!PyCapsule_IsValid(capsule_object.ptr(), "dltensor"))
    throw py::type_error("tandem.from_dlpack: expected an object with __dlpack__ (or an unused DLPack capsule)");
  auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule_object.ptr(), "dltensor"));
  const dtype type = dtype_of_dlpack(managed->dl_tensor.dtype);
  const auto rank = static_cast<std::size_t>(managed->dl_tensor.ndim);
  py_tensor result = with_dtype(type, [&](auto tag) {
    using T = decltype(tag);
    return with_rank(rank, [&](auto r) { return py_tensor::from(td::from_dlpack<T, decltype(r)::value>(managed)); });
  });
  // The capsule is consumed: its destructor must not delete what the view now owns.
  PyCapsule_SetName(capsule_object.ptr(), "used_dltensor");
  return result;
}

/// t.__dlpack__(): a capsule named "dltensor" over a DLManagedTensor that shares t's
/// elements; deleted by the capsule unless a consumer took it.
py::capsule to_capsule(const py_tensor& t) {
  DLManagedTensor* managed = t.visit([](const auto& v) { return td::to_dlpack(v); });
  return py::capsule(managed, "dltensor", [](PyObject* capsule) {
    if (PyCapsule_IsValid(capsule, "dltensor")) {
      auto* m = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, "dltensor"));
      if (m && m->deleter) m->deleter(m);
    }
  });
}

/// The element type and rank of a .npy file, from its header.
std::pair<dtype, std::size_t> npy_kind(const std::string& path) {
  const td::detail::input_file file(path);
  td::detail::npy_file_source src{file};
  const auto h = td::detail::read_npy_header(src, path);
  const auto& d = h.dtype;
  const std::pair<char, std::uint32_t> k{d.kind, d.size};
  dtype type;
  if (k == std::pair<char, std::uint32_t>{'b', 1}) type = dtype::b1;
  else if (k == std::pair<char, std::uint32_t>{'i', 4}) type = dtype::i4;
  else if (k == std::pair<char, std::uint32_t>{'i', 8}) type = dtype::i8;
  else if (k == std::pair<char, std::uint32_t>{'f', 4}) type = dtype::f4;
  else if (k == std::pair<char, std::uint32_t>{'f', 8}) type = dtype::f8;
  else if (k == std::pair<char, std::uint32_t>{'c', 8}) type = dtype::c8;
  else if (k == std::pair<char, std::uint32_t>{'c', 16}) type = dtype::c16;
  else throw py::type_error("tandem.load_npy: " + path + " holds " + d.text + ", which the module does not take");
  return {type, h.shape.size()};
}

template <class T>
constexpr bool is_number = !std::is_same_v<T, bool>;

py::object scalar(auto v) {
  if constexpr (td::detail::is_complex_v<decltype(v)>)
    return py::cast(std::complex<double>(double(v.real()), double(v.imag())));
  else
    return py::cast(v);
}

}  // namespace

PYBIND11_MODULE(tandem, m) {
  m.doc() = "tandem's tensors and C++ kernels from Python, with zero-copy DLPack exchange";

  py::class_<py_tensor>(m, "Tensor")
      .def_property_readonly("shape", [](const py_tensor& t) { return py::tuple(py::cast(t.shape)); })
      .def_property_readonly("strides", [](const py_tensor& t) { return py::tuple(py::cast(t.strides)); })
      .def_property_readonly("dtype", [](const py_tensor& t) { return std::string(dtype_name(t.type)); })
      .def_property_readonly("ndim", [](const py_tensor& t) { return t.shape.size(); })
      .def_property_readonly("data_ptr", [](const py_tensor& t) { return reinterpret_cast<std::uintptr_t>(t.data); },
                             "the address of the first element (for checking that nothing was copied)")
      .def("__dlpack__", [](const py_tensor& t, py::kwargs) { return to_capsule(t); })
      .def("__dlpack_device__", [](const py_tensor&) { return py::make_tuple(int(kDLCPU), 0); })
      .def("numpy", [](py::object self) { return py::module_::import("numpy").attr("from_dlpack")(self); },
           "a numpy array over the same elements (no copy)")
      .def("__repr__", [](const py_tensor& t) {
        std::string s = "tandem.Tensor(shape=(";
        for (std::size_t d = 0; d < t.shape.size(); ++d) s += (d ? ", " : "") + std::to_string(t.shape[d]);
        return s + (t.shape.size() == 1 ? ",)" : ")") + ", dtype=" + dtype_name(t.type) + ")";
      });

  m.def("from_dlpack", &from_dlpack, py::arg("x"),
        "views x (a numpy array, or anything with __dlpack__) as a tandem Tensor, without a copy");

  m.def("load_npy", [](const std::string& path) {
    const auto [type, rank] = npy_kind(path);
    return with_dtype(type, [&, rank = rank](auto tag) {
      using T = decltype(tag);
      return with_rank(rank, [&](auto r) { return py_tensor::from(td::load_npy<T, decltype(r)::value>(path)); });
    });
  }, py::arg("path"), "reads a .npy file into a new Tensor");
  m.def("save_npy", [](const std::string& path, const py_tensor& t) {
    t.visit([&](const auto& v) { td::save_npy(path, v); });
  }, py::arg("path"), py::arg("t"), "writes a Tensor as a .npy file, atomically");

  m.def("sum", [](const py_tensor& t, std::optional<std::int64_t> axis) -> py::object {
    return t.visit([&](const auto& v) -> py::object {
      using T = std::remove_cv_t<typename std::remove_cvref_t<decltype(v)>::element_type>;
      constexpr std::size_t R = std::remove_cvref_t<decltype(v)>::rank;
      if constexpr (!is_number<T>) {
        throw py::type_error("tandem.sum: bool tensors are not summed by the module");
      } else {
        if (!axis) return scalar(td::sum(v));
        if constexpr (R == 0) {
          throw py::value_error("tandem.sum: a rank-0 tensor has no axis");
        } else {
          return py::cast(py_tensor::from(td::eval(td::sum(v, *axis))));
        }
      }
    });
  }, py::arg("t"), py::arg("axis") = py::none(), "the sum of all elements, or along an axis (numpy's sum)");

  m.def("sort", [](const py_tensor& t) {
    return t.visit([&](const auto& v) {
      using T = std::remove_cv_t<typename std::remove_cvref_t<decltype(v)>::element_type>;
      constexpr std::size_t R = std::remove_cvref_t<decltype(v)>::rank;
      if constexpr (R == 0) {
        throw py::value_error("tandem.sort: a rank-0 tensor cannot be sorted");
        return py_tensor{};
      } else {
        td::tensor<T, R> out = v;
        td::sort(out, -1);
        return py_tensor::from(std::move(out));
      }
    });
  }, py::arg("t"), "a sorted copy, along the last axis (numpy's sort)");

  m.def("matmul", [](const py_tensor& a, const py_tensor& b) {
    if (a.type != b.type) throw py::type_error("tandem.matmul: both operands must have one element type");
    if (a.shape.size() != 2 || b.shape.size() != 2) throw py::value_error("tandem.matmul: takes two matrices");
    return with_dtype(a.type, [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_integral_v<T>) {
        throw py::type_error("tandem.matmul: takes float and complex matrices");
        return py_tensor{};
      } else {
        return py_tensor::from(td::eval(td::matmul(a.as<T, 2>(), b.as<T, 2>())));
      }
    });
  }, py::arg("a"), py::arg("b"), "the matrix product (numpy's matmul of two matrices)");

  m.def("fft", [](const py_tensor& t) {
    return t.visit([&](const auto& v) {
      using T = std::remove_cv_t<typename std::remove_cvref_t<decltype(v)>::element_type>;
      constexpr std::size_t R = std::remove_cvref_t<decltype(v)>::rank;
      if constexpr (R == 0 || std::is_integral_v<T>) {
        throw py::type_error("tandem.fft: takes float or complex tensors of rank 1 or more");
        return py_tensor{};
      } else {
        return py_tensor::from(td::eval(td::fft::fft(v)));
      }
    });
  }, py::arg("t"), "the discrete Fourier transform along the last axis (numpy.fft.fft)");
}
