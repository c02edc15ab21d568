#pragma once
/// \file backend/cuda/cub_op.cuh
/// The functor tandem hands CUB for an operation. CUB picks its per-architecture tuned
/// policies (scans on sm_90; reductions on sm_100) only for its own functors, such as
/// cuda::std::plus; any other functor gets a generic policy. An op that says it is a
/// plain + (a member type `plus_tag`, as tandem's sum has) is therefore handed over as
/// cuda::std::plus<V>. Only included under nvcc.

#include <cuda/std/functional>

namespace tandem::detail {

template <class V, class Op>
decltype(auto) cub_op(const Op& op) {
  if constexpr (requires { typename Op::plus_tag; })
    return ::cuda::std::plus<V>{};
  else
    return (op);
}

}  // namespace tandem::detail
