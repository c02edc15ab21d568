#pragma once
/// \file backend/host/host_backend.hpp
/// The host backend: every operation of the backend interface (backend/backend.hpp) on
/// the CPU. Loops, reductions and scans on tandem's pool of threads (host/loops.hpp),
/// tandem's radix sort, two-pass compaction, tandem's blocked SIMD matrix product or
/// CBLAS, aligned host memory with a block cache, and a runtime whose streams order
/// nothing (host work finishes before it returns). The sorter, the selector and gemm
/// are defined in sort.hpp, select.hpp and gemm.hpp, which only the algorithms that use
/// them include (backend/facets.hpp).

#include "../../config.hpp"
#include "../counting.hpp"
#include "../facets.hpp"
#include "loops.hpp"
#include "memory.hpp"
#include "runtime.hpp"

namespace tandem::detail {

struct host_backend : host_loops {
  using memory = host_memory;
  using runtime = host_runtime;
  using sorter = host_sorter;
  using selector = host_selector;
  using solver = host_solver;

  /// batch products C_q = A_q * B_q, m x k times k x n; C's rows are dense.
  template <class T>
  static void gemm(index_t batch, index_t m, index_t n, index_t k, strided_matrix<const T> a,
                   strided_matrix<const T> b, strided_matrix<T> c) {
    host_batched_gemm(batch, m, n, k, a, b, c);
  }
  /// Element types gemm multiplies as they are (others are widened to float first).
  template <class T>
  static constexpr bool gemm_native = std::is_same_v<T, float> || std::is_same_v<T, double>;
  /// Whether gemm reads a matrix with these strides in place.
  template <class I = index_t>  // a template: gemm_reads_layout is defined in gemm.hpp
  static bool gemm_reads(I rows, I cols, I rs, I cs) {
    return gemm_reads_layout(rows, cols, rs, cs);
  }

  /// A batch of FFTs (backend/facets.hpp's fft_desc); Real is float or double.
  template <class Real>
  static void fft(const fft_desc& d, const void* in, void* out) {
    host_fft<Real>(d, in, out);
  }

  /// sums[b] += the weights of the i in [0, n) with bin(i) == b (bin(i) < 0: not
  /// summed); A is index_t or double (backend/counting.hpp).
  template <class A, class Bin, class Weight>
  static void sum_bins(index_t n, const Bin& bin, const Weight& weight, index_t bins, A* sums) {
    sum_bins_by_chunks<host_loops, host_memory>(n, bin, weight, bins, sums);
  }

  /// Waits for all of this backend's work: host work is done when it returns.
  static void synchronize() {}
};

}  // namespace tandem::detail
