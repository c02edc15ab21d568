#pragma once
/// \file backend/cuda/gemm.cuh
/// Matrix products on the GPU with cuBLAS, on tandem's stream. Row-major C = A * B is
/// computed as the column-major C^T = B^T * A^T, so no operand is copied; a dense-row
/// operand is passed as-is ("N") and a transposed view (dense columns) as "T". Only
/// included under nvcc; link CUDA::cublas (tandem::tandem does so for CUDA links).

#include <cstdint>
#include <string>

#include <cublas_v2.h>

#include "../../error.hpp"
#include "runtime.hpp"
#include "../host/gemm.hpp"
#include "../../half.hpp"
#include "../complex.hpp"

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

/// cuBLAS's names for an element type: its data type, the type products are summed in
/// (float for float and the 16-bit types, double for double) and the type of alpha and
/// beta.
template <cudaDataType_t Data, cublasComputeType_t Compute, class Scale>
struct cublas_type_names {
  static constexpr cudaDataType_t data = Data;
  static constexpr cublasComputeType_t compute = Compute;
  using scale = Scale;
};
template <class T>
struct cublas_types;
template <>
struct cublas_types<float> : cublas_type_names<CUDA_R_32F, CUBLAS_COMPUTE_32F, float> {};
template <>
struct cublas_types<double> : cublas_type_names<CUDA_R_64F, CUBLAS_COMPUTE_64F, double> {};
template <>
struct cublas_types<__half> : cublas_type_names<CUDA_R_16F, CUBLAS_COMPUTE_32F, float> {};
template <>
struct cublas_types<__nv_bfloat16> : cublas_type_names<CUDA_R_16BF, CUBLAS_COMPUTE_32F, float> {};
// Complex: cgemm and zgemm through GemmEx, alpha and beta complex of the compute type
// (libcu++'s complex is laid out as cuComplex and cuDoubleComplex are).
template <>
struct cublas_types<native_complex<float>>
    : cublas_type_names<CUDA_C_32F, CUBLAS_COMPUTE_32F, native_complex<float>> {};
template <>
struct cublas_types<native_complex<double>>
    : cublas_type_names<CUDA_C_64F, CUBLAS_COMPUTE_64F, native_complex<double>> {};

/// batch products C_b = A_b * B_b (m x k times k x n, row-major C with row stride ldc),
/// operands at fixed strides between batches (0 repeats one operand).
template <class T>
void cuda_gemm(index_t m, index_t n, index_t k, const T* a, blas_operand la, index_t a_batch, const T* b,
               blas_operand lb, index_t b_batch, T* c, index_t ldc, index_t c_batch, index_t batch) {
  if (m == 0 || n == 0 || batch == 0) return;
  using types = cublas_types<T>;
  const cublasHandle_t h = cublas_handle();
  const typename types::scale one = 1, zero = 0;
  const cublasOperation_t ob = lb.transposed ? CUBLAS_OP_T : CUBLAS_OP_N;
  const cublasOperation_t oa = la.transposed ? CUBLAS_OP_T : CUBLAS_OP_N;
  // cuBLAS wants k >= 1 for its checks; an empty sum is zeros.
  if (k == 0) {
    for (index_t q = 0; q < batch; ++q)
      TANDEM_CUDA_CHECK(cudaMemset2DAsync(c + q * c_batch, sizeof(T) * static_cast<std::size_t>(ldc), 0,
                                          sizeof(T) * static_cast<std::size_t>(n), static_cast<std::size_t>(m),
                                          current_stream()));
    return;
  }
  constexpr cudaDataType_t dt = types::data;
  // The classic entry points take 32-bit sizes; the _64 ones (cuBLAS 12) any size.
  auto run = [&](auto gemm, const char* gemm_name, auto batched, const char* batched_name, auto size) {
    if (batch == 1)
      check_cublas(gemm(h, ob, oa, size(n), size(m), size(k), &one, b, dt, size(lb.ld), a, dt, size(la.ld), &zero,
                        c, dt, size(ldc), types::compute, CUBLAS_GEMM_DEFAULT),
                   gemm_name);
    else
      check_cublas(batched(h, ob, oa, size(n), size(m), size(k), &one, b, dt, size(lb.ld), b_batch, a, dt,
                           size(la.ld), a_batch, &zero, c, dt, size(ldc), c_batch, size(batch), types::compute,
                           CUBLAS_GEMM_DEFAULT),
                   batched_name);
  };
  // (cublasGemmEx is overloaded: each is wrapped so that overload resolution sees the arguments.)
  if (fits_blas_int({m, n, k, la.ld, lb.ld, ldc, batch}))
    run([](auto... x) { return cublasGemmEx(x...); }, "cublasGemmEx",
        [](auto... x) { return cublasGemmStridedBatchedEx(x...); }, "cublasGemmStridedBatchedEx",
        [](index_t v) { return static_cast<int>(v); });
  else
    run([](auto... x) { return cublasGemmEx_64(x...); }, "cublasGemmEx_64",
        [](auto... x) { return cublasGemmStridedBatchedEx_64(x...); }, "cublasGemmStridedBatchedEx_64",
        [](index_t v) { return static_cast<std::int64_t>(v); });
}

/// The device backend's gemm (backend/facets.hpp): C's rows are dense.
template <class T>
void cuda_batched_gemm(index_t batch, index_t m, index_t n, index_t k, strided_matrix<const T> a,
                       strided_matrix<const T> b, strided_matrix<T> c) {
  const blas_layout la = blas_layout_of(m, k, a.rs, a.cs), lb = blas_layout_of(k, n, b.rs, b.cs);
  cuda_gemm<T>(m, n, k, a.data, la.op, a.bs, b.data, lb.op, b.bs, c.data, c.rs, c.bs, batch);
}

}  // namespace tandem::detail
