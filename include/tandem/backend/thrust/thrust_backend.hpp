#pragma once
/// \file backend/thrust/thrust_backend.hpp
/// The device backend, for the device and managed spaces: every operation of the backend
/// interface (backend/backend.hpp) written with Thrust. Under a CUDA compiler it runs on
/// the GPU: CUB for reductions, scans and sorts, cuBLAS for matrix products, memory
/// from the stream-ordered pool, CUDA streams and events. Under a host compiler (the
/// emulated device) the loops run on the host's threads as the host backend's do, and
/// the memory, sorts, compaction, matrix products and runtime are the host backend's;
/// no Thrust header is included. The sorter, the selector and gemm are defined in their
/// own headers (backend/facets.hpp).

#include <type_traits>

#include "../../config.hpp"
#include "../../half.hpp"
#include "../../space.hpp"
#include "../counting.hpp"
#include "../facets.hpp"
#include "../host/memory.hpp"
#include "../host/runtime.hpp"
#include "loops.hpp"

#if TANDEM_HAS_CUDA
#  include "../cuda/runtime.hpp"
#endif

namespace tandem::detail {

template <class Space>
struct thrust_backend : thrust_loops<Space> {
  using loops = thrust_loops<Space>;
#if TANDEM_HAS_CUDA
  using memory = std::conditional_t<is_host_accessible_v<Space>, cuda_managed_memory, cuda_device_memory>;
  using runtime = cuda_runtime;
  using sorter = cuda_sorter;
  using selector = thrust_selector<Space>;
  using solver = cuda_solver;
#else
  using memory = host_memory;
  using runtime = host_runtime;
  using sorter = host_sorter;
  using selector = host_selector;
  using solver = host_solver;
#endif

  /// batch products C_q = A_q * B_q, m x k times k x n; C's rows are dense.
  template <class T>
  static void gemm(index_t batch, index_t m, index_t n, index_t k, strided_matrix<const T> a,
                   strided_matrix<const T> b, strided_matrix<T> c) {
#if TANDEM_HAS_CUDA
    cuda_batched_gemm(batch, m, n, k, a, b, c);
#else
    host_batched_gemm(batch, m, n, k, a, b, c);
#endif
  }
  /// cuBLAS multiplies the 16-bit types too (accumulating in float); the emulated device
  /// widens them to float first, as the host does.
  template <class T>
  static constexpr bool gemm_native =
      std::is_same_v<T, float> || std::is_same_v<T, double> || (TANDEM_HAS_CUDA && is_reduced_float_v<T>);
  template <class I = index_t>  // a template: gemm_reads_layout is defined in gemm.hpp
  static bool gemm_reads(I rows, I cols, I rs, I cs) {
    return gemm_reads_layout(rows, cols, rs, cs);
  }

  /// A batch of FFTs (backend/facets.hpp's fft_desc): cuFFT on a GPU, FFTW where the
  /// device is emulated.
  template <class Real>
  static void fft(const fft_desc& d, const void* in, void* out) {
#if TANDEM_HAS_CUDA
    cuda_fft<Real>(d, in, out);
#else
    host_fft<Real>(d, in, out);
#endif
  }

  /// sums[b] += the weights of the i in [0, n) with bin(i) == b: atomics on a GPU, a row
  /// of bins per chunk where the device is emulated (as on the host).
  template <class A, class Bin, class Weight>
  static void sum_bins(index_t n, const Bin& bin, const Weight& weight, index_t bins, A* sums) {
    if constexpr (loops::runs_on_cpu)
      sum_bins_by_chunks<loops, memory>(n, bin, weight, bins, sums);
    else
      sum_bins_atomic<loops>(n, bin, weight, sums);
  }

  /// Waits for the work queued on the calling thread's stream.
  static void synchronize() { memory::wait(); }
};

}  // namespace tandem::detail
