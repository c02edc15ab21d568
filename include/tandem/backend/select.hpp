#pragma once
/// \file backend/select.hpp
/// Stream compaction for each space: `selector_t<Space>::select<V>(n, pred, val, alloc)`
/// calls `alloc(count)` once for the number of i in [0, n) with pred(i), then writes
/// val(i) for those i, in order, to the memory it returned. Host: two parallel passes over
/// fixed chunks (count, then write at each chunk's offset). Device: Thrust's count_if and
/// copy_if (CUB's select on a GPU, Thrust's TBB system when emulated).

#include <algorithm>
#include <memory>
#include <type_traits>

#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "../config.hpp"
#include "../space.hpp"
#include "host/host_backend.hpp"
#include "thrust/thrust_backend.hpp"

namespace tandem::detail {

struct host_selector {
  static constexpr index_t chunk = index_t(1) << 16;

  template <class V, class Pred, class Val, class Alloc>
  static void select(index_t n, const Pred& pred, const Val& val, const Alloc& alloc) {
    const index_t chunks = (n + chunk - 1) / chunk;
    const std::unique_ptr<index_t[]> offset(new index_t[static_cast<std::size_t>(chunks) + 1]);
    index_t* off = offset.get();
    host_backend::for_each(
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
    host_backend::for_each(
        chunks,
        [&pred, &val, off, out, n](index_t c) {
          index_t o = off[c];
          for (index_t i = c * chunk, e = std::min(n, i + chunk); i < e; ++i)
            if (pred(i)) out[o++] = val(i);
        },
        chunk);
  }
};

struct is_true {
  TANDEM_HD bool operator()(bool b) const { return b; }
};

template <class Space>
struct thrust_selector {
  template <class V, class Pred, class Val, class Alloc>
  static void select(index_t n, const Pred& pred, const Val& val, const Alloc& alloc) {
    const auto policy = thrust_backend<Space>::policy();
    const auto first = thrust::counting_iterator<index_t>(0);
    const auto flags = thrust::make_transform_iterator(first, pred);
    const index_t total = thrust::count_if(policy, flags, flags + n, is_true{});
#if TANDEM_HAS_CUDA
    TANDEM_CUDA_CHECK(cudaPeekAtLastError());
#endif
    V* out = alloc(total);
    if (total == 0) return;
    const auto values = thrust::make_transform_iterator(first, val);
    thrust::copy_if(policy, values, values + n, flags, out, is_true{});
#if TANDEM_HAS_CUDA
    TANDEM_CUDA_CHECK(cudaPeekAtLastError());
#endif
  }
};

template <class Space>
using selector_t = std::conditional_t<std::is_same_v<Space, host_space>, host_selector, thrust_selector<Space>>;

}  // namespace tandem::detail
