#pragma once
/// \file backend/host/select.hpp
/// Stream compaction over host memory: `select<V>(n, pred, val, alloc)` calls
/// `alloc(count)` once for the number of i in [0, n) with pred(i), then writes val(i) for
/// those i, in order, to the memory it returned. Two parallel passes over fixed chunks:
/// count, then write at each chunk's offset.

#include <algorithm>
#include <memory>

#include "../../config.hpp"
#include "../../core/tuning.hpp"
#include "loops.hpp"

namespace tandem::detail {

struct host_selector {
  static constexpr index_t chunk = tuning::count_chunk;

  template <class V, class Pred, class Val, class Alloc>
  static void select(index_t n, const Pred& pred, const Val& val, const Alloc& alloc) {
    const index_t chunks = (n + chunk - 1) / chunk;
    const std::unique_ptr<index_t[]> offset(new index_t[static_cast<std::size_t>(chunks) + 1]);
    index_t* off = offset.get();
    host_loops::for_each(
        chunks,
        [&pred, off, n](index_t c) {
          index_t k = 0;
          for (index_t i = c * chunk, e = std::min(n, i + chunk); i < e; ++i) k += pred(i) ? 1 : 0;
          off[c] = k;
        },
        chunk);
    index_t total = 0;
    for (index_t c = 0; c < chunks; ++c) {
      const index_t k = off[c];
      off[c] = total;
      total += k;
    }
    V* out = alloc(total);
    if (total == 0) return;
    host_loops::for_each(
        chunks,
        [&pred, &val, off, out, n](index_t c) {
          index_t o = off[c];
          for (index_t i = c * chunk, e = std::min(n, i + chunk); i < e; ++i)
            if (pred(i)) out[o++] = val(i);
        },
        chunk);
  }
};

}  // namespace tandem::detail
