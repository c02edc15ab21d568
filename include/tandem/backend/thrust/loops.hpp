#pragma once
/// \file backend/thrust/loops.hpp
/// Loops, reductions and scans for the device and managed spaces, written with Thrust. Under
/// a CUDA compiler they run on the GPU, ordered on tandem's stream without waiting;
/// under a host compiler (the emulated device) they run on the host's threads: loops
/// and reductions as the host backend's do, scans with the host backend's scan.

// config.hpp first: it picks Thrust's device system before any Thrust header is seen.
#include "../../config.hpp"

#include <type_traits>

#include "../../space.hpp"
#include "../host/loops.hpp"

#if TANDEM_HAS_CUDA
#  include <thrust/execution_policy.h>
#  include <thrust/for_each.h>
#  include <thrust/iterator/counting_iterator.h>
#  include <thrust/iterator/transform_iterator.h>
#  include "../cuda/copy.cuh"
#  include "../cuda/reduce.cuh"
#  include "../cuda/runtime.hpp"
#  include "../cuda/scan.cuh"
#endif

namespace tandem::detail {

#if TANDEM_HAS_CUDA
/// Thrust's scratch memory from the stream-ordered pool (Thrust's own default is a
/// synchronous cudaMalloc and cudaFree per call).
struct pool_allocator {
  using value_type = char;
  char* allocate(std::ptrdiff_t bytes) {
    return static_cast<char*>(cuda_device_memory::allocate(static_cast<std::size_t>(bytes)));
  }
  void deallocate(char* p, std::size_t bytes) { cuda_device_memory::deallocate(p, bytes); }
};

/// Thrust's policy for tandem's device work: on tandem's stream, without waiting, with
/// scratch memory from the pool.
inline auto device_policy() { return thrust::cuda::par_nosync(pool_allocator{}).on(current_stream()); }
#endif

template <class Space>
struct thrust_loops {
  /// Emulated, the loops run on CPU cores, as the host backend's do.
  static constexpr bool runs_on_cpu = !TANDEM_HAS_CUDA;

#if TANDEM_HAS_CUDA
  /// Thrust's policy for this backend's work (emulated, the loops below need none).
  static auto policy() { return device_policy(); }
#endif

  /// Calls f(i) for i in [0, n) on the device system.
  template <class F>
  static void for_each(index_t n, const F& f, [[maybe_unused]] index_t cost = 1) {
    if (n <= 0) return;
#if TANDEM_HAS_CUDA
    thrust::for_each_n(policy(), thrust::counting_iterator<index_t>(0), n, f);
    launched("thrust::for_each_n");
#else
    // Emulated: the host backend's loop, on the same threads. Thrust's TBB
    // for_each_n ran memory-bound loops 1.6 to 2.2 times slower than this one with the
    // same functor (a 32x32-tiled 4096x4096 transpose: 44 ms against 20 ms; measured
    // 2026-12-01), and could not split loops by their cost.
    host_loops::for_each(n, f, cost);
#endif
  }

  /// out[i] = f(i) for i in [0, n), out dense: a for_each on a GPU; emulated, the host
  /// loop's, which stores large outputs past the caches (host_loops::store_each).
  template <class T, class F>
  static void store_each(index_t n, T* out, const F& f) {
#if TANDEM_HAS_CUDA
    for_each(n, store_kernel<T, F>{out, f});
#else
    host_loops::store_each(n, out, f);
#endif
  }

  /// out = in between two layouts whose fast axes differ (see host_loops::copy_tiles):
  /// 32x32 tiles through shared memory on a GPU, the host's cache-sized tiles emulated.
  template <class T, class U, std::size_t R>
  static void copy_tiles(T* out, const U* in, const shape<R>& extents, const shape<R>& out_strides,
                         const shape<R>& in_strides, std::size_t b) {
#if TANDEM_HAS_CUDA
    cuda_copy_tiles(out, in, extents, out_strides, in_strides, b);
#else
    host_loops::copy_tiles(out, in, extents, out_strides, in_strides, b);
#endif
  }

  /// op(init, get(0) op ... op get(n-1)) for n >= 1, handed to the host. CUB under
  /// CUDA. Emulated, the host backend's reduction (the memory is host memory), so both
  /// spaces give bitwise-equal results.
  template <class V, class Get, class Op>
  static V reduce(index_t n, const Get& get, const Op& op, const V& init, index_t cost = 1) {
#if TANDEM_HAS_CUDA
    (void)cost;
    return cub_reduce<V>(n, get, op, init);
#else
    return host_loops::reduce(n, get, op, init, cost);
#endif
  }

  /// Prefix scan into out: inclusive, or exclusive from `init` when given (see the host
  /// backend). CUB's single-pass scan under CUDA. Emulated, the host backend's scan
  /// (the memory is host memory), so both spaces round float scans alike.
  template <class V, class Get, class Op>
  static void scan(index_t n, const Get& get, const Op& op, V* out, const V* init) {
    if (n <= 0) return;
#if TANDEM_HAS_CUDA
    cub_scan<V>(n, thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), get), op, out, init);
#else
    host_loops::scan(n, get, op, out, init);
#endif
  }

  /// The same scan of contiguous elements: CUB loads them directly (vectorized), which
  /// it cannot through an index-computing iterator.
  template <class V, class Op>
  static void scan_contiguous(index_t n, const V* in, const Op& op, V* out, const V* init) {
    if (n <= 0) return;
#if TANDEM_HAS_CUDA
    cub_scan<V>(n, in, op, out, init);
#else
    host_loops::scan_contiguous(n, in, op, out, init);
#endif
  }

  /// Called after each operation; managed memory is host-readable only once it is done.
  static void finish() {
#if TANDEM_HAS_CUDA
    if constexpr (is_host_accessible_v<Space>) cuda_device_memory::wait();
#endif
  }

  /// Checks the launch of a kernel or Thrust/CUB call queued just before (a no-op
  /// where the device is emulated: errors there are exceptions already).
  static void launched([[maybe_unused]] const char* what) {
#if TANDEM_HAS_CUDA
    check_launch(what);
#endif
  }
};

}  // namespace tandem::detail
