#pragma once
/// \file backend/cuda/reduce.cuh
/// Full reductions on the GPU with cub::DeviceReduce. Only included under nvcc.

#include <cstddef>

#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "../../error.hpp"
#include "../memory_block.hpp"
#include "runtime.hpp"
#include "cub_op.cuh"

namespace tandem::detail {

/// op(init, get(0) op ... op get(n-1)), computed on tandem's stream and copied to the host.
template <class V, class Get, class Op>
V cub_reduce(index_t n, const Get& get, const Op& user_op, const V& init) {
  const cudaStream_t stream = current_stream();
  const auto& op = cub_op<V>(user_op);
  auto input = thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), get);
  std::size_t temp_bytes = 0;
  TANDEM_CUDA_CHECK(cub::DeviceReduce::Reduce(nullptr, temp_bytes, input, static_cast<V*>(nullptr), n, op,
                                              init, stream));
  // One allocation: the result slot, padded to 256 bytes, then CUB's scratch space.
  constexpr std::size_t slot = 256;
  memory_block<unsigned char, cuda_device_memory> scratch(static_cast<index_t>(slot + temp_bytes));
  V* result = reinterpret_cast<V*>(scratch.data());
  TANDEM_CUDA_CHECK(cub::DeviceReduce::Reduce(scratch.data() + slot, temp_bytes, input, result, n, op, init,
                                              stream));
  V host_result;
  TANDEM_CUDA_CHECK(cudaMemcpyAsync(&host_result, result, sizeof(V), cudaMemcpyDeviceToHost, stream));
  TANDEM_CUDA_CHECK(cudaStreamSynchronize(stream));
  return host_result;
}

}  // namespace tandem::detail
