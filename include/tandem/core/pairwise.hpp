#pragma once
/// \file core/pairwise.hpp
/// Pairwise reduction of a range, written once as TANDEM_HD code. Blocks of 256 values
/// are reduced with 16 independent accumulators (which vectorizes; each accumulator
/// adds 16 values, as numpy's 128-value blocks with 8 accumulators do), and block
/// results are combined as a balanced binary tree, so the rounding error of a float
/// sum grows with log2(n) rather than n, as in numpy's pairwise summation.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <memory>

#include "../backend/portable.hpp"
#include "../config.hpp"

namespace tandem::detail {

inline constexpr index_t pairwise_block = 256;

/// Independent accumulators per block: enough to keep a CPU's vector adders busy
/// (their latency times their throughput), and the width the compiler vectorizes.
inline constexpr int pairwise_lanes = 16;

/// Ops whose lane update is a select (op::rolled_lanes, as td::max's): GCC 12 unrolls the
/// sixteen accumulators' loop and then leaves a select scalar, where the same loop kept
/// rolled is vectorized (a float max of 2^24 in blocks: 18.3 against 9.0 ms on one core).
/// The same operations in the same order either way. Under g++ and clang (TANDEM_KEEP_ROLLED,
/// config.hpp): clang unrolled and left the lanes scalar too (td::max of 4096^2 floats 3.7
/// -> 2.3 ms kept rolled and asked to vectorize); nvcc follows its own rules.
template <class Op>
concept rolled_lanes = Op::rolled_lanes;

/// How far ahead of its reads reduce_pairwise asks the cache for what a getter reads,
/// when it can (get.ahead(i, count)). First for rolled_lanes ops, whose lanes live in
/// memory between steps, which left too few loads in flight to stream from beyond L2
/// (td::max(m) of 4096^2 floats 4.7 -> 2.1 ms); then for every op, as an AMD EPYC host's
/// cores left even a sum's loads short of its bandwidth (td::sum of 2^24 floats 1.33-1.45
/// -> 0.96 ms). The distance that serves best is one of bytes, not of elements: 16 KiB
/// ahead of the widest operand (a probe alternating distances in one process, 2^24
/// floats: sum 0.648 ms at 8 KiB, 0.598 at 16, 0.675 at 32; 2^23 doubles: 0.633 at 8
/// KiB, 0.596 at 16, 0.737 at 32; a step-2 slice and td::var the same), so a getter
/// that can says how many bytes its widest operand advances per element
/// (get.ahead_span(); 0 when it reads no memory). One that cannot is asked
/// ahead_blocks blocks ahead.
inline constexpr index_t ahead_bytes = 16384;
inline constexpr index_t ahead_blocks = 8;

/// Elements ahead of a read at which to ask for `get`'s operands (above), a whole
/// number of `unit`-element blocks, at least one.
template <class Get>
TANDEM_HD index_t ahead_elements(const Get& get, index_t unit) {
  index_t blocks = ahead_blocks * pairwise_block / unit;
  if constexpr (requires { get.ahead_span(); }) {
    const index_t span = get.ahead_span();
    if (span > 0) blocks = ahead_bytes / (span * unit);
  }
  return (blocks > 1 ? blocks : 1) * unit;
}

/// Getters whose reads go on past the end of the range they are asked for (the next range
/// the same thread reduces), so that asking the cache ahead may pass that end.
template <class Get>
concept asks_past_end = requires { requires Get::ahead_past_end; };

/// Before the block at b of a range ending at `end`: get.ahead for the block
/// ahead_elements further on, where the getter can ask; past `end` too for
/// asks_past_end getters. Nothing in GPU code, where a prefetch is no instruction and
/// finding the lines would cost index arithmetic for nothing.
template <class Get>
TANDEM_HD void ask_ahead([[maybe_unused]] const Get& get, [[maybe_unused]] index_t b, [[maybe_unused]] index_t end) {
#if !TANDEM_DEVICE_CODE
  if constexpr (requires { get.ahead(b, end); }) {
    const index_t next = b + ahead_elements(get, pairwise_block);
    if constexpr (asks_past_end<Get>)
      get.ahead(next, pairwise_block);
    else if (next < end)
      get.ahead(next, end - next < pairwise_block ? end - next : pairwise_block);
  }
#endif
}

/// op-reduces get(begin) .. get(begin + len - 1); len must be in [1, pairwise_block].
template <class V, class Get, class Op>
TANDEM_HD V reduce_block(const Get& get, index_t begin, index_t len, const Op& op) {
  constexpr int L = pairwise_lanes;
  if (len < 2 * L) {
    V r = get(begin);
    for (index_t i = 1; i < len; ++i) r = op(r, get(begin + i));
    return r;
  }
  V acc[L];
  for (int k = 0; k < L; ++k) acc[k] = get(begin + k);
  index_t i = L;
  if constexpr (rolled_lanes<Op>) {
    for (; i + L <= len; i += L) {
      TANDEM_KEEP_ROLLED
      for (int k = 0; k < L; ++k) acc[k] = op(acc[k], get(begin + i + k));
    }
  } else {
    // The step's values read into an array of their own first: clang left all sixteen
    // lanes scalar, spilled to the stack, when each lane read its value itself (the
    // initial copy's vector stores kept the accumulators in memory): td::sum of 2^24
    // floats 1.67-1.71 ms against g++'s 0.59-0.62. The same operations in the same
    // order; g++ compiles both forms alike (at -O2 too, unrolled whole: config.hpp's
    // TANDEM_UNROLL_16).
    static_assert(L <= 16, "TANDEM_UNROLL_16 unrolls the lanes' loops whole");
    for (; i + L <= len; i += L) {
      V x[L];
      TANDEM_UNROLL_16
      for (int k = 0; k < L; ++k) x[k] = get(begin + i + k);
      TANDEM_UNROLL_16
      for (int k = 0; k < L; ++k) acc[k] = op(acc[k], x[k]);
    }
  }
  for (int width = L / 2; width > 0; width /= 2)  // a balanced tree over the lanes
    for (int k = 0; k < width; ++k) acc[k] = op(acc[k], acc[k + width]);
  V r = acc[0];
  for (; i < len; ++i) r = op(r, get(begin + i));
  return r;
}

/// reduce_block with everything it calls inlined into its caller under clang, for the
/// ops whose kernels run an AVX2 build (wide_vectors_v<Op>; config.hpp's
/// TANDEM_WIDE_INLINE). Only for those: inlined so, a sum's block compiled worse (2^18
/// floats in cache 7.0 -> 10.0 us under clang 14).
template <class V, class Get, class Op>
TANDEM_WIDE_INLINE TANDEM_WIDE_FLATTEN TANDEM_HD V reduce_block_flat(const Get& get, index_t begin, index_t len,
                                                                      const Op& op) {
  return reduce_block<V>(get, begin, len, op);
}

/// Reads a host array; the getter for combining chunk results and for a gathered block.
template <class V>
struct array_getter {
  const V* data;
  TANDEM_HD V operator()(index_t i) const { return data[i]; }
};

/// Getters that can fill a block at once (get.gather(begin, len, out) stores get(begin),
/// ..., get(begin + len - 1)): cheaper than one get(i) each where finding element i
/// costs (a strided operand decoding its index). reduce_pairwise reduces the filled
/// block exactly as it would have read it.
template <class Get, class V>
concept gathers_blocks = requires(const Get& get, V* out) { get.template gather<V>(index_t{}, index_t{}, out); };

/// get read from position `base` on: what a block's reduction reads when the block is
/// not gathered.
template <class Get>
struct offset_getter {
  const Get& get;
  index_t base;
  TANDEM_HD auto operator()(index_t k) const { return get(base + k); }
};

/// Calls f(block, m) for the blocks of up to pairwise_block values of get(begin) ..
/// get(begin + len - 1), in order, where block(k) is the block's k-th value (gathered
/// first where the getter can gather); stops early when f returns false. Inlined with
/// f under clang, for argmax's AVX2 build (algorithm/reduce.hpp).
template <class V, class Get, class F>
TANDEM_WIDE_INLINE TANDEM_WIDE_FLATTEN TANDEM_HD void visit_blocks(const Get& get, index_t begin, index_t len, F&& f) {
  const index_t end = begin + len;
  for (index_t b = begin; b < end; b += pairwise_block) {
    const index_t m = end - b < pairwise_block ? end - b : pairwise_block;
    ask_ahead(get, b, end);
    if constexpr (gathers_blocks<Get, V>) {
      V block[pairwise_block];
      get.template gather<V>(b, m, block);
      if (!f(array_getter<V>{block}, m)) return;
    } else {
      if (!f(offset_getter<Get>{get, b}, m)) return;
    }
  }
}

/// Ops that reduce a range better than block by block (op.reduce_range<V>(get, begin,
/// len)): argmax's, which finds the blocks' maxima first and then the position.
template <class Op, class V, class Get>
concept reduces_ranges = requires(const Op& op, const Get& get) {
  { op.template reduce_range<V>(get, index_t{}, index_t{}) } -> std::same_as<V>;
};

/// op-reduces get(begin) .. get(begin + len - 1) pairwise; len must be at least 1.
/// op must be associative and commutative: lanes interleave positions. (argmin's op
/// is, because it breaks ties by the index it carries.)
template <class V, class Get, class Op>
TANDEM_WIDE_INLINE TANDEM_HD V reduce_pairwise(const Get& get, index_t begin, index_t len, const Op& op) {
  if constexpr (reduces_ranges<Op, V, Get>) return op.template reduce_range<V>(get, begin, len);
  // A binary counter of partial results: entry k covers 2^level[k] blocks.
  V partial[64];
  int level[64];
  int top = 0;
  const index_t end = begin + len;
  for (index_t b = begin; b < end; b += pairwise_block) {
    const index_t m = end - b < pairwise_block ? end - b : pairwise_block;
    V s;
    ask_ahead(get, b, end);
    if constexpr (gathers_blocks<Get, V>) {
      V block[pairwise_block];
      get.template gather<V>(b, m, block);
      s = reduce_block<V>(array_getter<V>{block}, 0, m, op);
    } else if constexpr (wide_vectors_v<Op>) {
      s = reduce_block_flat<V>(get, b, m, op);
    } else {
      s = reduce_block<V>(get, b, m, op);
    }
    int lv = 0;
    while (top > 0 && level[top - 1] == lv) {
      s = op(partial[top - 1], s);
      --top;
      ++lv;
    }
    partial[top] = s;
    level[top] = lv;
    ++top;
  }
  V r = partial[top - 1];
  for (int k = top - 2; k >= 0; --k) r = op(partial[k], r);
  return r;
}

// ---- many lanes at once, on CPU cores --------------------------------------------------
//
// reduce_pairwise for `width` neighbouring lanes at once: lane w's k-th value is element w
// of "row" k (a reduction along a leading axis, where row k of a tile of columns is one
// stretch of memory). Each lane sees exactly the operations of the scalar reduce_pairwise,
// in the same order, so the results are the same bits; but every step reads one row in
// order, which streams through memory and vectorizes, where one lane at a time would
// stride. Host code: the scratch rows live in memory the caller provides.
//
// `rows(k, f)` calls f(w, value) for every lane w in [0, width), in order; f touches lane
// w's own state alone (a reader may run the lanes as independent iterations: vectorized).

/// At least n values of scratch for the calling thread, kept for its next call (host
/// code; the contents are not preserved across calls). One block per V and Tag: a
/// caller that needs two blocks of one type at once tells them apart by Tag.
template <class V, class Tag = void>
V* thread_scratch(std::size_t n) {
  thread_local std::unique_ptr<V[]> block;
  thread_local std::size_t capacity = 0;
  if (n > capacity) {
    block.reset();
    capacity = 0;
    block.reset(new V[n]);
    capacity = n;
  }
  return block.get();
}

/// a[w] = op(a[w], b[w]) for every lane w in [0, width).
template <class V, class Op>
void combine_lanes(V* a, const V* b, index_t width, const Op& op) {
  for (index_t w = 0; w < width; ++w) a[w] = op(a[w], b[w]);
}

/// A binary counter of partial results, `width` lanes each (reduce_pairwise's counter):
/// slot k holds 2^level[k] blocks' worth. Slots are `stride` values apart in `slots`.
template <class V, class Op>
struct lane_counter {
  V* slots;
  index_t stride;
  index_t width;
  Op op;
  int level[64] = {};
  int top = 0;

  /// Where the next entry is written, before push().
  V* next() const { return slot(top); }
  V* slot(int k) const { return slots + k * stride; }
  /// Adds the entry written at next(), covering 2^lv blocks.
  void push(int lv) {
    while (top > 0 && level[top - 1] == lv) {
      combine(slot(top - 1), slot(top));
      --top;
      ++lv;
    }
    level[top++] = lv;
  }
  /// The entries folded from the top, as reduce_pairwise ends; top must be at least 1.
  const V* fold() {
    for (int k = top - 2; k >= 0; --k) combine(slot(k), slot(k + 1));
    return slot(0);
  }
  void combine(V* a, const V* b) const { combine_lanes(a, b, width, op); }
  /// Slots a counter over `blocks` entries needs (with the one being written).
  static index_t slots_for(index_t blocks) {
    int bits = 0;
    while (blocks > 0) ++bits, blocks >>= 1;
    return bits + 2;
  }
};

// clang reports each instantiation whose lanes' loop it was asked to vectorize and could
// not: the lanes of a tile, which algorithm/reduce.hpp's axis kernels ask it to vectorize
// across (TANDEM_INDEPENDENT_LANES), and which stay scalar for a complex type, as they
// would anyway.
#if defined(__clang__)
#  pragma clang diagnostic push
#  pragma clang diagnostic ignored "-Wpass-failed"
#endif
/// Rows [begin, begin + len) combined in order into `out`, lane by lane; len >= 1.
template <class V, class Rows, class Op>
void reduce_rows_in_order(const Rows& rows, index_t begin, index_t len, V* out, const Op& op) {
  rows(begin, [out](index_t w, const V& x) { out[w] = x; });
  for (index_t i = 1; i < len; ++i) rows(begin + i, [out, &op](index_t w, const V& x) { out[w] = op(out[w], x); });
}

/// reduce_block for `width` lanes into `out`; rows [begin, begin + len), len in
/// [1, pairwise_block]. `acc` is scratch: pairwise_lanes rows of `stride` values.
template <class V, class Rows, class Op>
void reduce_block_lanes(const Rows& rows, index_t begin, index_t len, V* out, V* acc, index_t stride,
                        index_t width, const Op& op) {
  constexpr int L = pairwise_lanes;
  if (len < 2 * L) {
    reduce_rows_in_order<V>(rows, begin, len, out, op);
    return;
  }
  for (int k = 0; k < L; ++k) {
    V* a = acc + k * stride;
    rows(begin + k, [&](index_t w, const V& x) { a[w] = x; });
  }
  index_t i = L;
  for (; i + L <= len; i += L)
    for (int k = 0; k < L; ++k) {
      V* a = acc + k * stride;
      rows(begin + i + k, [&](index_t w, const V& x) { a[w] = op(a[w], x); });
    }
  for (int half = L / 2; half > 0; half /= 2)
    for (int k = 0; k < half; ++k) combine_lanes(acc + k * stride, acc + (k + half) * stride, width, op);
  std::copy_n(acc, width, out);
  for (; i < len; ++i) rows(begin + i, [&](index_t w, const V& x) { out[w] = op(out[w], x); });
}

/// reduce_pairwise of rows [begin, begin + len) for `width` lanes; the result is in the
/// counter's first slot. The counter needs lane_counter::slots_for(blocks) slots and
/// `acc` pairwise_lanes rows, each `stride` >= width values.
template <class V, class Rows, class Op>
const V* reduce_pairwise_lanes(const Rows& rows, index_t begin, index_t len, lane_counter<V, Op>& counter, V* acc) {
  const index_t end = begin + len;
  for (index_t b = begin; b < end; b += pairwise_block) {
    const index_t m = end - b < pairwise_block ? end - b : pairwise_block;
    reduce_block_lanes<V>(rows, b, m, counter.next(), acc, counter.stride, counter.width, counter.op);
    counter.push(0);
  }
  return counter.fold();
}

#if defined(__clang__)
#  pragma clang diagnostic pop
#endif

/// Reduces one fixed-size chunk of a range; what the parallel backends run per task.
template <class V, class Get, class Op>
struct chunk_reduce_kernel {
  static constexpr bool wide_vectors = wide_vectors_v<Op>;  // backend/host/loops.hpp
  Get get;
  Op op;
  index_t n;
  index_t chunk;
  V* out;
  TANDEM_HD void operator()(index_t c) const {
    const index_t begin = c * chunk;
    const index_t len = n - begin < chunk ? n - begin : chunk;
    out[c] = reduce_pairwise<V>(get, begin, len, op);
  }
};

/// Elements per chunk of a parallel reduction. Fixed, so the result does not depend on
/// the number of threads. A power of two times the block, so chunks are whole subtrees.
inline constexpr index_t reduce_chunk = index_t(1) << 14;

}  // namespace tandem::detail
