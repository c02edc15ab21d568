#pragma once
/// \file expr/assign.hpp
/// Evaluating an expression into a view: one loop, in the view's space, with a flat
/// fast path when every operand is dense and unbroadcast.

#include <optional>
#include <string>
#include <type_traits>

#include "../backend/backend.hpp"
#include "../core/tuning.hpp"
#include "../error.hpp"
#include "../expr/leaf.hpp"
#include "../expr/map.hpp"
#include "../shape.hpp"
#include "../tensor.hpp"
#include "../tensor_view.hpp"

namespace tandem {
namespace detail {

/// Element i of a dense operand, converted to T: what a flat assignment stores at i.
template <class T, class Ev>
struct flat_value {
  static constexpr bool wide_vectors = wide_vectors_v<Ev>;
  Ev ev;
  TANDEM_HD T operator()(index_t i) const { return convert<T>(ev.flat(i)); }
};

/// One element per call: what a GPU wants.
template <class T, std::size_t R, class Ev>
struct strided_assign_kernel {
  T* out;
  shape<R> extents;
  shape<R> strides;
  Ev ev;
  TANDEM_HD void operator()(index_t i) const {
    index_t idx[R];
    unravel(i, extents, idx);
    out[offset_of(idx, strides)] = convert<T>(ev.at(idx));
  }
};

/// One row (the last dimension) per call: what a CPU wants, one index decode per row.
/// With `unit` (the destination's rows and every operand's have steps of 1, or 0 for a
/// broadcast operand), rows are read through unit-step readers (strided_eval::
/// unit_row_reader), so that the loop vectorizes whatever is broadcast.
template <class T, std::size_t R, class Ev>
struct row_assign_kernel {
  T* out;
  shape<R> extents;
  shape<R> strides;
  Ev ev;
  bool unit;
  TANDEM_HD void operator()(index_t row) const {
    index_t idx[R];
    index_t rest = row, offset = 0;
    for (std::size_t d = R - 1; d-- > 0;) {
      idx[d] = rest % extents[d];
      rest /= extents[d];
      offset += idx[d] * strides[d];
    }
    idx[R - 1] = 0;
    const index_t len = extents[R - 1], step = strides[R - 1];
    T* const o = out + offset;
    if (unit) {
      const auto in = ev.template row<true>(idx);
      for (index_t j = 0; j < len; ++j) o[j] = convert<T>(in(j));
    } else {
      const auto in = ev.row(idx);  // every operand's row: a pointer and a step each
      for (index_t j = 0; j < len; ++j) o[j * step] = convert<T>(in(j));
    }
  }
};

/// Whether the destination is read along its last axis (its smallest stride there), the
/// axis tiled assignments write along.
template <std::size_t R>
bool rows_last(const shape<R>& out_strides, const shape<R>& extents) {
  const auto magnitude = [](index_t x) { return x < 0 ? -x : x; };
  for (std::size_t d = 0; d + 1 < R; ++d)
    if (extents[d] > 1 && magnitude(out_strides[d]) < magnitude(out_strides[R - 1])) return false;
  return true;
}

/// Whether out = src goes through the backend's copy_tiles (tiles of the two fast axes,
/// in cache on CPU cores and in shared memory on a GPU): for a plain copy of an operand
/// of the same shape whose smallest stride is not along the destination's rows. Returns
/// the source's fast axis (copy_tiles's b) then.
template <std::size_t R>
std::optional<std::size_t> copy_tile_axis(const shape<R>& out_strides, const shape<R>& in_strides,
                                          const shape<R>& extents) {
  if (!rows_last(out_strides, extents)) return std::nullopt;
  const int b = across_rows_axis(in_strides, extents);
  return b >= 0 ? std::optional<std::size_t>(std::size_t(b)) : std::nullopt;
}

/// out = e on CPU cores where an operand's elements lie close along axis b and far apart
/// along the destination's rows (td::exp(td::transpose(m)), m + td::transpose(m)): in
/// square tiles of axes b and R - 1, as copy_tiles copies, each task one row of tiles
/// (`tile` indices of b) of one plane of the other axes. Every line of that operand a
/// tile touches is read while in cache, where row by row each element cost a line
/// (td::exp of a transposed 4096^2 matrix took 7x the tiled copy).
template <class T, std::size_t R, class Ev>
struct tiled_assign_kernel {
  static constexpr index_t max_tile = 32;  // tile <= max_tile
  T* out;
  shape<R> extents, strides;
  Ev ev;
  std::size_t b;
  index_t tile, tiles_b;
  Ev evb;        // ev with axes b and R - 1 swapped: its rows run along b
  bool along_b;  // evb.unit_rows(): every operand's step along b is 1 or 0
  void operator()(index_t task) const {
    constexpr std::size_t a = R - 1;
    shape<R> idx = plane_start(task / tiles_b, extents, a, b);
    const index_t t = tile, na = extents[a], nb = extents[b];
    const index_t b0 = task % tiles_b * t, b1 = b0 + t < nb ? b0 + t : nb;
    const index_t oa = strides[a], ob = strides[b];
    T* const dst = out + offset_of(idx.ext, strides);
    if (along_b) {
      // Every operand steps by 1 or 0 along b: a tile is computed along b, where its
      // loop vectorizes (a select as a blend, not a branch), into a buffer, then stored
      // along the destination's rows, in copy_transposed's blocks where its rows have
      // unit steps. Each row of the next tile is asked for: its lines, one or two per
      // row of the operand, came cold (2 * td::transpose(m) of 4096^2 floats, 2 threads:
      // 11.2-11.5 ms, 9.8-9.9 in blocks, 6.7-7.7 with the hint).
      T buf[max_tile][max_tile];
      for (index_t a0 = 0; a0 < na; a0 += t) {
        const index_t a1 = a0 + t < na ? a0 + t : na;
        for (index_t j = a0; j < a1; ++j) {
          shape<R> at = idx;
          at[b] = j;  // evb's axis b is the destination's a, its last the destination's b
          at[a] = 0;
          if (j + t < na) {  // the next tile's row asked for
            shape<R> next = at;
            next[b] = j + t;
            evb.ahead_row(next.ext, b0, b1);
          }
          const auto in = evb.template row<true>(at.ext);
          T* const col = buf[j - a0];
          for (index_t i = b0; i < b1; ++i) col[i - b0] = convert<T>(in(i));
        }
        if (oa == 1) {
          copy_transposed(dst + b0 * ob + a0, ob, &buf[0][0], max_tile, b1 - b0, a1 - a0);
          continue;
        }
        for (index_t i = b0; i < b1; ++i) {
          T* const o = dst + i * ob;
          for (index_t j = a0; j < a1; ++j) o[j * oa] = buf[j - a0][i - b0];
        }
      }
      return;
    }
    for (index_t a0 = 0; a0 < na; a0 += t) {
      const index_t a1 = a0 + t < na ? a0 + t : na;
      for (index_t i = b0; i < b1; ++i) {
        idx[b] = i;
        const auto in = ev.row(idx.ext);  // every operand's row: a pointer and a step each
        T* const o = dst + i * ob;
        for (index_t j = a0; j < a1; ++j) o[j * oa] = convert<T>(in(j));
      }
    }
  }
};

/// out = the values ev gives, through strides. `src`: the source's view when out = it is
/// a plain copy of the same shape (copy_tiles may take it), else null.
template <class T, std::size_t R, class S, class Ev, class Src>
void assign_through(const tensor_view<T, R, S>& out, const Ev& ev, const Src* src) {
  using backend = backend_t<S>;
  const index_t n = out.size();
  if constexpr (R > 0) {
    if constexpr (!std::is_same_v<Src, std::nullptr_t>) {
      // A plain copy from another layout: in tiles, when the source's fast axis differs.
      const auto b = copy_tile_axis(out.strides(), src->strides(), out.shape());
      if (b) {
        backend::copy_tiles(out.data(), src->data(), out.shape(), out.strides(), src->strides(), *b);
        backend::finish();
        return;
      }
    }
    if constexpr (backend::runs_on_cpu) {
      if constexpr (R >= 2) {
        const int b = rows_last(out.strides(), out.shape()) ? ev.across_rows(out.shape()) : -1;
        if (b >= 0) {
          using kernel = tiled_assign_kernel<T, R, Ev>;
          const index_t tile = tuning::copy_tile, tiles_b = (out.extent(b) + tile - 1) / tile;
          static_assert(tuning::copy_tile <= kernel::max_tile);
          std::size_t swapped[R];
          for (std::size_t d = 0; d != R; ++d) swapped[d] = d;
          swapped[std::size_t(b)] = R - 1, swapped[R - 1] = std::size_t(b);
          const Ev evb = ev.permuted(swapped);
          backend::for_each(planes_except(out.shape(), R - 1, std::size_t(b)) * tiles_b,
                            kernel{out.data(), out.shape(), out.strides(), ev, std::size_t(b), tile, tiles_b, evb,
                                   evb.unit_rows()},
                            tile * out.extent(R - 1));
          backend::finish();
          return;
        }
      }
      const index_t len = out.extent(R - 1);
      const bool unit = out.stride(R - 1) == 1 && ev.unit_rows();
      backend::for_each(n / len, row_assign_kernel<T, R, Ev>{out.data(), out.shape(), out.strides(), ev, unit}, len);
    } else {
      backend::for_each(n, strided_assign_kernel<T, R, Ev>{out.data(), out.shape(), out.strides(), ev});
    }
  }
  backend::finish();
}

/// out = e through strides: every case but the flat one, kept out of line so that the
/// flat path (all that a small dense assignment runs) stays small enough to inline. A
/// destination whose axes are not in memory order (a transposed view, the axis-last copy
/// that selections make) is written with its axes, and the operands', reordered so that
/// it is: its rows are then written whole (moveaxis(work, -1, 0) = m of 4096^2 floats
/// wrote an element per cache line: median(m, 0) 266 -> 103 ms, median(m, 1) 92).
template <class T, std::size_t R, class S, class E>
TANDEM_NOINLINE void run_assign_strided(const tensor_view<T, R, S>& out, const E& e) {
  using D = std::remove_cvref_t<E>;
  const auto ev = make_eval(e, out.shape());
  const auto run = [&](const tensor_view<T, R, S>& o, const auto& values, const axis_order<R>* order) {
    if constexpr (D::rank == R && (is_tensor_v<D> || is_view_v<D>)) {
      const auto src = e.view();
      if (src.shape() == out.shape()) {
        // A new view, not an assignment.
        using In = std::remove_cv_t<decltype(src)>;
        const In in_order =
            order ? In(src.data(), reordered(src.shape(), order->axes), reordered(src.strides(), order->axes)) : src;
        assign_through(o, values, &in_order);
        return;
      }
    }
    assign_through(o, values, static_cast<const std::nullptr_t*>(nullptr));
  };
  if constexpr (R >= 2) {
    const axis_order<R> order = memory_order(out.shape(), out.strides());
    if (!order.identity) {
      run(tensor_view<T, R, S>(out.data(), reordered(out.shape(), order.axes), reordered(out.strides(), order.axes)),
          ev.permuted(order.axes), &order);
      return;
    }
  }
  run(out, ev, static_cast<const axis_order<R>*>(nullptr));
}

/// out = e: flat when every operand is dense and unbroadcast (and out is dense).
template <class T, std::size_t R, class S, class E>
void run_assign(const tensor_view<T, R, S>& out, const E& e, bool flat) {
  if (!flat) {
    run_assign_strided(out, e);
    return;
  }
  using backend = backend_t<S>;
  using value = flat_value<std::remove_cv_t<T>, decltype(make_eval(e, out.shape()))>;
  backend::store_each(out.size(), out.data(), value{make_eval(e, out.shape())});
  backend::finish();
}

/// out = e where out overlaps an operand with another layout (a transpose of itself, a
/// shifted slice): evaluated into fresh memory first. Kept out of line, so that the
/// common path's code stays small.
template <class T, std::size_t R, class S, class E>
TANDEM_NOINLINE void assign_staged(const tensor_view<T, R, S>& out, const E& e) {
  tensor<std::remove_cv_t<T>, R, S> staged(out.shape(), uninitialized);
  run_assign(staged.view(), e, flat_ok(e, out.shape()));
  run_assign(out, staged.view(), out.is_contiguous());
}

template <std::size_t A, std::size_t R>
[[noreturn]] TANDEM_NOINLINE void broadcast_error(const shape<A>& from, const shape<R>& to) {
  throw shape_error("tandem: cannot broadcast " + to_string(from) + " into " + to_string(to));
}

/// A destination with a zero stride along a dimension of extent > 1 (a view that
/// broadcast_to made, or one built by hand) has elements that share memory: writing it
/// would leave whichever write came last, so it is refused.
template <class T, std::size_t R, class S>
TANDEM_NOINLINE void refuse_shared_elements(const tensor_view<T, R, S>& out) {
  for (std::size_t d = 0; d != R; ++d)
    if (out.stride(d) == 0 && out.extent(d) > 1)
      throw shape_error("tandem: cannot assign to a view of shape " + to_string(out.shape()) + " with strides " +
                        to_string(out.strides()) + ": dimension " + std::to_string(d) +
                        " has stride 0, so its elements share memory (as a broadcast_to view's do); "
                        "write into a tensor of that shape instead");
}

template <class T, std::size_t R, class S, class E>
void assign(const tensor_view<T, R, S>& out, const E& e) {
  if constexpr (scalar<E>) {
    assign(out, scalar_leaf<T>{convert<T>(e)});
  } else {
    static_assert(std::remove_cvref_t<E>::rank <= R,
                  "tandem: cannot assign an expression of higher rank than the destination");
    using space_e = typename std::remove_cvref_t<E>::space_type;
    if constexpr (!std::is_void_v<space_e>) {
      using checked = typename spaces_must_match<S, space_e>::type;
      (void)sizeof(checked);
    }
    const auto& from = e.shape();
    if (!broadcasts_to(from, out.shape())) broadcast_error(from, out.shape());
    if (out.size() == 0) return;
    const write_target target(out);
    if (!target.dense) refuse_shared_elements(out);
    const operand_check c = check_operand(e, target);
    if (c.aliased) {
      assign_staged(out, e);
      return;
    }
    run_assign(out, e, target.dense && c.flat);
  }
}

}  // namespace detail

/// Evaluates an expression (or copies a tensor or view) into a new tensor of its shape
/// in its space.
template <operand E>
auto eval(const E& e) {
  return tensor<value_of_t<E>, rank_of_v<E>, space_of_t<E>>(e);
}

namespace detail {

/// Whether readable_view reads the operand where it lies (a tensor or view of its own
/// element type) rather than evaluating it.
template <class X, class D = std::remove_cvref_t<X>>
inline constexpr bool reads_in_place_v = false;
template <class X, class D>
  requires(is_tensor_v<D> || is_view_v<D>)
inline constexpr bool reads_in_place_v<X, D> = std::is_same_v<typename D::value_type, value_of_t<X>>;

/// The operand as a strided view in its space: tensors and views as they are, anything
/// else evaluated into `keep`.
template <class X>
auto readable_view(const X& x, tensor<value_of_t<X>, rank_of_v<X>, space_of_t<X>>& keep) {
  using V = value_of_t<X>;
  if constexpr (reads_in_place_v<X>) {
    return tensor_view<const V, rank_of_v<X>, space_of_t<X>>(x.view());
  } else {
    keep = x;
    return tensor_view<const V, rank_of_v<X>, space_of_t<X>>(keep.view());
  }
}

/// An operand's elements as V, dense and row-major, in its own space: `data` points at
/// the operand's own memory when it is a tensor or a dense view of V, and at a copy held
/// here otherwise (or when `must_copy`, e.g. because the caller will overwrite them).
template <class V, operand X>
struct dense_operand {
  tensor<V, rank_of_v<X>, space_of_t<X>> copy;
  const V* data = nullptr;
  explicit dense_operand(const X& x, bool must_copy = false) {
    using D = std::remove_cvref_t<X>;
    if constexpr ((is_tensor_v<D> || is_view_v<D>) && std::is_same_v<value_of_t<X>, V>) {
      if (!must_copy && x.view().is_contiguous()) {
        data = x.view().data();
        return;
      }
    }
    copy = tensor<V, rank_of_v<X>, space_of_t<X>>(x.shape(), uninitialized);
    assign(copy.view(), x);
    data = copy.data();
  }
};

/// Calls fn(pointer) with the operand's elements dense and row-major, in its own space:
/// directly when they already are, else through a copy.
template <operand X, class Fn>
void with_contiguous(const X& x, Fn&& fn) {
  const dense_operand<value_of_t<X>, X> d(x);
  fn(d.data);
}

/// Calls fn(pointer) to update a view's elements in place as one dense row-major array:
/// directly when the view is dense, else on a copy that is written back afterwards.
template <class T, std::size_t R, class S, class Fn>
void update_contiguous(const tensor_view<T, R, S>& v, Fn&& fn) {
  if (v.is_contiguous()) {
    fn(v.data());
  } else {
    tensor<std::remove_cv_t<T>, R, S> tmp = v;
    fn(tmp.data());
    v = tmp;
  }
}

/// A view of an operand's elements: a tensor or view as it is, an expression evaluated
/// into a tensor held here first (what FFTs and linear algebra hand to their libraries).
template <class X>
struct operand_view {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  static constexpr std::size_t R = rank_of_v<X>;
  tensor<V, R, S> held;
  tensor_view<const V, R, S> view;  // (views are constructed, never assigned: assigning copies elements)
  explicit operand_view(const X& x) : held(evaluate(x)), view(own(x, held)) {}

 private:
  static constexpr bool direct = is_tensor_v<std::remove_cvref_t<X>> || is_view_v<std::remove_cvref_t<X>>;
  static tensor<V, R, S> evaluate(const X& x) {
    if constexpr (direct) return tensor<V, R, S>();
    else return tensor<V, R, S>(x);
  }
  static tensor_view<const V, R, S> own(const X& x, const tensor<V, R, S>& h) {
    if constexpr (direct) return as_view(x);
    else return h.view();
  }
};

}  // namespace detail

}  // namespace tandem
