#pragma once
/// \file views/axes.hpp
/// Views that move, add or drop dimensions without copying, as numpy's:
/// `td::squeeze(t, axis)`, `td::expand_dims(t, axis)`, `td::swapaxes(t, i, j)` and
/// `td::moveaxis(t, from, to)`. Negative axes count from the end.
///
/// \code
/// auto col = td::expand_dims(v, 1);      // shape [n, 1]: col(i, 0) == v(i)
/// auto row = td::squeeze(m, 0);          // [1, n] -> [n]
/// auto s = td::swapaxes(t, 0, 2);        // s(k, j, i) == t(i, j, k)
/// auto b = td::moveaxis(t, 0, -1);       // [a, b, c] -> [b, c, a]
/// \endcode
/// Applied to a temporary tensor they return a tensor: squeeze and expand_dims move its
/// storage in (the elements do not move), swapaxes and moveaxis copy the reordered
/// elements.

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

#include "../error.hpp"
#include "../expr/assign.hpp"
#include "../tensor.hpp"
#include "../tensor_view.hpp"

namespace tandem {
namespace detail {

template <class X>
inline constexpr bool is_tensor_or_view_v = is_tensor_v<std::remove_cvref_t<X>> || is_view_v<std::remove_cvref_t<X>>;

template <class T, std::size_t R, class S>
tensor_view<T, R - 1, S> squeeze_view(const tensor_view<T, R, S>& v, index_t axis) {
  static_assert(R >= 1, "tandem: squeeze needs rank 1 or more");
  const std::size_t a = normalize_axis(axis, R, "squeeze");
  if (v.extent(a) != 1)
    throw shape_error("tandem: squeeze: axis " + std::to_string(axis) + " of " + to_string(v.shape()) +
                      " has extent " + std::to_string(v.extent(a)) + ", not 1");
  shape<R - 1> extents{}, strides{};
  for (std::size_t d = 0, k = 0; d != R; ++d)
    if (d != a) {
      extents[k] = v.extent(d);
      strides[k] = v.stride(d);
      ++k;
    }
  return tensor_view<T, R - 1, S>(v.data(), extents, strides);
}

template <class T, std::size_t R, class S>
tensor_view<T, R + 1, S> expand_dims_view(const tensor_view<T, R, S>& v, index_t axis) {
  const std::size_t a = normalize_axis(axis, R + 1, "expand_dims");
  shape<R + 1> extents{}, strides{};
  for (std::size_t d = 0, k = 0; d != R + 1; ++d) {
    if (d == a) {
      extents[d] = 1;
      // The stride a dense row-major layout would have there; an extent-1 dimension's
      // stride is never used to step.
      strides[d] = a < R ? v.stride(a) * (v.extent(a) > 0 ? v.extent(a) : 1) : 1;
    } else {
      extents[d] = v.extent(k);
      strides[d] = v.stride(k);
      ++k;
    }
  }
  return tensor_view<T, R + 1, S>(v.data(), extents, strides);
}

template <class T, std::size_t R, class S>
tensor_view<T, R, S> swapaxes_view(const tensor_view<T, R, S>& v, index_t i, index_t j) {
  const std::size_t a = normalize_axis(i, R, "swapaxes"), b = normalize_axis(j, R, "swapaxes");
  shape<R> extents = v.shape(), strides = v.strides();
  std::swap(extents[a], extents[b]);
  std::swap(strides[a], strides[b]);
  return tensor_view<T, R, S>(v.data(), extents, strides);
}

template <class T, std::size_t R, class S>
tensor_view<T, R, S> moveaxis_view(const tensor_view<T, R, S>& v, index_t from, index_t to) {
  const std::size_t a = normalize_axis(from, R, "moveaxis"), b = normalize_axis(to, R, "moveaxis");
  // The other axes in order, with `a` inserted at position b.
  std::size_t order[R == 0 ? 1 : R] = {};
  for (std::size_t d = 0, k = 0; d != R; ++d) {
    if (d == b) continue;
    if (k == a) ++k;
    order[d] = k++;
  }
  order[b] = a;
  shape<R> extents{}, strides{};
  for (std::size_t d = 0; d != R; ++d) {
    extents[d] = v.extent(order[d]);
    strides[d] = v.stride(order[d]);
  }
  return tensor_view<T, R, S>(v.data(), extents, strides);
}

}  // namespace detail

namespace detail {
/// f(the view of x). A temporary tensor gives a tensor instead: its storage moved in
/// when f keeps the elements in order (Reorders false), else an evaluated copy.
template <bool Reorders, class X, class F>
auto on_view(X&& x, F f) {
  if constexpr (is_tensor_v<std::remove_cvref_t<X>> && !std::is_lvalue_reference_v<X>) {
    if constexpr (Reorders) {
      return eval(f(x.view()));
    } else {
      const auto v = f(x.view());  // checks the axes, and gives the shape
      return std::move(x).reshape_into(v.shape());
    }
  } else {
    return f(as_view(x));
  }
}
}  // namespace detail

/// Drops `axis`, which must have extent 1 (else td::shape_error), as numpy's squeeze
/// with an axis.
template <class X>
  requires detail::is_tensor_or_view_v<X>
auto squeeze(X&& x, index_t axis) {
  return detail::on_view<false>(std::forward<X>(x), [axis](const auto& v) { return detail::squeeze_view(v, axis); });
}

/// Inserts a dimension of extent 1 before position `axis` of the result (axis in
/// [-(R + 1), R]), as numpy's expand_dims.
template <class X>
  requires detail::is_tensor_or_view_v<X>
auto expand_dims(X&& x, index_t axis) {
  return detail::on_view<false>(std::forward<X>(x),
                                [axis](const auto& v) { return detail::expand_dims_view(v, axis); });
}

/// Exchanges dimensions i and j.
template <class X>
  requires detail::is_tensor_or_view_v<X>
auto swapaxes(X&& x, index_t i, index_t j) {
  return detail::on_view<true>(std::forward<X>(x), [i, j](const auto& v) { return detail::swapaxes_view(v, i, j); });
}

/// Moves dimension `from` to position `to`, the others keeping their order.
template <class X>
  requires detail::is_tensor_or_view_v<X>
auto moveaxis(X&& x, index_t from, index_t to) {
  return detail::on_view<true>(std::forward<X>(x),
                               [from, to](const auto& v) { return detail::moveaxis_view(v, from, to); });
}

}  // namespace tandem
