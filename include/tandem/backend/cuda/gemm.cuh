#pragma once
/// \file backend/cuda/gemm.cuh
/// Matrix products on the GPU with cuBLAS, on tandem's stream. Row-major C = A * B is
/// computed as the column-major C^T = B^T * A^T, so no operand is copied; a dense-row
/// operand is passed as-is ("N") and a transposed view (dense columns) as "T". Only
/// included under nvcc; link CUDA::cublas (tandem::tandem does so for CUDA links).

#include <string>

#include <cublas_v2.h>

#include "../../error.hpp"
#include "../../memory/memory.hpp"
#include "../host/gemm.hpp"

namespace tandem::detail {

inline void check_cublas(cublasStatus_t status, const char* call) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw cuda_error(std::string("tandem: ") + call + " failed: " + cublasGetStatusName(status) + " (" +
                     cublasGetStatusString(status) + ")");
}

/// One cuBLAS handle per thread, created on first use and destroyed when the thread
/// ends (for the main thread: at exit, before the CUDA runtime's own teardown).
struct cublas_owner {
  cublasHandle_t handle = nullptr;
  cublas_owner() { check_cublas(cublasCreate(&handle), "cublasCreate"); }
  cublas_owner(const cublas_owner&) = delete;
  cublas_owner& operator=(const cublas_owner&) = delete;
  ~cublas_owner() { (void)cublasDestroy(handle); }
};
inline cublasHandle_t cublas_handle() {
  thread_local cublas_owner owner;
  check_cublas(cublasSetStream(owner.handle, current_stream()), "cublasSetStream");
  return owner.handle;
}

/// batch products C_b = A_b * B_b (m x k times k x n, row-major C with row stride ldc),
/// operands at fixed strides between batches (0 repeats one operand).
template <class T>
void cuda_gemm(index_t m, index_t n, index_t k, const T* a, blas_operand la, index_t a_batch, const T* b,
               blas_operand lb, index_t b_batch, T* c, index_t ldc, index_t c_batch, index_t batch) {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>, "tandem: cuBLAS matmul takes float or double");
  if (m == 0 || n == 0 || batch == 0) return;
  const cublasHandle_t h = cublas_handle();
  const T one = 1, zero = 0;
  const cublasOperation_t ob = lb.transposed ? CUBLAS_OP_T : CUBLAS_OP_N;
  const cublasOperation_t oa = la.transposed ? CUBLAS_OP_T : CUBLAS_OP_N;
  const auto i = [](index_t v) { return static_cast<int>(v); };
  // cuBLAS wants k >= 1 for its checks; an empty sum is zeros.
  if (k == 0) {
    for (index_t q = 0; q < batch; ++q)
      TANDEM_CUDA_CHECK(cudaMemset2DAsync(c + q * c_batch, sizeof(T) * static_cast<std::size_t>(ldc), 0,
                                          sizeof(T) * static_cast<std::size_t>(n), static_cast<std::size_t>(m),
                                          current_stream()));
    return;
  }
  if constexpr (std::is_same_v<T, float>) {
    if (batch == 1)
      check_cublas(cublasSgemm(h, ob, oa, i(n), i(m), i(k), &one, b, i(lb.ld), a, i(la.ld), &zero, c, i(ldc)),
                   "cublasSgemm");
    else
      check_cublas(cublasSgemmStridedBatched(h, ob, oa, i(n), i(m), i(k), &one, b, i(lb.ld), b_batch, a, i(la.ld),
                                             a_batch, &zero, c, i(ldc), c_batch, i(batch)),
                   "cublasSgemmStridedBatched");
  } else {
    if (batch == 1)
      check_cublas(cublasDgemm(h, ob, oa, i(n), i(m), i(k), &one, b, i(lb.ld), a, i(la.ld), &zero, c, i(ldc)),
                   "cublasDgemm");
    else
      check_cublas(cublasDgemmStridedBatched(h, ob, oa, i(n), i(m), i(k), &one, b, i(lb.ld), b_batch, a, i(la.ld),
                                             a_batch, &zero, c, i(ldc), c_batch, i(batch)),
                   "cublasDgemmStridedBatched");
  }
}

}  // namespace tandem::detail
