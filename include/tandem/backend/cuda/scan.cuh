#pragma once
/// \file backend/cuda/scan.cuh
/// Prefix scans on the GPU with cub::DeviceScan (single pass, decoupled look-back), on
/// tandem's stream, scratch memory from the stream-ordered pool; a sum reaches CUB as
/// cuda::std::plus (see cub_op.cuh). Only included under nvcc.

#include <cstddef>

#include <cub/device/device_scan.cuh>

#include "../../error.hpp"
#include "../memory_block.hpp"
#include "runtime.hpp"
#include "cub_op.cuh"

namespace tandem::detail {

/// out = the inclusive scan of in[0, n) under op, or the exclusive one from *init.
template <class V, class In, class Op>
void cub_scan(index_t n, In in, const Op& user_op, V* out, const V* init) {
  const cudaStream_t stream = current_stream();
  const auto& op = cub_op<V>(user_op);
  std::size_t temp_bytes = 0;
  auto run = [&](void* temp) {
    if (init) return cub::DeviceScan::ExclusiveScan(temp, temp_bytes, in, out, op, *init, n, stream);
    return cub::DeviceScan::InclusiveScan(temp, temp_bytes, in, out, op, n, stream);
  };
  TANDEM_CUDA_CHECK(run(nullptr));
  memory_block<unsigned char, cuda_device_memory> temp(static_cast<index_t>(temp_bytes));
  TANDEM_CUDA_CHECK(run(temp.data()));
}

}  // namespace tandem::detail
