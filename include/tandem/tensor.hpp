#pragma once
/// \file tensor.hpp
/// `td::tensor<T, R, Space>`: owns its elements, row-major, value semantics like
/// std::vector (copy is a deep copy in the same space, move is O(1)).
///
/// \code
/// td::tensor<float, 2, td::device_space> a({3, 4});   // zero-filled, in device memory
/// td::tensor<float, 2, td::device_space> b = a + 1.f;  // one fused pass
/// a = td::exp(b);                                       // reuses a's storage
/// \endcode

#include <cstddef>
#include <type_traits>
#include <utility>

#include "memory/buffer.hpp"
#include "shape.hpp"
#include "tensor_view.hpp"
#include "traits.hpp"

namespace tandem {

template <class T, std::size_t R, class Space>
class tensor {
  static_assert(!std::is_const_v<T> && !std::is_reference_v<T>,
                "tandem: a tensor's element type must be a plain value type");
  static_assert(is_space_v<Space>, "tandem: the third template argument must be a space");

 public:
  using value_type = T;
  using element_type = T;
  using space_type = Space;
  using shape_type = tandem::shape<R>;
  using view_type = tensor_view<T, R, Space>;
  using const_view_type = tensor_view<const T, R, Space>;
  static constexpr std::size_t rank = R;

  /// An empty tensor (every extent 0); a rank-0 tensor holds one zero.
  tensor() : tensor(shape_type{}) {}
  /// A zero-filled tensor of the given shape.
  explicit tensor(const shape_type& s) : tensor(s, uninitialized) { buf_.zero(); }
  /// A zero-filled tensor from a braced list of extents: `tensor<float, 2>({3, 4})`.
  template <std::size_t N>
    requires(N == R && R > 0)
  explicit tensor(const index_t (&extents)[N]) : tensor(detail::to_shape(extents)) {}
  /// A tensor whose elements are left uninitialized.
  tensor(const shape_type& s, uninitialized_t) : buf_(checked_size(s)), shape_(s) {}

  /// Evaluates an expression (or copies a tensor or view of the same space) into a
  /// new tensor, in one pass.
  template <operand E>
    requires(!std::is_same_v<std::remove_cvref_t<E>, tensor>)
  tensor(const E& e) : tensor(shape_of(e), uninitialized) {
    static_assert(rank_of_v<E> == R, "tandem: the expression's rank differs from the tensor's");
    using checked = typename detail::spaces_must_match<Space, space_of_t<E>>::type;
    (void)sizeof(checked);
    detail::assign(view(), e);
  }

  tensor(const tensor&) = default;
  tensor(tensor&& other) noexcept
      : buf_(std::move(other.buf_)), shape_(std::exchange(other.shape_, shape_type{})) {}
  /// A deep copy. Into the storage already held when the element counts match (as
  /// std::vector's assignment), in one parallel pass; else into fresh storage, so a
  /// failed allocation leaves the tensor as it was.
  tensor& operator=(const tensor& other) {
    if (this == &other) return *this;
    if (other.size() == size()) {
      detail::assign(view_type(buf_.data(), other.shape_), other.view());
      shape_ = other.shape_;
    } else {
      tensor fresh(other);
      *this = std::move(fresh);
    }
    return *this;
  }
  tensor& operator=(tensor&& other) noexcept {
    buf_ = std::move(other.buf_);
    shape_ = std::exchange(other.shape_, shape_type{});
    return *this;
  }
  ~tensor() = default;

  /// Gives the tensor the expression's shape and values, reusing the storage when the
  /// number of elements is unchanged (as std::vector assignment does).
  template <operand E>
    requires(!std::is_same_v<std::remove_cvref_t<E>, tensor>)
  tensor& operator=(const E& e) {
    static_assert(rank_of_v<E> == R, "tandem: the expression's rank differs from the tensor's");
    using checked = typename detail::spaces_must_match<Space, space_of_t<E>>::type;
    (void)sizeof(checked);
    const shape_type s = shape_of(e);
    if (s.size() == size()) {
      // The shape changes only once the values are in: a failed assignment (a staging
      // copy that cannot be allocated) leaves the tensor exactly as it was.
      detail::assign(view_type(buf_.data(), s), e);
      shape_ = s;
    } else {
      tensor fresh(s, uninitialized);
      detail::assign(fresh.view(), e);
      *this = std::move(fresh);
    }
    return *this;
  }
  /// Sets every element to `value`.
  template <scalar U>
  tensor& operator=(U value) {
    detail::assign(view(), value);
    return *this;
  }

  T* data() { return buf_.data(); }
  const T* data() const { return buf_.data(); }

  /// Moves the storage into a tensor of another shape with as many elements (what
  /// td::reshape does with a temporary).
  template <std::size_t N>
  tensor<T, N, Space> reshape_into(const tandem::shape<N>& s) && {
    tensor<T, N, Space> out;
    out.buf_ = std::move(buf_);
    out.shape_ = s;
    shape_ = shape_type{};
    return out;
  }
  const shape_type& shape() const { return shape_; }
  shape_type strides() const { return row_major_strides(shape_); }
  index_t extent(std::size_t d) const { return shape_[d]; }
  index_t size() const { return shape_.size(); }
  bool empty() const { return size() == 0; }
  static constexpr bool is_contiguous() { return true; }

  view_type view() { return view_type(buf_.data(), shape_); }
  const_view_type view() const { return const_view_type(buf_.data(), shape_); }
  operator view_type() { return view(); }
  operator const_view_type() const { return view(); }

  /// The element at (i, j, ...); host-accessible spaces only.
  template <std::integral... I>
    requires(sizeof...(I) == R)
  T& operator()(I... i) {
    static_assert(is_host_accessible_v<Space>,
                  "tandem: host code cannot read or write the elements of a device tensor; "
                  "copy it to the host first with td::to(td::host, t)");
    return view()(i...);
  }
  template <std::integral... I>
    requires(sizeof...(I) == R)
  const T& operator()(I... i) const {
    static_assert(is_host_accessible_v<Space>,
                  "tandem: host code cannot read or write the elements of a device tensor; "
                  "copy it to the host first with td::to(td::host, t)");
    return view()(i...);
  }

  /// Shared ownership of the elements, for handing them to another library without a
  /// copy (td::to_dlpack): they live until the tensor and every copy of the returned
  /// pointer are gone. The tensor itself behaves as before (a copy of it is new memory;
  /// writes through it are seen by the other holders). Null for an empty tensor.
  std::shared_ptr<void> share_elements() const { return buf_.share(); }

 private:
  template <class E>
  static shape_type shape_of(const E& e) {
    return e.shape();
  }
  static index_t checked_size(const shape_type& s) {
    detail::check_extents(s, "tensor", sizeof(T));
    return s.size();
  }

  template <class, std::size_t, class>
  friend class tensor;

  detail::buffer<T, Space> buf_;
  shape_type shape_{};
};

namespace detail {
/// A tensor's or view's view (of const elements for a const tensor).
template <class T, std::size_t R, class S>
tensor_view<T, R, S> as_view(tensor<T, R, S>& t) {
  return t.view();
}
template <class T, std::size_t R, class S>
tensor_view<const T, R, S> as_view(const tensor<T, R, S>& t) {
  return t.view();
}
template <class T, std::size_t R, class S>
tensor_view<T, R, S> as_view(const tensor_view<T, R, S>& v) {
  return v;
}
}  // namespace detail

}  // namespace tandem

// Assignment into views and tensors is declared in traits.hpp and defined here, so that
// every header that assigns also brings the definition.
#include "expr/assign.hpp"
