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
