#pragma once
/// \file core/pairwise.hpp
/// Pairwise reduction of a range, written once as TANDEM_HD code. Blocks of 256 values
/// are reduced with 16 independent accumulators (which vectorizes; each accumulator
/// adds 16 values, as numpy's 128-value blocks with 8 accumulators do), and block
/// results are combined as a balanced binary tree, so the rounding error of a float
/// sum grows with log2(n) rather than n, as in numpy's pairwise summation.

#include "../config.hpp"

namespace tandem::detail {

inline constexpr index_t pairwise_block = 256;

/// Independent accumulators per block: enough to keep a CPU's vector adders busy
/// (their latency times their throughput), and the width the compiler vectorizes.
inline constexpr int pairwise_lanes = 16;

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
  for (; i + L <= len; i += L)
    for (int k = 0; k < L; ++k) acc[k] = op(acc[k], get(begin + i + k));
  for (int width = L / 2; width > 0; width /= 2)  // a balanced tree over the lanes
    for (int k = 0; k < width; ++k) acc[k] = op(acc[k], acc[k + width]);
  V r = acc[0];
  for (; i < len; ++i) r = op(r, get(begin + i));
  return r;
}

/// op-reduces get(begin) .. get(begin + len - 1) pairwise; len must be at least 1.
/// op must be associative and commutative: lanes interleave positions. (argmin's op
/// is, because it breaks ties by the index it carries.)
template <class V, class Get, class Op>
TANDEM_HD V reduce_pairwise(const Get& get, index_t begin, index_t len, const Op& op) {
  // A binary counter of partial results: entry k covers 2^level[k] blocks.
  V partial[64];
  int level[64];
  int top = 0;
  const index_t end = begin + len;
  for (index_t b = begin; b < end; b += pairwise_block) {
    const index_t m = end - b < pairwise_block ? end - b : pairwise_block;
    V s = reduce_block<V>(get, b, m, op);
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

/// W values of V reduced lane by lane. reduce_pairwise over packs (with lanewise<Op>)
/// performs in each lane exactly the operations of the scalar reduce_pairwise, so a
/// reduction of W lanes at once gives each lane's bits unchanged, while the loads of
/// the W lanes (W neighbouring elements of one row) vectorize.
template <class V, int W>
struct lane_pack {
  V lane[W];
};
template <class Op, int W>
struct lanewise {
  Op op;
  template <class V>
  TANDEM_HD lane_pack<V, W> operator()(const lane_pack<V, W>& a, const lane_pack<V, W>& b) const {
    lane_pack<V, W> r;
    for (int w = 0; w < W; ++w) r.lane[w] = op(a.lane[w], b.lane[w]);
    return r;
  }
};

/// Reduces one fixed-size chunk of a range; what the parallel backends run per task.
template <class V, class Get, class Op>
struct chunk_reducer {
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

/// Reads a host array; the getter for combining chunk results.
template <class V>
struct array_getter {
  const V* data;
  TANDEM_HD V operator()(index_t i) const { return data[i]; }
};

/// Elements per chunk of a parallel reduction. Fixed, so the result does not depend on
/// the number of threads. A power of two times the block, so chunks are whole subtrees.
inline constexpr index_t reduce_chunk = index_t(1) << 14;

}  // namespace tandem::detail
