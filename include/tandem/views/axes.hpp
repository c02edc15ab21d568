#pragma once
/// \file views/axes.hpp
/// Views that move, add, drop, reverse or stretch dimensions without copying, as
/// numpy's: `td::squeeze(t, axis)`, `td::expand_dims(t, axis)`, `td::swapaxes(t, i, j)`,
/// `td::moveaxis(t, from, to)`, `td::flip(t[, axis])` (negative strides), `td::flipud`,
/// `td::fliplr`, `td::rot90(t[, k, axis0, axis1])`,
/// `td::broadcast_to(t, shape)` (zero strides, read-only), `td::diagonal(t[, offset,
/// axis1, axis2])` and `td::flatten(t)`. Negative axes count from the end.
///
/// \code
/// auto col = td::expand_dims(v, 1);      // shape [n, 1]: col(i, 0) == v(i)
/// auto row = td::squeeze(m, 0);          // [1, n] -> [n]
/// auto s = td::swapaxes(t, 0, 2);        // s(k, j, i) == t(i, j, k)
/// auto b = td::moveaxis(t, 0, -1);       // [a, b, c] -> [b, c, a]
/// auto r = td::flip(v);                  // r(i) == v(n - 1 - i)
/// auto g = td::broadcast_to(v, {4, n});  // g(i, j) == v(j), every row the same memory
/// auto d = td::diagonal(m);              // d(i) == m(i, i)
/// \endcode
/// Applied to a temporary tensor they return a tensor: squeeze, expand_dims and flatten
/// move its storage in (the elements do not move), the others copy what the view shows.

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

/// v reversed along the axes in `axes` (a bit mask): each one's last element comes first
/// and its stride is negated.
template <class T, std::size_t R, class S>
tensor_view<T, R, S> flip_view(const tensor_view<T, R, S>& v, unsigned long long axes) {
  shape<R> strides = v.strides();
  T* p = v.data();
  for (std::size_t a = 0; a != R; ++a)
    if (axes >> a & 1) {
      if (v.size() != 0) p += (v.extent(a) - 1) * v.stride(a);
      strides[a] = -strides[a];
    }
  return tensor_view<T, R, S>(p, v.shape(), strides);
}

template <class T, std::size_t R, class S, std::size_t N>
tensor_view<const T, N, S> broadcast_view(const tensor_view<T, R, S>& v, const shape<N>& to) {
  static_assert(R <= N, "tandem: broadcast_to cannot lower the rank (numpy: the shape has fewer dimensions)");
  check_extents(to, "broadcast_to");
  shape<N> strides{};
  for (std::size_t d = 0; d != N; ++d) {
    if (d + R < N) continue;  // a new leading dimension: stride 0
    const std::size_t k = d - (N - R);
    if (v.extent(k) == to[d])
      strides[d] = v.stride(k);
    else if (v.extent(k) != 1)
      throw shape_error("tandem: broadcast_to: cannot broadcast " + to_string(v.shape()) + " to " + to_string(to) +
                        " (dimension " + std::to_string(k) + " has extent " + std::to_string(v.extent(k)) +
                        ", neither 1 nor " + std::to_string(to[d]) + ")");
  }
  return tensor_view<const T, N, S>(v.data(), to, strides);
}

template <class T, std::size_t R, class S>
tensor_view<T, R - 1, S> diagonal_view(const tensor_view<T, R, S>& v, index_t offset, index_t axis1, index_t axis2) {
  static_assert(R >= 2, "tandem: diagonal needs rank 2 or more");
  const std::size_t a = normalize_axis(axis1, R, "diagonal"), b = normalize_axis(axis2, R, "diagonal");
  if (a == b)
    throw index_error("tandem: diagonal: axis1 and axis2 name the same axis (" + std::to_string(a) + ")");
  // numpy: element i of the diagonal is (i, i + offset) along (a, b), or (i - offset, i).
  const index_t na = v.extent(a), nb = v.extent(b);
  const index_t row0 = offset < 0 ? -offset : 0, col0 = offset > 0 ? offset : 0;
  const index_t left_a = na - row0, left_b = nb - col0;
  const index_t len = left_a < 0 || left_b < 0 ? 0 : (left_a < left_b ? left_a : left_b);
  shape<R - 1> extents{}, strides{};
  for (std::size_t d = 0, k = 0; d != R; ++d)
    if (d != a && d != b) {
      extents[k] = v.extent(d);
      strides[k] = v.stride(d);
      ++k;
    }
  extents[R - 2] = len;
  strides[R - 2] = v.stride(a) + v.stride(b);
  T* p = v.data();
  if (len > 0 && v.size() != 0) p += row0 * v.stride(a) + col0 * v.stride(b);
  return tensor_view<T, R - 1, S>(p, extents, strides);
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

/// Reverses the order of the elements along every axis (numpy's flip without an axis):
/// a view with negated strides.
template <class X>
  requires detail::is_tensor_or_view_v<X>
auto flip(X&& x) {
  return detail::on_view<true>(std::forward<X>(x), [](const auto& v) { return detail::flip_view(v, ~0ull); });
}

/// Reverses the order of the elements along `axis`.
template <class X>
  requires detail::is_tensor_or_view_v<X>
auto flip(X&& x, index_t axis) {
  return detail::on_view<true>(std::forward<X>(x), [axis](const auto& v) {
    return detail::flip_view(v, 1ull << detail::normalize_axis(axis, rank_of_v<X>, "flip"));
  });
}

/// numpy's flipud and fliplr: flip along axis 0, and along axis 1 (rank 2 or more).
template <class X>
  requires detail::is_tensor_or_view_v<X>
auto flipud(X&& x) {
  static_assert(rank_of_v<X> >= 1, "tandem: flipud needs rank 1 or more");
  return flip(std::forward<X>(x), 0);
}
template <class X>
  requires detail::is_tensor_or_view_v<X>
auto fliplr(X&& x) {
  static_assert(rank_of_v<X> >= 2, "tandem: fliplr needs rank 2 or more (numpy: Input must be >= 2-d)");
  return flip(std::forward<X>(x), 1);
}

/// numpy's rot90: x turned by k quarter turns in the plane of `axis0` and `axis1` (by
/// default the first two), from the first axis toward the second; k of any sign (four
/// turns are none). A view (swapped axes and negated strides); the shape's two extents
/// trade places for odd k.
template <class X>
  requires detail::is_tensor_or_view_v<X>
auto rot90(X&& x, index_t k = 1, index_t axis0 = 0, index_t axis1 = 1) {
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(R >= 2, "tandem: rot90 needs rank 2 or more");
  const std::size_t a = detail::normalize_axis(axis0, R, "rot90"), b = detail::normalize_axis(axis1, R, "rot90");
  if (a == b) throw index_error("tandem: rot90: the two axes are the same (" + std::to_string(a) + ")");
  const index_t turns = ((k % 4) + 4) % 4;
  return detail::on_view<true>(std::forward<X>(x), [=](const auto& v) {
    // numpy's: 1 turn flips axis1 then swaps the two; 2 flip both; 3 swap, then flip axis1.
    if (turns == 0) return detail::flip_view(v, 0ull);
    if (turns == 2) return detail::flip_view(v, (1ull << a) | (1ull << b));
    if (turns == 1) return detail::swapaxes_view(detail::flip_view(v, 1ull << b), index_t(a), index_t(b));
    return detail::flip_view(detail::swapaxes_view(v, index_t(a), index_t(b)), 1ull << b);
  });
}

/// A read-only view of x stretched to `shape` by numpy's broadcasting rules (the shapes
/// aligned at the right; extent-1 and new leading dimensions get stride 0); throws
/// td::shape_error when x does not broadcast to it. Its elements share memory, so it
/// cannot be assigned to (its element type is const); a temporary tensor gives a tensor
/// holding the broadcast copy.
template <class X, std::size_t N>
  requires detail::is_tensor_or_view_v<X>
auto broadcast_to(X&& x, const shape<N>& to) {
  return detail::on_view<true>(std::forward<X>(x), [&to](const auto& v) { return detail::broadcast_view(v, to); });
}
template <class X, std::size_t N>
  requires detail::is_tensor_or_view_v<X>
auto broadcast_to(X&& x, const index_t (&to)[N]) {
  return broadcast_to(std::forward<X>(x), detail::to_shape(to));
}

/// numpy's diagonal: the elements (i, i + offset) of axes axis1 and axis2 (i - offset
/// and i when offset < 0), as the last dimension of a view of rank R - 1 whose other
/// dimensions keep their order. Writing through it writes the diagonal.
template <class X>
  requires detail::is_tensor_or_view_v<X>
auto diagonal(X&& x, index_t offset = 0, index_t axis1 = 0, index_t axis2 = 1) {
  return detail::on_view<true>(std::forward<X>(x), [=](const auto& v) {
    return detail::diagonal_view(v, offset, axis1, axis2);
  });
}

/// The elements in row-major order as rank 1. A tensor gives a view of its elements (a
/// temporary's storage moved in); a view gives a dense copy, since C++ needs one result
/// type and a view's layout is known only at run time (`td::reshape(v, {-1})` views a
/// contiguous view without copying).
template <class X>
  requires detail::is_tensor_or_view_v<X>
auto flatten(X&& x) {
  using D = std::remove_cvref_t<X>;
  if constexpr (detail::is_view_v<D>) {
    tensor<value_of_t<X>, 1, space_of_t<X>> out(shape<1>{x.size()}, uninitialized);
    detail::assign(tensor_view<value_of_t<X>, rank_of_v<X>, space_of_t<X>>(out.data(), x.shape()), x);
    return out;
  } else {
    return detail::on_view<false>(std::forward<X>(x), [](const auto& v) {
      using V = std::remove_cvref_t<decltype(v)>;
      return tensor_view<typename V::element_type, 1, typename V::space_type>(v.data(), shape<1>{v.size()});
    });
  }
}

}  // namespace tandem

namespace tandem::detail {

/// A dense copy of an operand with dimension `axis` moved last, so that each lane along
/// it is a contiguous row (selections and sorts by lane work on it in place).
template <operand E>
auto axis_last_copy(const E& e, std::size_t axis) {
  constexpr std::size_t R = rank_of_v<E>;
  const auto extents = e.shape();
  shape<R> moved = extents;
  for (std::size_t d = axis; d + 1 < R; ++d) moved[d] = extents[d + 1];
  moved[R - 1] = extents[axis];
  tensor<value_of_t<E>, R, space_of_t<E>> work(moved, uninitialized);
  moveaxis(work.view(), -1, static_cast<index_t>(axis)) = e;
  return work;
}

/// A dense rank-1 copy of an operand of any rank, in row-major order.
template <operand E>
auto flat_copy(const E& e) {
  using V = value_of_t<E>;
  using S = space_of_t<E>;
  const auto extents = e.shape();
  tensor<V, 1, S> flat(shape<1>{extents.size()}, uninitialized);
  if (extents.size() != 0) tensor_view<V, rank_of_v<E>, S>(flat.data(), extents) = e;
  return flat;
}

}  // namespace tandem::detail
