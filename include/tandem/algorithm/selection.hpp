#pragma once
/// \file algorithm/selection.hpp
/// Selection and indexing: nonzero, argwhere, count_nonzero (whole or along an axis), compress, take,
/// take_along_axis and put_along_axis, scatter, unravel_index and ravel_multi_index, histogram,
/// histogram_bin_edges and histogram2d.
/// They take tensors, views and expressions (read as they are computed) in any space.
///
/// \code
/// auto idx = td::nonzero(a > 0.f);            // flat row-major indices, tensor<index_t, 1>
/// td::index_t k = td::count_nonzero(a > 0.f);
/// auto pos = td::compress(a > 0.f, a);        // the selected elements, row-major, rank 1
/// auto g = td::take(a, idx);                  // gather: g[i] = flat(a)[idx[i]]
/// auto s = td::take_along_axis(a, td::argsort(a, 1), 1);  // numpy's, along an axis
/// auto [i, j] = td::unravel_index(td::argmax(m), m.shape());
/// td::scatter(b, idx, 1.f);                   // flat(b)[idx[i]] = value (or values[i])
/// auto h = td::histogram(a, 10, 0.0, 1.0);    // tensor<index_t, 1> of 10 counts
/// auto h2 = td::histogram2d(x, y, 8);         // 8 x 8 counts over each axis' range
/// \endcode
/// Indices are flat row-major positions; negative ones count from the end, as in numpy.
/// take and scatter check every index first (one extra pass over the indices) and throw
/// td::index_error naming the first bad one.

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <type_traits>
#include <vector>

#include "../backend/backend.hpp"
#include "../backend/select.hpp"
#include "../error.hpp"
#include "../shape.hpp"
#include "../tensor.hpp"
#include "../views/axes.hpp"
#include "reduce.hpp"

namespace tandem {
namespace detail {

/// Calls f(get) with get(i) = the i-th row-major element of e broadcast to `extents`,
/// as a V: a flat getter when e is dense and unbroadcast, else one that decodes indices.
template <class V, class E, std::size_t R, class F>
void with_getter(const E& e, const shape<R>& extents, F&& f) {
  const auto ev = make_eval(e, extents);
  if (flat_ok(e, extents))
    f(flat_getter<decltype(ev), as_value<V>>{ev, {}});
  else
    f(strided_getter<decltype(ev), R, as_value<V>>{ev, extents, {}});
}

/// The rank-1 tensor of val(i) for each i in [0, n) with pred(i), in order.
template <class V, class S, class Pred, class Val>
tensor<V, 1, S> select(index_t n, const Pred& pred, const Val& val) {
  tensor<V, 1, S> out;
  selector_t<S>::template select<V>(n, pred, val, [&out](index_t count) {
    out = tensor<V, 1, S>(shape<1>{count}, uninitialized);
    return out.data();
  });
  backend_t<S>::finish();
  return out;
}

struct index_identity_getter {
  TANDEM_HD index_t operator()(index_t i) const { return i; }
};

template <class T>
struct constant_getter {
  T value;
  TANDEM_HD T operator()(index_t) const { return value; }
};

/// Calls write(get) with get(i) = the i-th row-major element of the values (an operand,
/// or one value for all) broadcast to `extents`, as a T; values that share memory with
/// `written` are copied first, so they are read as they were before the writes.
template <class T, class Vals, class W, std::size_t R, class F>
void with_values(const Vals& values, const W& written, const shape<R>& extents, F&& write) {
  if constexpr (operand<Vals>) {
    if (overlaps(values, written)) {
      const tensor<T, rank_of_v<Vals>, space_of_t<Vals>> staged = values;
      with_getter<T>(staged, extents, write);
    } else {
      with_getter<T>(values, extents, write);
    }
  } else {
    write(constant_getter<T>{convert<T>(values)});
  }
}

struct min_index_fn {
  TANDEM_HD index_t operator()(index_t a, index_t b) const { return b < a ? b : a; }
};

/// i when idx[i] is outside [lower, size), else n: the minimum is the first bad position.
struct bad_index_position {
  const index_t* idx;
  index_t lower, size, n;
  TANDEM_HD index_t operator()(index_t i) const { return idx[i] < lower || idx[i] >= size ? i : n; }
};

/// Indices as contiguous index_t: the operand's own memory when it already is (and is
/// not about to be written, as scatter's destination would be), else a copy.
template <class I>
struct index_data {
  /// Unsigned indices cannot count from the end: a uint64 of 2^64-1 is out of range,
  /// not the last element (its copy into index_t reads negative, and is refused).
  static constexpr bool from_unsigned = std::is_unsigned_v<value_of_t<I>>;
  dense_operand<index_t, I> dense;
  const index_t* data;

  /// The indices are copied when they overlap `written`, which the caller will write
  /// while reading them.
  template <class W = std::nullptr_t>
  explicit index_data(const I& indices, const W& written = nullptr)
      : dense(indices, overwritten(indices, written)), data(dense.data) {}

 private:
  template <class W>
  static bool overwritten(const I& indices, const W& written) {
    if constexpr (std::is_same_v<W, std::nullptr_t>)
      return false;
    else
      return overlaps(indices, written);
  }
};

/// Throws td::index_error for the first index outside [-size, size) (outside [0, size)
/// for unsigned indices, whose values past 2^63 read as negative here).
template <class S, std::size_t RT>
void check_indices(const index_t* idx, index_t n, const shape<RT>& target, const char* what,
                   bool from_unsigned = false, bool from_end = true) {
  if (n == 0) return;
  const index_t size = target.size();
  const index_t lower = from_unsigned || !from_end ? 0 : -size;
  const index_t bad =
      backend_t<S>::template reduce<index_t>(n, bad_index_position{idx, lower, size, n}, min_index_fn{}, n);
  if (bad == n) return;
  index_t value = 0;
  copy_bytes<host_space, S>(&value, idx + bad, sizeof(index_t));
  const std::string shown =
      from_unsigned ? std::to_string(static_cast<std::uint64_t>(value)) : std::to_string(value);
  throw index_error(std::string("tandem: ") + what + ": index " + shown + " (at position " +
                    std::to_string(bad) + " of the indices) is out of range for " + std::to_string(size) +
                    " elements (shape " + to_string(target) + ")");
}

TANDEM_HD inline index_t wrap_index(index_t k, index_t size) { return k < 0 ? k + size : k; }

template <class V, class Get>
struct gather_kernel {
  Get get;
  const index_t* idx;
  index_t size;
  V* out;
  TANDEM_HD void operator()(index_t i) const { out[i] = get(wrap_index(idx[i], size)); }
};

template <class T, std::size_t R, class S, class Get>
struct scatter_kernel {
  Get values;
  const index_t* idx;
  tensor_view<T, R, S> dst;
  bool contiguous;
  TANDEM_HD void operator()(index_t i) const {
    const index_t k = wrap_index(idx[i], dst.size());
    if (contiguous) {
      dst.data()[k] = values(i);
      return;
    }
    index_t at[R == 0 ? 1 : R] = {};
    unravel(k, dst.shape(), at);
    index_t offset = 0;
    for (std::size_t d = 0; d < R; ++d) offset += at[d] * dst.stride(d);
    dst.data()[offset] = values(i);
  }
};

/// The bin of get(i) among `bins` equal bins over [lo, hi] (the last bin closed, as
/// numpy's), or -1 outside the range or for NaN. lo, hi and width are the range scaled
/// by `scale` (1, or 1/2 when hi - lo would overflow a double), and so is each value.
template <class Get>
struct bin_of {
  Get get;
  double lo, hi, width, scale;
  index_t bins;
  double inverse;  // 1 / width: the product lands within one bin of the quotient, which the checks below mend
  TANDEM_HD index_t operator()(index_t i) const {
    const double x = static_cast<double>(get(i)) * scale;
    if (!(x >= lo && x <= hi)) return -1;
    index_t b = static_cast<index_t>((x - lo) * inverse);
    if (b >= bins) b = bins - 1;
    // Match the edges lo + k * width exactly where rounding moved x across one.
    if (b > 0 && x < lo + static_cast<double>(b) * width) --b;
    else if (b + 1 < bins && x >= lo + static_cast<double>(b + 1) * width) ++b;
    return b;
  }
};

}  // namespace detail

/// How many elements are nonzero (true), in an operand of any rank.
template <operand M>
index_t count_nonzero(const M& mask) {
  using V = value_of_t<M>;
  return sum(mask != V{});
}

/// How many elements of each lane along `axis` are nonzero (true), as index_t.
template <operand M>
auto count_nonzero(const M& mask, index_t axis) {
  return sum(mask != value_of_t<M>{}, axis);
}
TANDEM_KEEPDIMS_OVERLOAD(count_nonzero)

/// The flat row-major indices of the nonzero (true) elements, in order.
template <operand M>
tensor<index_t, 1, space_of_t<M>> nonzero(const M& mask) {
  using S = space_of_t<M>;
  const auto extents = mask.shape();
  tensor<index_t, 1, S> out;
  detail::with_getter<bool>(mask, extents, [&](auto pred) {
    out = detail::select<index_t, S>(extents.size(), pred, detail::index_identity_getter{});
  });
  return out;
}

namespace detail {
/// The multi-index of the flat index flat[i] in `extents`: coordinate d into out[d][i *
/// step] (argwhere's rows: out[d] = its column d, step R; unravel_index's tensors: step 1).
template <std::size_t R>
struct unravel_kernel {
  const index_t* flat;
  shape<R> extents;
  index_t* out[R];
  index_t step;
  TANDEM_HD void operator()(index_t i) const {
    index_t at[R];
    unravel(flat[i], extents, at);
    for (std::size_t d = 0; d != R; ++d) out[d][i * step] = at[d];
  }
};
}  // namespace detail

/// numpy's argwhere: the multi-indices of the nonzero (true) elements, row-major, one row
/// each, as a tensor<index_t, 2> of shape [count, rank].
template <operand M>
tensor<index_t, 2, space_of_t<M>> argwhere(const M& mask) {
  using S = space_of_t<M>;
  constexpr std::size_t R = rank_of_v<M>;
  static_assert(R >= 1, "tandem: argwhere takes an operand of rank 1 or more");
  const tensor<index_t, 1, S> flat = nonzero(mask);
  const index_t count = flat.shape()[0];
  tensor<index_t, 2, S> out(shape<2>{count, static_cast<index_t>(R)}, uninitialized);
  if (count == 0) return out;  // (no storage to point into)
  detail::unravel_kernel<R> k{flat.data(), mask.shape(), {}, static_cast<index_t>(R)};
  for (std::size_t d = 0; d != R; ++d) k.out[d] = out.data() + d;
  detail::backend_t<S>::for_each(count, k, static_cast<index_t>(R));
  return out;
}

/// The elements of e where mask is nonzero, row-major, as a rank-1 tensor. The mask has
/// e's shape or broadcasts to it; else td::shape_error names both shapes.
template <operand M, operand E>
auto compress(const M& mask, const E& e) {
  using S = typename detail::spaces_must_match<space_of_t<M>, space_of_t<E>>::type;
  using V = value_of_t<E>;
  const auto extents = e.shape();
  if (!broadcasts_to(mask.shape(), extents))
    throw shape_error("tandem: compress: a mask of shape " + to_string(mask.shape()) +
                      " does not broadcast to data of shape " + to_string(extents));
  tensor<V, 1, S> out;
  detail::with_getter<bool>(mask, extents, [&](auto pred) {
    detail::with_getter<V>(e, extents, [&](auto val) { out = detail::select<V, S>(extents.size(), pred, val); });
  });
  return out;
}

/// Gather: out[i...] = flat(e)[indices[i...]], with the indices' shape. Throws
/// td::index_error, naming it, for the first index outside [-size, size).
template <operand E, operand I>
auto take(const E& e, const I& indices) {
  using S = typename detail::spaces_must_match<space_of_t<E>, space_of_t<I>>::type;
  using V = value_of_t<E>;
  static_assert(std::is_integral_v<value_of_t<I>> && !std::is_same_v<value_of_t<I>, bool>,
                "tandem: take needs integer indices");
  constexpr std::size_t RI = rank_of_v<I>;
  const auto extents = e.shape();
  const detail::index_data<I> idx(indices);
  const index_t n = indices.shape().size();
  detail::check_indices<S>(idx.data, n, extents, "take", idx.from_unsigned);
  tensor<V, RI, S> out(indices.shape(), uninitialized);
  if (n == 0) return out;
  detail::with_getter<V>(e, extents, [&](auto get) {
    detail::backend_t<S>::for_each(n, detail::gather_kernel<V, decltype(get)>{get, idx.data, extents.size(), out.data()});
  });
  detail::backend_t<S>::finish();
  return out;
}

namespace detail {
/// take's gather along an axis: out element i is (outer o, index k, inner j), read from
/// e's row-major element (o len + idx[k]) inner + j.
template <class V, class Get>
struct axis_gather_kernel {
  Get get;
  const index_t* idx;
  index_t count, len, inner;
  V* out;
  TANDEM_HD void operator()(index_t i) const {
    const index_t j = i % inner, t = i / inner;
    out[i] = get((t / count * len + wrap_index(idx[t % count], len)) * inner + j);
  }
};
}  // namespace detail

/// numpy's take(a, indices, axis): the slices of e at `indices` along `axis` (negative
/// counts from the end; so do negative indices), stacked in the indices' shape: e's shape
/// with that axis replaced by the indices' (rank R - 1 + the indices' rank). Throws
/// td::index_error naming the first index outside [-len, len), before anything is read,
/// and for an axis out of range.
template <operand E, operand I>
auto take(const E& e, const I& indices, index_t axis) {
  using S = typename detail::spaces_must_match<space_of_t<E>, space_of_t<I>>::type;
  using V = value_of_t<E>;
  static_assert(std::is_integral_v<value_of_t<I>> && !std::is_same_v<value_of_t<I>, bool>,
                "tandem: take needs integer indices");
  constexpr std::size_t R = rank_of_v<E>, RI = rank_of_v<I>;
  static_assert(R >= 1, "tandem: take along an axis needs an operand of rank 1 or more");
  const std::size_t ax = detail::normalize_axis(axis, R, "take");
  const auto extents = e.shape();
  const index_t len = extents[ax];
  const detail::index_data<I> idx(indices);
  const index_t count = indices.shape().size();
  detail::check_indices<S>(idx.data, count, shape<1>{len}, "take (along the axis)", idx.from_unsigned);
  shape<R - 1 + RI> out_extents{};
  index_t inner = 1;
  for (std::size_t d = 0; d < ax; ++d) out_extents[d] = extents[d];
  for (std::size_t d = 0; d < RI; ++d) out_extents[ax + d] = indices.shape()[d];
  for (std::size_t d = ax + 1; d < R; ++d) {
    out_extents[d - 1 + RI] = extents[d];
    inner *= extents[d];
  }
  tensor<V, R - 1 + RI, S> out(out_extents, uninitialized);
  if (out.size() == 0) return out;
  detail::with_getter<V>(e, extents, [&](auto get) {
    detail::backend_t<S>::for_each(
        out.size(), detail::axis_gather_kernel<V, decltype(get)>{get, idx.data, count, len, inner, out.data()});
  });
  detail::backend_t<S>::finish();
  return out;
}

namespace detail {
/// take_along_axis's and put_along_axis's walk over the broadcast shape of a and the
/// indices: element o's offset into a, its index along `axis` read from the indices
/// (both broadcast: stride 0 where their extent is 1).
template <std::size_t R>
struct along_axis_walk {
  shape<R> a_stride;
  const index_t* idx;
  shape<R> idx_stride;
  shape<R> extents;  // the broadcast shape
  std::size_t axis;
  index_t len;  // a's extent along the axis
  TANDEM_HD index_t operator()(index_t o) const {
    index_t rest = o, from = 0, at = 0;
    for (std::size_t d = R; d-- > 0;) {
      const index_t i = rest % extents[d];
      rest /= extents[d];
      at += i * idx_stride[d];
      if (d != axis) from += i * a_stride[d];
    }
    return from + wrap_index(idx[at], len) * a_stride[axis];
  }
};

template <class V, std::size_t R>
struct along_axis_gather_kernel {
  const V* a;
  along_axis_walk<R> walk;
  V* out;
  TANDEM_HD void operator()(index_t o) const { out[o] = a[walk(o)]; }
};

template <class T, std::size_t R, class Get>
struct along_axis_scatter_kernel {
  T* a;
  along_axis_walk<R> walk;
  Get get;
  TANDEM_HD void operator()(index_t o) const { a[walk(o)] = get(o); }
};

/// The walk for a (shape as, strides) and indices of shape `is` along axis ax, after
/// checking that they broadcast and that every index is in range.
template <class S, std::size_t R>
along_axis_walk<R> along_axis(const shape<R>& as, const shape<R>& strides, const shape<R>& is, std::size_t ax,
                              const index_t* idx, bool from_unsigned, const char* what) {
  along_axis_walk<R> w{{}, idx, {}, {}, ax, as[ax]};
  for (std::size_t d = 0; d != R; ++d) {
    if (d == ax) {
      w.extents[d] = is[d];
    } else if (as[d] == is[d] || is[d] == 1 || as[d] == 1) {
      w.extents[d] = is[d] == 1 ? as[d] : is[d];
    } else {
      throw shape_error(std::string("tandem: ") + what + ": the operand " + to_string(as) + " and the indices " +
                        to_string(is) + " do not broadcast along axis " + std::to_string(d));
    }
  }
  check_indices<S>(idx, is.size(), shape<1>{as[ax]}, what, from_unsigned);
  index_t step = 1;
  for (std::size_t d = R; d-- > 0;) {
    w.a_stride[d] = as[d] == 1 && d != ax ? 0 : strides[d];
    w.idx_stride[d] = is[d] == 1 && w.extents[d] != 1 ? 0 : step;
    step *= is[d];
  }
  return w;
}
}  // namespace detail

/// numpy's take_along_axis: out[..., i, ...] = a[..., indices[..., i, ...], ...] along
/// `axis` (what argsort, argpartition and topk's indices select: `take_along_axis(a,
/// argsort(a, 1), 1)` sorts the rows). indices has a's rank; the other axes broadcast
/// between the two (extent 1 against any), and the result has their broadcast shape
/// with the indices' extent along the axis. Negative indices count from the end; one
/// outside [-n, n) throws td::index_error before anything is read, as does an axis out
/// of range; shapes that do not broadcast throw td::shape_error.
template <operand E, operand I>
auto take_along_axis(const E& a, const I& indices, index_t axis) {
  using S = typename detail::spaces_must_match<space_of_t<E>, space_of_t<I>>::type;
  using V = value_of_t<E>;
  constexpr std::size_t R = rank_of_v<E>;
  static_assert(rank_of_v<I> == R, "tandem: take_along_axis needs indices of the operand's rank (numpy's rule)");
  static_assert(std::is_integral_v<value_of_t<I>> && !std::is_same_v<value_of_t<I>, bool>,
                "tandem: take_along_axis needs integer indices");
  const std::size_t ax = detail::normalize_axis(axis, R, "take_along_axis");
  tensor<V, R, S> keep;
  const tensor_view<const V, R, S> v = detail::readable_view(a, keep);
  const detail::index_data<I> idx(indices);
  const auto walk = detail::along_axis<S>(v.shape(), v.strides(), indices.shape(), ax, idx.data, idx.from_unsigned,
                                          "take_along_axis");
  tensor<V, R, S> out(walk.extents, uninitialized);
  if (out.size() == 0) return out;
  detail::backend_t<S>::for_each(out.size(), detail::along_axis_gather_kernel<V, R>{v.data(), walk, out.data()});
  detail::backend_t<S>::finish();
  return out;
}

/// numpy's put_along_axis, in place: a[..., indices[..., i, ...], ...] = values[..., i,
/// ...] along `axis`, the values (an operand or one value) broadcast to the shape
/// take_along_axis would give. Where an index repeats, which value lands is
/// unspecified. Indices are checked before anything is written (td::index_error), as are
/// the shapes (td::shape_error); values and indices that share memory with a are read
/// as they were before the writes.
template <class D, operand I, class Vals>
  requires(detail::writable_tensor<D> && (operand<Vals> || scalar<Vals>))
void put_along_axis(D&& a, const I& indices, const Vals& values, index_t axis) {
  using DD = std::remove_cvref_t<D>;
  using S = typename detail::spaces_must_match<typename DD::space_type, space_of_t<I>>::type;
  using T = typename DD::value_type;
  constexpr std::size_t R = DD::rank;
  static_assert(rank_of_v<I> == R, "tandem: put_along_axis needs indices of the operand's rank (numpy's rule)");
  static_assert(std::is_integral_v<value_of_t<I>> && !std::is_same_v<value_of_t<I>, bool>,
                "tandem: put_along_axis needs integer indices");
  const tensor_view<T, R, S> out = a.view();
  const std::size_t ax = detail::normalize_axis(axis, R, "put_along_axis");
  const detail::index_data<I> idx(indices, out);
  const auto walk =
      detail::along_axis<S>(out.shape(), out.strides(), indices.shape(), ax, idx.data, idx.from_unsigned, "put_along_axis");
  if constexpr (operand<Vals>) {
    static_assert(std::is_same_v<space_of_t<Vals>, S>, "tandem: put_along_axis's values must be in a's space");
    if (!broadcasts_to(values.shape(), walk.extents))
      throw shape_error("tandem: put_along_axis: values of shape " + to_string(values.shape()) +
                        " do not broadcast to " + to_string(walk.extents));
  }
  const index_t n = walk.extents.size();
  if (n == 0) return;
  detail::with_values<T>(values, out, walk.extents, [&](auto get) {
    detail::backend_t<S>::for_each(n, detail::along_axis_scatter_kernel<T, R, decltype(get)>{out.data(), walk, get});
  });
  detail::backend_t<S>::finish();
}

namespace detail {
template <std::size_t N>
void check_dims(const shape<N>& dims, const char* what) {
  static_assert(N >= 1, "tandem: unravel_index and ravel_multi_index need a shape of one or more axes");
  for (std::size_t d = 0; d != N; ++d)
    if (dims[d] < 0) throw shape_error(std::string("tandem: ") + what + ": a negative dimension in " + to_string(dims));
}
}  // namespace detail

/// numpy's unravel_index: flat row-major index(es) into an array of shape `dims` as
/// coordinates, one per axis. Of one index, a std::array<index_t, N> (`auto [i, j] =
/// td::unravel_index(td::argmax(m), m.shape())`); of an operand of indices, a
/// std::array of N index tensors of its shape, in its space. An index outside [0, size)
/// throws td::index_error (numpy's ValueError), as does a negative one.
template <std::size_t N>
std::array<index_t, N> unravel_index(index_t flat, const shape<N>& dims) {
  detail::check_dims(dims, "unravel_index");
  const index_t size = dims.size();
  if (flat < 0 || flat >= size)
    throw index_error("tandem: unravel_index: index " + std::to_string(flat) + " is out of range for " +
                      std::to_string(size) + " elements (shape " + to_string(dims) + ")");
  std::array<index_t, N> out{};
  detail::unravel(flat, dims, out.data());
  return out;
}
template <std::size_t N>
std::array<index_t, N> unravel_index(index_t flat, const index_t (&dims)[N]) {
  return unravel_index(flat, detail::to_shape(dims));
}
template <operand I, std::size_t N>
auto unravel_index(const I& indices, const shape<N>& dims) {
  using S = space_of_t<I>;
  static_assert(std::is_integral_v<value_of_t<I>> && !std::is_same_v<value_of_t<I>, bool>,
                "tandem: unravel_index needs integer indices");
  detail::check_dims(dims, "unravel_index");
  const detail::index_data<I> idx(indices);
  const index_t n = indices.shape().size();
  detail::check_indices<S>(idx.data, n, dims, "unravel_index", idx.from_unsigned, false);
  std::array<tensor<index_t, rank_of_v<I>, S>, N> out;
  detail::unravel_kernel<N> k{idx.data, dims, {}, 1};
  for (std::size_t d = 0; d != N; ++d) {
    out[d] = tensor<index_t, rank_of_v<I>, S>(indices.shape(), uninitialized);
    k.out[d] = out[d].data();
  }
  if (n != 0) {
    detail::backend_t<S>::for_each(n, k, index_t(N));
    detail::backend_t<S>::finish();
  }
  return out;
}
template <operand I, std::size_t N>
auto unravel_index(const I& indices, const index_t (&dims)[N]) {
  return unravel_index(indices, detail::to_shape(dims));
}

namespace detail {
/// Row-major strides of `dims` (checked: no negative extent, and a size index_t holds).
template <std::size_t N>
shape<N> row_major_steps(const shape<N>& dims, const char* what) {
  check_dims(dims, what);
  shape<N> step;
  index_t size = 1;
  for (std::size_t d = N; d-- > 0;) {
    step[d] = size;
    if (dims[d] != 0 && size > std::numeric_limits<index_t>::max() / dims[d])
      throw shape_error(std::string("tandem: ") + what + ": the shape " + to_string(dims) +
                        " has more elements than index_t holds");
    size *= dims[d];
  }
  return step;
}
}  // namespace detail

/// numpy's ravel_multi_index: coordinates into an array of shape `dims` as flat
/// row-major indices, the inverse of unravel_index. Of one point (`{i, j}`), an index_t;
/// of N index operands (a braced list of one type, or unravel_index's std::array), one
/// coordinate per axis, broadcast together, a tensor<index_t> of their shape in their
/// space. A coordinate outside [0, dims[d]) throws td::index_error naming it (numpy's
/// mode='raise'; negative coordinates do not count from the end).
template <std::size_t N>
index_t ravel_multi_index(const index_t (&coords)[N], const shape<N>& dims) {
  const shape<N> step = detail::row_major_steps(dims, "ravel_multi_index");
  index_t flat = 0;
  for (std::size_t d = 0; d != N; ++d) {
    if (coords[d] < 0 || coords[d] >= dims[d])
      throw index_error("tandem: ravel_multi_index: coordinate " + std::to_string(coords[d]) + " of axis " +
                        std::to_string(d) + " is out of range for shape " + to_string(dims));
    flat += coords[d] * step[d];
  }
  return flat;
}
template <std::size_t N>
index_t ravel_multi_index(const index_t (&coords)[N], const index_t (&dims)[N]) {
  return ravel_multi_index(coords, detail::to_shape(dims));
}
namespace detail {
/// ravel_multi_index of N index operands coords[0], ..., coords[N - 1].
template <class I, std::size_t N, class C>
auto ravel_coordinates(const C& coords, const shape<N>& dims) {
  static_assert(std::is_integral_v<value_of_t<I>> && !std::is_same_v<value_of_t<I>, bool>,
                "tandem: ravel_multi_index needs integer coordinates");
  using S = space_of_t<I>;
  const shape<N> step = row_major_steps(dims, "ravel_multi_index");
  for (std::size_t d = 0; d != N; ++d) {
    const index_data<I> idx(coords[d]);
    const std::string what = "ravel_multi_index (the coordinates of axis " + std::to_string(d) + ")";
    check_indices<S>(idx.data, coords[d].shape().size(), shape<1>{dims[d]}, what.c_str(), idx.from_unsigned, false);
  }
  return [&]<std::size_t... d>(std::index_sequence<d...>) {
    return eval(((cast<index_t>(coords[d]) * step[d]) + ...));
  }(std::make_index_sequence<N>{});
}
}  // namespace detail
template <operand I, std::size_t N>
auto ravel_multi_index(const std::array<I, N>& coords, const shape<N>& dims) {
  return detail::ravel_coordinates<I>(coords, dims);
}
template <operand I, std::size_t N>
auto ravel_multi_index(const std::array<I, N>& coords, const index_t (&dims)[N]) {
  return detail::ravel_coordinates<I>(coords, detail::to_shape(dims));
}
template <operand I, std::size_t N>
auto ravel_multi_index(const I (&coords)[N], const shape<N>& dims) {
  return detail::ravel_coordinates<I>(coords, dims);
}
template <operand I, std::size_t N>
auto ravel_multi_index(const I (&coords)[N], const index_t (&dims)[N]) {
  return detail::ravel_coordinates<I>(coords, detail::to_shape(dims));
}

namespace detail {
/// An element's position as a low_high: {i, i} where it is non-zero, {n, -1} (what every
/// position beats) where it is zero.
struct nonzero_span {
  static constexpr bool positional = true;
  index_t n;
  template <class X>
  TANDEM_HD low_high<index_t> operator()(X x, index_t i) const {
    return x != X{} ? low_high<index_t>{i, i} : low_high<index_t>{n, -1};
  }
};
}  // namespace detail

/// numpy's trim_zeros: a rank-1 operand without its leading zeros ('f' in `trim`), its
/// trailing ones ('b'), or both (numpy's default "fb"); a new tensor (numpy's is a
/// view). All zeros leave it empty. NaN is not zero. A letter other than f and b (in
/// either case) throws td::error.
template <operand X>
auto trim_zeros(const X& x, std::string_view trim = "fb") {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  static_assert(rank_of_v<X> == 1, "tandem: trim_zeros takes a rank-1 operand");
  bool front = false, back = false;
  for (const char c : trim) {
    if (c == 'f' || c == 'F')
      front = true;
    else if (c == 'b' || c == 'B')
      back = true;
    else
      throw error("tandem: trim_zeros: trim is made of 'f' (the front) and 'b' (the back), not \"" +
                  std::string(trim) + "\"");
  }
  tensor<V, 1, S> keep;
  const auto v = detail::readable_view(x, keep);
  const index_t n = v.size();
  if (!front && !back) return tensor<V, 1, S>(v);
  // The first and the last non-zero position, in one pass.
  const auto span = detail::full_reduce(v, detail::nonzero_span{n}, detail::low_high_op{},
                                        detail::low_high<index_t>{n, -1});
  if (!span || span->high < 0) return tensor<V, 1, S>(shape<1>{0});
  const index_t first = front ? span->low : 0;
  const index_t last = back ? span->high + 1 : n;
  return tensor<V, 1, S>(tensor_view<const V, 1, S>(v.data() + first * v.stride(0), shape<1>{last - first},
                                                    shape<1>{v.stride(0)}));
}

/// numpy's tril_indices and triu_indices: the (row, column) indices of the n x m
/// matrix's elements on and below (above) diagonal k, in row-major order, as two index
/// tensors in the space given (m = n when left out): `auto [r, c] =
/// td::tril_indices(4);`. triu's diagonal k is kept, as numpy's.
#define TANDEM_TRIANGLE_INDICES(name, mask)                                             \
  template <space S = host_space>                                                       \
  std::array<tensor<index_t, 1, S>, 2> name(index_t n, index_t k, index_t m, S = {}) {  \
    return unravel_index(nonzero(mask), shape<2>{n, m});                                \
  }                                                                                     \
  template <space S = host_space>                                                       \
  std::array<tensor<index_t, 1, S>, 2> name(index_t n, index_t k = 0, S space_tag = {}) { \
    return name(n, k, n, space_tag);                                                    \
  }                                                                                     \
  template <space S>                                                                    \
  std::array<tensor<index_t, 1, S>, 2> name(index_t n, S space_tag) {                   \
    return name(n, 0, n, space_tag);                                                    \
  }
TANDEM_TRIANGLE_INDICES(tril_indices, (tri<bool>(n, m, k, S{})))
TANDEM_TRIANGLE_INDICES(triu_indices, (!tri<bool>(n, m, k - 1, S{})))
#undef TANDEM_TRIANGLE_INDICES

/// Scatter: flat(dst)[indices[i...]] = values[i...] (or one value for all), in place.
/// values broadcast to the indices' shape. Where an index repeats, which of its values
/// lands is unspecified. Throws td::index_error for the first bad index, before writing.
/// Indices and values that share memory with dst are read as they were before any write
/// (copied first when they overlap it), as numpy's `dst[idx] = values` reads them.
template <class D, operand I, class Vals>
  requires(detail::writable_tensor<D> && (operand<Vals> || scalar<Vals>))
void scatter(D&& dst, const I& indices, const Vals& values) {
  using DD = std::remove_cvref_t<D>;
  using S = typename detail::spaces_must_match<typename DD::space_type, space_of_t<I>>::type;
  using T = typename DD::value_type;
  constexpr std::size_t R = DD::rank;
  static_assert(std::is_integral_v<value_of_t<I>> && !std::is_same_v<value_of_t<I>, bool>,
                "tandem: scatter needs integer indices");
  const tensor_view<T, R, S> out = dst.view();
  const detail::index_data<I> idx(indices, out);
  const auto idx_shape = indices.shape();
  const index_t n = idx_shape.size();
  if constexpr (operand<Vals>) {
    static_assert(std::is_same_v<space_of_t<Vals>, S>, "tandem: scatter's values must be in dst's space");
    if (!broadcasts_to(values.shape(), idx_shape))
      throw shape_error("tandem: scatter: values of shape " + to_string(values.shape()) +
                        " do not broadcast to indices of shape " + to_string(idx_shape));
  }
  detail::check_indices<S>(idx.data, n, out.shape(), "scatter", idx.from_unsigned);
  if (n == 0) return;
  detail::with_values<T>(values, out, idx_shape, [&](auto get) {
    detail::backend_t<S>::for_each(
        n, detail::scatter_kernel<T, R, S, decltype(get)>{get, idx.data, out, out.is_contiguous()});
  });
  detail::backend_t<S>::finish();
}

namespace detail {
/// Element i's bin among the m - 1 bins between m non-decreasing edges: [edges[k],
/// edges[k + 1]), the last one closed; -1 outside and for NaN (numpy's histogram with
/// bins given as edges).
template <class Get>
struct edges_bin_of {
  Get get;
  const double* edges;
  index_t m;
  TANDEM_HD index_t operator()(index_t i) const {
    const double x = static_cast<double>(get(i));
    if (!(x >= edges[0] && x <= edges[m - 1])) return -1;
    index_t lo = 0, hi = m - 1;  // edges[lo] <= x; hi == m - 1 or edges[hi] > x
    while (hi - lo > 1) {
      const index_t mid = lo + (hi - lo) / 2;
      if (edges[mid] <= x)
        lo = mid;
      else
        hi = mid;
    }
    return lo;
  }
};

/// Two bins in one: x's bin times ny plus y's, -1 when either is not counted
/// (histogram2d's row-major cells).
template <class BX, class BY>
struct cell_of {
  static_assert(!std::is_reference_v<BX> && !std::is_reference_v<BY>, "tandem: a kernel's bins are held by value");
  BX bx;
  BY by;
  index_t ny;
  TANDEM_HD index_t operator()(index_t i) const {
    const index_t a = bx(i);
    if (a < 0) return -1;
    const index_t b = by(i);
    return b < 0 ? -1 : a * ny + b;
  }
};
/// A cell_of holding copies of the two bins (a kernel's functor owns its state: on a GPU
/// it cannot reach the host's stack).
template <class BX, class BY>
cell_of<BX, BY> make_cell(const BX& bx, const BY& by, index_t ny) {
  return {bx, by, ny};
}

inline void check_histogram_range(index_t bins, double lo, double hi, const char* what) {
  if (bins <= 0) throw error(std::string("tandem: ") + what + " needs at least one bin, not " + std::to_string(bins));
  if (!std::isfinite(lo) || !std::isfinite(hi))
    throw error(std::string("tandem: ") + what + ": the range [" + std::to_string(lo) + ", " + std::to_string(hi) +
                "] is not finite");
  if (!(lo < hi))
    throw error(std::string("tandem: ") + what + " needs lo < hi, not lo = " + std::to_string(lo) +
                " and hi = " + std::to_string(hi));
}

/// Calls f(bin) with the functor of e's `bins` equal bins over [lo, hi] (which the
/// caller has checked).
template <class E, class F>
void with_uniform_bins(const E& e, index_t bins, double lo, double hi, F&& f) {
  // Halving is exact for every double this far from zero, so the scaled range bins alike.
  const double scale = std::isfinite(hi - lo) ? 1.0 : 0.5;
  const double width = (hi * scale - lo * scale) / static_cast<double>(bins);
  with_getter<double>(e, e.shape(), [&](auto get) {
    f(bin_of<decltype(get)>{get, lo * scale, hi * scale, width, scale, bins, 1.0 / width});
  });
}

/// A histogram's edges as a dense double tensor in space S, checked: non-decreasing
/// (numpy's rule), no NaN.
template <class S, class B>
tensor<double, 1, S> histogram_edges(const B& edges, const char* what) {
  static_assert(rank_of_v<B> == 1, "tandem: a histogram's edges are rank 1");
  static_assert(std::is_same_v<space_of_t<B>, S>, "tandem: a histogram's edges live in its operand's space");
  tensor<double, 1, S> out = cast<double>(edges);
  const std::vector<double> v = to_vector(out);
  for (std::size_t k = 0; k != v.size(); ++k)
    if (std::isnan(v[k]) || (k != 0 && v[k] < v[k - 1]))
      throw error(std::string("tandem: ") + what + ": bin edges must increase monotonically (edge " +
                  std::to_string(k) + " is " + std::to_string(v[k]) + ")");
  return out;
}

/// The number of bins between edges: one fewer than the edges, none for one or none.
template <class S>
index_t bins_between(const tensor<double, 1, S>& edges) {
  return edges.size() > 0 ? edges.size() - 1 : 0;
}

/// Calls f(bin) with the functor of e's bins between the (checked) edges.
template <class E, class F>
void with_edge_bins(const E& e, const tensor<double, 1, space_of_t<E>>& edges, F&& f) {
  with_getter<double>(e, e.shape(), [&](auto get) { f(edges_bin_of<decltype(get)>{get, edges.data(), edges.size()}); });
}

/// Adds weight(i) (1: counting) to sums[bin(i)] for i in [0, n), in space S.
template <class S, std::size_t R, class A, class Bin, class Weight = unit_weight>
void sum_into(tensor<A, R, S>& sums, index_t n, const Bin& bin, const Weight& weight = {}) {
  if (n == 0 || sums.size() == 0) return;
  backend_t<S>::sum_bins(n, bin, weight, sums.size(), sums.data());
  backend_t<S>::finish();
}

/// What weights are summed in: 64-bit integers for integer weights (exact), double for
/// floating-point ones.
template <class W>
using bin_sum_t = std::conditional_t<std::is_integral_v<W>, index_t, double>;

/// Weights of e's shape, one per element; td::shape_error otherwise.
template <class E, class W>
void check_weights(const E& e, const W& weights, const char* what) {
  bool same = false;
  if constexpr (rank_of_v<W> == rank_of_v<E>) same = weights.shape() == e.shape();
  if (!same)
    throw shape_error(std::string("tandem: ") + what + ": weights of shape " + to_string(weights.shape()) +
                      " and the operand of shape " + to_string(e.shape()) +
                      " differ (one weight per element)");
}

/// A weighted histogram: sums of the weights (of e's shape, in e's space) of the elements
/// in each bin, in the weights' type as numpy's, in the shape `bins` (the bins row-major:
/// histogram2d's cells are x's bin times y's bin count plus y's). with_bins(f) calls
/// f(bin). Out, when given, is the result's type instead (histogram2d's double).
template <class Out = void, class E, class W, std::size_t R, class WithBins>
auto weighted_bins(const E& e, const W& weights, const shape<R>& bins, const char* what, WithBins&& with_bins) {
  using S = typename spaces_must_match<space_of_t<E>, space_of_t<W>>::type;
  using V = std::conditional_t<std::is_void_v<Out>, value_of_t<W>, Out>;
  static_assert(!is_complex_v<value_of_t<W>> && !std::is_same_v<value_of_t<W>, bool>,
                "tandem: histogram weights are real numbers (not bool, not complex)");
  check_weights(e, weights, what);
  using A = bin_sum_t<value_of_t<W>>;
  tensor<A, R, S> sums(bins);
  with_getter<A>(weights, weights.shape(), [&](auto weight) {
    with_bins([&](const auto& bin) { sum_into(sums, e.shape().size(), bin, weight); });
  });
  if constexpr (std::is_same_v<A, V>)
    return sums;
  else
    return tensor<V, R, S>(cast<V>(sums));
}

/// histogram(a, edges[, weights]) once the edges are checked (histogram_edges): the
/// counts, or sums of the weights, of e's elements between them.
template <class E>
tensor<index_t, 1, space_of_t<E>> edge_counts(const E& e, const tensor<double, 1, space_of_t<E>>& edges) {
  tensor<index_t, 1, space_of_t<E>> counts(shape<1>{bins_between(edges)});
  with_edge_bins(e, edges, [&](const auto& bin) { sum_into(counts, e.shape().size(), bin); });
  return counts;
}
template <class E, class W>
auto edge_sums(const E& e, const tensor<double, 1, space_of_t<E>>& edges, const W& weights, const char* what) {
  return weighted_bins(e, weights, shape<1>{bins_between(edges)}, what, [&](auto&& f) { with_edge_bins(e, edges, f); });
}

/// The range numpy's histogram takes when none is given: e's minimum and maximum, 0.5
/// wider each side when they are equal, [0, 1] when e is empty; td::error when it is not
/// finite (a NaN or an infinity in e), as numpy's ValueError.
template <class E>
std::array<double, 2> histogram_auto_range(const E& e, const char* what) {
  const auto r = full_reduce(e, as_low_high<double>{}, low_high_op{}, losing_low_high<double>());
  if (!r) return {0.0, 1.0};
  double lo = r->low, hi = r->high;
  if (!std::isfinite(lo) || !std::isfinite(hi))
    throw error(std::string("tandem: ") + what + ": the autodetected range [" + std::to_string(lo) + ", " +
                std::to_string(hi) + "] is not finite");
  if (lo == hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  return {lo, hi};
}

/// histogram2d's points: x and y of one shape, a point per pair of elements.
template <class X, class Y>
void check_points(const X& x, const Y& y) {
  if (x.shape() != y.shape())
    throw shape_error("tandem: histogram2d: x of shape " + to_string(x.shape()) + " and y of shape " +
                      to_string(y.shape()) + " differ (one point per pair of elements)");
}
}  // namespace detail

/// Counts of the elements in `bins` equal-width bins over [lo, hi], as numpy's histogram
/// (the last bin includes hi; values outside and NaNs are not counted). A
/// tensor<index_t, 1> in the operand's space. Throws td::error unless bins > 0 and
/// lo < hi are finite (numpy refuses a non-finite range too). A range wider than the
/// largest double (-1e308 to 1e308) is binned exactly as a narrower one.
template <operand E>
tensor<index_t, 1, space_of_t<E>> histogram(const E& e, index_t bins, double lo, double hi) {
  using S = space_of_t<E>;
  detail::check_histogram_range(bins, lo, hi, "histogram");
  tensor<index_t, 1, S> counts(shape<1>{bins});
  detail::with_uniform_bins(e, bins, lo, hi, [&](const auto& bin) { detail::sum_into(counts, e.shape().size(), bin); });
  return counts;
}

/// numpy's histogram(a, bins) without a range: `bins` equal bins over [min(a), max(a)]
/// (see histogram_bin_edges). A NaN or an infinity in a throws td::error, as numpy's
/// ValueError.
template <operand E>
tensor<index_t, 1, space_of_t<E>> histogram(const E& e, index_t bins) {
  const auto [lo, hi] = detail::histogram_auto_range(e, "histogram");
  return histogram(e, bins, lo, hi);
}

/// numpy's histogram(a, bins=edges): counts of the bins between consecutive edges (rank
/// 1, non-decreasing, in a's space): [edges[k], edges[k + 1]), the last bin closed;
/// values outside and NaNs not counted. One edge or none gives no bins; a NaN edge or a
/// decreasing pair throws td::error.
template <operand E, operand B>
tensor<index_t, 1, space_of_t<E>> histogram(const E& e, const B& edges) {
  return detail::edge_counts(e, detail::histogram_edges<space_of_t<E>>(edges, "histogram"));
}

/// numpy's histogram(a, bins, range, weights=w): in each bin the sum of the weights (a
/// real operand of a's shape and space) of a's elements in it, rather than their
/// count, in the weights' type (summed exactly for integers, in double for floats):
/// `td::histogram(a, 10, 0.0, 1.0, w)`, `td::histogram(a, 10, w)` (a's range) or
/// `td::histogram(a, edges, w)`. A NaN weight makes its bin NaN.
template <operand E, operand W>
auto histogram(const E& e, index_t bins, double lo, double hi, const W& weights) {
  detail::check_histogram_range(bins, lo, hi, "histogram");
  return detail::weighted_bins(e, weights, shape<1>{bins}, "histogram",
                               [&](auto&& f) { detail::with_uniform_bins(e, bins, lo, hi, f); });
}
template <operand E, operand W>
auto histogram(const E& e, index_t bins, const W& weights) {
  detail::check_weights(e, weights, "histogram");
  const auto [lo, hi] = detail::histogram_auto_range(e, "histogram");
  return histogram(e, bins, lo, hi, weights);
}
template <operand E, operand B, operand W>
auto histogram(const E& e, const B& edges, const W& weights) {
  return detail::edge_sums(e, detail::histogram_edges<space_of_t<E>>(edges, "histogram"), weights, "histogram");
}

/// numpy's histogram_bin_edges: the bins + 1 edges histogram(a, bins[, lo, hi]) uses,
/// as doubles in a's space (numpy's linspace from lo to hi; without a range, a's minimum
/// and maximum as in histogram).
template <operand E>
tensor<double, 1, space_of_t<E>> histogram_bin_edges(const E&, index_t bins, double lo, double hi) {
  detail::check_histogram_range(bins, lo, hi, "histogram_bin_edges");
  return linspace<double>(lo, hi, bins + 1, space_of_t<E>{});
}
template <operand E>
tensor<double, 1, space_of_t<E>> histogram_bin_edges(const E& e, index_t bins) {
  const auto [lo, hi] = detail::histogram_auto_range(e, "histogram_bin_edges");
  return histogram_bin_edges(e, bins, lo, hi);
}

namespace detail {
/// histogram2d's cells: calls f(cell) with the functor of each point's cell (x's bin
/// times y's bin count plus y's bin; -1 outside), over checked ranges or edges.
template <class X, class Y, class F>
void with_uniform_cells(const X& x, const Y& y, const index_t (&bins)[2], const double (&range)[2][2], F&& f) {
  with_uniform_bins(x, bins[0], range[0][0], range[0][1], [&](const auto& bx) {
    with_uniform_bins(y, bins[1], range[1][0], range[1][1],
                      [&](const auto& by) { f(make_cell(bx, by, bins[1])); });
  });
}
template <class X, class Y, class S, class F>
void with_edge_cells(const X& x, const Y& y, const tensor<double, 1, S>& ex, const tensor<double, 1, S>& ey, F&& f) {
  const index_t ny = bins_between(ey);
  with_edge_bins(x, ex, [&](const auto& bx) {
    with_edge_bins(y, ey, [&](const auto& by) { f(make_cell(bx, by, ny)); });
  });
}

/// histogram2d's result in `cells`: counts (index_t) when weights is nullptr, else the
/// sums of the weights (of x's shape) as doubles, numpy's float64.
template <class X, class W, class WithCells>
auto cell_sums(const X& x, const W& weights, const shape<2>& cells, WithCells&& with_cells) {
  if constexpr (std::is_null_pointer_v<W>) {
    tensor<index_t, 2, space_of_t<X>> counts(cells);
    with_cells([&](const auto& cell) { sum_into(counts, x.shape().size(), cell); });
    return counts;
  } else {
    return weighted_bins<double>(x, weights, cells, "histogram2d", with_cells);
  }
}

/// histogram2d over ranges (checked here), over x's and y's own ranges, or between
/// edges (checked by the caller); weights nullptr for counts.
template <class X, class Y, class W>
auto uniform_histogram2d(const X& x, const Y& y, const index_t (&bins)[2], const double (&range)[2][2],
                         const W& weights) {
  static_assert(std::is_same_v<space_of_t<X>, space_of_t<Y>>, "tandem: histogram2d's x and y live in one space");
  check_points(x, y);
  check_histogram_range(bins[0], range[0][0], range[0][1], "histogram2d (x)");
  check_histogram_range(bins[1], range[1][0], range[1][1], "histogram2d (y)");
  return cell_sums(x, weights, shape<2>{bins[0], bins[1]},
                   [&](auto&& f) { with_uniform_cells(x, y, bins, range, f); });
}
/// histogram2d's ranges when none is given: x's and y's own (histogram_auto_range), once
/// the points' shapes, and the weights' when there are any, are checked.
struct ranges_2d {
  double r[2][2];
};
template <class X, class Y, class W>
ranges_2d histogram2d_ranges(const X& x, const Y& y, const W& weights) {
  check_points(x, y);
  if constexpr (!std::is_null_pointer_v<W>) check_weights(x, weights, "histogram2d");
  const auto rx = histogram_auto_range(x, "histogram2d (x)");
  const auto ry = histogram_auto_range(y, "histogram2d (y)");
  return {{{rx[0], rx[1]}, {ry[0], ry[1]}}};
}
template <class X, class Y, class S, class W>
auto edge_histogram2d(const X& x, const Y& y, const tensor<double, 1, S>& ex, const tensor<double, 1, S>& ey,
                      const W& weights) {
  static_assert(std::is_same_v<space_of_t<X>, space_of_t<Y>>, "tandem: histogram2d's x and y live in one space");
  check_points(x, y);
  return cell_sums(x, weights, shape<2>{bins_between(ex), bins_between(ey)},
                   [&](auto&& f) { with_edge_cells(x, y, ex, ey, f); });
}
}  // namespace detail

/// numpy's histogram2d(x, y, bins, range) without its edges: H[i, j] counts the points
/// (x[k], y[k]) with x[k] in x's bin i and y[k] in y's bin j; x and y of one shape, in
/// one space. bins: one count for both axes or {nx, ny}; range: {{xlo, xhi}, {ylo,
/// yhi}}, or without it each axis' minimum and maximum (as histogram's); or each axis'
/// edges as rank-1 operands. A tensor<index_t, 2> of nx x ny counts; the bins are
/// histogram's (the last one closed; outside and NaN not counted).
template <operand X, operand Y>
tensor<index_t, 2, space_of_t<X>> histogram2d(const X& x, const Y& y, const index_t (&bins)[2],
                                              const double (&range)[2][2]) {
  return detail::uniform_histogram2d(x, y, bins, range, nullptr);
}
template <operand X, operand Y>
tensor<index_t, 2, space_of_t<X>> histogram2d(const X& x, const Y& y, index_t bins, const double (&range)[2][2]) {
  return histogram2d(x, y, {bins, bins}, range);
}
template <operand X, operand Y>
tensor<index_t, 2, space_of_t<X>> histogram2d(const X& x, const Y& y, const index_t (&bins)[2]) {
  return histogram2d(x, y, bins, detail::histogram2d_ranges(x, y, nullptr).r);
}
template <operand X, operand Y>
tensor<index_t, 2, space_of_t<X>> histogram2d(const X& x, const Y& y, index_t bins = 10) {
  return histogram2d(x, y, {bins, bins});
}
template <operand X, operand Y, operand BX, operand BY>
tensor<index_t, 2, space_of_t<X>> histogram2d(const X& x, const Y& y, const BX& x_edges, const BY& y_edges) {
  using S = space_of_t<X>;
  return detail::edge_histogram2d(x, y, detail::histogram_edges<S>(x_edges, "histogram2d (x)"),
                                  detail::histogram_edges<S>(y_edges, "histogram2d (y)"), nullptr);
}

/// numpy's histogram2d(x, y, bins, range, weights=w): in each cell the sum of the
/// weights (a real operand of x's shape and space) of the points in it, as doubles
/// (numpy's float64; integer weights summed exactly first). The arguments before the
/// weights are histogram2d's: (x, y, bins[, range], w) or (x, y, x_edges, y_edges, w).
template <operand X, operand Y, operand W>
tensor<double, 2, space_of_t<X>> histogram2d(const X& x, const Y& y, const index_t (&bins)[2],
                                             const double (&range)[2][2], const W& weights) {
  return detail::uniform_histogram2d(x, y, bins, range, weights);
}
template <operand X, operand Y, operand W>
tensor<double, 2, space_of_t<X>> histogram2d(const X& x, const Y& y, index_t bins, const double (&range)[2][2],
                                             const W& weights) {
  return histogram2d(x, y, {bins, bins}, range, weights);
}
template <operand X, operand Y, operand W>
tensor<double, 2, space_of_t<X>> histogram2d(const X& x, const Y& y, const index_t (&bins)[2], const W& weights) {
  return histogram2d(x, y, bins, detail::histogram2d_ranges(x, y, weights).r, weights);
}
template <operand X, operand Y, operand W>
tensor<double, 2, space_of_t<X>> histogram2d(const X& x, const Y& y, index_t bins, const W& weights) {
  return histogram2d(x, y, {bins, bins}, weights);
}
template <operand X, operand Y, operand BX, operand BY, operand W>
tensor<double, 2, space_of_t<X>> histogram2d(const X& x, const Y& y, const BX& x_edges, const BY& y_edges,
                                             const W& weights) {
  using S = space_of_t<X>;
  return detail::edge_histogram2d(x, y, detail::histogram_edges<S>(x_edges, "histogram2d (x)"),
                                  detail::histogram_edges<S>(y_edges, "histogram2d (y)"), weights);
}

}  // namespace tandem
