#pragma once
/// \file io/dlpack.hpp
/// DLPack, the in-memory tensor exchange of PyTorch, CuPy, JAX and numpy:
/// `td::to_dlpack(t)` hands a tensor's elements to another library without a copy, and
/// `td::from_dlpack<T, R>(managed[, space])` views another library's tensor as a
/// `td::shared_view`, without a copy, strides included.
///
/// Ownership, both ways: a `DLManagedTensor*` from to_dlpack keeps the elements alive
/// until its consumer calls its deleter (once); a shared_view from from_dlpack calls the
/// producer's deleter exactly once, when it and its last copy are gone. The header is
/// DLPack's own (Debian's libdlpack-dev); CMake's tandem::tandem carries its folder
/// when it is found (TANDEM_HAS_DLPACK).

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "../error.hpp"
#include "../half.hpp"
#include "../memory/memory.hpp"
#include "../tensor.hpp"
#include "../views/shared.hpp"

#if TANDEM_HAS_DLPACK || (!defined(TANDEM_HAS_DLPACK) && __has_include(<dlpack/dlpack.h>))
#  include <dlpack/dlpack.h>
#  define TANDEM_DLPACK_AVAILABLE 1
#else
#  define TANDEM_DLPACK_AVAILABLE 0
#endif

namespace tandem {
namespace detail {

template <class = void>
constexpr bool dlpack_needs_header() {
  static_assert(TANDEM_DLPACK_AVAILABLE,
                "tandem: DLPack needs its header <dlpack/dlpack.h> (Debian: libdlpack-dev); CMake's tandem::tandem "
                "adds its folder when found");
  return true;
}

#if TANDEM_DLPACK_AVAILABLE

/// DLPack 0.8's code for bool (numpy 1.25 and later export bool with it); older headers
/// lack the name.
inline constexpr std::uint8_t dlpack_bool_code = 6;

template <class T>
DLDataType dlpack_dtype() {
  using U = std::remove_cv_t<T>;
  DLDataType d{};
  d.lanes = 1;
  d.bits = static_cast<std::uint8_t>(8 * sizeof(U));
  if constexpr (std::is_same_v<U, bool>)
    d.code = dlpack_bool_code;
  else if constexpr (std::is_integral_v<U> && std::is_signed_v<U>)
    d.code = kDLInt;
  else if constexpr (std::is_integral_v<U>)
    d.code = kDLUInt;
  else if constexpr (std::is_same_v<U, bfloat16>)
    d.code = kDLBfloat;
  else if constexpr (std::is_same_v<U, half> || std::is_floating_point_v<U>)
    d.code = kDLFloat;
  else if constexpr (is_complex_v<U>)
    d.code = kDLComplex;
  else
    static_assert(sizeof(U) == 0, "tandem: this element type has no DLPack equivalent");
  return d;
}

inline std::string dlpack_type_text(DLDataType d) {
  static const char* const names[] = {"int", "uint", "float", "opaque", "bfloat", "complex", "bool"};
  std::string s;
  if (d.code < 7) {
    s.append(names[d.code]);
  } else {
    s.append("code ");
    s.append(std::to_string(d.code));
    s.append(" of ");
  }
  s.append(std::to_string(d.bits));
  if (d.lanes != 1) {
    s.append("x");
    s.append(std::to_string(d.lanes));
  }
  return s;
}
inline std::string dlpack_device_text(DLDevice d) {
  switch (d.device_type) {
    case kDLCPU: return "the CPU";
    case kDLCUDA: return "CUDA device " + std::to_string(d.device_id);
    case kDLCUDAHost: return "CUDA pinned host memory";
    case kDLCUDAManaged: return "CUDA managed memory";
    default: return "DLPack device type " + std::to_string(int(d.device_type));
  }
}

inline DLDevice dlpack_device(memory_location where) {
  switch (where.kind) {
    case memory_kind::cuda_device: return {kDLCUDA, where.device};
    case memory_kind::cuda_managed: return {kDLCUDAManaged, where.device};
    default: return {kDLCPU, 0};
  }
}
/// Whether memory of DLPack device `d` can be viewed as `kind`'s: the host reads CPU,
/// pinned and managed memory; the GPU reads its own and managed memory.
inline bool dlpack_readable_as(DLDevice d, memory_kind kind) {
  switch (kind) {
    case memory_kind::host:
      return d.device_type == kDLCPU || d.device_type == kDLCUDAHost || d.device_type == kDLCUDAManaged;
    case memory_kind::cuda_device: return d.device_type == kDLCUDA || d.device_type == kDLCUDAManaged;
    case memory_kind::cuda_managed: return d.device_type == kDLCUDAManaged;
  }
  return false;
}

/// What an exported DLManagedTensor points its shape and strides at, and what keeps its
/// elements alive.
struct dlpack_export {
  std::shared_ptr<const void> keep;
  std::vector<std::int64_t> shape, strides;
};

template <class T, std::size_t R, class S>
DLManagedTensor* make_dlpack(const tensor_view<T, R, S>& v, std::shared_ptr<const void> keep) {
  tandem::synchronize(S{});  // the elements are complete when the consumer sees them
  auto context = std::make_unique<dlpack_export>();
  context->keep = std::move(keep);
  for (std::size_t d = 0; d != R; ++d) {
    context->shape.push_back(v.extent(d));
    context->strides.push_back(v.stride(d));
  }
  auto managed = std::make_unique<DLManagedTensor>();
  DLTensor& t = managed->dl_tensor;
  t.data = const_cast<void*>(static_cast<const void*>(v.data()));
  t.device = dlpack_device(memory_t<S>::locate(v.data()));
  t.ndim = static_cast<std::int32_t>(R);
  t.dtype = dlpack_dtype<T>();
  t.shape = R ? context->shape.data() : nullptr;
  t.strides = R ? context->strides.data() : nullptr;
  t.byte_offset = 0;
  managed->manager_ctx = context.release();
  managed->deleter = [](DLManagedTensor* self) {
    delete static_cast<dlpack_export*>(self->manager_ctx);
    delete self;
  };
  return managed.release();
}

#endif  // TANDEM_DLPACK_AVAILABLE

}  // namespace detail

#if TANDEM_DLPACK_AVAILABLE

/// Hands `t`'s elements to another library: the DLManagedTensor (CPU, CUDA or CUDA
/// managed memory, as `t`'s space is) shares them with `t`, so they live until both `t`
/// is gone and the consumer has called the deleter; writes on either side are seen by
/// the other. Pending work on the elements is finished first.
template <class T, std::size_t R, class S>
DLManagedTensor* to_dlpack(const tensor<T, R, S>& t) {
  return detail::make_dlpack(t.view(), t.share_elements());
}
/// A tensor moved in: the DLManagedTensor alone owns its elements.
template <class T, std::size_t R, class S>
  requires(!std::is_reference_v<T>)
DLManagedTensor* to_dlpack(tensor<T, R, S>&& t) {
  auto owned = std::make_shared<tensor<T, R, S>>(std::move(t));
  return detail::make_dlpack(owned->view(), owned);
}
/// A shared view (a mapped file, another library's tensor): the export shares its owner.
template <class T, std::size_t R, class S>
DLManagedTensor* to_dlpack(const shared_view<T, R, S>& v) {
  return detail::make_dlpack(v.view(), v.owner());
}
/// A plain view owns nothing: the caller keeps what it views alive until the consumer
/// has called the deleter (as with a pointer handed to torch.from_blob).
template <class T, std::size_t R, class S>
DLManagedTensor* to_dlpack(const tensor_view<T, R, S>& v) {
  return detail::make_dlpack(v, nullptr);
}

/// Views another library's tensor (any strides, its byte offset applied) in `space`,
/// without a copy, taking ownership of `managed`: its deleter runs exactly once, when
/// the returned view and its last copy are gone. Its element type must be T's and its
/// rank R (no conversion is made), and its memory readable in `space` (the host reads
/// CPU, pinned and managed memory; the GPU its own and managed memory); otherwise
/// td::error says what differs and `managed` stays the caller's, undeleted.
template <class T, std::size_t R, class Space = host_space>
shared_view<T, R, Space> from_dlpack(DLManagedTensor* managed, Space = {}) {
  if (!managed) throw error("tandem: from_dlpack: the DLManagedTensor pointer is null");
  const DLTensor& t = managed->dl_tensor;
  const DLDataType want = detail::dlpack_dtype<T>();
  const detail::memory_location here = detail::memory_t<Space>::locate(nullptr);
  const bool type_ok = t.dtype.code == want.code && t.dtype.bits == want.bits && t.dtype.lanes == 1;
  if (!type_ok || t.ndim != static_cast<std::int32_t>(R) || !detail::dlpack_readable_as(t.device, here.kind)) {
    throw error("tandem: from_dlpack: expected " + detail::dlpack_type_text(want) + " rank " + std::to_string(R) +
                " readable in " + Space::name + ", the DLPack tensor holds " + detail::dlpack_type_text(t.dtype) +
                " rank " + std::to_string(t.ndim) + " in " + detail::dlpack_device_text(t.device));
  }
  shape<R> extents{};
  for (std::size_t d = 0; d != R; ++d) {
    if (t.shape[d] < 0) throw error("tandem: from_dlpack: extent " + std::to_string(d) + " is negative");
    extents[d] = t.shape[d];
  }
  shape<R> strides = row_major_strides(extents);  // DLPack's null strides: compact, row-major
  if (t.strides)
    for (std::size_t d = 0; d != R; ++d) strides[d] = t.strides[d];
  auto* first = static_cast<char*>(t.data) + t.byte_offset;
  if (reinterpret_cast<std::uintptr_t>(first) % alignof(T) != 0 && extents.size() != 0)
    throw error("tandem: from_dlpack: the elements' address is not aligned for the element type");
  std::shared_ptr<const void> owner(managed, [](DLManagedTensor* m) {
    if (m->deleter) m->deleter(m);
  });
  return shared_view<T, R, Space>(tensor_view<T, R, Space>(reinterpret_cast<T*>(first), extents, strides),
                                  std::move(owner));
}

#else

template <class T, std::size_t R, class Space = host_space, class M>
void from_dlpack(M*, Space = {}) {
  static_assert(detail::dlpack_needs_header<M>());
}
template <class X>
void to_dlpack(const X&) {
  static_assert(detail::dlpack_needs_header<X>());
}

#endif  // TANDEM_DLPACK_AVAILABLE

}  // namespace tandem
