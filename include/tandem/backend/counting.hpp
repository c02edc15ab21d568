#pragma once
/// \file backend/counting.hpp
/// Summing into bins (histograms, bincount), the two ways a backend may do it:
/// `sum_bins_by_chunks` (CPU cores: each chunk of elements sums into its own row of
/// bins, then the rows are added in chunk order; no atomics, no cache line shared
/// between threads, the same sums on every run) and `sum_bins_atomic` (GPUs: one relaxed
/// atomic add per element). `bin(i)` gives element i's bin in [0, bins), or -1 for an
/// element not summed; `weight(i)` its weight, an A (`unit_weight`: counting).

#include <type_traits>

#include "../config.hpp"
#include "../core/tuning.hpp"
#include "memory_block.hpp"
#include "portable.hpp"

namespace tandem::detail {

/// Every element weighs 1: the sums are counts.
struct unit_weight {
  TANDEM_HD index_t operator()(index_t) const { return 1; }
};

template <class A, class Bin, class Weight>
struct sum_bins_kernel {
  Bin bin;
  Weight weight;
  A* sums;
  TANDEM_HD void operator()(index_t i) const {
    const index_t b = bin(i);
    if (b >= 0) atomic_add(sums + b, static_cast<A>(weight(i)));
  }
};

/// Chunk c of `chunk` elements sums into row c of `partial`.
template <class A, class Bin, class Weight>
struct sum_chunk_kernel {
  Bin bin;
  Weight weight;
  index_t n, bins, chunk;
  A* partial;
  TANDEM_HD void operator()(index_t c) const {
    A* row = partial + c * bins;
    for (index_t i = c * chunk, e = (i + chunk < n ? i + chunk : n); i < e; ++i) {
      const index_t b = bin(i);
      if (b >= 0) row[b] += static_cast<A>(weight(i));
    }
  }
};

template <class A>
struct sum_columns_kernel {
  const A* partial;
  index_t rows, bins;
  A* out;
  TANDEM_HD void operator()(index_t b) const {
    A s = out[b];
    for (index_t r = 0; r < rows; ++r) s += partial[r * bins + b];
    out[b] = s;
  }
};

/// Adds to sums[b] the weights of the i in [0, n) with bin(i) == b.
template <class Loops, class A, class Bin, class Weight>
void sum_bins_atomic(index_t n, const Bin& bin, const Weight& weight, A* sums) {
  Loops::for_each(n, sum_bins_kernel<A, Bin, Weight>{bin, weight, sums});
}

/// The same with a row of bins per chunk of tuning::count_chunk elements, while the rows
/// fit in tuning::count_rows_limit bins; atomics beyond.
template <class Loops, class Memory, class A, class Bin, class Weight>
void sum_bins_by_chunks(index_t n, const Bin& bin, const Weight& weight, index_t bins, A* sums) {
  if (n <= 0) return;
  constexpr index_t chunk = tuning::count_chunk;
  const index_t chunks = (n + chunk - 1) / chunk;
  if (bins > tuning::count_rows_limit / chunks) {
    sum_bins_atomic<Loops>(n, bin, weight, sums);
    return;
  }
  memory_block<A, Memory> partial(chunks * bins);
  partial.zero();
  Loops::for_each(chunks, sum_chunk_kernel<A, Bin, Weight>{bin, weight, n, bins, chunk, partial.data()}, chunk);
  Loops::for_each(bins, sum_columns_kernel<A>{partial.data(), chunks, bins, sums}, chunks);
}

}  // namespace tandem::detail
