#pragma once
/// \file backend/counting.hpp
/// Counting into bins (histograms), the two ways a backend may do it:
/// `count_bins_by_chunks` (CPU cores: each chunk of elements counts into its own row of
/// counters, then the rows are summed; no atomics, and no cache line shared between
/// threads) and `count_bins_atomic` (GPUs: one relaxed atomic ++ per element).
/// `bin(i)` gives element i's bin in [0, bins), or -1 for an element not counted.

#include "../config.hpp"
#include "../core/tuning.hpp"
#include "memory_block.hpp"
#include "portable.hpp"

namespace tandem::detail {

template <class Bin>
struct count_bins_kernel {
  Bin bin;
  index_t* counts;
  TANDEM_HD void operator()(index_t i) const {
    const index_t b = bin(i);
    if (b >= 0) atomic_increment(counts + b);
  }
};

/// Chunk c of `chunk` elements counts into row c of `partial`.
template <class Bin>
struct count_chunk_kernel {
  Bin bin;
  index_t n, bins, chunk;
  index_t* partial;
  TANDEM_HD void operator()(index_t c) const {
    index_t* row = partial + c * bins;
    for (index_t i = c * chunk, e = (i + chunk < n ? i + chunk : n); i < e; ++i) {
      const index_t b = bin(i);
      if (b >= 0) ++row[b];
    }
  }
};

struct sum_columns_kernel {
  const index_t* partial;
  index_t rows, bins;
  index_t* out;
  TANDEM_HD void operator()(index_t b) const {
    index_t s = 0;
    for (index_t r = 0; r < rows; ++r) s += partial[r * bins + b];
    out[b] = s;
  }
};

/// Adds to counts[b] (zeroed by the caller) the number of i in [0, n) with bin(i) == b.
template <class Loops, class Bin>
void count_bins_atomic(index_t n, const Bin& bin, index_t* counts) {
  Loops::for_each(n, count_bins_kernel<Bin>{bin, counts});
}

/// The same with a row of counters per chunk of tuning::count_chunk elements, while the
/// rows fit in tuning::count_rows_limit counters; atomics beyond.
template <class Loops, class Memory, class Bin>
void count_bins_by_chunks(index_t n, const Bin& bin, index_t bins, index_t* counts) {
  if (n <= 0) return;
  constexpr index_t chunk = tuning::count_chunk;
  const index_t chunks = (n + chunk - 1) / chunk;
  if (bins > tuning::count_rows_limit / chunks) {
    count_bins_atomic<Loops>(n, bin, counts);
    return;
  }
  memory_block<index_t, Memory> partial(chunks * bins);
  partial.zero();
  Loops::for_each(chunks, count_chunk_kernel<Bin>{bin, n, bins, chunk, partial.data()}, chunk);
  Loops::for_each(bins, sum_columns_kernel{partial.data(), chunks, bins, counts}, chunks);
}

}  // namespace tandem::detail
