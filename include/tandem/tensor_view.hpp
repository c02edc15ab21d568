#pragma once
/// \file tensor_view.hpp
/// `td::tensor_view<T, R, Space>`: a pointer, R extents and R strides. Trivially
/// copyable, so kernels capture it by value; `v(i, j)` works inside TANDEM_HD code.
///
/// \code
/// td::tensor<float, 2> t({3, 4});
/// auto v = t.view();                 // tensor_view<float, 2>
/// td::for_each(td::host, td::shape<2>{3, 4},
///              [v](td::index_t i, td::index_t j) { v(i, j) = float(i * 4 + j); });
/// \endcode
/// Assigning to a view writes its elements, as numpy's `v[...] = x` does: `v = 0.f;`,
/// `v = a + b;`, and `v = other_view;` too (a copy, with overlap handled as if the right
/// side were read first). To point a view elsewhere, construct a new one.

#include <cstddef>
#include <string>
#include <type_traits>

#include "error.hpp"
#include "shape.hpp"
#include "traits.hpp"

namespace tandem {

template <class T, std::size_t R, class Space>
class tensor_view {
 public:
  using element_type = T;
  using value_type = std::remove_cv_t<T>;
  using space_type = Space;
  using shape_type = tandem::shape<R>;
  static constexpr std::size_t rank = R;

  constexpr tensor_view() = default;
  /// A view over `data` with the given extents and row-major strides.
  TANDEM_HD tensor_view(T* data, const shape_type& extents)
      : ptr_(data), shape_(extents), strides_(row_major_strides(extents)) {}
  TANDEM_HD tensor_view(T* data, const shape_type& extents, const shape_type& strides)
      : ptr_(data), shape_(extents), strides_(strides) {}

  tensor_view(const tensor_view&) = default;
  /// `v = w` copies elements (the template below). This deleted copy assignment only
  /// keeps the implicit, rebinding one from being declared; it binds a `const volatile`
  /// rvalue, so it never wins overload resolution, and the view stays trivially copyable.
  tensor_view& operator=(const tensor_view&) const volatile&& = delete;

  /// A view of const elements from a view of mutable ones.
  template <class U>
    requires(std::is_same_v<const U, T> && !std::is_same_v<U, T>)
  TANDEM_HD tensor_view(const tensor_view<U, R, Space>& other)
      : ptr_(other.data()), shape_(other.shape()), strides_(other.strides()) {}

  /// Writes the (broadcast) value of an expression, tensor, view or scalar into the
  /// viewed elements; throws td::shape_error when it does not broadcast to this shape.
  /// Operands that overlap the destination are read as they were before the write.
  template <class E>
    requires(operand<E> || scalar<E>)
  const tensor_view& operator=(const E& e) const {
    static_assert(!std::is_const_v<T>, "tandem: cannot assign to a view of const elements");
    detail::assign(*this, e);
    return *this;
  }

  TANDEM_HD T* data() const { return ptr_; }
  TANDEM_HD const shape_type& shape() const { return shape_; }
  TANDEM_HD const shape_type& strides() const { return strides_; }
  TANDEM_HD index_t extent(std::size_t d) const { return shape_[d]; }
  TANDEM_HD index_t stride(std::size_t d) const { return strides_[d]; }
  TANDEM_HD index_t size() const { return shape_.size(); }
  TANDEM_HD tensor_view view() const { return *this; }

  /// True when the elements are dense and row-major (strides of extent-1 dimensions
  /// do not matter; an empty view is contiguous, wherever its zero extent is).
  TANDEM_HD bool is_contiguous() const {
    for (std::size_t d = 0; d != R; ++d)
      if (shape_[d] == 0) return true;
    index_t expected = 1;
    for (std::size_t d = R; d-- > 0;) {
      if (shape_[d] != 1 && strides_[d] != expected) return false;
      expected *= shape_[d];
    }
    return true;
  }

  /// The element at (i, j, ...). In host code of a debug build (or with
  /// TANDEM_BOUNDS_CHECK) an index out of range throws td::index_error.
  template <std::integral... I>
    requires(sizeof...(I) == R)
  TANDEM_HD T& operator()(I... i) const {
    const index_t idx[R == 0 ? 1 : R] = {static_cast<index_t>(i)...};
#if TANDEM_BOUNDS_CHECK && !TANDEM_DEVICE_CODE
    check_index(idx);
#endif
    return ptr_[detail::offset_of(idx, strides_)];
  }

 private:
  void check_index(const index_t* idx) const {
    for (std::size_t d = 0; d != R; ++d)
      if (idx[d] < 0 || idx[d] >= shape_[d])
        throw index_error("tandem: index " + std::to_string(idx[d]) + " is out of range for dimension " +
                          std::to_string(d) + " of a tensor of shape " + to_string(shape_));
  }

  T* ptr_ = nullptr;
  shape_type shape_{};
  shape_type strides_{};
};

}  // namespace tandem

// Assignment into a view is declared in traits.hpp and defined in expr/assign.hpp, which
// tensor.hpp includes once its class is complete.
#include "tensor.hpp"
