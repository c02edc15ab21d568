#pragma once
/// \file backend/cuda/copy.cuh
/// A copy between two layouts whose fast axes differ (a transpose, a permute) on the GPU:
/// each block stages a 32x32 tile in shared memory, so that both its reads (along the
/// source's fast axis) and its writes (along the destination's) are coalesced.

#include <cstddef>

#include <cuda_runtime.h>

#include "../../half.hpp"
#include "../../shape.hpp"
#include "../portable.hpp"
#include "runtime.hpp"

namespace tandem::detail {

inline constexpr int copy_tile_side = 32;  // one warp along a tile's row
inline constexpr int copy_tile_rows = 8;   // a block's rows of threads: 4 elements each

/// out = in over `extents`, a = R - 1 the destination's fast axis, b the source's. Blocks
/// walk tiles of (a, b) in x and y and the other axes' indices in z, each grid-stride (y
/// and z stop at 65535 blocks).
template <class T, class U, std::size_t R>
__global__ void tiled_copy_cuda(T* out, const U* in, shape<R> extents, shape<R> out_strides,
                                shape<R> in_strides, std::size_t b, index_t tiles_a, index_t tiles_b,
                                index_t others) {
  constexpr std::size_t a = R - 1;
  // Raw storage: a __shared__ array may not have a constructor to run. +1 column: a
  // tile's columns fall in different banks.
  __shared__ alignas(U) unsigned char storage[copy_tile_side * (copy_tile_side + 1) * sizeof(U)];
  auto tile = reinterpret_cast<U(*)[copy_tile_side + 1]>(storage);
  const index_t na = extents[a], nb = extents[b];
  const int tx = static_cast<int>(threadIdx.x), ty = static_cast<int>(threadIdx.y);
  for (index_t z = blockIdx.z; z < others; z += gridDim.z) {
    index_t o_out, o_in;
    plane_offsets(z, extents, a, b, out_strides, in_strides, o_out, o_in);
    for (index_t ta = blockIdx.x; ta < tiles_a; ta += gridDim.x)
    for (index_t tb = blockIdx.y; tb < tiles_b; tb += gridDim.y) {
      const index_t a0 = ta * copy_tile_side, b0 = tb * copy_tile_side;
      // tile[k][x] = element (a0 + k, b0 + x): a warp reads along b, the source's fast axis.
      for (int k = ty; k < copy_tile_side; k += copy_tile_rows) {
        const index_t ia = a0 + k, ib = b0 + tx;
        if (ia < na && ib < nb) tile[k][tx] = in[o_in + ia * in_strides[a] + ib * in_strides[b]];
      }
      __syncthreads();
      // Element (a0 + x, b0 + k) = tile[x][k]: a warp writes along a, the destination's.
      for (int k = ty; k < copy_tile_side; k += copy_tile_rows) {
        const index_t ia = a0 + tx, ib = b0 + k;
        if (ia < na && ib < nb) out[o_out + ia * out_strides[a] + ib * out_strides[b]] = convert<T>(tile[tx][k]);
      }
      __syncthreads();
    }
  }
}

/// Queues the tiled copy on tandem's stream (see tiled_copy_cuda).
template <class T, class U, std::size_t R>
void cuda_copy_tiles(T* out, const U* in, const shape<R>& extents, const shape<R>& out_strides,
                     const shape<R>& in_strides, std::size_t b) {
  const index_t side = copy_tile_side;
  const index_t tiles_a = (extents[R - 1] + side - 1) / side, tiles_b = (extents[b] + side - 1) / side;
  const index_t others = planes_except(extents, R - 1, b);
  if (tiles_a == 0 || tiles_b == 0 || others == 0) return;
  const auto capped = [](index_t x, index_t cap) { return static_cast<unsigned>(x < cap ? x : cap); };
  const dim3 grid(capped(tiles_a, 0x7fffffff), capped(tiles_b, 65535), capped(others, 65535));
  const dim3 block(copy_tile_side, copy_tile_rows);
  tiled_copy_cuda<T, U, R><<<grid, block, 0, current_stream()>>>(out, in, extents, out_strides, in_strides, b,
                                                                  tiles_a, tiles_b, others);
  check_launch("tandem: the tiled copy kernel");
}

}  // namespace tandem::detail
