#pragma once
/// \file backend/facets.hpp
/// What the backend structs name before the headers that define it are included. The
/// heavy operations (sorting, compaction, matrix products) are defined in their own
/// headers, which only the algorithm headers that use them include (through the doors
/// sort.hpp, select.hpp, gemm.hpp and fft.hpp here); backend.hpp, which every tensor includes,
/// names them through these declarations, so a program that never sorts never compiles
/// a sort. backend/all.hpp includes every operation and checks each backend whole.

#include <vector>

#include "../config.hpp"

namespace tandem::detail {

/// One strided matrix of a batch: element (q, i, j) at data[q * bs + i * rs + j * cs].
template <class T>
struct strided_matrix {
  T* data;
  index_t bs, rs, cs;
};

// Defined in host/gemm.hpp (with cuda/gemm.cuh under CUDA).
template <class T>
void host_batched_gemm(index_t batch, index_t m, index_t n, index_t k, strided_matrix<const T> a,
                       strided_matrix<const T> b, strided_matrix<T> c);
inline bool gemm_reads_layout(index_t rows, index_t cols, index_t rs, index_t cs);
template <class T>
void cuda_batched_gemm(index_t batch, index_t m, index_t n, index_t k, strided_matrix<const T> a,
                       strided_matrix<const T> b, strided_matrix<T> c);

/// One axis of an FFT's layout: its logical length n (the real length for real
/// transforms) and the strides of the input and of the output along it, in elements of
/// each side's type.
struct fft_axis {
  index_t n, is, os;
  friend bool operator==(const fft_axis&, const fft_axis&) = default;
};
enum class fft_kind : int { c2c, r2c, c2r };
/// A batch of multi-dimensional transforms: `axes` are transformed (for r2c and c2r the
/// last of them is the halved one), `batch` are looped over. sign is -1 (forward) or +1
/// (backward, unnormalized). `scratch_input`: the input is the caller's own buffer and may
/// be overwritten (c2r always needs that).
struct fft_desc {
  fft_kind kind;
  int sign;
  std::vector<fft_axis> axes, batch;
  bool scratch_input;
};

// Defined in host/fftw.hpp (FFTW3) and cuda/fft.cuh (cuFFT); Real is float or double.
template <class Real>
void host_fft(const fft_desc& d, const void* in, void* out);
template <class Real>
void cuda_fft(const fft_desc& d, const void* in, void* out);

/// What an SVD computes besides the singular values: nothing, the reduced vectors (u m x n
/// for m >= n) or the full ones (u m x m).
enum class svd_job : int { none, reduced, full };

struct host_solver;  // host/lapack.hpp (LAPACKE): dense LU, Cholesky, QR, SVD, eigensolvers
struct cuda_solver;  // cuda/solver.cuh (cuSOLVER)
struct host_sorter;    // host/sort.hpp
struct cuda_sorter;    // cuda/sort.cuh
struct host_selector;  // host/select.hpp
template <class Space>
struct thrust_selector;  // thrust/select.hpp

}  // namespace tandem::detail
