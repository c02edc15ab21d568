#pragma once
/// \file backend/thrust/select.hpp
/// Stream compaction for the device backend (the members of backend/host/select.hpp's):
/// Thrust's count_if and copy_if, which are CUB's select on a GPU. The emulated device
/// compacts with the host's code; this header still compiles and runs on Thrust's TBB
/// system, where the tests check it (tests/tandem/algorithm/selection.cpp).

// config.hpp first: it picks Thrust's device system before any Thrust header is seen.
#include "../../config.hpp"

#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "loops.hpp"

namespace tandem::detail {

struct truth_fn {
  TANDEM_HD bool operator()(bool b) const { return b; }
};

template <class Space>
struct thrust_selector {
  template <class V, class Pred, class Val, class Alloc>
  static void select(index_t n, const Pred& pred, const Val& val, const Alloc& alloc) {
#if TANDEM_HAS_CUDA
    const auto policy = thrust_loops<Space>::policy();
#else
    const auto policy = thrust::device;  // Thrust's TBB system
#endif
    const auto first = thrust::counting_iterator<index_t>(0);
    const auto flags = thrust::make_transform_iterator(first, pred);
    const index_t total = thrust::count_if(policy, flags, flags + n, truth_fn{});
    thrust_loops<Space>::launched("thrust::count_if");
    V* out = alloc(total);
    if (total == 0) return;
    const auto values = thrust::make_transform_iterator(first, val);
    thrust::copy_if(policy, values, values + n, flags, out, truth_fn{});
    thrust_loops<Space>::launched("thrust::copy_if");
  }
};

}  // namespace tandem::detail
