#pragma once
/// \file algorithm/reduce.hpp
/// Reductions over whole tensors and along one axis: sum prod min max mean argmin
/// argmax all any dot norm reduce. They take tensors, views and expressions; an
/// expression is reduced as it is computed, never materialized.
///
/// \code
/// float s = td::sum(a);                  // a host scalar; waits for the device
/// auto rows = td::sum(m, 1);             // a tensor in m's space
/// float d = td::sum(a * b);              // one pass
/// td::index_t k = td::argmax(a);         // first occurrence, row-major
/// \endcode
/// Float sums are pairwise (blocks of 128 with eight accumulators, then a balanced
/// tree), as accurate as numpy's. On the host the work is split in chunks of a fixed
/// size, so the result does not depend on the number of threads.

#include <cmath>
#include <cstddef>
#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include "../backend/backend.hpp"
#include "../creation.hpp"
#include "../error.hpp"
#include "../expr/functors.hpp"
#include "../expr/leaf.hpp"
#include "../expr/map.hpp"
#include "../expr/math.hpp"
#include "../expr/operators.hpp"
#include "../shape.hpp"
#include "../tensor.hpp"
#include "../core/pairwise.hpp"
#include "../core/tuning.hpp"

namespace tandem {
namespace detail {

// ---- combining operations ----------------------------------------------------------

/// A reduction's combining operation: an element-wise functor of expr/functors.hpp
/// (which computes as the operators do; signed integers wrap instead of overflowing),
/// its result kept in the accumulator's type.
template <class F>
struct accumulate_op {
  template <class V>
  TANDEM_HD V operator()(const V& a, const V& b) const { return static_cast<V>(F{}(a, b)); }
};
struct sum_op : accumulate_op<plus_fn> {
  using plus_tag = void;  // a plain +: CUB gets its own plus (backend/cuda/cub_op.cuh)
};
using prod_op = accumulate_op<multiplies_fn>;
using and_op = accumulate_op<logical_and_fn>;
using or_op = accumulate_op<logical_or_fn>;

/// A value and its flat position, for argmin and argmax.
template <class T>
struct value_index {
  T value;
  index_t index;
};

/// Keeps the smaller value (Less) or the larger (Greater); a NaN wins over numbers, as
/// numpy's argmin/argmax report the first NaN; ties go to the earlier position. With
/// Positional, the pairs come in order of their indices (element i carries index i), and
/// a range is searched rather than reduced pair by pair (reduce_range, below); nanargmax's
/// pairs, whose NaNs carry the largest index, are not.
template <bool Greater, bool Positional = true>
struct arg_extreme_op {
  static constexpr bool wide_vectors = true;  // compares and selects: backend/host/loops.hpp
  template <class T>
  TANDEM_HD value_index<T> operator()(const value_index<T>& a, const value_index<T>& b) const {
    const bool nan_a = is_nan(a.value), nan_b = is_nan(b.value);
    if (nan_a || nan_b) {
      if (nan_a && nan_b) return a.index <= b.index ? a : b;
      return nan_a ? a : b;
    }
    const bool b_better = Greater ? (a.value < b.value) : (b.value < a.value);
    const bool a_better = Greater ? (b.value < a.value) : (a.value < b.value);
    if (b_better) return b;
    if (a_better) return a;
    return a.index <= b.index ? a : b;
  }

  /// reduce_pairwise's reduction of a range (core/pairwise.hpp): each block's extreme
  /// value first (extreme_fn, vectorized), and only where it beats the best so far, the
  /// block is searched for its first position of that value (or of a NaN). The result
  /// is the pairwise reduction's: the first NaN, else the first position of the extreme
  /// (+0 and -0 tie, as they compare equal). The first NaN ends the search. Before, the
  /// pair-by-pair reduction took 5.8x td::max's time along rows of 4096 floats.
  /// Inlined whole into the AVX2 build under clang (config.hpp's TANDEM_WIDE_INLINE),
  /// where it and the blocks' maxima had run their SSE2 copies out of line: argmax of
  /// 2^20 floats in cache on one core 0.282 -> 0.203 ms, argmin of 2^19 doubles 0.186
  /// -> 0.123 (g++ 0.11, 0.09).
  template <class V, class Get>
    requires Positional
  TANDEM_WIDE_INLINE TANDEM_WIDE_FLATTEN TANDEM_HD V reduce_range(const Get& get, index_t begin, index_t len) const {
    using T = decltype(V::value);
    V best{};
    bool have = false;
    if (len < 2 * pairwise_lanes) {  // a short range: one pass, in order
      V r = get(begin);
      for (index_t i = 1; i < len && !is_nan(r.value); ++i) {
        const V x = get(begin + i);
        if (is_nan(x.value) || (Greater ? r.value < x.value : x.value < r.value)) r = x;
      }
      return r;
    }
    visit_blocks<V>(get, begin, len, [&](const auto& block, index_t m) {
      const T top = reduce_block_flat<T>(value_part<decltype(block)>{block}, 0, m, extreme_fn<Greater>{});
      const bool nan = is_nan(top);
      if (have && !nan && !(Greater ? best.value < top : top < best.value)) return true;
      for (index_t k = 0; k < m; ++k) {
        const V x = block(k);
        if (nan ? is_nan(x.value) : x.value == top) {
          best = x;
          break;
        }
      }
      have = true;
      return !nan;
    });
    return best;
  }

  /// Along a leading axis on CPU cores (axis_block_reduce_kernel), `width` lanes from
  /// row `begin` on: the best value and its row per lane in two arrays (the row as an
  /// offset of the value's width where it fits), each row taken where it beats the best
  /// strictly (or is the first NaN), so the earlier row keeps a tie, as the pair-by-pair
  /// reduction does. The compare and the two selects vectorize, where the pairs' array
  /// of (value, index) did not: argmax(m, 0) of 4096^2 floats 15.2 -> 4 ms.
  static constexpr bool reduces_rows = Positional;
  template <class V, class Rows>
    requires Positional
  const V* reduce_rows(const Rows& rows, index_t begin, index_t len, index_t width) const {
    using T = decltype(V::value);
    using narrow = std::conditional_t<sizeof(T) <= 4, std::uint32_t, index_t>;
    if (len - 1 <= index_t(std::numeric_limits<narrow>::max() >> 1))
      return best_rows<V, narrow>(rows, begin, len, width);
    return best_rows<V, index_t>(rows, begin, len, width);
  }

 private:
  template <class V, class P, class Rows>
  const V* best_rows(const Rows& rows, index_t begin, index_t len, index_t width) const {
    using T = decltype(V::value);
    struct positions;  // `at` and `best` may have one type (int64 values and rows)
    T* const best = thread_scratch<T>(std::size_t(width));
    P* const at = thread_scratch<P, positions>(std::size_t(width));
    rows(begin, [best, at](index_t w, const V& x) {
      best[w] = x.value;
      at[w] = 0;
    });
    for (index_t k = begin + 1; k < begin + len; ++k) {
      const P here = P(k - begin);
      rows(k, [best, at, here](index_t w, const V& x) {
        const T b = best[w];
        // (Bits combined without a branch, so that the loop vectorizes.)
        const unsigned beats = Greater ? b < x.value : x.value < b;
        const unsigned first_nan = unsigned(is_nan(x.value)) & unsigned(!is_nan(b));
        const bool take = (beats | first_nan) != 0;
        best[w] = pick(take, x.value, b);
        at[w] = pick(take, here, at[w]);
      });
    }
    V* const out = thread_scratch<V>(std::size_t(width));
    for (index_t w = 0; w < width; ++w) out[w] = V{best[w], begin + index_t(at[w])};
    return out;
  }

  template <class Get>
  struct value_part {
    const Get& get;
    TANDEM_HD auto operator()(index_t k) const { return get(k).value; }
  };

  /// take ? a : b from masks: clang 14 made the select a branch, which on random data
  /// mispredicts every other time. argmax(m, 0) of 4096^2 floats under clang 14: 4.4 ->
  /// 2.8 ms (g++ 1.35-1.8, unchanged). Along short rows, read 16 floats apart, clang
  /// still sees the select through the masks and branches (28 -> 21.7 ms; g++ 3.1).
  template <class T>
  TANDEM_HD static T pick(bool take, T a, T b) {
    if constexpr (std::is_trivially_copyable_v<T> && (sizeof(T) == 4 || sizeof(T) == 8)) {
      using U = float_bits_t<T>;  // expr/functors.hpp: the unsigned type of T's size
      return pstd::bit_cast<T>(detail::pick(mask_if<U>(take), pstd::bit_cast<U>(a), pstd::bit_cast<U>(b)));
    } else {
      return take ? a : b;
    }
  }
};

/// Ops that reduce a leading axis's tile of lanes themselves on CPU cores (with
/// Op::reduces_rows true: op.reduce_rows<V>(rows, begin, len, width), rows as
/// axis_block_reduce_kernel reads them, the result in thread scratch, `width` values):
/// var's, whose lanes reduce as its last-axis lanes do, and argmax's, which keeps values
/// and positions in separate arrays so that the comparisons vectorize. An op may say its
/// tile width (Op::lanes_tile); the axis is split into segments only when the op's
/// results combine in any order.
template <class Op>
concept reduces_row_ranges = requires { requires Op::reduces_rows; };

template <class Op>
inline constexpr bool is_arg_extreme_op_v = false;
template <bool Greater, bool Positional>
inline constexpr bool is_arg_extreme_op_v<arg_extreme_op<Greater, Positional>> = true;

/// Whether combining with Op in any order gives the same result: argmin and argmax (ties
/// go by position), any and all, and integer sums and products (which wrap); min and max
/// up to which of +0 and -0 they return when both occur. Such reductions along a leading
/// axis combine each row straight into one accumulator per output, as a loop does.
template <class Op, class V>
inline constexpr bool is_order_free_v =
    is_arg_extreme_op_v<Op> ||
    std::is_same_v<Op, extreme_fn<true>> || std::is_same_v<Op, extreme_fn<false>> ||
    std::is_same_v<Op, and_op> || std::is_same_v<Op, or_op> ||
    ((std::is_same_v<Op, sum_op> || std::is_same_v<Op, prod_op>) && std::is_integral_v<V>);

// ---- what each element contributes ---------------------------------------------------

template <class V>
struct as_value {
  template <class X>
  TANDEM_HD V operator()(X x, index_t) const { return convert<V>(x); }
};
template <class V>
struct as_square {
  template <class X>
  TANDEM_HD V operator()(X x, index_t) const {
    if constexpr (is_complex_v<X>) {  // |z|^2
      const V re = convert<V>(x.real()), im = convert<V>(x.imag());
      return re * re + im * im;
    } else {
      return convert<V>(x) * convert<V>(x);
    }
  }
};
template <class T>
struct with_index {
  static constexpr bool positional = true;
  template <class X>
  TANDEM_HD value_index<T> operator()(X x, index_t i) const { return {convert<T>(x), i}; }
};

// ---- walking a view's memory in order ----------------------------------------------

/// The same elements as a view whose layout walks memory forward and outward: negative
/// strides negated (except along `keep`, whose order a reduction along it depends on),
/// then the axes in memory_order. Work that does not depend on the order of the other
/// axes reads this one: a reduction along the rows of a transposed matrix then streams
/// down its columns as the reduction along a leading axis does.
template <class T, std::size_t R, class S>
struct forward_layout {
  tensor_view<T, R, S> view;
  axis_order<R> order;         // view's axis d is the original axis order.axes[d]
  unsigned long long flipped;  // bit a: the original axis a was reversed
  bool changed() const { return !order.identity || flipped != 0; }
};
template <class T, std::size_t R, class S>
forward_layout<T, R, S> walk_forward(const tensor_view<T, R, S>& v, std::size_t keep = R) {
  shape<R> extents = v.shape(), strides = v.strides();
  T* p = v.data();
  unsigned long long flipped = 0;
  if (v.size() != 0)
    for (std::size_t d = 0; d != R; ++d)
      if (d != keep && extents[d] > 1 && strides[d] < 0) {
        p += (extents[d] - 1) * strides[d];
        strides[d] = -strides[d];
        flipped |= 1ull << d;
      }
  const axis_order<R> o = memory_order(extents, strides);
  return {tensor_view<T, R, S>(p, reordered(extents, o.axes), reordered(strides, o.axes)), o, flipped};
}

/// For an expression's evaluator: the axis an operand lies close along when it is not
/// the last (evaluators' across_rows) moved last: `order` (order.axes[d] the axis now at
/// d), `ev` and `extents` so reordered. False, with nothing changed, when no operand asks.
template <class Ev, std::size_t R>
bool move_close_axis_last(Ev& ev, shape<R>& extents, axis_order<R>& order) {
  const int b = ev.across_rows(extents);
  if (b < 0) return false;
  order.identity = false;
  for (std::size_t d = 0, k = 0; d != R; ++d)
    if (d != std::size_t(b)) order.axes[k++] = d;
  order.axes[R - 1] = std::size_t(b);
  extents = reordered(extents, order.axes);
  ev = ev.permuted(order.axes);
  return true;
}

/// A contribution that depends on the element's position (td::argmax's index) says so
/// with `static constexpr bool positional = true`; the others may be visited in any order.
template <class Tr>
inline constexpr bool is_positional_v = requires { requires Tr::positional; };

// ---- how elements are read -----------------------------------------------------------

template <class Ev, class Tr>
struct flat_getter {
  Ev ev;
  Tr tr;
  TANDEM_HD auto operator()(index_t i) const { return tr(ev.flat(i), i); }
  /// Asks the cache for elements [i, i + count) (every operand's; core/pairwise.hpp's
  /// `ahead`).
  TANDEM_HD void ahead(index_t i, index_t count) const { ev.ahead(i, count); }
  TANDEM_HD index_t ahead_span() const { return ev.ahead_span(); }
};
template <class Ev, std::size_t R, class Tr>
struct strided_getter {
  Ev ev;
  shape<R> extents;
  Tr tr;
  TANDEM_HD auto operator()(index_t i) const {
    index_t idx[R == 0 ? 1 : R] = {};
    unravel(i, extents, idx);
    return tr(ev.at(idx), i);
  }
  /// Asks the cache for elements [i, i + count), row by row (strided_eval::ahead_row).
  TANDEM_HD void ahead(index_t i, index_t count) const {
    if constexpr (R > 0)
      walk_rows(extents, i, count, [&](const index_t* idx, index_t j0, index_t j1) { ev.ahead_row(idx, j0, j1); });
  }
  /// out[p] = (*this)(begin + p) for p in [0, len): one index decoded, then each row's
  /// run read through the evaluator's row reader (a pointer and a step per operand).
  /// core/pairwise.hpp's reductions fill a block this way and reduce it from cache, the
  /// same operations in the same order, where decoding every index cost a division per
  /// coordinate (a sum over a slice of a matrix took 11 to 15 times its loop).
  template <class V>
  TANDEM_HD void gather(index_t begin, index_t len, V* out) const {
    if constexpr (R == 0) {
      for (index_t p = 0; p < len; ++p) out[p] = (*this)(begin + p);
    } else {
      index_t p = 0;
      walk_rows(extents, begin, len, [&](const index_t* idx, index_t j0, index_t j1) {
        const auto row = ev.row(idx);
        for (index_t j = j0; j < j1; ++j, ++p) out[p] = tr(row(j), begin + p);
      });
    }
  }
};
/// Reads element i of a leaf whose elements lie one step apart in flat order
/// (single_step held): p[i * step]. With K > 0 the step is K, known to the compiler, so
/// the pairwise accumulators' loads vectorize (as loads and shuffles); with a runtime
/// step they stay scalar, which a step-2 sum on CPU cores pays for at 1.3x a loop.
template <class T, index_t K, class Tr>
struct stepped_getter {
  const T* p;
  index_t step;  // read when K == 0
  Tr tr;
  /// The step in elements: K where it is known, else `step`.
  TANDEM_HD index_t stride() const { return K > 0 ? K : step; }
  TANDEM_HD auto operator()(index_t i) const { return tr(p[i * stride()], i); }
  /// Asks the cache for elements [i, i + count) where they lie a few to a line.
  TANDEM_HD void ahead(index_t i, index_t count) const { prefetch_steps(p + i * stride(), stride(), count); }
  TANDEM_HD index_t ahead_span() const {
    const index_t s = stride();
    return (s > 0 ? s : -s) * static_cast<index_t>(sizeof(T));
  }
};

template <class Ev>
inline constexpr bool is_strided_eval_v = false;
template <class T, std::size_t R>
inline constexpr bool is_strided_eval_v<strided_eval<T, R>> = true;

/// Walks one axis from a fixed position of the other coordinates.
template <class Ev, std::size_t R, class Tr>
struct axis_getter {
  Ev ev;
  shape<R> base;
  std::size_t axis;
  Tr tr;
  TANDEM_HD auto operator()(index_t k) const {
    shape<R> idx = base;
    if constexpr (R == 1)
      idx[0] = k;  // the only axis (g++ -O3 otherwise imagines axis 1 of a rank-1 shape: -Warray-bounds)
    else
      idx[axis] = k;
    return tr(ev.at(idx.ext), k);
  }
};

/// Walks one row through a row reader (strided_eval::row): element k of the lane.
template <class Row, class Tr>
struct row_lane_getter {
  Row row;
  Tr tr;
  TANDEM_HD auto operator()(index_t k) const { return tr(row(k), k); }
};

template <class Tr, class T>
using contribution_t = std::remove_cvref_t<decltype(std::declval<Tr>()(std::declval<T>(), index_t{}))>;

/// op(init, every contribution), or nothing when the operand is empty.
template <class E, class Tr, class Op, class V>
std::optional<V> full_reduce(const E& e, const Tr& tr, const Op& op, const V& init) {
  using S = typename std::remove_cvref_t<E>::space_type;
  using backend = backend_t<S>;
  const auto extents = e.shape();
  const index_t n = extents.size();
  if (n == 0) return std::nullopt;
  if constexpr (is_view_v<std::remove_cvref_t<E>> && !is_positional_v<Tr>) {
    // A transposed or reversed view: in memory order (numpy's order too).
    const auto f = walk_forward(e.view());
    if (f.changed()) return full_reduce(f.view, tr, op, init);
  }
  const auto ev = make_eval(e, extents);
  const auto flat = [&] { return backend::template reduce<V>(n, flat_getter<decltype(ev), Tr>{ev, tr}, op, init); };
  // A tensor is dense: its one path is the flat one (each path is a whole pairwise
  // reduction to compile).
  if constexpr (is_tensor_v<std::remove_cvref_t<E>>) {
    return flat();
  } else {
    if (flat_ok(e, extents)) return flat();
    using Ev = std::remove_const_t<decltype(ev)>;
    if constexpr (is_strided_eval_v<Ev>) {  // a view or temporary: one pointer, no unravel
      index_t step = 0;
      if (single_step(extents, ev.strides, step)) {
        using T = std::remove_cv_t<std::remove_pointer_t<decltype(ev.ptr)>>;
        const auto with = [&](auto k) {
          return backend::template reduce<V>(n, stepped_getter<T, decltype(k)::value, Tr>{ev.ptr, step, tr}, op, init);
        };
        // Step 2 (every other element, the real parts of interleaved pairs): vector loads
        // on CPU cores. Other steps stay runtime ones: each constant is one more pairwise
        // reduction compiled into every program that reduces a view.
        if constexpr (backend::runs_on_cpu)
          if (step == 2) return with(std::integral_constant<index_t, 2>{});
        return with(std::integral_constant<index_t, 0>{});
      }
    }
    constexpr std::size_t R = std::remove_cvref_t<E>::rank;
    if constexpr (R >= 2 && !is_positional_v<Tr>) {
      // An expression over a transposed operand: in that operand's memory order.
      Ev moved = ev;
      shape<R> moved_extents = extents;
      axis_order<R> order{};
      if (move_close_axis_last(moved, moved_extents, order))
        return backend::template reduce<V>(n, strided_getter<Ev, R, Tr>{moved, moved_extents, tr}, op, init);
    }
    return backend::template reduce<V>(n, strided_getter<Ev, R, Tr>{ev, extents, tr}, op, init);
  }
}

/// The coordinates where lane `lane` along `axis` starts (axis coordinate 0), lanes
/// numbered row-major over the other dimensions.
template <std::size_t R>
TANDEM_HD shape<R> lane_start(index_t lane, const shape<R>& extents, std::size_t axis) {
  return plane_start(lane, extents, axis, axis);
}

/// Reduces along `axis` for each output element, then writes fin(result, length).
template <class Out, class V, class Ev, std::size_t R, class Tr, class Op, class Fin>
struct axis_reduce_kernel {
  using out_type = Out;
  static constexpr bool wide_vectors = wide_vectors_v<Op>;  // backend/host/loops.hpp
  Ev ev;
  shape<R> extents;
  std::size_t axis;
  Tr tr;
  Op op;
  V init;
  Fin fin;
  Out* out;
  TANDEM_HD void operator()(index_t o) const {
    const shape<R> idx = lane_start(o, extents, axis);
    const index_t len = extents[axis];
    if (axis + 1 == R)
      // Along the last axis every operand's lane is one row: read it through the
      // evaluator's row reader (a pointer and a step per operand), which the pairwise
      // accumulators then read in order (and vectorize where the step is 1).
      write(o, row_lane_getter<decltype(ev.row(idx.ext)), Tr>{ev.row(idx.ext), tr}, len);
    else
      write(o, axis_getter<Ev, R, Tr>{ev, idx, axis, tr}, len);
  }

  /// out[o] = fin(op(init, the pairwise reduction of get(0), ..., get(len - 1)), len).
  template <class Get>
  TANDEM_WIDE_INLINE TANDEM_HD void write(index_t o, const Get& get, index_t len) const {
    out[o] = convert<Out>(fin(op(init, reduce_pairwise<V>(get, 0, len, op)), len));
  }
};

/// A dense row of `len` elements read for reduce_pairwise (element i at p[i]), which asks
/// the cache ahead as one stream across the row's end into the `rows_after` rows that
/// follow, `row_step` apart: the next outputs on the same thread. Asking within the row
/// alone left each row's first blocks to wait (sum(m, 1) of 4096^2 floats took 1.36 ms
/// so, 1.33 without asking; the next row's first blocks asked for at once, 1.42).
template <class T, class Tr>
struct even_row_getter {
  static constexpr bool ahead_past_end = true;
  const T* p;
  index_t len, row_step, rows_after;
  Tr tr;
  TANDEM_HD auto operator()(index_t i) const { return tr(p[i], i); }
  TANDEM_HD void ahead(index_t i, index_t count) const {
    const index_t r = i / len, j = i - r * len;
    if (r <= rows_after) prefetch_run(p + r * row_step + j, count < len - j ? count : len - j);
  }
  TANDEM_HD static constexpr index_t ahead_span() { return static_cast<index_t>(sizeof(T)); }
};

/// Ops whose dense rows along the last axis run an AVX2 build (Op::wide_rows true) where
/// their other kernels do not (see even_rows_reduce_kernel).
template <class Op>
concept wide_rows_op = requires { requires Op::wide_rows; };

/// Along the last axis of a tensor or view whose rows are dense and evenly spaced (row o
/// at p + o * row_step), on CPU cores: each row read through a pointer with a step of 1
/// known to the compiler, so the pairwise accumulators' loads vectorize, and no index
/// decoded per row. The same operations as axis_reduce_kernel's (the same bits): the row
/// reader's runtime step kept its loads scalar (sum(m, 1) at 1.4 to 1.5 times the flat
/// sum of as many elements), and rows of 16 paid two divisions each.
template <class Lanes, class T>
struct even_rows_reduce_kernel {
  /// An op may ask for the AVX2 build of this kernel alone (wide_rows_op: var's, whose
  /// rows are bound by arithmetic but whose other kernels would double its compile time).
  static constexpr bool wide_vectors = wide_vectors_v<Lanes> || wide_rows_op<decltype(Lanes::op)>;
  Lanes lanes;  // what is reduced, and where it goes
  const T* p;
  index_t row_step, rows;
  TANDEM_HD void operator()(index_t o) const {
    using Tr = decltype(lanes.tr);
    const index_t len = lanes.extents[lanes.axis];
    lanes.write(o, even_row_getter<T, Tr>{p + o * row_step, len, row_step, rows - 1 - o, lanes.tr}, len);
  }
};

/// Along the last axis of a tensor or view whose rows are short (fewer than
/// 2 * pairwise_lanes elements: reduce_block folds them one element after the other)
/// and evenly spaced, on CPU cores: G rows per call, folded together, position by
/// position (selects) or one row after the other in a tight loop (adds), so that their G
/// chains of dependent operations overlap where one row at a time through
/// axis_reduce_kernel waited on each (2^20 rows of 16 floats: td::max 15.1 -> 3.05 ms,
/// td::sum 5.22 -> 2.30 ms, a loop summing each row 2.15). Each row gets the fold's
/// operations in its order: the bits of one row at a time.
template <class Lanes, class T>
struct short_rows_reduce_kernel {
  static constexpr bool wide_vectors = wide_vectors_v<Lanes>;
  /// Rows per call: 16, or an op's own tile width (var's, whose tile has a fixed cost).
  static constexpr index_t G = [] {
    if constexpr (requires { decltype(Lanes::op)::lanes_tile; })
      return decltype(Lanes::op)::lanes_tile;
    else
      return index_t(16);
  }();
  /// An op's own loop for short lanes gets `chunk` rows at a time, and the cache is
  /// asked for the rows `ahead` chunks further on: var's sixteen interleaved chains left
  /// too few loads in flight to stream (2^20 rows of 16 floats: 5.9 -> 4.0 ms; as a
  /// separate member function the same code compiled to 6.2 ms). The other paths ask
  /// for their G rows as far ahead.
  static constexpr index_t chunk = 16, ahead = 4;
  static_assert(G % chunk == 0);
  Lanes lanes;  // what is reduced, and where it goes
  const T* p;
  index_t row_step, rows;

  void operator()(index_t task) const {
    using V = std::remove_cvref_t<decltype(lanes.init)>;
    using Out = typename Lanes::out_type;
    const index_t o0 = task * G, n = rows - o0 < G ? rows - o0 : G, len = lanes.extents[lanes.axis];
    const T* const first = p + o0 * row_step;
    using Op = std::remove_cvref_t<decltype(lanes.op)>;
    const auto at = [&](index_t g, index_t k) { return lanes.tr(first[g * row_step + k], k); };
    if constexpr (requires(V* r) { lanes.op.template reduce_short_lanes<V>(at, n, len, r); }) {
      // The op's own loop for short lanes (var's): the bits it gives each lane alone.
      V r[G];
      for (index_t c = 0; c < n; c += chunk) {  // lanes are independent: chunk by chunk
        const index_t a = o0 + c + ahead * chunk;  // the chunk asked for
        if (a < rows) prefetch_run(p + a * row_step, ((rows - a < chunk ? rows - a : chunk) - 1) * row_step + len);
        const auto at_c = [&](index_t g, index_t k) { return at(c + g, k); };
        lanes.op.template reduce_short_lanes<V>(at_c, n - c < chunk ? n - c : chunk, len, r + c);
      }
      for (index_t g = 0; g < n; ++g) lanes.out[o0 + g] = convert<Out>(lanes.fin(lanes.op(lanes.init, r[g]), len));
    } else {
      // The rows ahead * chunk further on asked for, as above: the fold's first loads of
      // each row had waited on memory (2^20 rows of 16 floats, td::sum, on an AMD EPYC
      // host: 4.0 -> 1.8 ms against a loop's 1.2; on the machine of 2026-12-05, 2.2 -
      // 2.3 ms either way).
      const index_t a = o0 + ahead * chunk;
      if (a < rows) prefetch_run(p + a * row_step, ((rows - a < G ? rows - a : G) - 1) * row_step + len);
      if constexpr (reduces_row_ranges<Op>) {
        // The op's own tile of lanes (argmax's positions, var's blocks), position k of
        // each row as row k of the tile: the bits it gives each lane alone.
        const auto tile_rows = [&](index_t k, auto&& f) {
          for (index_t g = 0; g < n; ++g) f(g, at(g, k));
        };
        const V* const r = lanes.op.template reduce_rows<V>(tile_rows, 0, len, n);
        for (index_t g = 0; g < n; ++g) lanes.out[o0 + g] = convert<Out>(lanes.fin(lanes.op(lanes.init, r[g]), len));
      } else if constexpr (rolled_lanes<Op>) {
        // A select (max's): position by position, which vectorizes across the rows where
        // a row's own chain of selects stayed scalar (2^20 rows of 16 floats: 1.95-2.06
        // ms so, 3.65-3.72 a row at a time).
        V acc[G];
        for (index_t g = 0; g < n; ++g) acc[g] = lanes.tr(first[g * row_step], 0);
        for (index_t i = 1; i < len; ++i)
          for (index_t g = 0; g < n; ++g) acc[g] = lanes.op(acc[g], lanes.tr(first[g * row_step + i], i));
        for (index_t g = 0; g < n; ++g) lanes.out[o0 + g] = convert<Out>(lanes.fin(lanes.op(lanes.init, acc[g]), len));
      } else {
        // An add's (sum's): a row at a time, whose one register the core's out-of-order
        // window overlaps with the next rows' (2^20 rows of 16 floats: 1.84-1.86 ms
        // position by position, where the G accumulators did not all stay in registers,
        // 1.30-1.36 so; a loop 1.24-1.33).
        for (index_t g = 0; g < n; ++g) {
          const T* const row = first + g * row_step;
          V acc = lanes.tr(row[0], 0);
          for (index_t i = 1; i < len; ++i) acc = lanes.op(acc, lanes.tr(row[i], i));
          lanes.out[o0 + g] = convert<Out>(lanes.fin(lanes.op(lanes.init, acc), len));
        }
      }
    }
  }
};

/// Reduces along a leading `axis` on CPU cores, for a tile of up to C neighbouring
/// outputs (positions [j0, j0 + C) of the last dimension) at once: every step reads one
/// stretch of a row of the operand, in order, into C accumulators, so memory streams as
/// in a loop adding rows into a vector. Each output gets exactly axis_reduce_kernel's
/// operations (core/pairwise.hpp's reduce_pairwise_lanes), so the results are the same
/// bits as one lane per output. With Dense, the operand is read directly through `ptr`
/// and `strides` (a tensor or view whose last dimension has stride 1); otherwise through
/// the evaluator's row readers.
///
/// Task t covers tile t / segments and the (t % segments)-th segment of the axis. With
/// one segment it writes its outputs; with several (a tall operand of few tiles, split
/// for parallelism), each segment is a whole number of pairwise subtrees (seg_len a
/// power of two times pairwise_block) whose result goes to `partial`, and
/// axis_segment_combine_kernel then finishes the tree.
template <bool Dense, class Out, class V, class Ev, class X, std::size_t R, class Tr, class Op, class Fin>
struct axis_block_reduce_kernel {
  static constexpr index_t rows_ahead = 4;
  static constexpr bool wide_vectors = wide_vectors_v<Op>;
  /// Tile width: an op's own (Op::lanes_tile), tuning::axis_rows_tile for the other ops
  /// that reduce rows themselves (argmax's), else as many lanes as fill
  /// tuning::axis_block_bytes with their accumulators: one row of C for an order-free op,
  /// pairwise_lanes rows of C for the others.
  static constexpr index_t C = [] {
    if constexpr (requires { Op::lanes_tile; }) {
      return Op::lanes_tile;
    } else if constexpr (reduces_row_ranges<Op>) {
      return tuning::axis_rows_tile;
    } else {
      const std::size_t rows = is_order_free_v<Op, V> ? 1 : std::size_t(pairwise_lanes);
      const index_t c = index_t(tuning::axis_block_bytes / (rows * sizeof(V)));
      return c < 8 ? index_t(8) : c;
    }
  }();

  axis_reduce_kernel<Out, V, Ev, R, Tr, Op, Fin> lanes;  // what is reduced, and where it goes
  const X* ptr;
  shape<R> strides;
  index_t tiles;     // tiles per row of outputs
  index_t segments;  // segments of the axis per tile
  index_t seg_len;
  V* partial;        // segments > 1: C values per task

  /// The tile's first output (flat) and its width.
  struct tile {
    index_t first, width;
  };
  tile tile_of(index_t t) const {
    const index_t cols = lanes.extents[R - 1], j0 = t % tiles * C;
    return {t / tiles * cols + j0, cols - j0 < C ? cols - j0 : C};
  }

  void operator()(index_t task) const {
    const auto& l = lanes;
    const index_t t = task / segments, seg = task % segments;
    const tile tl = tile_of(t);
    const index_t len = l.extents[l.axis], r0 = seg * seg_len, r1 = len - r0 < seg_len ? len : r0 + seg_len;
    const shape<R> base = lane_start(tl.first, l.extents, l.axis);  // the tile's coordinates, axis at 0
    const index_t j0 = base[R - 1], width = tl.width;
    const X* origin = nullptr;  // Dense: the element at (base, axis 0, j0)
    if constexpr (Dense) origin = ptr + offset_of(base.ext, strides);
    // Where the tile's rows are not one run of memory (a tile narrower than the rows),
    // the cache is asked for the row rows_ahead further on: each row's stretch started
    // cold (4096^2 floats: var(m, 0), 512 lanes a tile, 6.7-6.9 -> 4.3-4.5 ms; argmax(m,
    // 0) 4.9-5.2 -> 3.7-4.0; 8 rows ahead: 4.7-5.0 and 3.8-3.9).
    const bool ask = Dense && strides[l.axis] != width;
    const auto rows = [&](index_t k, auto&& f) {
      if constexpr (Dense) {
        const X* const p = origin + k * strides[l.axis];  // the last dimension's stride is 1
        if (ask && k + rows_ahead < r1) prefetch_run(p + rows_ahead * strides[l.axis], width);
        // The lanes are independent (f(w, x) touches lane w's state alone, in scratch
        // apart from the operand), which clang is told: it could neither count the
        // iterations with `width` read through the capture nor bound the scratch arrays
        // to check them at run time, and kept argmax's tile scalar (argmax(m, 0) of
        // 4096^2 floats under clang 14: 18.5-18.7 -> 3.97-4.44 ms; g++ 1.0-1.1).
        const index_t wd = width;
        TANDEM_INDEPENDENT_LANES
        TANDEM_UNROLL_TWICE
        for (index_t w = 0; w < wd; ++w) f(w, l.tr(p[w], k));
      } else {
        shape<R> idx = base;
        idx[l.axis] = k;
        const auto row = l.ev.row(idx.ext);  // every operand's row reader
        for (index_t w = 0; w < width; ++w) f(w, l.tr(row(j0 + w), k));
      }
    };
    const V* r = nullptr;
    if constexpr (reduces_row_ranges<Op>) {
      r = l.op.template reduce_rows<V>(rows, r0, r1 - r0, width);
    } else if constexpr (is_order_free_v<Op, V>) {
      V* const acc = thread_scratch<V>(std::size_t(C));
      reduce_rows_in_order<V>(rows, r0, r1 - r0, acc, l.op);
      r = acc;
    } else {
      const index_t blocks = (r1 - r0 + pairwise_block - 1) / pairwise_block;
      const index_t slots = lane_counter<V, Op>::slots_for(blocks);
      V* const scratch = thread_scratch<V>(std::size_t((slots + pairwise_lanes) * C));
      lane_counter<V, Op> counter{scratch, C, width, l.op};
      r = reduce_pairwise_lanes<V>(rows, r0, r1 - r0, counter, scratch + slots * C);
    }
    if (segments == 1) {
      for (index_t w = 0; w < width; ++w) l.out[tl.first + w] = convert<Out>(l.fin(l.op(l.init, r[w]), len));
    } else {
      std::copy_n(r, width, partial + task * C);
    }
  }
};

/// Finishes axis_block_reduce_kernel's tree for one tile from its segments' results: the
/// segments enter reduce_pairwise's counter as equal subtrees, as their blocks would have.
template <class Reducer>
struct axis_segment_combine_kernel {
  static constexpr bool wide_vectors = wide_vectors_v<Reducer>;
  Reducer blocks;
  void operator()(index_t t) const {
    using V = std::remove_pointer_t<decltype(blocks.partial)>;
    using Op = decltype(blocks.lanes.op);
    const auto& l = blocks.lanes;
    const auto tl = blocks.tile_of(t);
    const index_t len = l.extents[l.axis], n = blocks.segments;
    lane_counter<V, Op> counter{blocks.partial + t * n * Reducer::C, Reducer::C, tl.width, l.op};
    for (index_t s = 0; s < n; ++s) {  // slot s holds segment s's result; next() is at or below it
      V* const dst = counter.next();
      const V* const src = counter.slot(int(s));
      if (dst != src) std::copy_n(src, tl.width, dst);
      counter.push(0);  // the last push's merges are the fold's first steps, so a shorter
                        // last segment may enter at level 0 too
    }
    const V* r = counter.fold();
    using Out = typename decltype(blocks.lanes)::out_type;
    for (index_t w = 0; w < tl.width; ++w) l.out[tl.first + w] = convert<Out>(l.fin(l.op(l.init, r[w]), len));
  }
};

template <class V>
struct identity_fin {
  TANDEM_HD V operator()(const V& v, index_t) const { return v; }
};
template <class V>
struct mean_fin {
  TANDEM_HD V operator()(const V& v, index_t n) const { return v / static_cast<real_part_t<V>>(n); }
};
template <class V>
struct sqrt_fin {
  TANDEM_HD V operator()(const V& v, index_t) const { return ::tandem::detail::pstd::sqrt(v); }
};
template <class T>
struct index_fin {
  TANDEM_HD index_t operator()(const value_index<T>& v, index_t) const { return v.index; }
};

/// An axis reduction's result with the reduced axis put back with extent 1 (keepdims);
/// the storage moves, nothing is copied.
template <class T, std::size_t R, class S>
tensor<T, R + 1, S> keep_axis(tensor<T, R, S>&& r, index_t axis) {
  const std::size_t a = normalize_axis(axis, R + 1, "keepdims");
  shape<R + 1> kept{};
  for (std::size_t d = 0, k = 0; d != R + 1; ++d) kept[d] = d == a ? 1 : r.shape()[k++];
  return std::move(r).reshape_into(kept);
}

template <std::size_t R>
shape<R - 1> drop_axis(const shape<R>& s, std::size_t axis) {
  shape<R - 1> out{};
  for (std::size_t d = 0, k = 0; d != R; ++d)
    if (d != axis) out[k++] = s[d];
  return out;
}

/// Reduces every lane of `ev` along `ax` into out (row-major over the other axes), in
/// space S. `dense`: the operand's view when it is a tensor or view (read directly by
/// the paths that can), else null.
template <class S, class Out, class Ev, std::size_t R, class Tr, class Op, class V, class Fin, class View>
void reduce_lanes(const Ev& ev, const shape<R>& extents, std::size_t ax, const Tr& tr, const Op& op, const V& init,
                  const Fin& fin, Out* out, const View* dense) {
  using backend = backend_t<S>;
  const index_t outputs = extents.size() / extents[ax];
  constexpr bool is_dense = !std::is_same_v<View, std::nullptr_t>;
  if constexpr (R >= 2 && backend::runs_on_cpu) {
    // Along a leading axis on a CPU: tiles of neighbouring outputs, reading rows in
    // order (see axis_block_reduce_kernel).
    if (ax != R - 1) {
      auto run = [&](auto direct, const auto* ptr, const shape<R>& strides) {
        using X = std::remove_cv_t<std::remove_pointer_t<decltype(ptr)>>;
        using reducer = axis_block_reduce_kernel<decltype(direct)::value, Out, V, Ev, X, R, Tr, Op, Fin>;
        constexpr index_t C = reducer::C;
        const index_t len = extents[ax], cols = extents[R - 1], width = cols < C ? cols : C;
        const index_t tiles = (cols + C - 1) / C, tasks = outputs / cols * tiles;
        // Few tiles: split the axis into segments of whole pairwise subtrees, enough
        // for tuning::axis_tasks tasks of at least tuning::task_size elements.
        index_t seg_len = len, segments = 1;
        if (tasks < tuning::axis_tasks && len > 2 * pairwise_block &&
            (!reduces_row_ranges<Op> || is_order_free_v<Op, V>)) {
          const index_t want = (tuning::axis_tasks + tasks - 1) / tasks;
          index_t s = pairwise_block;
          while (s * want < len || s * width < tuning::task_size) s *= 2;
          if (s < len) seg_len = s, segments = (len + s - 1) / s;
        }
        std::unique_ptr<V[]> partial(segments > 1 ? new V[std::size_t(tasks * segments * C)] : nullptr);
        const reducer blocks{{ev, extents, ax, tr, op, init, fin, out}, ptr, strides, tiles, segments,
                             seg_len, partial.get()};
        backend::for_each(tasks * segments, blocks, seg_len * width);
        if (segments > 1) backend::for_each(tasks, axis_segment_combine_kernel<reducer>{blocks}, segments * C);
      };
      bool done = false;
      if constexpr (is_dense) {
        if (dense->stride(R - 1) == 1) {
          run(std::true_type{}, dense->data(), dense->strides());
          done = true;
        }
      }
      if (!done) run(std::false_type{}, static_cast<const char*>(nullptr), shape<R>{});
      backend::finish();
      return;
    }
  }
  const axis_reduce_kernel<Out, V, Ev, R, Tr, Op, Fin> lanes{ev, extents, ax, tr, op, init, fin, out};
  if constexpr (backend::runs_on_cpu && is_dense) {
    // Along the last axis: dense rows, evenly spaced (even_rows_reduce_kernel).
    shape<R - 1> outer, outer_strides;
    for (std::size_t d = 0; d + 1 < R; ++d) outer[d] = extents[d], outer_strides[d] = dense->stride(d);
    index_t row_step = 0;
    if (dense->stride(R - 1) == 1 && single_step(outer, outer_strides, row_step)) {
      using T = std::remove_cv_t<typename View::value_type>;
      // Short rows, G at a time: through the op's tile of lanes where it has one, else
      // folded in order as reduce_block does, for ops with no range reduction of their
      // own. (argmin/argmax's pairs, folded so, were slower than a row at a time: rows
      // of 16 floats 20.8 -> 27.4 ms.)
      if constexpr (reduces_row_ranges<Op> ||
                    (!reduces_ranges<Op, V, even_row_getter<T, Tr>> && !is_arg_extreme_op_v<Op>)) {
        if (extents[ax] < 2 * pairwise_lanes) {
          using kernel = short_rows_reduce_kernel<decltype(lanes), T>;
          backend::for_each((outputs + kernel::G - 1) / kernel::G, kernel{lanes, dense->data(), row_step, outputs},
                            extents[ax] * kernel::G);
          backend::finish();
          return;
        }
      }
      backend::for_each(outputs, even_rows_reduce_kernel<decltype(lanes), T>{lanes, dense->data(), row_step, outputs},
                        extents[ax]);
      backend::finish();
      return;
    }
  }
  backend::for_each(outputs, lanes, extents[ax]);
  backend::finish();
}

/// result = `reordered`, the reduction along `ax` of the operand's axes taken in the
/// order `order` (and reversed where `flipped`), whose results are laid out in that order.
template <class Out, std::size_t R, class S>
void put_back(tensor<Out, R - 1, S>& result, const tensor<Out, R - 1, S>& reordered, const axis_order<R>& order,
              std::size_t ax, unsigned long long flipped) {
  shape<R - 1> extents_out{}, strides_out{};
  Out* p = result.data();
  for (std::size_t d = 0, k = 0; d != R; ++d) {
    const std::size_t a = order.axes[d];
    if (a == ax) continue;
    const std::size_t rd = a > ax ? a - 1 : a;  // a's place in the result
    extents_out[k] = result.shape()[rd];
    strides_out[k] = result.strides()[rd];
    if (flipped >> a & 1) p += (extents_out[k] - 1) * strides_out[k], strides_out[k] = -strides_out[k];
    ++k;
  }
  tensor_view<Out, R - 1, S>(p, extents_out, strides_out) = reordered;
}

/// Reduces along one axis into a new tensor of rank R-1 in the operand's space. When the
/// axis is empty, every output element is `empty_value` (or td::shape_error is thrown
/// when there is none, as for min and max).
template <class Out, class E, class Tr, class Op, class V, class Fin>
auto axis_reduce(const E& e, index_t axis, const Tr& tr, const Op& op, const V& init, const Fin& fin,
                 std::optional<Out> empty_value, const char* what) {
  using D = std::remove_cvref_t<E>;
  using S = typename D::space_type;
  constexpr std::size_t R = D::rank;
  static_assert(R >= 1, "tandem: an axis reduction needs an operand of rank 1 or more");
  const std::size_t ax = normalize_axis(axis, R, what);
  const auto extents = e.shape();
  tensor<Out, R - 1, S> result(drop_axis(extents, ax), uninitialized);
  if (result.size() == 0) return result;
  if (extents[ax] == 0) {
    if (!empty_value)
      throw shape_error(std::string("tandem: ") + what + " along an empty axis of a tensor of shape " +
                        to_string(extents) + " has no identity");
    result = *empty_value;
    return result;
  }
  if constexpr (is_tensor_v<D> || is_view_v<D>) {
    const auto v = e.view();
    if constexpr (R >= 2 && is_view_v<D>) {
      // A view whose closest axis is not the last, or reversed along another axis:
      // reduced in memory order (each lane's operations are the same), the results put back.
      const auto f = walk_forward(v, ax);
      if (f.changed()) {
        put_back(result, axis_reduce<Out>(f.view, index_t(f.order.place_of(ax)), tr, op, init, fin, empty_value, what),
                 f.order, ax, f.flipped);
        return result;
      }
    }
    reduce_lanes<S>(make_eval(e, extents), extents, ax, tr, op, init, fin, result.data(), &v);
  } else {
    const auto ev = make_eval(e, extents);
    if constexpr (R >= 2) {
      // An operand lying close along another axis than the last (td::sum(2 * t, 1) for
      // a transposed t): that axis moved last, so that lanes or rows run along it.
      auto moved = ev;
      shape<R> moved_extents = extents;
      axis_order<R> order{};
      if (move_close_axis_last(moved, moved_extents, order)) {
        const std::size_t fax = order.place_of(ax);
        tensor<Out, R - 1, S> reordered(drop_axis(moved_extents, fax), uninitialized);
        reduce_lanes<S>(moved, moved_extents, fax, tr, op, init, fin, reordered.data(),
                        static_cast<const std::nullptr_t*>(nullptr));
        put_back(result, reordered, order, ax, 0);
        return result;
      }
    }
    reduce_lanes<S>(ev, extents, ax, tr, op, init, fin, result.data(), static_cast<const std::nullptr_t*>(nullptr));
  }
  return result;
}

/// The result type of sum and prod (the element type; bool counts in index_t) and of
/// mean and norm (the element type when floating, else double). Sums accumulate in
/// accumulate_t of it: float for td::half and td::bfloat16.
template <class T>
using sum_t = std::conditional_t<std::is_same_v<T, bool>, index_t, T>;
template <class T>
using real_t = std::conditional_t<is_floating_v<T> || is_complex_v<T>, T, double>;

/// A quiet NaN of a floating type; NaN in both parts for a complex one (numpy's nan+nanj).
template <class V>
V quiet_nan() {
  const auto nan = std::numeric_limits<real_part_t<accumulate_t<V>>>::quiet_NaN();
  if constexpr (is_complex_v<V>)
    return V(nan, nan);
  else
    return convert<V>(nan);
}

/// op(init, contributions of every element) in the accumulation type A, as a V; init when empty.
template <class V, class A, class E, class Tr, class Op>
V accumulated(const E& e, const Tr& tr, const Op& op, A init) {
  return convert<V>(full_reduce(e, tr, op, init).value_or(init));
}

template <class E>
[[noreturn]] void throw_empty(const E& e, const char* what) {
  throw shape_error(std::string("tandem: ") + what + " of an empty tensor (shape " + to_string(e.shape()) +
                    ") is undefined");
}

/// The value every element beats: +inf (or the largest value) for a minimum, -inf (or
/// the lowest value) for a maximum.
template <bool Larger, class T>
constexpr T losing_value() {
  if constexpr (is_floating_v<T>) {
    constexpr float inf = std::numeric_limits<float>::infinity();
    return convert<T>(Larger ? -inf : inf);
  } else {
    return Larger ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
  }
}

/// The smallest and the largest together, in one pass (ptp, histogram's range).
template <class T>
struct low_high {
  T low;
  T high;
};
struct low_high_op {
  static constexpr bool wide_vectors = true;  // compares and selects: backend/host/loops.hpp
  template <class T>
  TANDEM_HD low_high<T> operator()(const low_high<T>& a, const low_high<T>& b) const {
    return {extreme_fn<false>{}(a.low, b.low), extreme_fn<true>{}(a.high, b.high)};
  }
};
template <class T>
struct as_low_high {
  template <class X>
  TANDEM_HD low_high<T> operator()(X x, index_t) const {
    const T v = convert<T>(x);
    return {v, v};
  }
};
template <class T>
low_high<T> losing_low_high() {
  return {losing_value<false, T>(), losing_value<true, T>()};
}

template <bool Larger, class E>
auto extreme(const E& e, const char* what) {
  using V = value_of_t<E>;
  auto r = full_reduce(e, as_value<V>{}, extreme_fn<Larger>{}, losing_value<Larger, V>());
  if (!r) throw_empty(e, what);
  return *r;
}
template <bool Larger, class E>
auto extreme_along(const E& e, index_t axis, const char* what) {
  using V = value_of_t<E>;
  return axis_reduce<V>(e, axis, as_value<V>{}, extreme_fn<Larger>{}, losing_value<Larger, V>(), identity_fin<V>{},
                        std::optional<V>(), what);
}

template <bool Larger, class T>
value_index<T> losing_pair() {
  return {losing_value<Larger, T>(), std::numeric_limits<index_t>::max()};
}
template <bool Larger, class E>
auto arg_extreme_along(const E& e, index_t axis, const char* what) {
  using T = value_of_t<E>;
  return axis_reduce<index_t>(e, axis, with_index<T>{}, arg_extreme_op<Larger>{}, losing_pair<Larger, T>(),
                              index_fin<T>{}, std::optional<index_t>(), what);
}
template <bool Larger, class E>
index_t arg_extreme(const E& e, const char* what) {
  using T = value_of_t<E>;
  using D = std::remove_cvref_t<E>;
  if constexpr (!is_tensor_v<D> && D::rank >= 2 && !is_complex_v<T>) {
    // A transposed or permuted view, or an expression over one: the first extreme of
    // each lane along the closest axis (axis reductions, in memory order), then the best
    // of the lanes by value and row-major position (arg_extreme_op does not depend on
    // the order it sees them in). Row-major order would stride through memory an
    // element at a time.
    constexpr std::size_t R = D::rank;
    const auto extents = e.shape();
    if (extents.size() != 0) {
      int closest = -1;
      if constexpr (is_view_v<D>) {
        if (!memory_order(extents, e.view().strides()).identity) closest = closest_axis(extents, e.view().strides());
      } else {
        closest = make_eval(e, extents).across_rows(extents);
      }
      if (closest >= 0) {
        const std::size_t c = std::size_t(closest);
        const auto at = to_vector(arg_extreme_along<Larger>(e, index_t(c), what));
        const auto value = to_vector(extreme_along<Larger>(e, index_t(c), what));
        const shape<R> dense = row_major_strides(extents);
        value_index<T> r = losing_pair<Larger, T>();
        for (std::size_t l = 0; l != at.size(); ++l) {
          shape<R> idx = lane_start(index_t(l), extents, c);
          idx[c] = at[l];
          r = arg_extreme_op<Larger>{}(r, value_index<T>{value[l], offset_of(idx.ext, dense)});
        }
        return r.index;
      }
    }
  }
  auto r = full_reduce(e, with_index<T>{}, arg_extreme_op<Larger>{}, losing_pair<Larger, T>());
  if (!r) throw_empty(e, what);
  return r->index;
}

}  // namespace detail

/// Sum of all elements; the element type is kept (bool sums count in index_t; half and
/// bfloat16 accumulate in float and round once).
template <operand E>
auto sum(const E& e) {
  using V = detail::sum_t<value_of_t<E>>;
  using A = detail::accumulate_t<V>;
  return detail::accumulated<V>(e, detail::as_value<A>{}, detail::sum_op{}, A(0));
}
/// Sums along `axis` (negative counts from the end) into a tensor of rank R-1.
template <operand E>
auto sum(const E& e, index_t axis) {
  using V = detail::sum_t<value_of_t<E>>;
  using A = detail::accumulate_t<V>;
  return detail::axis_reduce<V>(e, axis, detail::as_value<A>{}, detail::sum_op{}, A(0), detail::identity_fin<A>{},
                                std::optional<V>(V(0)), "sum");
}

/// Product of all elements (1 for an empty tensor).
template <operand E>
auto prod(const E& e) {
  using V = detail::sum_t<value_of_t<E>>;
  using A = detail::accumulate_t<V>;
  return detail::accumulated<V>(e, detail::as_value<A>{}, detail::prod_op{}, A(1));
}
template <operand E>
auto prod(const E& e, index_t axis) {
  using V = detail::sum_t<value_of_t<E>>;
  using A = detail::accumulate_t<V>;
  return detail::axis_reduce<V>(e, axis, detail::as_value<A>{}, detail::prod_op{}, A(1), detail::identity_fin<A>{},
                                std::optional<V>(V(1)), "prod");
}

/// Smallest element; NaN if any element is NaN. Throws td::shape_error when empty.
template <operand E>
auto min(const E& e) {
  return detail::extreme<false>(e, "min");
}
template <operand E>
auto min(const E& e, index_t axis) {
  return detail::extreme_along<false>(e, axis, "min");
}

/// Largest element; NaN if any element is NaN. Throws td::shape_error when empty.
template <operand E>
auto max(const E& e) {
  return detail::extreme<true>(e, "max");
}
template <operand E>
auto max(const E& e, index_t axis) {
  return detail::extreme_along<true>(e, axis, "max");
}

/// Arithmetic mean; double for integer and bool elements; NaN when empty, as numpy.
template <operand E>
auto mean(const E& e) {
  using V = detail::real_t<value_of_t<E>>;
  using A = detail::accumulate_t<V>;
  const index_t n = e.shape().size();
  if (n == 0) return detail::quiet_nan<V>();
  return detail::convert<V>(detail::accumulated<A>(e, detail::as_value<A>{}, detail::sum_op{}, A(0)) /
                            static_cast<detail::real_part_t<A>>(n));
}
template <operand E>
auto mean(const E& e, index_t axis) {
  using V = detail::real_t<value_of_t<E>>;
  using A = detail::accumulate_t<V>;
  return detail::axis_reduce<V>(e, axis, detail::as_value<A>{}, detail::sum_op{}, A(0), detail::mean_fin<A>{},
                                std::optional<V>(detail::quiet_nan<V>()), "mean");
}

/// Flat row-major index of the first smallest element (the first NaN, if any).
template <operand E>
index_t argmin(const E& e) {
  return detail::arg_extreme<false>(e, "argmin");
}
/// Index along `axis` of the first smallest element of each lane.
template <operand E>
auto argmin(const E& e, index_t axis) {
  return detail::arg_extreme_along<false>(e, axis, "argmin");
}
/// Flat row-major index of the first largest element (the first NaN, if any).
template <operand E>
index_t argmax(const E& e) {
  return detail::arg_extreme<true>(e, "argmax");
}
/// Index along `axis` of the first largest element of each lane.
template <operand E>
auto argmax(const E& e, index_t axis) {
  return detail::arg_extreme_along<true>(e, axis, "argmax");
}

/// True when any element is non-zero (false when empty).
template <operand E>
bool any(const E& e) {
  return detail::full_reduce(e, detail::as_value<bool>{}, detail::or_op{}, false).value_or(false);
}
template <operand E>
auto any(const E& e, index_t axis) {
  return detail::axis_reduce<bool>(e, axis, detail::as_value<bool>{}, detail::or_op{}, false,
                                   detail::identity_fin<bool>{}, std::optional<bool>(false), "any");
}

namespace detail {
/// What `td::all(mask)` and `td::all(mask, axis)` compute (td::all_t is in traits.hpp).
template <class E>
struct all_reduction {
  static bool whole(const E& e) { return full_reduce(e, as_value<bool>{}, and_op{}, true).value_or(true); }
  static auto along(const E& e, index_t axis) {
    return axis_reduce<bool>(e, axis, as_value<bool>{}, and_op{}, true, identity_fin<bool>{},
                             std::optional<bool>(true), "all");
  }
  static auto along_kept(const E& e, index_t axis) { return keep_axis(along(e, axis), axis); }
};
}  // namespace detail

/// Sum of elementwise products of two operands of the same shape, in one pass (half and
/// bfloat16 products are formed and summed in float).
template <operand A, operand B>
auto dot(const A& a, const B& b) {
  if (!(a.shape() == b.shape()))
    throw shape_error("tandem: dot needs operands of one shape, got " + to_string(a.shape()) + " and " +
                      to_string(b.shape()));
  using V = value_of_t<decltype(a * b)>;
  using W = detail::accumulate_t<V>;
  if constexpr (std::is_same_v<V, W>)
    return sum(a * b);
  else
    return detail::convert<V>(sum(cast<W>(a) * cast<W>(b)));
}

/// The L2 norm, sqrt(sum(|x|^2)); double for integer elements, the real type for complex.
template <operand E>
auto norm(const E& e) {
  using V = detail::real_part_t<detail::real_t<value_of_t<E>>>;
  using A = detail::accumulate_t<V>;
  return detail::convert<V>(
      static_cast<A>(std::sqrt(detail::accumulated<A>(e, detail::as_square<A>{}, detail::sum_op{}, A(0)))));
}
template <operand E>
auto norm(const E& e, index_t axis) {
  using V = detail::real_part_t<detail::real_t<value_of_t<E>>>;
  using A = detail::accumulate_t<V>;
  return detail::axis_reduce<V>(e, axis, detail::as_square<A>{}, detail::sum_op{}, A(0), detail::sqrt_fin<A>{},
                                std::optional<V>(V(0)), "norm");
}

/// True when every element of a is close to b's (td::isclose, broadcasting as numpy's
/// allclose does; shapes that do not broadcast throw td::shape_error).
template <class A, class B>
  requires binary_operands<A, B>
bool allclose(const A& a, const B& b, double rtol = 1e-5, double atol = 1e-8) {
  return all(isclose(a, b, rtol, atol));
}

/// True when a and b have the same shape and equal elements (numpy's array_equal: NaN
/// is unequal to itself; other shapes or ranks give false, never an error).
template <operand A, operand B>
bool array_equal(const A& a, const B& b) {
  if constexpr (rank_of_v<A> != rank_of_v<B>)
    return false;
  else
    return a.shape() == b.shape() && all(a == b);
}

/// `f(e, axis, td::keepdims)` for each reduction f along an axis above: f(e, axis) with
/// the reduced axis kept, extent 1.
#define TANDEM_KEEPDIMS_OVERLOAD(fn)                  \
  template <operand E>                                \
  auto fn(const E& e, index_t axis, keepdims_t) {     \
    return detail::keep_axis(fn(e, axis), axis);      \
  }
TANDEM_KEEPDIMS_OVERLOAD(sum)
TANDEM_KEEPDIMS_OVERLOAD(prod)
TANDEM_KEEPDIMS_OVERLOAD(min)
TANDEM_KEEPDIMS_OVERLOAD(max)
TANDEM_KEEPDIMS_OVERLOAD(mean)
TANDEM_KEEPDIMS_OVERLOAD(argmin)
TANDEM_KEEPDIMS_OVERLOAD(argmax)
TANDEM_KEEPDIMS_OVERLOAD(any)
TANDEM_KEEPDIMS_OVERLOAD(norm)

/// numpy's amax and amin: max and min by their other names (whole, along an axis, with
/// td::keepdims).
template <operand E, class... A>
auto amax(const E& e, A... a) -> decltype(max(e, a...)) {
  return max(e, a...);
}
template <operand E, class... A>
auto amin(const E& e, A... a) -> decltype(min(e, a...)) {
  return min(e, a...);
}

/// op(init, every element), with op an associative, commutative TANDEM_HD functor; the
/// element type is kept. `init` alone for an empty operand.
template <operand E, class Init, class Op>
auto reduce(const E& e, Init init, Op op) {
  using V = value_of_t<E>;
  const V start = detail::convert<V>(init);
  return detail::accumulated<V>(e, detail::as_value<V>{}, op, start);
}
/// The same along one axis, into a tensor of rank R-1.
template <operand E, class Init, class Op>
auto reduce(const E& e, Init init, Op op, index_t axis) {
  using V = value_of_t<E>;
  const V start = detail::convert<V>(init);
  return detail::axis_reduce<V>(e, axis, detail::as_value<V>{}, op, start, detail::identity_fin<V>{},
                                std::optional<V>(start), "reduce");
}
template <operand E, class Init, class Op>
auto reduce(const E& e, Init init, Op op, index_t axis, keepdims_t) {
  return detail::keep_axis(reduce(e, init, op, axis), axis);
}

}  // namespace tandem
