#pragma once
/// \file algorithm/scan.hpp
/// Prefix scans: cumsum, cumprod, inclusive_scan, exclusive_scan. They take tensors, views and
/// expressions (read as they are computed) and keep the element type, as
/// std::inclusive_scan does (a cumsum of bool counts in index_t, as td::sum does).
///
/// \code
/// auto c = td::cumsum(td::arange<int>(5));                 // [0, 1, 3, 6, 10]
/// auto rows = td::cumsum(m, 1);                             // along an axis, m's shape
/// auto run = td::inclusive_scan(a, max_op{});               // running maximum, rank 1
/// auto off = td::exclusive_scan(counts, 0, plus_op{});      // offsets from counts
/// \endcode
/// Without an axis the operand is read row-major and the result has rank 1, as numpy's
/// cumsum. Host: two parallel passes over chunks of 2^13 or 2^16 elements (serial when small);
/// device: Thrust's scan (CUB's single-pass scan on a GPU).

#include <cstddef>
#include <type_traits>

#include "../backend/backend.hpp"
#include "../core/tuning.hpp"
#include "../shape.hpp"
#include "../tensor.hpp"
#include "reduce.hpp"

namespace tandem {
namespace detail {

/// Scans one lane (all positions along `axis` for fixed other coordinates) sequentially.
template <class V, class Ev, std::size_t R, class Tr, class Op>
struct axis_scan_kernel {
  Ev ev;
  shape<R> extents;
  std::size_t axis;
  Tr tr;
  Op op;
  V* out;
  TANDEM_HD void operator()(index_t lane) const {
    shape<R> idx = lane_start(lane, extents, axis);
    index_t offset = 0, stride = 1, axis_stride = 1;
    for (std::size_t d = R; d-- > 0;) {
      if (d == axis) axis_stride = stride;
      offset += idx[d] * stride;
      stride *= extents[d];
    }
    V acc{};
    for (index_t k = 0; k < extents[axis]; ++k) {
      idx[axis] = k;
      const V x = tr(ev.at(idx.ext), k);
      acc = k == 0 ? x : op(acc, x);
      out[offset + k * axis_stride] = acc;
    }
  }
};

/// The scan along a leading `axis` on CPU cores, a tile of up to `width` neighbouring
/// lanes (along the last axis) per task: row k of the tile is op(row k - 1 of the
/// output, row k of the operand), read and written in order, where a lane at a time
/// strides through memory (cumsum(m, 0) of 4096^2 floats took 23 times cumsum(m, 1)).
/// Every lane sees axis_scan_kernel's operations in its order: the same bits.
template <class Lanes>
struct axis_scan_rows_kernel {
  Lanes lanes;  // what is scanned, and where it goes
  index_t width;
  index_t tiles;  // tiles per row
  void operator()(index_t t) const {
    const auto& [ev, extents, axis, tr, op, out] = lanes;
    constexpr std::size_t R = decltype(lanes.extents)::rank;
    using V = std::remove_pointer_t<decltype(lanes.out)>;
    const index_t cols = extents[R - 1], j0 = t % tiles * width, j1 = cols - j0 < width ? cols : j0 + width;
    shape<R> rows = extents;  // lanes numbered over the dimensions but the axis and the last
    rows[R - 1] = 1;
    shape<R> idx = lane_start(t / tiles, rows, axis);
    shape<R> strides;  // the output's, row-major
    index_t span = 1;
    for (std::size_t d = R; d-- > 0;) strides[d] = span, span *= extents[d];
    V* o = out + offset_of(idx.ext, strides);
    for (index_t k = 0; k < extents[axis]; ++k, o += strides[axis]) {
      idx[axis] = k;
      const auto row = ev.row(idx.ext);
      if (k == 0) {
        for (index_t j = j0; j < j1; ++j) o[j] = tr(row(j), k);
      } else {
        const V* prev = o - strides[axis];
        for (index_t j = j0; j < j1; ++j) o[j] = op(prev[j], tr(row(j), k));
      }
    }
  }
};

/// The lanes of a scan along `axis` in groups of up to G neighbouring along axis `b`
/// (`groups` per line along b): the operand and the result, and where a group starts.
template <class V, class X, std::size_t R, class Op>
struct scan_lane_groups {
  const X* in;
  shape<R> in_strides;
  V* out;
  shape<R> out_strides;
  shape<R> extents;
  std::size_t axis, b;
  index_t groups;
  Op op;

  struct group_at {
    const X* src;  // the group's first lane in the operand
    V* dst;        // and in the result
    index_t width;  // lanes in the group
  };
  group_at locate(index_t t, index_t G) const {
    const shape<R> base = plane_start(t / groups, extents, axis, b);
    const index_t g0 = t % groups * G;
    return {in + offset_of(base.ext, in_strides) + g0 * in_strides[b], out + offset_of(base.ext, out_strides) + g0 * out_strides[b],
            extents[b] - g0 < G ? extents[b] - g0 : G};
  }
};

/// The scan along `axis` of a tensor or view on CPU cores, up to G lanes neighbouring
/// along axis `b` per task, B positions at a time: a B x G tile is read whole lines at a
/// time in the operand's layout, scanned across the group at once (each lane in its
/// order, as axis_scan_kernel: the same bits), and written whole lines at a time in the
/// result's. It serves the layouts where a lane at a time is slow: along the last axis
/// (each lane one chain of dependent operations; here G interleave, and vectorize) and
/// where the operand's closest axis is not the result's (a transposed operand), where
/// one side would stride through memory an element at a time. Walking G lanes a
/// position at a time instead touched G lines a power-of-two stride apart at once, one
/// cache set: 5 times slower. The tile's shape is the caller's (lanes x positions).
template <class V, class X, std::size_t R, class Op, index_t Lanes, index_t Positions>
struct axis_scan_tiles_kernel : scan_lane_groups<V, X, R, Op> {
  static constexpr index_t G = Lanes, B = Positions;
  using L = scan_lane_groups<V, X, R, Op>;
  using L::in_strides, L::out_strides, L::extents, L::axis, L::b, L::op;

  void operator()(index_t t) const {
    const auto at = this->locate(t, G);  // (not a structured binding: the lambdas below use them)
    const X* const src = at.src;
    V* const dst = at.dst;
    const index_t gw = at.width, len = extents[axis];
    V tile[B][G];
    V acc[G];
    // Copies between the tile and a side with steps (sa along the axis, sb across the
    // lanes), the closer step innermost; a step of 1 known to the compiler.
    const auto copy = [&](index_t sa, index_t sb, index_t pb, auto&& move) {
      const auto magnitude = [](index_t x) { return x < 0 ? -x : x; };
      const auto with = [&](auto inner, index_t outer, auto&& f) {
        if (inner == 1)
          f(std::integral_constant<index_t, 1>{}, outer);
        else
          f(index_t(inner), outer);
      };
      if (magnitude(sa) <= magnitude(sb))
        with(sa, sb, [&](auto in_step, index_t out_step) {
          for (index_t g = 0; g < gw; ++g)
            for (index_t p = 0; p < pb; ++p) move(p, g, g * out_step + p * in_step);
        });
      else
        with(sb, sa, [&](auto in_step, index_t out_step) {
          for (index_t p = 0; p < pb; ++p)
            for (index_t g = 0; g < gw; ++g) move(p, g, p * out_step + g * in_step);
        });
    };
    for (index_t p0 = 0; p0 < len; p0 += B) {
      const index_t pb = len - p0 < B ? len - p0 : B;
      const X* const s = src + p0 * in_strides[axis];
      copy(in_strides[axis], in_strides[b], pb, [&](index_t p, index_t g, index_t o) { tile[p][g] = convert<V>(s[o]); });
      index_t p = 0;
      if (p0 == 0) {
        for (index_t g = 0; g < gw; ++g) acc[g] = tile[0][g];
        p = 1;
      }
      for (; p < pb; ++p)
        for (index_t g = 0; g < gw; ++g) tile[p][g] = acc[g] = op(acc[g], tile[p][g]);
      V* const d = dst + p0 * out_strides[axis];
      copy(out_strides[axis], out_strides[b], pb, [&](index_t q, index_t g, index_t o) { d[o] = tile[q][g]; });
    }
  }
};

/// The scan along an axis with a step of 1 in both the operand and the result (along
/// rows), on CPU cores: K lanes neighbouring along axis `b` per task, their K chains of
/// dependent operations interleaved a position at a time, every element read and
/// written in place. A lane at a time waits on each operation; axis_scan_tiles_kernel's
/// copies into and out of its tile (an element at a time, both ways) cost more than the
/// scan they overlap: cumsum(m, 1) of 4096^2 floats 7.0-8.0 -> 3.2-3.3 ms (a running
/// sum per row 3.8), 2^20 rows of 16 5.6-6.0 -> 3.8-3.9. Short lanes go several groups
/// to a task. Each lane in its order, as axis_scan_kernel: the same bits.
template <class V, class X, std::size_t R, class Op, index_t K>
struct axis_scan_interleaved_kernel : scan_lane_groups<V, X, R, Op> {
  static constexpr index_t G = K;
  using L = scan_lane_groups<V, X, R, Op>;
  using L::in_strides, L::out_strides, L::extents, L::axis, L::b, L::op;
  index_t per_task;  // groups per task, so that short lanes do not pay a task each
  index_t total;     // groups in all

  void operator()(index_t task) const {
    const index_t end = (task + 1) * per_task < total ? (task + 1) * per_task : total;
    for (index_t t = task * per_task; t < end; ++t) group(t);
  }

  void group(index_t t) const {
    const auto at = this->locate(t, K);
    const X* const src = at.src;
    V* const dst = at.dst;
    const index_t gw = at.width;
    const index_t len = extents[axis], sb = in_strides[b], db = out_strides[b];
    if (gw == K) {
      V acc[K];
      for (index_t k = 0; k < K; ++k) dst[k * db] = acc[k] = convert<V>(src[k * sb]);
      for (index_t j = 1; j < len; ++j)
        for (index_t k = 0; k < K; ++k) dst[k * db + j] = acc[k] = op(acc[k], convert<V>(src[k * sb + j]));
    } else {
      for (index_t k = 0; k < gw; ++k) {
        V acc = convert<V>(src[k * sb]);
        dst[k * db] = acc;
        for (index_t j = 1; j < len; ++j) dst[k * db + j] = acc = op(acc, convert<V>(src[k * sb + j]));
      }
    }
  }
};

/// Flat (row-major) scan of any operand into a new rank-1 tensor.
template <class V, class E, class Op>
auto flat_scan(const E& e, const Op& op, const V* init) {
  using S = typename std::remove_cvref_t<E>::space_type;
  using backend = backend_t<S>;
  const auto extents = e.shape();
  const index_t n = extents.size();
  tensor<V, 1, S> out(shape<1>{n}, uninitialized);
  if (n == 0) return out;
  using D = std::remove_cvref_t<E>;
  if constexpr ((is_tensor_v<D> || is_view_v<D>) && std::is_same_v<typename D::value_type, V>) {
    if (e.view().is_contiguous()) {
      backend::scan_contiguous(n, e.view().data(), op, out.data(), init);
      backend::finish();
      return out;
    }
    if constexpr (D::rank >= 2 && backend::runs_on_cpu) {
      // Row-major order strides through a transposed view's memory an element at a
      // time: a tiled copy into the result first, then the contiguous scan in place
      // (each element read before its sum is written; cumsum(transpose(m)) of 4096^2
      // floats 122 -> 32 ms, against 10 for a dense matrix).
      if (across_rows_axis(e.view().strides(), extents) >= 0) {
        tensor_view<V, D::rank, S>(out.data(), extents) = e;
        backend::scan_contiguous(n, static_cast<const V*>(out.data()), op, out.data(), init);
        backend::finish();
        return out;
      }
    }
  }
  const auto ev = make_eval(e, extents);
  constexpr std::size_t R = D::rank;
  if (flat_ok(e, extents))
    backend::scan(n, flat_getter<decltype(ev), as_value<V>>{ev, {}}, op, out.data(), init);
  else
    backend::scan(n, strided_getter<decltype(ev), R, as_value<V>>{ev, extents, {}}, op, out.data(), init);
  backend::finish();
  return out;
}

}  // namespace detail

namespace detail {
/// Running op along one axis (negative counts from the end), into a tensor of the
/// operand's shape.
template <class V, class E, class Op>
auto axis_scan(const E& e, index_t axis, const Op& op, const char* what) {
  using D = std::remove_cvref_t<E>;
  using S = typename D::space_type;
  constexpr std::size_t R = D::rank;
  static_assert(R >= 1, "tandem: a scan along an axis needs an operand of rank 1 or more");
  const std::size_t ax = normalize_axis(axis, R, what);
  const auto extents = e.shape();
  tensor<V, R, S> out(extents, uninitialized);
  if (out.size() == 0) return out;
  const auto ev = make_eval(e, extents);
  using backend = backend_t<S>;
  const axis_scan_kernel<V, decltype(ev), R, as_value<V>, Op> lanes{ev, extents, ax, {}, op, out.data()};
  if constexpr (R >= 2 && backend::runs_on_cpu && (is_tensor_v<D> || is_view_v<D>)) {
    // Along the last axis, or a transposed operand: tiles of lanes (axis_scan_tiles_kernel),
    // neighbouring along the operand's closest axis, else the result's, else another.
    const auto v = e.view();
    const shape<R> dense = out.strides();
    const int in_close = closest_axis(extents, v.strides()), out_close = closest_axis(extents, dense);
    if (in_close == int(ax) || out_close == int(ax) || in_close != out_close) {
      int b = in_close != int(ax) ? in_close : out_close != int(ax) ? out_close : -1;
      for (std::size_t d = R; b < 0 && d-- > 0;)
        if (d != ax && extents[d] > 1) b = int(d);
      if (b >= 0) {
        const auto run = [&](auto group, auto positions) {
          using X = std::remove_cv_t<value_of_t<E>>;
          using kernel = axis_scan_tiles_kernel<V, X, R, Op, group, positions>;
          const index_t groups = (extents[std::size_t(b)] + kernel::G - 1) / kernel::G;
          const index_t tasks = out.size() / extents[ax] / extents[std::size_t(b)] * groups;
          backend::for_each(
              tasks, kernel{{v.data(), v.strides(), out.data(), dense, extents, ax, std::size_t(b), groups, op}},
              extents[ax] * kernel::G);
        };
        // Otherwise tiles: of 8 KiB along the lanes on both sides where the operand's
        // rows have a step (measured with a step of 1 before the interleaved kernel:
        // 4096^2 floats, cumsum along rows 8.3 ms with 16 x 128, 22 with 32 x 32), of
        // 16 KiB across them where one side is transposed (wide, so that its rows are
        // long: 128 x 32 for floats).
        constexpr index_t bytes = index_t(sizeof(V));
        if (in_close == int(ax) && out_close == int(ax) && v.strides()[ax] == 1) {
          // Along rows on both sides: 4 lanes interleaved, read and written in place
          // (8 lines of one cache set at a time where rows are a power of two apart).
          using X = std::remove_cv_t<value_of_t<E>>;
          using kernel = axis_scan_interleaved_kernel<V, X, R, Op, 4>;
          const index_t groups = (extents[std::size_t(b)] + kernel::G - 1) / kernel::G;
          const index_t total = out.size() / extents[ax] / extents[std::size_t(b)] * groups;
          const index_t per = extents[ax] * kernel::G >= 1024 ? 1 : (1024 + extents[ax] * kernel::G - 1) / (extents[ax] * kernel::G);
          backend::for_each((total + per - 1) / per,
                            kernel{{v.data(), v.strides(), out.data(), dense, extents, ax, std::size_t(b), groups, op}, per, total},
                            per * extents[ax] * kernel::G);
        } else if (in_close == out_close)
          run(std::integral_constant<index_t, 16>{}, std::integral_constant<index_t, (8192 / 16 / bytes > 1 ? 8192 / 16 / bytes : 1)>{});
        else
          run(std::integral_constant<index_t, (16384 / 32 / bytes > 1 ? 16384 / 32 / bytes : 1)>{}, std::integral_constant<index_t, 32>{});
        backend::finish();
        return out;
      }
    }
  }
  if constexpr (R >= 2 && backend::runs_on_cpu) {
    if (ax != R - 1) {  // tiles of lanes, row by row (axis_scan_rows_kernel)
      const index_t cols = extents[R - 1], width = cols < tuning::scan_tile ? cols : tuning::scan_tile;
      const index_t tiles = (cols + width - 1) / width, rows = out.size() / extents[ax] / cols;
      backend::for_each(rows * tiles,
                        axis_scan_rows_kernel<decltype(lanes)>{lanes, width, tiles},
                        extents[ax] * width);
      backend::finish();
      return out;
    }
  }
  backend::for_each(out.size() / extents[ax], lanes, extents[ax]);
  backend::finish();
  return out;
}
}  // namespace detail

/// Running sums of the elements, row-major, as a rank-1 tensor.
template <operand E>
auto cumsum(const E& e) {
  using V = detail::sum_t<value_of_t<E>>;
  return detail::flat_scan<V>(e, detail::sum_op{}, static_cast<const V*>(nullptr));
}

/// Running sums along one axis (negative counts from the end); the operand's shape.
template <operand E>
auto cumsum(const E& e, index_t axis) {
  return detail::axis_scan<detail::sum_t<value_of_t<E>>>(e, axis, detail::sum_op{}, "cumsum");
}

/// Running products of the elements, row-major, as a rank-1 tensor (numpy's cumprod
/// without an axis); bool counts as index_t, as for sum.
template <operand E>
auto cumprod(const E& e) {
  using V = detail::sum_t<value_of_t<E>>;
  return detail::flat_scan<V>(e, detail::prod_op{}, static_cast<const V*>(nullptr));
}

/// Running products along one axis; the operand's shape.
template <operand E>
auto cumprod(const E& e, index_t axis) {
  return detail::axis_scan<detail::sum_t<value_of_t<E>>>(e, axis, detail::prod_op{}, "cumprod");
}

/// out[i] = x0 op x1 op ... op xi, row-major, as a rank-1 tensor; op is an associative
/// TANDEM_HD functor.
template <operand E, class Op>
auto inclusive_scan(const E& e, Op op) {
  using V = value_of_t<E>;
  return detail::flat_scan<V>(e, op, static_cast<const V*>(nullptr));
}

/// out[i] = init op x0 op ... op x(i-1) (out[0] = init), row-major, as a rank-1 tensor.
template <operand E, class Init, class Op>
auto exclusive_scan(const E& e, Init init, Op op) {
  using V = value_of_t<E>;
  const V start = static_cast<V>(init);
  return detail::flat_scan<V>(e, op, &start);
}

}  // namespace tandem
