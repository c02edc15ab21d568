#pragma once
/// \file algorithm/searching.hpp
/// numpy's searching and counting: searchsorted, topk, partition, argpartition, argsort
/// along an axis, unique_counts, unique_inverse, bincount, digitize and isin, in every
/// space, for tensors, views and expressions.
///
/// \code
/// auto pos = td::searchsorted(edges, x);                 // numpy's side="left", any shape
/// auto r = td::searchsorted(edges, x, td::side::right);
/// auto y = td::interp(x, xp, fp);                        // numpy's piecewise-linear interp
/// auto [vals, idx] = td::topk(a, 16);                    // the 16 largest, largest first
/// auto p = td::partition(a, 5);                          // p(5) is where a sort puts it
/// auto order = td::argsort(m, 0);                        // each column's sorting indices
/// auto by_name = td::lexsort(first_names, last_names);    // last key first
/// auto [u, counts] = td::unique_counts(a);
/// auto [u2, inverse] = td::unique_inverse(a);            // u2[inverse] == a
/// auto h = td::bincount(labels, 10);                     // at least 10 counts
/// auto bin = td::digitize(x, edges);                     // numpy's right=False
/// auto mask = td::isin(a, td::tensor<int, 1>{2, 3, 5});
/// \endcode
/// Order is numpy's sort order: NaNs after everything else (searchsorted finds their
/// place there), -0.0 equal to +0.0. topk calls NaN the largest value (as numpy's
/// `sort(a)[::-1]` and torch.topk do) and breaks ties by the lower index, so its result
/// is determined; partition and argpartition order each lane's ends unspecified, as
/// numpy's do, but deterministically. Operands of different element types compare in
/// their common type (double for an integer against a float of another width).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "../backend/backend.hpp"
#include "../core/nth_element.hpp"
#include "../creation.hpp"
#include "../error.hpp"
#include "../expr/assign.hpp"
#include "../expr/functors.hpp"
#include "../shape.hpp"
#include "../tensor.hpp"
#include "../views/axes.hpp"
#include "../views/reshape.hpp"
#include "manipulation.hpp"
#include "reduce.hpp"
#include "scan.hpp"
#include "selection.hpp"
#include "sort.hpp"

namespace tandem {

/// Which of several equal elements searchsorted lands beside: before them (left, the
/// first suitable index) or after them (right, the last).
enum class side { left, right };

/// topk's answer: the k largest elements of each lane, largest first, and where they
/// were along the axis.
template <class V, std::size_t R, class S>
struct topk_result {
  tensor<V, R, S> values;
  tensor<index_t, R, S> indices;
};
/// unique_counts' answer: the sorted distinct values and how often each occurs.
template <class V, class S>
struct unique_counts_result {
  tensor<V, 1, S> values;
  tensor<index_t, 1, S> counts;
};
/// unique_inverse's answer: the sorted distinct values, and for each element of the
/// operand (in its shape) the index of its value among them.
template <class V, std::size_t R, class S>
struct unique_inverse_result {
  tensor<V, 1, S> values;
  tensor<index_t, R, S> inverse;
};

namespace detail {

/// The type two element types compare in: the common one of numpy's rules where that
/// is exact, else double.
template <class T, class U>
struct search_key {
  using type = double;
};
template <class T>
struct search_key<T, T> {
  using type = accumulate_t<T>;
};
template <class T, class U>
  requires(!std::is_same_v<T, U> && std::is_integral_v<T> && std::is_integral_v<U> &&
           std::is_signed_v<T> == std::is_signed_v<U>)
struct search_key<T, U> {
  using type = std::common_type_t<T, U>;
};
template <class T, class U>
  requires(!std::is_same_v<T, U> && is_floating_v<T> && is_floating_v<U>)
struct search_key<T, U> {
  using type = decltype(accumulate_t<T>() + accumulate_t<U>());
};
template <class T, class U>
using search_key_t = typename search_key<T, U>::type;

/// numpy's sort order: a before b, NaN after every number, NaNs equivalent.
struct order_less {
  template <class K>
  TANDEM_HD bool operator()(K a, K b) const {
    if constexpr (is_floating_v<K>)
      return a < b || (b != b && a == a);
    else
      return a < b;
  }
};
/// Equal in that order (NaN equal to NaN, -0.0 to +0.0).
template <class K>
TANDEM_HD bool order_equal(K a, K b) {
  return !order_less{}(a, b) && !order_less{}(b, a);
}

/// An element and its index along its lane, ordered by value (order_less) then index:
/// a strict total order, so selection by it is determined.
template <class K>
struct ranked {
  K value;
  index_t index;
};
/// Ascending in numpy's sort order, ties by index (partition, argpartition).
struct ranked_ascending {
  template <class K>
  TANDEM_HD bool operator()(const ranked<K>& a, const ranked<K>& b) const {
    if (order_less{}(a.value, b.value)) return true;
    if (order_less{}(b.value, a.value)) return false;
    return a.index < b.index;
  }
};
/// Descending (NaN first), ties by index (topk).
struct ranked_descending {
  template <class K>
  TANDEM_HD bool operator()(const ranked<K>& a, const ranked<K>& b) const {
    if (order_less{}(b.value, a.value)) return true;
    if (order_less{}(a.value, b.value)) return false;
    return a.index < b.index;
  }
};

/// The first index in sorted[0, n) where x could go keeping the order: after the
/// elements equal to x when Right.
template <class K, bool Right, class T>
TANDEM_HD index_t bound_of(const T* sorted, index_t n, K x) {
  index_t lo = 0, hi = n;
  while (lo < hi) {
    const index_t mid = lo + (hi - lo) / 2;
    const K s = convert<K>(sorted[mid]);
    if (Right ? !order_less{}(x, s) : order_less{}(s, x))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

template <class K, bool Right, class T, class Get>
struct search_kernel {
  const T* sorted;
  index_t n;
  Get get;
  index_t* out;
  TANDEM_HD void operator()(index_t i) const { out[i] = bound_of<K, Right>(sorted, n, convert<K>(get(i))); }
};

template <class K, class T, class Get>
struct isin_kernel {
  const T* sorted;
  index_t n;
  Get get;
  bool* out;
  TANDEM_HD void operator()(index_t i) const {
    const K x = convert<K>(get(i));
    const index_t at = bound_of<K, false>(sorted, n, x);
    out[i] = at < n && convert<K>(sorted[at]) == x;  // == : NaN is in nothing, as numpy's isin
  }
};

/// searchsorted into a tensor of the values' shape.
template <class A, class X>
auto search(const A& sorted, const X& values, side s) {
  using T = value_of_t<A>;
  using U = value_of_t<X>;
  using S = typename spaces_must_match<space_of_t<A>, space_of_t<X>>::type;
  using K = search_key_t<T, U>;
  static_assert(rank_of_v<A> == 1, "tandem: searchsorted searches a rank-1 sorted operand");
  const auto extents = values.shape();
  tensor<index_t, rank_of_v<X>, S> out(extents, uninitialized);
  if (extents.size() == 0) return out;
  const dense_operand<T, A> sd(sorted);
  const index_t n = sorted.shape()[0];
  with_getter<U>(values, extents, [&](auto get) {
    using G = decltype(get);
    if (s == side::right)
      backend_t<S>::for_each(extents.size(), search_kernel<K, true, T, G>{sd.data, n, get, out.data()}, 32);
    else
      backend_t<S>::for_each(extents.size(), search_kernel<K, false, T, G>{sd.data, n, get, out.data()}, 32);
  });
  backend_t<S>::finish();
  return out;
}

/// The lanes of a view along its last axis: lane l's first element and the step between
/// its elements (the lanes are numbered row-major over the other axes).
template <std::size_t R>
struct lane_map {
  shape<R> extents, strides;  // extents[R - 1] == 1: the lane's own axis does not count
  TANDEM_HD index_t offset(index_t lane) const {
    index_t idx[R];
    unravel(lane, extents, idx);
    index_t off = 0;
    for (std::size_t d = 0; d + 1 < R; ++d) off += idx[d] * strides[d];
    return off;
  }
  TANDEM_HD index_t step() const { return strides[R - 1]; }
};
template <class T, std::size_t R, class S>
lane_map<R> lanes_of(const tensor_view<T, R, S>& v) {
  lane_map<R> m{v.shape(), v.strides()};
  m.extents[R - 1] = 1;
  return m;
}

/// Puts (x, i) into the topk-ordered b[0, to) at its place, b[to] free (the pair there
/// dropped), moving the smaller ones down one. i is larger than every index held, so a
/// value that ties goes after those it ties.
template <class K>
TANDEM_HD void topk_place(ranked<K>* b, index_t to, K x, index_t i) {
  while (to > 0 && order_less{}(b[to - 1].value, x)) {
    b[to] = b[to - 1];
    --to;
  }
  b[to] = ranked<K>{x, i};
}

/// The top k of a stretch of one lane, in a buffer of k (value, index) pairs kept in
/// topk order: chunk c of lane l covers [c chunk, (c + 1) chunk) and writes buffer
/// l chunks + c. Elements come in index order, so one that only ties the worst kept
/// loses to it. Once k are kept, elements are tested a block at a time first: a block
/// none of whose elements can beat the worst kept (!(x <= worst): larger, or a NaN on
/// either side) is passed over with one branch, and its test vectorizes where the lane
/// has a step of 1. (One branchy test per element: the top 16 of 2^24 floats took
/// 18.5 ms on two cores, 3.6 GB/s.) Block is 1 for GPUs: each thread there scans a
/// stretch of a few hundred elements, most of whose blocks would hold a candidate and
/// be read twice; that form was measured on one (2.66 ms for the same top 16), this one
/// not yet.
template <class V, std::size_t R, index_t Block = 32>
struct topk_chunk_kernel {
  using K = accumulate_t<V>;
  const V* data;
  lane_map<R> lanes;
  index_t len, chunk, chunks, k;
  ranked<K>* buffers;
  static constexpr index_t most = 64;  // the largest k topk streams (topk picks this kernel up to it)
  static constexpr index_t block = Block;  // elements tested at once
  TANDEM_HD void operator()(index_t task) const {
    const index_t lane = task / chunks, c = task % chunks;
    const index_t begin = c * chunk, end = begin + chunk < len ? begin + chunk : len;
    const V* p = data + lanes.offset(lane);
    if (lanes.step() == 1)
      scan<1>(p, 1, begin, end, task);
    else
      scan<0>(p, lanes.step(), begin, end, task);
  }
  /// The stretch [begin, end) of the lane at p, its step `Step` (0: `step`).
  template <index_t Step>
  TANDEM_HD void scan(const V* p, index_t step, index_t begin, index_t end, index_t task) const {
    const auto at = [p, step](index_t i) { return convert<K>(p[i * (Step > 0 ? Step : step)]); };
    // The best k so far in a local array (on a GPU, memory that its thread's L1 caches
    // write-back; the top 16 of 2^24 floats took 2.66 ms on an H200 against 2.73 with
    // the insertions made in the output buffer), copied out at the end.
    ranked<K> buf[most];
    index_t kept = 0;
    K worst = K(0);
    const auto offer = [&](index_t i) {
      const K x = at(i);
      if (kept < k)
        ++kept;
      else if (!order_less{}(worst, x))
        return;
      topk_place(buf, kept - 1, x, i);
      worst = buf[kept - 1].value;
    };
    index_t i = begin;
    for (; i < end && kept < k; ++i) offer(i);
    if constexpr (block > 1) {
      for (; i + block <= end; i += block) {
        int may = 0;  // an int, not a bool: GCC 12 vectorizes its | only so
        for (index_t j = 0; j < block; ++j) may |= at(i + j) <= worst ? 0 : 1;
        if (may)  // one test each first: most still lose to the worst kept
          for (index_t j = 0; j < block; ++j)
            if (!(at(i + j) <= worst)) offer(i + j);
      }
    }
    for (; i < end; ++i) offer(i);
    ranked<K>* out = buffers + task * k;
    for (index_t j = 0; j < kept; ++j) out[j] = buf[j];
  }
};

/// topk's stretches along a leading axis on CPU cores, without copying the lanes into
/// rows: a task takes up to `width` neighbouring lanes, adjacent in memory (the
/// operand's last axis has stride 1), over one stretch [c chunk, (c + 1) chunk) of the
/// axis, reads the tile a row at a time, in order, and keeps each lane's best k in its
/// buffer as topk_chunk_kernel does (the same pairs). A row none of whose elements can
/// beat its lane's worst kept costs one vectorized test. (Copying the lanes into rows
/// first: topk(m, 16, 0) of 4096^2 floats 26-28 ms, the copy 14 of them.)
template <class V, std::size_t R>
struct topk_tile_kernel {
  using K = accumulate_t<V>;
  static constexpr index_t width = 64;
  static constexpr index_t rows_ahead = 8;  // rows asked for from the cache ahead: a row is a page apart
  const V* data;
  lane_map<R> lanes;
  index_t len, chunk, chunks, k;
  index_t cols, tiles_per_row;  // lanes per run of adjacent ones; tiles per run
  ranked<K>* buffers;
  void operator()(index_t task) const {
    const index_t tile = task / chunks, c = task % chunks;
    const index_t j0 = tile % tiles_per_row * width, n = cols - j0 < width ? cols - j0 : width;
    const index_t lane0 = tile / tiles_per_row * cols + j0;
    const V* const p = data + lanes.offset(lane0);
    const index_t step = lanes.step();
    const index_t begin = c * chunk, end = begin + chunk < len ? begin + chunk : len;
    const auto buf = [&](index_t w) { return buffers + ((lane0 + w) * chunks + c) * k; };
    K worst[width];
    index_t i = begin;
    for (; i < end && i - begin < k; ++i)  // the first k of every lane get in
      for (index_t w = 0; w < n; ++w) topk_place(buf(w), i - begin, convert<K>(p[i * step + w]), i);
    const index_t kept = i - begin;
    for (index_t w = 0; w < n; ++w) worst[w] = buf(w)[kept - 1].value;
    for (; i < end; ++i) {
      if (i + rows_ahead < end) prefetch_run(p + (i + rows_ahead) * step, n);
      const V* const row = p + i * step;
      int may = 0;  // an int, not a bool: GCC 12 vectorizes its | only so
      for (index_t w = 0; w < n; ++w) may |= convert<K>(row[w]) <= worst[w] ? 0 : 1;
      if (!may) continue;
      for (index_t w = 0; w < n; ++w) {
        const K x = convert<K>(row[w]);
        if (x <= worst[w] || !order_less{}(worst[w], x)) continue;
        ranked<K>* const b = buf(w);
        topk_place(b, k - 1, x, i);
        worst[w] = b[k - 1].value;
      }
    }
  }
};

/// Merges n pairs of buf (in topk order) into best, which holds `kept` (also in topk
/// order, room for k); returns how many best holds after.
template <class K>
TANDEM_HD index_t merge_best(ranked<K>* best, index_t kept, const ranked<K>* buf, index_t n, index_t k) {
  for (index_t j = 0; j < n; ++j) {
    const ranked<K> x = buf[j];
    index_t at;
    if (kept < k)
      at = kept++;
    else if (ranked_descending{}(x, best[k - 1]))
      at = k - 1;
    else
      break;  // buf is in topk order: nothing after x gets in either
    while (at > 0 && ranked_descending{}(x, best[at - 1])) {
      best[at] = best[at - 1];
      --at;
    }
    best[at] = x;
  }
  return kept;
}

/// Merges lane l's chunk buffers into its k results, written through the output lanes.
template <class V, std::size_t R>
struct topk_merge_kernel {
  using K = accumulate_t<V>;
  ranked<K>* buffers;
  index_t len, chunk, chunks, k;
  V* values;
  index_t* indices;
  lane_map<R> out_lanes;
  TANDEM_HD void operator()(index_t lane) const {
    ranked<K>* best = buffers + lane * chunks * k;  // chunk 0's buffer, merged into in place
    index_t kept = len < chunk ? len : chunk;
    if (kept > k) kept = k;
    for (index_t c = 1; c < chunks; ++c) {
      const ranked<K>* buf = buffers + (lane * chunks + c) * k;
      index_t n = len - c * chunk;
      if (n > chunk) n = chunk;
      if (n > k) n = k;
      kept = merge_best(best, kept, buf, n, k);
    }
    const index_t off = out_lanes.offset(lane), step = out_lanes.step();
    for (index_t j = 0; j < k; ++j) {
      values[off + j * step] = convert<V>(best[j].value);
      indices[off + j * step] = best[j].index;
    }
  }
};

/// One level of a tree of merges (GPUs): output buffer g of lane l holds the top k of
/// input buffers [g group, (g + 1) group) of that lane, each input buffer covering `span`
/// elements of the lane (the last fewer) and so holding min(k, covered) pairs.
template <class K>
struct topk_group_merge_kernel {
  const ranked<K>* in;
  ranked<K>* out;
  index_t len, span, buffers, group, groups, k;
  TANDEM_HD index_t held(index_t b) const {
    const index_t covered = len - b * span < span ? len - b * span : span;
    return covered < k ? covered : k;
  }
  TANDEM_HD void operator()(index_t task) const {
    const index_t lane = task / groups, g = task % groups;
    const index_t first = g * group, last = first + group < buffers ? first + group : buffers;
    ranked<K>* best = out + task * k;
    index_t kept = held(first);
    const ranked<K>* b0 = in + (lane * buffers + first) * k;
    for (index_t j = 0; j < kept; ++j) best[j] = b0[j];
    for (index_t b = first + 1; b < last; ++b) {
      const ranked<K>* buf = in + (lane * buffers + b) * k;
      const index_t n = held(b);
      kept = merge_best(best, kept, buf, n, k);
    }
  }
};

/// Each lane's pairs selected and sorted in place: the first k in Order's sequence
/// (topk with a large k, argpartition).
template <class V, std::size_t R, class Order>
struct ranked_lane_kernel {
  using K = accumulate_t<V>;
  const V* data;
  lane_map<R> lanes;
  index_t len, kth;  // select the pair at kth; sort [0, kth] after when sort_head
  bool sort_head;
  ranked<K>* pairs;
  TANDEM_HD void operator()(index_t lane) const {
    const V* p = data + lanes.offset(lane);
    const index_t step = lanes.step();
    ranked<K>* q = pairs + lane * len;
    for (index_t i = 0; i < len; ++i) q[i] = ranked<K>{convert<K>(p[i * step]), i};
    if (kth + 1 < len || !sort_head) select_kth(q, len, kth, Order{});
    if (sort_head) heap_sort(q, kth + 1, Order{});
  }
};

template <class V, std::size_t R>
struct ranked_write_kernel {
  using K = accumulate_t<V>;
  const ranked<K>* pairs;
  index_t len, width;  // the first `width` pairs of each lane go out
  V* values;           // may be null
  index_t* indices;
  lane_map<R> out_lanes;
  TANDEM_HD void operator()(index_t flat) const {
    const index_t lane = flat / width, j = flat % width;
    const ranked<K>& r = pairs[lane * len + j];
    const index_t at = out_lanes.offset(lane) + j * out_lanes.step();
    if (values) values[at] = convert<V>(r.value);
    indices[at] = r.index;
  }
};

/// Selection in a dense lane of values alone (partition).
template <class V>
struct partition_kernel {
  V* data;
  index_t len, kth;
  TANDEM_HD void operator()(index_t lane) const {
    V* p = data + lane * len;
    select_kth(p, len, kth, value_order{});
  }
  struct value_order {
    TANDEM_HD bool operator()(const V& a, const V& b) const {
      return order_less{}(convert<accumulate_t<V>>(a), convert<accumulate_t<V>>(b));
    }
  };
};

/// The operand with `axis` moved last, as a view whose lanes are its rows. On CPU cores,
/// where those lanes would stride through memory an element per cache line (a leading
/// axis, a transposed operand), a copy laid out with the axis last (axis_last_copy, in
/// tiles) in keep instead: topk(m, 16, 0) of 4096^2 floats 51 -> 36 ms (topk(m, 16, 1): 19).
/// An expression is evaluated once, straight into that layout where it is wanted.
template <class X>
auto lanes_last_view(const X& x, std::size_t axis, tensor<value_of_t<X>, rank_of_v<X>, space_of_t<X>>& keep) {
  using View = tensor_view<const value_of_t<X>, rank_of_v<X>, space_of_t<X>>;
  if constexpr (backend_t<space_of_t<X>>::runs_on_cpu) {
    // The lanes' step as readable_view would give them: the operand's own, or the
    // row-major one of its evaluated copy.
    index_t step = row_major_strides(x.shape())[axis];
    if constexpr (reads_in_place_v<X>) step = x.view().stride(axis) < 0 ? -x.view().stride(axis) : x.view().stride(axis);
    if (step > 4 && x.shape()[axis] > 1) {
      keep = axis_last_copy(x, axis);
      return View(keep.view());
    }
  }
  return View(moveaxis(readable_view(x, keep), static_cast<index_t>(axis), -1));
}

inline index_t normalize_kth(index_t kth, index_t len, const char* what) {
  const index_t k = kth < 0 ? kth + len : kth;
  if (k < 0 || k >= len)
    throw index_error(std::string("tandem: ") + what + ": kth " + std::to_string(kth) +
                      " is out of bounds for a lane of " + std::to_string(len) + " elements");
  return k;
}

/// Flags where a sorted run of values starts: flags[i] = 1 when i == 0 or sorted[i]
/// differs from sorted[i - 1] (NaNs all alike).
template <class V>
struct run_start_kernel {
  const V* sorted;
  index_t* flags;
  TANDEM_HD void operator()(index_t i) const {
    using K = accumulate_t<V>;
    flags[i] = i == 0 || !order_equal(convert<K>(sorted[i]), convert<K>(sorted[i - 1])) ? 1 : 0;
  }
};
/// At each run start, the run's value and where it starts, by its number (group - 1).
template <class V>
struct run_record_kernel {
  const V* sorted;
  const index_t* flags;
  const index_t* group;  // inclusive sums of flags
  V* values;
  index_t* starts;
  TANDEM_HD void operator()(index_t i) const {
    if (flags[i]) {
      values[group[i] - 1] = sorted[i];
      if (starts) starts[group[i] - 1] = i;
    }
  }
};
struct run_length_kernel {
  const index_t* starts;
  index_t runs, n;
  index_t* counts;
  TANDEM_HD void operator()(index_t g) const { counts[g] = (g + 1 < runs ? starts[g + 1] : n) - starts[g]; }
};
struct inverse_kernel {
  const index_t* order;
  const index_t* group;
  index_t* inverse;
  TANDEM_HD void operator()(index_t i) const { inverse[order[i]] = group[i] - 1; }
};

template <class V>
struct element_bin {
  const V* x;
  TANDEM_HD index_t operator()(index_t i) const { return static_cast<index_t>(x[i]); }
};

/// One element of a tensor in any space, read on the host.
template <class V, class S>
V element_at(const V* p, index_t i) {
  V v;
  copy_bytes<host_space, S>(&v, p + i, sizeof(V));
  return v;
}

/// The runs of equal values in a sorted rank-1 tensor: their values, where each starts
/// (when starts are wanted) and, per element, its run number + 1 in `group`.
template <class V, class S>
index_t sorted_runs(const tensor<V, 1, S>& sorted, tensor<index_t, 1, S>& group, tensor<V, 1, S>& values,
                    tensor<index_t, 1, S>* starts) {
  using backend = backend_t<S>;
  const index_t n = sorted.size();
  tensor<index_t, 1, S> flags(shape<1>{n}, uninitialized);
  backend::for_each(n, run_start_kernel<V>{sorted.data(), flags.data()});
  group = cumsum(flags);
  const index_t runs = element_at<index_t, S>(group.data(), n - 1);
  values = tensor<V, 1, S>(shape<1>{runs}, uninitialized);
  if (starts) *starts = tensor<index_t, 1, S>(shape<1>{runs}, uninitialized);
  backend::for_each(n, run_record_kernel<V>{sorted.data(), flags.data(), group.data(), values.data(),
                                            starts ? starts->data() : nullptr});
  return runs;
}

}  // namespace detail

// ---- searchsorted, digitize, isin -------------------------------------------------------

/// For each element of `values` (any rank), the index in the rank-1 `sorted` where it
/// would go keeping the order, as numpy's searchsorted: before equal elements
/// (side::left) or after them (side::right). A tensor<index_t> of the values' shape in
/// their space. `sorted` is not checked: an unsorted one gives some index in [0, n].
template <operand A, operand X>
auto searchsorted(const A& sorted, const X& values, side s = side::left) {
  return detail::search(sorted, values, s);
}
/// One value's place, on the host.
template <operand A, class U>
  requires std::is_arithmetic_v<U>
index_t searchsorted(const A& sorted, U value, side s = side::left) {
  tensor<U, 1, space_of_t<A>> one(shape<1>{1}, uninitialized);
  one = value;
  return to_vector(detail::search(sorted, one, s)).front();
}

/// numpy's digitize: the index of the bin of each element of x, with bins a rank-1
/// increasing or decreasing sequence of edges; with right = false, bins[i - 1] <= x <
/// bins[i] for increasing bins (right = true: bins[i - 1] < x <= bins[i]), and 0 or
/// bins.size() beyond the ends. Throws td::error when bins is not monotonic (numpy's
/// ValueError). A tensor<index_t> of x's shape.
template <operand X, operand B>
auto digitize(const X& x, const B& bins, bool right = false) {
  using T = value_of_t<B>;
  using K = detail::accumulate_t<T>;
  static_assert(rank_of_v<B> == 1, "tandem: digitize takes rank-1 bins");
  // numpy's test: equal leading edges skipped, the first step gives the direction, and
  // no later step may go the other way (comparisons with NaN never do).
  const std::vector<T> edges = to_vector(bins);
  const index_t m = static_cast<index_t>(edges.size());
  index_t i = 1;
  while (i < m && detail::convert<K>(edges[i]) == detail::convert<K>(edges[i - 1])) ++i;
  int direction = 1;
  if (i < m) {
    const K a = detail::convert<K>(edges[i - 1]), b = detail::convert<K>(edges[i]);
    direction = a < b ? 1 : b < a ? -1 : 0;
    for (++i; i < m && direction != 0; ++i) {
      const K p = detail::convert<K>(edges[i - 1]), q = detail::convert<K>(edges[i]);
      if (direction > 0 ? q < p : p < q) direction = 0;
    }
  }
  if (direction == 0)
    throw error("tandem: digitize: bins must be monotonically increasing or decreasing (bins of " +
                std::to_string(m) + " edges)");
  const side s = right ? side::left : side::right;
  if (direction > 0) return detail::search(bins, x, s);
  auto out = detail::search(flip(bins), x, s);
  out = m - out;
  return out;
}

/// Whether each element of a occurs in `test` (any rank, compared with ==, so a NaN is
/// in nothing), as numpy's isin. A tensor<bool> of a's shape.
template <operand A, operand X>
auto isin(const A& a, const X& test) {
  using T = value_of_t<X>;
  using U = value_of_t<A>;
  using S = typename detail::spaces_must_match<space_of_t<A>, space_of_t<X>>::type;
  using K = detail::search_key_t<T, U>;
  const auto extents = a.shape();
  tensor<bool, rank_of_v<A>, S> out(extents, uninitialized);
  if (extents.size() == 0) return out;
  const index_t n = test.shape().size();
  tensor<T, 1, S> sorted = detail::flat_copy(test);
  sort(sorted);
  detail::with_getter<U>(a, extents, [&](auto get) {
    detail::backend_t<S>::for_each(extents.size(), detail::isin_kernel<K, T, decltype(get)>{sorted.data(), n, get, out.data()},
                                   32);
  });
  detail::backend_t<S>::finish();
  return out;
}

namespace detail {
template <operand A, operand B>
using set_space_t = typename spaces_must_match<space_of_t<A>, space_of_t<B>>::type;
template <operand A, operand B>
constexpr void check_set_operands() {
  static_assert(std::is_same_v<value_of_t<A>, value_of_t<B>>,
                "tandem: the set operations take two operands of one element type (numpy promotes; cast one "
                "first with td::cast<T>)");
}
}  // namespace detail

/// numpy's set operations on the elements of two operands of any rank (one element
/// type, one space), sorted rank-1 tensors of distinct values: intersect1d, the values
/// in both; union1d, in either; setdiff1d, in a and not in b; setxor1d, in exactly one.
/// NaN is unequal to everything, as numpy's: it is in no intersection, union1d gives
/// one NaN (numpy's unique), and setxor1d keeps a's and b's, one each.
template <operand A, operand B>
auto intersect1d(const A& a, const B& b) {
  detail::check_set_operands<A, B>();
  const auto u = unique(a);
  return compress(isin(u, b), u);
}
template <operand A, operand B>
auto setdiff1d(const A& a, const B& b) {
  detail::check_set_operands<A, B>();
  const auto u = unique(a);
  return compress(!isin(u, b), u);
}
template <operand A, operand B>
auto union1d(const A& a, const B& b) {
  detail::check_set_operands<A, B>();
  return unique(concatenate({detail::flat_copy(a), detail::flat_copy(b)}));
}
template <operand A, operand B>
auto setxor1d(const A& a, const B& b) {
  detail::check_set_operands<A, B>();
  const auto ua = unique(a), ub = unique(b);
  auto both = concatenate({compress(!isin(ua, ub), ua), compress(!isin(ub, ua), ub)});
  sort(both);
  return both;
}

namespace detail {
/// numpy's interp at one point: xp ascending (n >= 1), the result in double.
struct interp_kernel_fn {
  const double* xp;
  const double* fp;
  index_t n;
  double left, right;
  template <class X>
  TANDEM_HD double operator()(X value) const {
    const double x = convert<double>(value);
    if (x != x) return x;  // NaN
    if (x > xp[n - 1]) return right;
    if (x < xp[0]) return left;
    const index_t j = bound_of<double, true>(xp, n, x) - 1;  // the last sample point at or below x
    if (j == n - 1 || xp[j] == x) return fp[j];  // at a sample point: its value, as numpy
    // numpy's line from the left point; where that gives NaN (an infinite slope or
    // end), from the right point; NaN still between equal values: that value.
    const double slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]);
    double r = add_rn(mul_rn(slope, x - xp[j]), fp[j]);
    if (r != r) {
      r = add_rn(mul_rn(slope, x - xp[j + 1]), fp[j + 1]);
      if (r != r && fp[j] == fp[j + 1]) r = fp[j];
    }
    return r;
  }
};
}  // namespace detail

/// numpy's interp: the piecewise-linear interpolant through (xp[i], fp[i]) at each
/// element of x (any rank), in double as numpy's float64; `left` and `right` (by default
/// fp's first and last values) beyond xp's ends, NaN at a NaN. xp must be increasing (not
/// checked, as numpy); xp and fp rank 1 of one length, at least 1 (else td::shape_error).
template <operand X, operand XP, operand FP>
auto interp(const X& x, const XP& xp, const FP& fp, std::optional<double> left = std::nullopt,
            std::optional<double> right = std::nullopt) {
  using S = typename detail::spaces_must_match<space_of_t<X>, space_of_t<XP>>::type;
  static_assert(std::is_same_v<S, space_of_t<FP>>, "tandem: interp's operands must live in one space");
  static_assert(rank_of_v<XP> == 1 && rank_of_v<FP> == 1, "tandem: interp's xp and fp are rank 1");
  static_assert(!detail::is_complex_v<value_of_t<X>> && !detail::is_complex_v<value_of_t<XP>> &&
                    !detail::is_complex_v<value_of_t<FP>>,
                "tandem: interp takes real operands");
  const index_t n = xp.shape()[0];
  if (fp.shape()[0] != n)
    throw shape_error("tandem: interp: xp has " + std::to_string(n) + " points and fp " +
                      std::to_string(fp.shape()[0]) + "; they must match");
  if (n == 0) throw shape_error("tandem: interp: xp holds no sample points");
  const tensor<double, 1, S> dx = tandem::cast<double>(xp), dy = tandem::cast<double>(fp);
  if (!left || !right) {  // fp's two ends, read back alone (a view of [first, last])
    const std::vector<double> ends =
        to_vector(tensor_view<const double, 1, S>(dy.data(), shape<1>{n > 1 ? 2 : 1}, shape<1>{n - 1}));
    if (!left) left = ends.front();
    if (!right) right = ends.back();
  }
  tensor<double, rank_of_v<X>, S> out = map(detail::interp_kernel_fn{dx.data(), dy.data(), n, *left, *right}, x);
  return out;
}

/// interp's `period` (numpy's keyword): `td::interp(x, xp, fp, td::period{360.0})`.
struct period {
  double value;
};

/// numpy's interp(x, xp, fp, period=p): x-coordinates on a circle of circumference |p|.
/// x and xp are taken modulo |p| (numpy's %), xp sorted (a stable sort: fp follows
/// it) and extended by its last point one period below and its first one above, so
/// every x lies between two sample points; xp need not be increasing. Throws td::error
/// for a zero (or NaN) period.
template <operand X, operand XP, operand FP>
auto interp(const X& x, const XP& xp, const FP& fp, period p) {
  using S = typename detail::spaces_must_match<space_of_t<X>, space_of_t<XP>>::type;
  static_assert(std::is_same_v<S, space_of_t<FP>>, "tandem: interp's operands must live in one space");
  static_assert(rank_of_v<XP> == 1 && rank_of_v<FP> == 1, "tandem: interp's xp and fp are rank 1");
  if (!(p.value != 0) || std::isnan(p.value))
    throw error("tandem: interp: period must be a non-zero number, not " + std::to_string(p.value));
  const double per = std::abs(p.value);
  const index_t n = xp.shape()[0];
  if (fp.shape()[0] != n)
    throw shape_error("tandem: interp: xp has " + std::to_string(n) + " points and fp " +
                      std::to_string(fp.shape()[0]) + "; they must match");
  if (n == 0) throw shape_error("tandem: interp: xp holds no sample points");
  const tensor<double, 1, S> xm = remainder(tandem::cast<double>(xp), per);
  const auto order = argsort(xm);
  const tensor<double, 1, S> xs = take(xm, order), fs = take(tandem::cast<double>(fp), order);
  const auto last = detail::along(xs.view(), 0, n - 1, 1), first = detail::along(xs.view(), 0, 0, 1);
  const tensor<double, 1, S> below = last - per, above = first + per;
  const tensor<double, 1, S> xpad = concatenate({below.view(), xs.view(), above.view()});
  const tensor<double, 1, S> fpad =
      concatenate({detail::along(fs.view(), 0, n - 1, 1), fs.view(), detail::along(fs.view(), 0, 0, 1)});
  return interp(remainder(tandem::cast<double>(x), per), xpad, fpad);
}

// ---- topk, partition, argpartition, argsort along an axis ----------------------------------

/// The k largest elements of each lane along `axis` (the last by default), largest
/// first, and their indices along it: `.values` and `.indices`, of the operand's shape
/// with k along the axis. NaN counts as the largest value; equal values come in index
/// order. Throws td::index_error unless 0 <= k <= the axis' extent. Small k (up to 64)
/// keeps the best k of each stretch of a lane as it streams past (blocks of elements
/// tested against the worst kept at once; on CPU cores, lanes side by side along a
/// leading axis read as tiles, a row at a time) and merges the stretches' bests in a
/// tree; larger k selects in a copy of (value, index) pairs, O(n + k log k) per lane.
template <operand E>
auto topk(const E& e, index_t k, index_t axis = -1) {
  using V = value_of_t<E>;
  using S = space_of_t<E>;
  using K = detail::accumulate_t<V>;
  constexpr std::size_t R = rank_of_v<E>;
  static_assert(R >= 1, "tandem: topk needs an operand of rank 1 or more");
  detail::require_sortable<V>();
  const std::size_t ax = detail::normalize_axis(axis, R, "topk");
  const auto extents = e.shape();
  const index_t len = extents[ax];
  if (k < 0 || k > len)
    throw index_error("tandem: topk: k = " + std::to_string(k) + " is out of range for an axis of extent " +
                      std::to_string(len));
  shape<R> out_ext = extents;
  out_ext[ax] = k;
  topk_result<V, R, S> r{tensor<V, R, S>(out_ext, uninitialized), tensor<index_t, R, S>(out_ext, uninitialized)};
  const index_t lanes = len == 0 ? 0 : extents.size() / len;
  if (k == 0 || lanes == 0) return r;
  using backend = detail::backend_t<S>;
  tensor<V, R, S> keep;
  const auto out_lanes = detail::lanes_of(moveaxis(r.values.view(), static_cast<index_t>(ax), -1));
  if constexpr (backend::runs_on_cpu && R >= 2) {
    // Along a leading axis whose lanes sit side by side in memory (the last axis dense):
    // tiles of lanes read a row at a time (topk_tile_kernel), no copy.
    using tile_kernel = detail::topk_tile_kernel<V, R>;
    if (ax + 1 < R && k <= detail::topk_chunk_kernel<V, R>::most && extents[R - 1] >= 8) {
      const auto whole = detail::readable_view(e, keep);
      if (whole.stride(R - 1) == 1) {
        const auto in = moveaxis(whole, static_cast<index_t>(ax), -1);
        const index_t cols = extents[R - 1], tiles_per_row = (cols + tile_kernel::width - 1) / tile_kernel::width;
        const index_t tiles = lanes / cols * tiles_per_row;
        // About 64 tasks in all: the axis split into stretches where there are few tiles.
        index_t chunk = len;
        if (tiles < 64) chunk = std::max<index_t>(std::max<index_t>(4096, 4 * k), (len * tiles + 63) / 64);
        if (chunk > len) chunk = len;
        const index_t buffers = (len + chunk - 1) / chunk;
        tensor<detail::ranked<K>, 1, S> level(shape<1>{lanes * buffers * k}, uninitialized);
        backend::for_each(tiles * buffers,
                          tile_kernel{in.data(), detail::lanes_of(in), len, chunk, buffers, k, cols, tiles_per_row,
                                      level.data()},
                          chunk * tile_kernel::width);
        backend::for_each(lanes,
                          detail::topk_merge_kernel<V, R>{level.data(), len, chunk, buffers, k, r.values.data(),
                                                          r.indices.data(), out_lanes},
                          k * buffers);
        backend::finish();
        return r;
      }
    }
  }
  const auto in = detail::lanes_last_view(e, ax, keep);
  const auto in_lanes = detail::lanes_of(in);
  if (k <= detail::topk_chunk_kernel<V, R>::most) {
    // Stretches of each lane keep their best k as they stream past, then their buffers
    // merge `group` at a time, level by level, until one per lane is left. CPU cores get
    // about 256 stretches in all (at least 4096 elements each) and one level of merges;
    // a GPU wants tens of thousands of threads: 2^16 stretches (at least 4 k elements
    // each) merged 32 at a time (256 stretches and one merging thread per lane took 15 ms
    // for the top 16 of 2^24 floats on an H200).
    constexpr bool cpu = backend::runs_on_cpu;
    constexpr index_t threads = cpu ? 256 : index_t(1) << 16, min_chunk = cpu ? 4096 : 128, group = cpu ? 256 : 32;
    index_t chunk = min_chunk > 4 * k ? min_chunk : 4 * k;
    const index_t per_lane = (threads + lanes - 1) / lanes;
    if (chunk < (len + per_lane - 1) / per_lane) chunk = (len + per_lane - 1) / per_lane;
    index_t buffers = (len + chunk - 1) / chunk;
    tensor<detail::ranked<K>, 1, S> level(shape<1>{lanes * buffers * k}, uninitialized);
    backend::for_each(lanes * buffers,
                      detail::topk_chunk_kernel<V, R, cpu ? 32 : 1>{in.data(), in_lanes, len, chunk, buffers, k,
                                                                      level.data()},
                      chunk);
    index_t span = chunk;
    while (buffers > 1) {
      const index_t groups = (buffers + group - 1) / group;
      tensor<detail::ranked<K>, 1, S> next(shape<1>{lanes * groups * k}, uninitialized);
      backend::for_each(lanes * groups,
                        detail::topk_group_merge_kernel<K>{level.data(), next.data(), len, span, buffers, group,
                                                           groups, k},
                        group * k);
      level = std::move(next);
      buffers = groups;
      span *= group;
    }
    backend::for_each(lanes,
                      detail::topk_merge_kernel<V, R>{level.data(), len, span, 1, k, r.values.data(), r.indices.data(),
                                                      out_lanes},
                      k);
  } else {
    tensor<detail::ranked<K>, 1, S> pairs(shape<1>{lanes * len}, uninitialized);
    backend::for_each(lanes,
                      detail::ranked_lane_kernel<V, R, detail::ranked_descending>{in.data(), in_lanes, len, k - 1, true,
                                                                                   pairs.data()},
                      len * 4);
    backend::for_each(lanes * k, detail::ranked_write_kernel<V, R>{pairs.data(), len, k, r.values.data(),
                                                                   r.indices.data(), out_lanes});
  }
  backend::finish();
  return r;
}

/// numpy's partition along `axis` (the last by default): a copy in which the element at
/// kth (negative counts from the end) is the one a sort would put there, none after it
/// in sort order before it and none before it after (NaNs last). Throws td::index_error
/// for a kth outside the axis.
template <operand E>
auto partition(const E& e, index_t kth, index_t axis = -1) {
  using V = value_of_t<E>;
  using S = space_of_t<E>;
  constexpr std::size_t R = rank_of_v<E>;
  static_assert(R >= 1, "tandem: partition needs an operand of rank 1 or more");
  detail::require_sortable<V>();
  const std::size_t ax = detail::normalize_axis(axis, R, "partition");
  const auto extents = e.shape();
  const index_t len = extents[ax];
  const index_t k = detail::normalize_kth(kth, len, "partition");
  tensor<V, R, S> work = detail::axis_last_copy(e, ax);
  const index_t lanes = extents.size() / len;
  if (lanes != 0 && len > 1)
    detail::backend_t<S>::for_each(lanes, detail::partition_kernel<V>{work.data(), len, k}, len * 3);
  tensor<V, R, S> out = moveaxis(work.view(), -1, static_cast<index_t>(ax));
  return out;
}

/// numpy's argpartition: the indices along `axis` that would partition each lane (see
/// partition), as a tensor<index_t> of the operand's shape.
template <operand E>
auto argpartition(const E& e, index_t kth, index_t axis = -1) {
  using V = value_of_t<E>;
  using S = space_of_t<E>;
  using K = detail::accumulate_t<V>;
  constexpr std::size_t R = rank_of_v<E>;
  static_assert(R >= 1, "tandem: argpartition needs an operand of rank 1 or more");
  detail::require_sortable<V>();
  const std::size_t ax = detail::normalize_axis(axis, R, "argpartition");
  const auto extents = e.shape();
  const index_t len = extents[ax];
  const index_t k = detail::normalize_kth(kth, len, "argpartition");
  tensor<index_t, R, S> out(extents, uninitialized);
  const index_t lanes = extents.size() / len;
  if (lanes == 0) return out;
  using backend = detail::backend_t<S>;
  tensor<V, R, S> keep;
  const auto in = detail::lanes_last_view(e, ax, keep);
  tensor<detail::ranked<K>, 1, S> pairs(shape<1>{lanes * len}, uninitialized);
  backend::for_each(lanes,
                    detail::ranked_lane_kernel<V, R, detail::ranked_ascending>{in.data(), detail::lanes_of(in), len, k,
                                                                                false, pairs.data()},
                    len * 3);
  backend::for_each(lanes * len,
                    detail::ranked_write_kernel<V, R>{pairs.data(), len, len, nullptr, out.data(),
                                                      detail::lanes_of(moveaxis(out.view(), static_cast<index_t>(ax), -1))});
  backend::finish();
  return out;
}

/// The indices that sort each lane along `axis`, stably (numpy's argsort with
/// kind="stable"), as a tensor<index_t> of the operand's shape. Two stable radix sorts
/// of all elements: by value, then by lane.
template <operand E>
  requires(rank_of_v<E> >= 2)
auto argsort(const E& e, index_t axis, sort_order order = ascending) {
  using V = value_of_t<E>;
  using S = space_of_t<E>;
  constexpr std::size_t R = rank_of_v<E>;
  detail::require_sortable<V>();
  const std::size_t ax = detail::normalize_axis(axis, R, "argsort");
  const auto extents = e.shape();
  const index_t len = extents[ax], n = extents.size();
  tensor<index_t, R, S> out(extents, uninitialized);
  if (n == 0) return out;
  tensor<V, R, S> work = detail::axis_last_copy(e, ax);
  auto keys = reshape(work.view(), {n});
  tensor<index_t, 1, S> pos = arange<index_t>(0, n, 1, S{});
  sort_by_key(keys, pos, order);
  tensor<index_t, 1, S> lane = pos / len;
  sort_by_key(lane, pos);
  moveaxis(out.view(), static_cast<index_t>(ax), -1) = reshape(pos.view(), work.shape().ext) % len;
  return out;
}
/// The rank-1 form with an axis (0 or -1), for code generic over rank.
template <operand E>
  requires(rank_of_v<E> == 1)
auto argsort(const E& e, index_t axis, sort_order order = ascending) {
  detail::normalize_axis(axis, 1, "argsort");
  return argsort(e, order);
}

/// numpy's lexsort: the indices that sort by several rank-1 keys of one length, the last
/// key first (`td::lexsort(b, a)` sorts by a, then by b where a ties), stably, each key in
/// its own order (argsort's). A tensor<index_t, 1> in the keys' space; keys of different
/// lengths throw td::shape_error.
template <operand K0, operand... K>
auto lexsort(const K0& first, const K&... keys) {
  using S = space_of_t<K0>;
  static_assert(rank_of_v<K0> == 1 && ((rank_of_v<K> == 1) && ...), "tandem: lexsort takes rank-1 keys");
  static_assert((std::is_same_v<space_of_t<K>, S> && ...), "tandem: lexsort's keys live in one space");
  const index_t n = first.shape()[0];
  index_t k = 0;
  [[maybe_unused]] const auto check = [&](const auto& key) {
    ++k;
    if (key.shape()[0] != n)
      throw shape_error("tandem: lexsort: key " + std::to_string(k) + " has " + std::to_string(key.shape()[0]) +
                        " elements, key 0 has " + std::to_string(n));
  };
  (check(keys), ...);
  // Least significant key first; each stable pass keeps the order of the keys before it
  // where its own key ties.
  tensor<index_t, 1, S> order = argsort(first);
  [[maybe_unused]] const auto refine = [&](const auto& key) { order = take(order, argsort(take(key, order))); };
  (refine(keys), ...);
  return order;
}

// ---- unique_counts, unique_inverse, bincount -------------------------------------------------

/// The sorted distinct values of an operand of any rank (NaNs as one, at the end) and
/// how many times each occurs, as numpy's unique_counts.
template <operand E>
auto unique_counts(const E& e) {
  using V = value_of_t<E>;
  using S = space_of_t<E>;
  detail::require_sortable<V>();
  const index_t n = e.shape().size();
  unique_counts_result<V, S> r{tensor<V, 1, S>(shape<1>{0}), tensor<index_t, 1, S>(shape<1>{0})};
  if (n == 0) return r;
  tensor<V, 1, S> sorted = detail::flat_copy(e);
  sort(sorted);
  tensor<index_t, 1, S> group, starts;
  const index_t runs = detail::sorted_runs(sorted, group, r.values, &starts);
  r.counts = tensor<index_t, 1, S>(shape<1>{runs}, uninitialized);
  detail::backend_t<S>::for_each(runs, detail::run_length_kernel{starts.data(), runs, n, r.counts.data()});
  detail::backend_t<S>::finish();
  return r;
}

/// The sorted distinct values of an operand of any rank and, in the operand's shape, the
/// index of each element's value among them (values[inverse] == the operand), as
/// numpy's unique_inverse.
template <operand E>
auto unique_inverse(const E& e) {
  using V = value_of_t<E>;
  using S = space_of_t<E>;
  constexpr std::size_t R = rank_of_v<E>;
  detail::require_sortable<V>();
  const auto extents = e.shape();
  const index_t n = extents.size();
  unique_inverse_result<V, R, S> r{tensor<V, 1, S>(shape<1>{0}), tensor<index_t, R, S>(extents, uninitialized)};
  if (n == 0) return r;
  const tensor<V, 1, S> flat = detail::flat_copy(e);
  const tensor<index_t, 1, S> order = argsort(flat);
  const tensor<V, 1, S> sorted = take(flat, order);
  tensor<index_t, 1, S> group;
  detail::sorted_runs<V, S>(sorted, group, r.values, nullptr);
  detail::backend_t<S>::for_each(n, detail::inverse_kernel{order.data(), group.data(), r.inverse.data()});
  detail::backend_t<S>::finish();
  return r;
}

namespace detail {
/// bincount's length: max(x) + 1, at least minlength; td::error for a negative element
/// or minlength.
template <class V, class S>
index_t bincount_length(const V* data, index_t n, index_t minlength) {
  if (minlength < 0) throw error("tandem: bincount: minlength must be non-negative, not " + std::to_string(minlength));
  index_t bins = minlength;
  if (n > 0) {
    const auto view = tensor_view<const V, 1, S>(data, shape<1>{n});
    if constexpr (std::is_signed_v<V> && !std::is_same_v<V, bool>) {
      const V lo = min(view);
      if (lo < 0)
        throw error("tandem: bincount needs non-negative values; the operand holds " +
                    std::to_string(static_cast<long long>(lo)));
    }
    std::uint64_t hi;
    if constexpr (std::is_same_v<V, bool>)
      hi = any(view) ? 1 : 0;
    else
      hi = static_cast<std::uint64_t>(max(view));  // >= 0 here
    if (hi >= (std::uint64_t(1) << 40))
      throw error("tandem: bincount: the largest value, " + std::to_string(hi) +
                  ", would need more counts than memory holds");
    if (static_cast<index_t>(hi) + 1 > bins) bins = static_cast<index_t>(hi) + 1;
  }
  return bins;
}
}  // namespace detail

/// How often each value 0, 1, ..., max occurs in a rank-1 operand of non-negative
/// integers (or bool), with at least minlength counts, as numpy's bincount. Throws
/// td::error for a negative element or minlength.
template <operand X>
tensor<index_t, 1, space_of_t<X>> bincount(const X& x, index_t minlength = 0) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  static_assert(std::is_integral_v<V>, "tandem: bincount counts integers (numpy refuses floats too)");
  static_assert(rank_of_v<X> == 1, "tandem: bincount takes a rank-1 operand");
  const index_t n = x.shape()[0];
  const detail::dense_operand<V, X> d(x);
  tensor<index_t, 1, S> counts(shape<1>{detail::bincount_length<V, S>(d.data, n, minlength)});
  detail::sum_into(counts, n, detail::element_bin<V>{d.data});
  return counts;
}

/// numpy's bincount(x, weights): for each value v of x, the sum of the weights (a real
/// rank-1 operand of x's length, in x's space) where x == v, as doubles (numpy's float64).
template <operand X, operand W>
tensor<double, 1, space_of_t<X>> bincount(const X& x, const W& weights, index_t minlength = 0) {
  using V = value_of_t<X>;
  using S = typename detail::spaces_must_match<space_of_t<X>, space_of_t<W>>::type;
  static_assert(std::is_integral_v<V>, "tandem: bincount counts integers (numpy refuses floats too)");
  static_assert(rank_of_v<X> == 1, "tandem: bincount takes a rank-1 operand");
  static_assert(!detail::is_complex_v<value_of_t<W>>, "tandem: bincount's weights are real numbers");
  detail::check_weights(x, weights, "bincount");
  const index_t n = x.shape()[0];
  const detail::dense_operand<V, X> d(x);
  tensor<double, 1, S> sums(shape<1>{detail::bincount_length<V, S>(d.data, n, minlength)});
  detail::with_getter<double>(weights, weights.shape(),
                              [&](auto weight) { detail::sum_into(sums, n, detail::element_bin<V>{d.data}, weight); });
  return sums;
}

}  // namespace tandem
