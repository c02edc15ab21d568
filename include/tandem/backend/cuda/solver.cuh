#pragma once
/// \file backend/cuda/solver.cuh
/// Dense linear algebra on the GPU with cuSOLVER's dense API, on tandem's stream: LU
/// (getrf), solving with it (getrs) and Cholesky (potrf), one call per matrix of a batch,
/// column-major, the workspace from tandem's stream-ordered pool, `info` left on the
/// device for the caller to read. Only included under nvcc; link CUDA::cusolver
/// (tandem::tandem does so for CUDA links).

#include <cstddef>
#include <string>
#include <type_traits>

#include <cusolverDn.h>

#include "../../error.hpp"
#include "../complex.hpp"
#include "../facets.hpp"
#include "runtime.hpp"

namespace tandem::detail {

inline void check_cusolver(cusolverStatus_t status, const char* call) {
  if (status != CUSOLVER_STATUS_SUCCESS)
    throw cuda_error(std::string("tandem: ") + call + " failed: cuSOLVER status " +
                     std::to_string(static_cast<int>(status)));
}

/// One cuSOLVER handle per thread, bound to the thread's current stream on each use.
struct cusolver_owner {
  cusolverDnHandle_t handle = nullptr;
  cusolver_owner() { check_cusolver(cusolverDnCreate(&handle), "cusolverDnCreate"); }
  cusolver_owner(const cusolver_owner&) = delete;
  cusolver_owner& operator=(const cusolver_owner&) = delete;
  ~cusolver_owner() { (void)cusolverDnDestroy(handle); }
};
inline cusolverDnHandle_t cusolver_handle() {
  thread_local cusolver_owner owner;
  check_cusolver(cusolverDnSetStream(owner.handle, current_stream()), "cusolverDnSetStream");
  return owner.handle;
}

/// Scratch device memory from the pool, returned on the stream when it goes.
struct cusolver_workspace {
  void* p = nullptr;
  std::size_t bytes = 0;
  explicit cusolver_workspace(std::size_t b) : p(cuda_device_memory::allocate(b)), bytes(b) {}
  cusolver_workspace(const cusolver_workspace&) = delete;
  cusolver_workspace& operator=(const cusolver_workspace&) = delete;
  ~cusolver_workspace() { cuda_device_memory::deallocate(p, bytes); }
};

/// cuSOLVER's routines for one element type: S, D, C, Z.
template <class T>
struct cusolver_api;
#define TANDEM_CUSOLVER_API(T, L, p)                                                                           \
  template <>                                                                                                  \
  struct cusolver_api<T> {                                                                                     \
    static L* c(T* x) { return reinterpret_cast<L*>(x); }                                                      \
    static const L* c(const T* x) { return reinterpret_cast<const L*>(x); }                                    \
    static int getrf_size(cusolverDnHandle_t h, int n, T* a) {                                                 \
      int lwork = 0;                                                                                           \
      check_cusolver(cusolverDn##p##getrf_bufferSize(h, n, n, c(a), n, &lwork), "cusolverDn" #p "getrf_bufferSize"); \
      return lwork;                                                                                            \
    }                                                                                                          \
    static void getrf(cusolverDnHandle_t h, int n, T* a, T* work, int* ipiv, int* info) {                      \
      check_cusolver(cusolverDn##p##getrf(h, n, n, c(a), n, c(work), ipiv, info), "cusolverDn" #p "getrf");     \
    }                                                                                                          \
    static void getrs(cusolverDnHandle_t h, int n, int nrhs, const T* a, const int* ipiv, T* b, int* info) {   \
      check_cusolver(cusolverDn##p##getrs(h, CUBLAS_OP_N, n, nrhs, c(a), n, ipiv, c(b), n, info),                \
                     "cusolverDn" #p "getrs");                                                                 \
    }                                                                                                          \
    static int potrf_size(cusolverDnHandle_t h, int n, T* a) {                                                 \
      int lwork = 0;                                                                                           \
      check_cusolver(cusolverDn##p##potrf_bufferSize(h, CUBLAS_FILL_MODE_LOWER, n, c(a), n, &lwork),            \
                     "cusolverDn" #p "potrf_bufferSize");                                                      \
      return lwork;                                                                                            \
    }                                                                                                          \
    static void potrf(cusolverDnHandle_t h, int n, T* a, T* work, int lwork, int* info) {                      \
      check_cusolver(cusolverDn##p##potrf(h, CUBLAS_FILL_MODE_LOWER, n, c(a), n, c(work), lwork, info),         \
                     "cusolverDn" #p "potrf");                                                                 \
    }                                                                                                          \
  };
TANDEM_CUSOLVER_API(float, float, S)
TANDEM_CUSOLVER_API(double, double, D)
TANDEM_CUSOLVER_API(native_complex<float>, cuComplex, C)
TANDEM_CUSOLVER_API(native_complex<double>, cuDoubleComplex, Z)
#undef TANDEM_CUSOLVER_API

template <class T>
void cuda_lu(index_t batch, index_t n, T* a, index_t stride, int* ipiv, int* info) {
  const cusolverDnHandle_t h = cusolver_handle();
  const int m = static_cast<int>(n);
  const cusolver_workspace work(static_cast<std::size_t>(cusolver_api<T>::getrf_size(h, m, a)) * sizeof(T));
  for (index_t q = 0; q != batch; ++q)
    cusolver_api<T>::getrf(h, m, a + q * stride, static_cast<T*>(work.p), ipiv + q * n, info + q);
}

template <class T>
void cuda_lu_solve(index_t batch, index_t n, index_t nrhs, const T* lu, index_t lu_stride, const int* ipiv,
                   index_t ipiv_stride, T* b, index_t b_stride, int* info) {
  const cusolverDnHandle_t h = cusolver_handle();
  for (index_t q = 0; q != batch; ++q)
    cusolver_api<T>::getrs(h, static_cast<int>(n), static_cast<int>(nrhs), lu + q * lu_stride, ipiv + q * ipiv_stride,
                           b + q * b_stride, info + q);
}

template <class T>
void cuda_cholesky(index_t batch, index_t n, T* a, index_t stride, int* info) {
  const cusolverDnHandle_t h = cusolver_handle();
  const int m = static_cast<int>(n);
  const int lwork = cusolver_api<T>::potrf_size(h, m, a);
  const cusolver_workspace work(static_cast<std::size_t>(lwork) * sizeof(T));
  for (index_t q = 0; q != batch; ++q)
    cusolver_api<T>::potrf(h, m, a + q * stride, static_cast<T*>(work.p), lwork, info + q);
}

}  // namespace tandem::detail
