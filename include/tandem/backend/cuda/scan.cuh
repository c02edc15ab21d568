#pragma once
/// \file backend/cuda/scan.cuh
/// Prefix scans on the GPU with cub::DeviceScan (single pass, decoupled look-back), on
/// tandem's stream, scratch memory from the stream-ordered pool. Only included under nvcc.

#include <cstddef>

#include <cub/device/device_scan.cuh>
#include <cuda/std/functional>

#include "../../error.hpp"
#include "../../memory/buffer.hpp"
#include "../../memory/memory.hpp"

namespace tandem::detail {

template <class V, class In, class Op>
void cub_scan_with(index_t n, In in, const Op& op, V* out, const V* init) {
  const cudaStream_t stream = current_stream();
  std::size_t temp_bytes = 0;
  auto run = [&](void* temp) {
    if (init) return cub::DeviceScan::ExclusiveScan(temp, temp_bytes, in, out, op, *init, n, stream);
    return cub::DeviceScan::InclusiveScan(temp, temp_bytes, in, out, op, n, stream);
  };
  TANDEM_CUDA_CHECK(run(nullptr));
  buffer<unsigned char, device_space> temp(static_cast<index_t>(temp_bytes));
  TANDEM_CUDA_CHECK(run(temp.data()));
}

/// out = the inclusive scan of in[0, n) under op, or the exclusive one from *init.
/// CUB picks its per-architecture tuned scan (on sm_90: 24 items per thread and a fixed
/// look-back delay) only for its own functors, cuda::std::plus among them; any other
/// functor gets a generic policy. An op that says it is a plain + (a `plus_tag` member
/// type, as tandem's sum has) is therefore handed over as cuda::std::plus<V>.
template <class V, class In, class Op>
void cub_scan(index_t n, In in, const Op& op, V* out, const V* init) {
  if constexpr (requires { typename Op::plus_tag; })
    cub_scan_with(n, in, ::cuda::std::plus<V>{}, out, init);
  else
    cub_scan_with(n, in, op, out, init);
}

}  // namespace tandem::detail
