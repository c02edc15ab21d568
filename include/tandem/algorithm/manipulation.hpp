#pragma once
/// \file algorithm/manipulation.hpp
/// numpy's array manipulation routines that make new tensors: concatenate, stack, tile,
/// repeat, roll, pad, tril, triu, meshgrid, and split (views into its operand).
///
/// \code
/// auto c = td::concatenate({a.view(), b.view()}, 0);   // along an existing axis
/// auto s = td::stack({a.view(), b.view()}, 1);         // along a new axis at position 1
/// auto parts = td::split(m, 3, 1);                     // 3 equal views along axis 1
/// auto cut = td::split(v, {2, 5});                      // v[:2], v[2:5], v[5:], as numpy
/// auto d = td::diff(v);                                 // v[1:] - v[:-1]
/// auto t = td::tile(v, {2, 3});                        // [2 n0, 3 n1]
/// auto r = td::roll(v, 2);                             // r(i) == v(i - 2 mod n)
/// auto p = td::pad(m, {{1, 1}, {2, 0}}, td::pad_mode::reflect);
/// auto [gx, gy] = td::meshgrid(x, y);                  // numpy's default "xy" indexing
/// \endcode
/// Each is one or a few assignments in the operands' space: copies run at the speed of
/// the engine's copies (a concatenation along axis 0 of dense parts is one contiguous
/// copy per part). A braced list of tensors is copied into the list by C++ itself (its
/// elements are copies); a list of views (`a.view()`) or a std::vector of views is not.

#include <cstddef>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../backend/backend.hpp"
#include "../error.hpp"
#include "../expr/assign.hpp"
#include "../shape.hpp"
#include "../tensor.hpp"
#include "../tensor_view.hpp"
#include "../views/axes.hpp"

namespace tandem {

/// How td::pad fills the new elements: a constant, the edge value repeated, a mirror
/// image that does not repeat the edge (numpy's reflect), or the other end (wrap).
enum class pad_mode { constant, edge, reflect, wrap };

namespace detail {

/// v restricted to [begin, begin + len) along `axis`.
template <class T, std::size_t R, class S>
tensor_view<T, R, S> along(const tensor_view<T, R, S>& v, std::size_t axis, index_t begin, index_t len) {
  shape<R> extents = v.shape();
  extents[axis] = len;
  T* p = v.data();
  if (len > 0 && v.size() != 0) p += begin * v.stride(axis);
  return tensor_view<T, R, S>(p, extents, v.strides());
}

template <class X>
concept joinable = is_tensor_v<std::remove_cvref_t<X>> || is_view_v<std::remove_cvref_t<X>>;

template <class X>
std::size_t part_count(const X* first, const X* last, const char* what) {
  if (first == last) throw shape_error(std::string("tandem: ") + what + " needs at least one tensor");
  return static_cast<std::size_t>(last - first);
}

template <class X>
auto concatenate_parts(const X* first, const X* last, index_t axis) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(R >= 1, "tandem: concatenate needs operands of rank 1 or more (numpy: zero-dimensional arrays)");
  const std::size_t count = part_count(first, last, "concatenate");
  const std::size_t ax = normalize_axis(axis, R, "concatenate");
  shape<R> extents = first->shape();
  index_t total = 0;
  for (std::size_t k = 0; k != count; ++k) {
    const auto& s = first[k].shape();
    for (std::size_t d = 0; d != R; ++d)
      if (d != ax && s[d] != extents[d])
        throw shape_error("tandem: concatenate: part " + std::to_string(k) + " has shape " + to_string(s) +
                          ", part 0 has " + to_string(extents) + "; they must match except along axis " +
                          std::to_string(ax));
    total = extent_sum(total, s[ax], "concatenate");
  }
  extents[ax] = total;
  tensor<V, R, S> out(extents, uninitialized);
  index_t at = 0;
  for (std::size_t k = 0; k != count; ++k) {
    const index_t len = first[k].shape()[ax];
    if (len != 0) assign(along(out.view(), ax, at, len), first[k]);
    at += len;
  }
  return out;
}

template <class X>
auto stack_parts(const X* first, const X* last, index_t axis) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  const std::size_t count = part_count(first, last, "stack");
  const std::size_t ax = normalize_axis(axis, R + 1, "stack");
  const shape<R> each = first->shape();
  shape<R + 1> extents{};
  for (std::size_t d = 0, k = 0; d != R + 1; ++d) extents[d] = d == ax ? static_cast<index_t>(count) : each[k++];
  for (std::size_t k = 0; k != count; ++k)
    if (!(first[k].shape() == each))
      throw shape_error("tandem: stack: part " + std::to_string(k) + " has shape " + to_string(first[k].shape()) +
                        ", part 0 has " + to_string(each) + "; all must have one shape");
  tensor<V, R + 1, S> out(extents, uninitialized);
  if (out.size() != 0)
    for (std::size_t k = 0; k != count; ++k)
      assign(squeeze_view(along(out.view(), ax, static_cast<index_t>(k), 1), static_cast<index_t>(ax)), first[k]);
  return out;
}

/// The element that numpy's pad reads for out-of-range position j of an axis of n
/// elements (n >= 1), in the modes that read one.
TANDEM_HD inline index_t pad_source(index_t j, index_t n, pad_mode mode) {
  if (j >= 0 && j < n) return j;
  switch (mode) {
    case pad_mode::edge: return j < 0 ? 0 : n - 1;
    case pad_mode::wrap: return ((j % n) + n) % n;
    default: {  // reflect: period 2 (n - 1), the edges not repeated
      if (n == 1) return 0;
      const index_t p = 2 * (n - 1);
      const index_t r = ((j % p) + p) % p;
      return r < n ? r : p - r;
    }
  }
}

template <class V, std::size_t R>
struct pad_kernel {
  const V* in;
  shape<R> in_extents, in_strides, out_extents, before;
  pad_mode mode;
  V value;
  V* out;
  TANDEM_HD void operator()(index_t flat) const {
    index_t idx[R];
    unravel(flat, out_extents, idx);
    index_t offset = 0;
    for (std::size_t d = 0; d != R; ++d) {
      const index_t j = idx[d] - before[d];
      if (mode == pad_mode::constant && (j < 0 || j >= in_extents[d])) {
        out[flat] = value;
        return;
      }
      offset += pad_source(j, in_extents[d], mode) * in_strides[d];
    }
    out[flat] = in[offset];
  }
};

template <bool Lower, class V>
struct triangle_kernel {
  const V* in;
  V* out;
  index_t rows, cols, k;
  TANDEM_HD void operator()(index_t flat) const {
    const index_t j = flat % cols, i = flat / cols % rows;
    const bool keep = Lower ? j - i <= k : j - i >= k;
    out[flat] = keep ? in[flat] : V(0);
  }
};

/// The same a row at a time (CPU cores): two plain loops, no division per element.
template <bool Lower, class V>
struct triangle_rows_kernel {
  const V* in;
  V* out;
  index_t rows, cols, k;
  TANDEM_HD void operator()(index_t row) const {
    const index_t i = row % rows, base = row * cols;
    // Lower keeps j <= i + k, upper keeps j >= i + k: the split column, clamped.
    const index_t split = Lower ? i + k + 1 : i + k;
    const index_t cut = split < 0 ? 0 : split > cols ? cols : split;
    const V* TANDEM_RESTRICT src = in + base;
    V* TANDEM_RESTRICT dst = out + base;
    for (index_t j = 0; j < cut; ++j) dst[j] = Lower ? src[j] : V(0);
    for (index_t j = cut; j < cols; ++j) dst[j] = Lower ? V(0) : src[j];
  }
};

template <bool Lower, class X>
auto triangle(const X& x, index_t k) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  using backend = backend_t<S>;
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(R >= 2, "tandem: tril and triu take matrices (rank 2, or batches of them)");
  const dense_operand<V, X> in(x);
  tensor<V, R, S> out(x.shape(), uninitialized);
  if (out.size() != 0) {
    const index_t rows = x.shape()[R - 2], cols = x.shape()[R - 1];
    if constexpr (backend::runs_on_cpu)
      backend::for_each(out.size() / cols, triangle_rows_kernel<Lower, V>{in.data, out.data(), rows, cols, k}, cols);
    else
      backend::for_each(out.size(), triangle_kernel<Lower, V>{in.data, out.data(), rows, cols, k});
    backend::finish();
  }
  return out;
}

}  // namespace detail

/// numpy's concatenate: the parts (tensors or views of one type, rank and space) joined
/// along an existing `axis`; the other extents must match (else td::shape_error).
template <class X>
  requires detail::joinable<X>
auto concatenate(std::initializer_list<X> parts, index_t axis = 0) {
  return detail::concatenate_parts(parts.begin(), parts.end(), axis);
}
template <class X>
  requires detail::joinable<X>
auto concatenate(const std::vector<X>& parts, index_t axis = 0) {
  return detail::concatenate_parts(parts.data(), parts.data() + parts.size(), axis);
}

/// numpy's stack: parts of one shape joined along a new axis at position `axis` of the
/// result (in [-(R + 1), R]).
template <class X>
  requires detail::joinable<X>
auto stack(std::initializer_list<X> parts, index_t axis = 0) {
  return detail::stack_parts(parts.begin(), parts.end(), axis);
}
template <class X>
  requires detail::joinable<X>
auto stack(const std::vector<X>& parts, index_t axis = 0) {
  return detail::stack_parts(parts.data(), parts.data() + parts.size(), axis);
}

/// numpy's outer product of two rank-1 operands: out(i, j) = a(i) * b(j), lazy (a
/// broadcast product: a as a column against b as a row). numpy flattens higher ranks;
/// here pass td::flatten(x).
template <operand A, operand B>
auto outer(A&& a, B&& b) {
  static_assert(rank_of_v<A> == 1 && rank_of_v<B> == 1,
                "tandem: outer takes rank-1 operands (numpy flattens: pass td::flatten(x))");
  if constexpr (detail::is_tensor_or_view_v<A>)
    return expand_dims(std::forward<A>(a), 1) * std::forward<B>(b);
  else
    return expand_dims(eval(std::forward<A>(a)), 1) * std::forward<B>(b);
}

namespace detail {
/// vstack and hstack: rank-1 parts stacked as rows (vstack) or joined end to end
/// (hstack); higher ranks joined along axis 0 (vstack) or 1 (hstack), as numpy's.
template <bool Vertical, class X>
auto stack_rows_or_columns(const X* first, const X* last) {
  if constexpr (rank_of_v<X> == 1 && Vertical)
    return stack_parts(first, last, 0);
  else
    return concatenate_parts(first, last, rank_of_v<X> == 1 || Vertical ? 0 : 1);
}
}  // namespace detail

/// numpy's vstack (rows: rank-1 parts become the rows of a matrix, others join along
/// axis 0) and hstack (columns: rank-1 parts join end to end, others along axis 1).
template <class X>
  requires detail::joinable<X>
auto vstack(std::initializer_list<X> parts) {
  return detail::stack_rows_or_columns<true>(parts.begin(), parts.end());
}
template <class X>
  requires detail::joinable<X>
auto vstack(const std::vector<X>& parts) {
  return detail::stack_rows_or_columns<true>(parts.data(), parts.data() + parts.size());
}
template <class X>
  requires detail::joinable<X>
auto hstack(std::initializer_list<X> parts) {
  return detail::stack_rows_or_columns<false>(parts.begin(), parts.end());
}
template <class X>
  requires detail::joinable<X>
auto hstack(const std::vector<X>& parts) {
  return detail::stack_rows_or_columns<false>(parts.data(), parts.data() + parts.size());
}

/// numpy's diff: the n-th difference along `axis` (the last by default), a[1:] - a[:-1]
/// applied n times, so the axis loses n elements (none left when n >= its extent).
/// Integers wrap as `-` does; bool gives a[1:] != a[:-1], as numpy's. Tensors and views
/// are read where they lie, expressions evaluated first.
template <operand X>
  requires(!dist_operand<X>)
auto diff(const X& x, index_t n = 1, index_t axis = -1) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(R >= 1, "tandem: diff needs rank 1 or more");
  if (n < 0) throw shape_error("tandem: diff: the order n must be non-negative, not " + std::to_string(n));
  const std::size_t ax = detail::normalize_axis(axis, R, "diff");
  using view_t = tensor_view<const V, R, S>;
  tensor<V, R, S> keep;
  const view_t v = detail::readable_view(x, keep);
  const auto step = [ax](const view_t& w) {  // w[1:] - w[:-1] along ax
    const index_t len = w.extent(ax), m = len > 0 ? len - 1 : 0;
    const auto hi = detail::along(w, ax, len > 0 ? 1 : 0, m), lo = detail::along(w, ax, 0, m);
    tensor<V, R, S> next;
    if constexpr (std::is_same_v<V, bool>)
      next = hi != lo;
    else
      next = hi - lo;
    return next;
  };
  tensor<V, R, S> out;
  if (n == 0) {
    out = v;
    return out;
  }
  out = step(v);
  for (index_t k = 1; k < n && out.extent(ax) > 0; ++k) out = step(view_t(out.view()));  // empty stays empty
  return out;
}

namespace detail {
/// The views of x along `axis` between consecutive bounds (numpy's a[b0:b1], a[b1:b2],
/// ..., each empty where its end comes before its start), as split and array_split give
/// them. x must outlive them.
template <class X>
auto split_at(X&& x, const std::vector<index_t>& bounds, std::size_t ax) {
  static_assert(std::is_lvalue_reference_v<X> || is_view_v<std::remove_cvref_t<X>>,
                "tandem: split returns views; split a tensor that outlives them, not a temporary");
  const auto v = as_view(x);
  std::vector<std::remove_cv_t<decltype(v)>> parts;
  parts.reserve(bounds.size() - 1);
  for (std::size_t k = 0; k + 1 < bounds.size(); ++k) {
    const index_t len = bounds[k + 1] - bounds[k];
    parts.push_back(along(v, ax, bounds[k], len < 0 ? 0 : len));  // a[i:j] with j < i: empty
  }
  return parts;
}
/// The axis split_at cuts, checked, and its extent.
template <class X>
std::pair<std::size_t, index_t> split_axis(const X& x, index_t axis, const char* what) {
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(R >= 1, "tandem: split needs rank 1 or more");
  const std::size_t ax = normalize_axis(axis, R, what);
  return {ax, x.shape()[ax]};
}
/// numpy's split at indices: each index as a Python slice bound (negative from the end,
/// clamped to [0, n]).
template <class X>
auto split_indices(X&& x, const index_t* first, const index_t* last, index_t axis) {
  const auto [ax, n] = split_axis(x, axis, "split");
  std::vector<index_t> bounds{0};
  for (const index_t* i = first; i != last; ++i) bounds.push_back(*i < 0 ? (*i < -n ? 0 : *i + n) : (*i > n ? n : *i));
  bounds.push_back(n);
  return split_at(std::forward<X>(x), bounds, ax);
}
}  // namespace detail

/// numpy's split into `sections` equal parts along `axis`: views into x, which must
/// outlive them (so a temporary tensor is refused at compile time). Throws
/// td::shape_error when the extent does not divide evenly, as numpy.
template <class X>
  requires detail::joinable<X>
auto split(X&& x, index_t sections, index_t axis = 0) {
  const auto [ax, n] = detail::split_axis(x, axis, "split");
  if (sections <= 0 || n % sections != 0)
    throw shape_error("tandem: split: axis " + std::to_string(ax) + " of extent " + std::to_string(n) +
                      " does not split into " + std::to_string(sections) + " equal sections");
  std::vector<index_t> bounds;
  for (index_t k = 0; k <= sections; ++k) bounds.push_back(k * (n / sections));
  return detail::split_at(std::forward<X>(x), bounds, ax);
}

/// numpy's split at indices along `axis` (`td::split(a, {3, 5})`: a[:3], a[3:5], a[5:]):
/// views, one more than the indices. Indices are slice bounds as numpy's: negative ones
/// count from the end, all are clamped to the extent, and a part whose end comes before
/// its start is empty. A braced list is always indices, as numpy's list (`{3}` cuts at
/// 3; 3 equal sections are `td::split(a, 3)`).
template <class X>
  requires detail::joinable<X>
auto split(X&& x, std::initializer_list<index_t> indices, index_t axis = 0) {
  return detail::split_indices(std::forward<X>(x), indices.begin(), indices.end(), axis);
}
template <class X>
  requires detail::joinable<X>
auto split(X&& x, const std::vector<index_t>& indices, index_t axis = 0) {
  return detail::split_indices(std::forward<X>(x), indices.data(), indices.data() + indices.size(), axis);
}

/// numpy's array_split: `sections` parts along `axis` that need not divide the extent
/// evenly: the first n % sections parts have one element more (views, as split's).
template <class X>
  requires detail::joinable<X>
auto array_split(X&& x, index_t sections, index_t axis = 0) {
  const auto [ax, n] = detail::split_axis(x, axis, "array_split");
  if (sections <= 0)
    throw shape_error("tandem: array_split: the number of sections must be positive, not " + std::to_string(sections));
  std::vector<index_t> bounds{0};
  for (index_t k = 0; k != sections; ++k) bounds.push_back(bounds.back() + n / sections + (k < n % sections ? 1 : 0));
  return detail::split_at(std::forward<X>(x), bounds, ax);
}

/// numpy's hsplit (along axis 1, axis 0 for rank 1), vsplit (axis 0, rank 2 or more) and
/// dsplit (axis 2, rank 3 or more): split's forms, sections or a braced list of indices.
#define TANDEM_SPLIT_ALONG(name, axis_of, min_rank)                                                      \
  template <class X>                                                                                     \
    requires detail::joinable<X>                                                                         \
  auto name(X&& x, index_t sections) {                                                                   \
    static_assert(rank_of_v<X> >= min_rank, "tandem: " #name " needs rank " #min_rank " or more");       \
    return split(std::forward<X>(x), sections, axis_of);                                                 \
  }                                                                                                      \
  template <class X>                                                                                     \
    requires detail::joinable<X>                                                                         \
  auto name(X&& x, std::initializer_list<index_t> indices) {                                             \
    static_assert(rank_of_v<X> >= min_rank, "tandem: " #name " needs rank " #min_rank " or more");       \
    return split(std::forward<X>(x), indices, axis_of);                                                  \
  }
TANDEM_SPLIT_ALONG(hsplit, (rank_of_v<X> == 1 ? 0 : 1), 1)
TANDEM_SPLIT_ALONG(vsplit, 0, 2)
TANDEM_SPLIT_ALONG(dsplit, 2, 3)
#undef TANDEM_SPLIT_ALONG

/// numpy's column_stack: rank-1 parts become the columns of a matrix; matrices join
/// along axis 1 (hstack's).
template <class X>
  requires detail::joinable<X>
auto column_stack(std::initializer_list<X> parts) {
  if constexpr (rank_of_v<X> == 1)
    return stack(parts, 1);
  else
    return concatenate(parts, 1);
}

/// numpy's tile: x repeated reps[d] times along each dimension. reps and x's shape are
/// aligned at the right (the shorter gets leading 1s), so the result has the larger rank.
template <class X, std::size_t N>
  requires detail::joinable<X>
auto tile(const X& x, const index_t (&reps)[N]) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  constexpr std::size_t M = N > R ? N : R;
  const auto v = detail::as_view(x);
  shape<M> ext{}, str{}, rep{};
  for (std::size_t d = 0; d != M; ++d) {
    ext[d] = d + R >= M ? v.extent(d + R - M) : 1;
    str[d] = d + R >= M ? v.stride(d + R - M) : 0;
    rep[d] = d + N >= M ? reps[d + N - M] : 1;
    if (rep[d] < 0) throw shape_error("tandem: tile: repetition " + std::to_string(rep[d]) + " is negative");
  }
  shape<M> out_ext{};
  for (std::size_t d = 0; d != M; ++d) out_ext[d] = detail::extent_product(ext[d], rep[d], "tile");
  detail::check_extents(out_ext, "tile", sizeof(V));
  tensor<V, M, S> out(out_ext, uninitialized);
  if (out.size() == 0) return out;
  // The result seen as rank 2M, (rep, extent) per dimension; the source broadcast along
  // each rep: one assignment.
  const shape<M> out_str = out.view().strides();
  shape<2 * M> e2{}, o2{}, s2{}, src_e2{};
  for (std::size_t d = 0; d != M; ++d) {
    e2[2 * d] = rep[d];
    e2[2 * d + 1] = ext[d];
    o2[2 * d] = ext[d] * out_str[d];
    o2[2 * d + 1] = out_str[d];
    src_e2[2 * d] = 1;
    src_e2[2 * d + 1] = ext[d];
    s2[2 * d] = 0;
    s2[2 * d + 1] = str[d];
  }
  detail::assign(tensor_view<V, 2 * M, S>(out.data(), e2, o2),
                 tensor_view<const V, 2 * M, S>(v.data(), src_e2, s2));
  return out;
}

/// numpy's repeat along an axis: each element k times in a row (k >= 0).
template <class X>
  requires detail::joinable<X>
auto repeat(const X& x, index_t k, index_t axis) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(R >= 1, "tandem: repeat along an axis needs rank 1 or more");
  if (k < 0) throw shape_error("tandem: repeat: count " + std::to_string(k) + " is negative");
  const auto v = detail::as_view(x);
  const std::size_t ax = detail::normalize_axis(axis, R, "repeat");
  shape<R> out_ext = v.shape();
  out_ext[ax] = detail::extent_product(out_ext[ax], k, "repeat");
  detail::check_extents(out_ext, "repeat", sizeof(V));
  tensor<V, R, S> out(out_ext, uninitialized);
  if (out.size() == 0) return out;
  // The result's axis seen as (extent, k); the source broadcast along k.
  const shape<R> out_str = out.view().strides();
  shape<R + 1> e2{}, o2{}, src_e2{}, s2{};
  for (std::size_t d = 0, j = 0; d != R; ++d, ++j) {
    e2[j] = v.extent(d);
    src_e2[j] = v.extent(d);
    s2[j] = v.stride(d);
    o2[j] = d == ax ? out_str[d] * k : out_str[d];
    if (d == ax) {
      ++j;
      e2[j] = k;
      src_e2[j] = 1;
      s2[j] = 0;
      o2[j] = out_str[d];
    }
  }
  detail::assign(tensor_view<V, R + 1, S>(out.data(), e2, o2), tensor_view<const V, R + 1, S>(v.data(), src_e2, s2));
  return out;
}

/// numpy's roll along an axis: element i moves to (i + shift) mod n; negative shifts
/// roll the other way.
template <class X>
  requires detail::joinable<X>
auto roll(const X& x, index_t shift, index_t axis) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(R >= 1, "tandem: roll along an axis needs rank 1 or more");
  const auto v = detail::as_view(x);
  const std::size_t ax = detail::normalize_axis(axis, R, "roll");
  tensor<V, R, S> out(v.shape(), uninitialized);
  if (out.size() == 0) return out;
  const index_t n = v.extent(ax), s = ((shift % n) + n) % n;
  if (s == 0) {
    out = v;
    return out;
  }
  detail::assign(detail::along(out.view(), ax, s, n - s), detail::along(v, ax, 0, n - s));
  detail::assign(detail::along(out.view(), ax, 0, s), detail::along(v, ax, n - s, s));
  return out;
}

/// numpy's roll without an axis: the elements rolled in row-major order, shape kept.
template <class X>
  requires detail::joinable<X>
auto roll(const X& x, index_t shift) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  const auto v = detail::as_view(x);
  tensor<V, R, S> out(v.shape(), uninitialized);
  const index_t n = v.size();
  if (n == 0) return out;
  const detail::dense_operand<V, X> in(x);
  const tensor_view<const V, 1, S> flat_in(in.data, shape<1>{n});
  const tensor_view<V, 1, S> flat_out(out.data(), shape<1>{n});
  const index_t s = ((shift % n) + n) % n;
  detail::assign(detail::along(flat_out, 0, s, n - s), detail::along(flat_in, 0, 0, n - s));
  if (s != 0) detail::assign(detail::along(flat_out, 0, 0, s), detail::along(flat_in, 0, n - s, s));
  return out;
}

/// numpy's pad: widths[d] = {before, after} new elements along each dimension (one pair
/// for all of them when a single pair is given), filled as `mode` says; `value` for
/// pad_mode::constant. Modes other than constant cannot extend an empty axis (numpy
/// refuses too).
template <class X, std::size_t N>
  requires detail::joinable<X>
auto pad(const X& x, const index_t (&widths)[N][2], pad_mode mode = pad_mode::constant,
         value_of_t<X> value = value_of_t<X>(0)) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(N == R || N == 1, "tandem: pad takes one {before, after} pair per dimension, or one for all");
  const auto v = detail::as_view(x);
  shape<R> before{}, out_ext{};
  for (std::size_t d = 0; d != R; ++d) {
    const index_t b = widths[N == 1 ? 0 : d][0], a = widths[N == 1 ? 0 : d][1];
    if (b < 0 || a < 0)
      throw shape_error("tandem: pad: widths {" + std::to_string(b) + ", " + std::to_string(a) + "} for dimension " +
                        std::to_string(d) + " are negative");
    if (v.extent(d) == 0 && (a > 0 || b > 0) && mode != pad_mode::constant)
      throw shape_error("tandem: pad: cannot extend the empty dimension " + std::to_string(d) +
                        " with a mode other than constant");
    before[d] = b;
    out_ext[d] = detail::extent_sum(detail::extent_sum(v.extent(d), b, "pad"), a, "pad");
  }
  detail::check_extents(out_ext, "pad", sizeof(V));
  tensor<V, R, S> out(out_ext, uninitialized);
  if (out.size() == 0) return out;
  detail::backend_t<S>::for_each(
      out.size(), detail::pad_kernel<V, R>{v.data(), v.shape(), v.strides(), out_ext, before, mode, value, out.data()});
  detail::backend_t<S>::finish();
  return out;
}

/// numpy's tril and triu: the lower (j - i <= k) or upper (j - i >= k) triangle of each
/// matrix of the last two dimensions, zeros elsewhere.
template <operand X>
auto tril(const X& x, index_t k = 0) {
  return detail::triangle<true>(x, k);
}
template <operand X>
auto triu(const X& x, index_t k = 0) {
  return detail::triangle<false>(x, k);
}

/// numpy's diagflat: the elements of v (any rank, row-major) on diagonal k of a square
/// matrix of side size + |k|, zeros elsewhere.
template <operand X>
auto diagflat(const X& v, index_t k = 0) {
  using T = value_of_t<X>;
  using S = space_of_t<X>;
  const index_t n = v.shape().size(), side = n + (k < 0 ? -k : k);
  tensor<T, 2, S> out(shape<2>{side, side});
  if (n != 0) diagonal(out, k) = detail::flat_copy(v);
  return out;
}

/// numpy's fill_diagonal for a matrix: `value` (a scalar) written on m's main diagonal,
/// in place (the first min(rows, cols) elements (i, i); numpy's wrap=False).
template <class M, class V>
  requires detail::is_tensor_or_view_v<M>
void fill_diagonal(M&& m, const V& value) {
  static_assert(rank_of_v<M> == 2, "tandem: fill_diagonal takes a matrix");
  diagonal(m) = value;
}

/// numpy's meshgrid(x, y) with its default "xy" indexing: two [ny, nx] tensors, the
/// first with x along each row, the second with y down each column.
template <operand X, operand Y>
auto meshgrid(const X& x, const Y& y) {
  static_assert(rank_of_v<X> == 1 && rank_of_v<Y> == 1, "tandem: meshgrid takes two rank-1 operands");
  const auto xs = eval(x);
  const auto ys = eval(y);
  const shape<2> grid{ys.size(), xs.size()};
  auto gx = eval(broadcast_to(xs, grid));
  auto gy = eval(broadcast_to(expand_dims(ys, 1), grid));
  return std::pair{std::move(gx), std::move(gy)};
}

}  // namespace tandem
