#pragma once
/// \file backend/cuda/solver.cuh
/// Dense linear algebra on the GPU with cuSOLVER's dense API, on tandem's stream:
/// `cuda_solver`, with LU (getrf), solving with it (getrs), Cholesky (potrf), QR (geqrf,
/// orgqr/ungqr), SVD (gesvd), the Hermitian eigensolver (syevd/heevd) and the general one
/// (Xgeev), one call per matrix of a batch; but one call for a whole batch where a batched
/// routine exists: Cholesky of any size (potrfBatched), and for matrices of at most
/// `small_matrix` rows, LU and solving with it (cuBLAS's getrfBatched, getrsBatched) and
/// the Hermitian eigensolver (Jacobi's, syevjBatched/heevjBatched). Column-major, the
/// workspace from tandem's stream-ordered pool (sized once per batch), `info` left on the
/// device for the caller to read. Only included under nvcc; link CUDA::cusolver and
/// CUDA::cublas (tandem::tandem does so for CUDA links).

#include <climits>
#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include <cusolverDn.h>

#include "../../error.hpp"
#include "../../half.hpp"
#include "../complex.hpp"
#include "../facets.hpp"
#include "../thrust/loops.hpp"
#include "gemm.cuh"
#include "runtime.hpp"

namespace tandem::detail {

inline void check_cusolver(cusolverStatus_t status, const char* call) {
  if (status != CUSOLVER_STATUS_SUCCESS)
    throw cuda_error(std::string("tandem: ") + call + " failed: cuSOLVER status " +
                     std::to_string(static_cast<int>(status)));
}

/// A cuSOLVER object (its handle, or one of its parameter objects) made once per thread
/// by `make` and destroyed when the thread ends.
template <class H, cusolverStatus_t (*Destroy)(H)>
struct cusolver_object {
  H object = nullptr;
  template <class Make>
  explicit cusolver_object(Make make) {
    make(object);
  }
  cusolver_object(const cusolver_object&) = delete;
  cusolver_object& operator=(const cusolver_object&) = delete;
  ~cusolver_object() { (void)Destroy(object); }
};

/// One cuSOLVER handle per thread, bound to the thread's current stream on each use.
inline cusolverDnHandle_t cusolver_handle() {
  thread_local cusolver_object<cusolverDnHandle_t, cusolverDnDestroy> owner(
      [](cusolverDnHandle_t& h) { check_cusolver(cusolverDnCreate(&h), "cusolverDnCreate"); });
  check_cusolver(cusolverDnSetStream(owner.object, current_stream()), "cusolverDnSetStream");
  return owner.object;
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

/// cuSOLVER's routines for one element type: S, D, C, Z. Those whose names differ between
/// real and complex types (orgqr/ungqr, syevd/heevd) are spelled once here.
template <class T>
struct cusolver_api;
#define TANDEM_CUSOLVER_API(T, L, p, orgqr_, syevd_, R, data_type)                                             \
  template <>                                                                                                  \
  struct cusolver_api<T> {                                                                                     \
    static constexpr cudaDataType type = data_type;                                                            \
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
    static void getrs(cusolverDnHandle_t h, bool t, int n, int nrhs, const T* a, const int* ipiv, T* b,        \
                      int* info) {                                                                             \
      check_cusolver(cusolverDn##p##getrs(h, t ? CUBLAS_OP_T : CUBLAS_OP_N, n, nrhs, c(a), n, ipiv, c(b), n, info), \
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
    static void potrf_batched(cusolverDnHandle_t h, int n, T** a, int* info, int batch) {                       \
      check_cusolver(cusolverDn##p##potrfBatched(h, CUBLAS_FILL_MODE_UPPER, n, reinterpret_cast<L**>(a), n, info, \
                                                 batch),                                                        \
                     "cusolverDn" #p "potrfBatched");                                                          \
    }                                                                                                          \
    static int geqrf_size(cusolverDnHandle_t h, int m, int n, T* a) {                                          \
      int lwork = 0;                                                                                           \
      check_cusolver(cusolverDn##p##geqrf_bufferSize(h, m, n, c(a), m, &lwork), "cusolverDn" #p "geqrf_bufferSize"); \
      return lwork;                                                                                            \
    }                                                                                                          \
    static void geqrf(cusolverDnHandle_t h, int m, int n, T* a, T* tau, T* work, int lwork, int* info) {        \
      check_cusolver(cusolverDn##p##geqrf(h, m, n, c(a), m, c(tau), c(work), lwork, info), "cusolverDn" #p "geqrf"); \
    }                                                                                                          \
    static int orgqr_size(cusolverDnHandle_t h, int m, int k, const T* a, const T* tau) {                      \
      int lwork = 0;                                                                                           \
      check_cusolver(cusolverDn##p##orgqr_##_bufferSize(h, m, k, k, c(a), m, c(tau), &lwork),                   \
                     "cusolverDn" #p #orgqr_ "_bufferSize");                                                   \
      return lwork;                                                                                            \
    }                                                                                                          \
    static void orgqr(cusolverDnHandle_t h, int m, int k, T* a, const T* tau, T* work, int lwork, int* info) {  \
      check_cusolver(cusolverDn##p##orgqr_(h, m, k, k, c(a), m, c(tau), c(work), lwork, info),                  \
                     "cusolverDn" #p #orgqr_);                                                                 \
    }                                                                                                          \
    static int gesvd_size(cusolverDnHandle_t h, int m, int n) {                                                \
      int lwork = 0;                                                                                           \
      check_cusolver(cusolverDn##p##gesvd_bufferSize(h, m, n, &lwork), "cusolverDn" #p "gesvd_bufferSize");      \
      return lwork;                                                                                            \
    }                                                                                                          \
    static void gesvd(cusolverDnHandle_t h, signed char job, int m, int n, T* a, R* s, T* u, int ldu, T* vt,    \
                      T* work, int lwork, R* rwork, int* info) {                                               \
      check_cusolver(cusolverDn##p##gesvd(h, job, job, m, n, c(a), m, s, c(u), ldu, c(vt), n, c(work), lwork,    \
                                          rwork, info),                                                        \
                     "cusolverDn" #p "gesvd");                                                                 \
    }                                                                                                          \
    static int syevd_size(cusolverDnHandle_t h, cusolverEigMode_t jobz, int n, const T* a, const R* w) {        \
      int lwork = 0;                                                                                           \
      check_cusolver(cusolverDn##p##syevd_##_bufferSize(h, jobz, CUBLAS_FILL_MODE_LOWER, n, c(a), n, w, &lwork), \
                     "cusolverDn" #p #syevd_ "_bufferSize");                                                   \
      return lwork;                                                                                            \
    }                                                                                                          \
    static void syevd(cusolverDnHandle_t h, cusolverEigMode_t jobz, int n, T* a, R* w, T* work, int lwork,      \
                      int* info) {                                                                             \
      check_cusolver(cusolverDn##p##syevd_(h, jobz, CUBLAS_FILL_MODE_LOWER, n, c(a), n, w, c(work), lwork, info), \
                     "cusolverDn" #p #syevd_);                                                                 \
    }                                                                                                          \
  };
TANDEM_CUSOLVER_API(float, float, S, orgqr, syevd, float, CUDA_R_32F)
TANDEM_CUSOLVER_API(double, double, D, orgqr, syevd, double, CUDA_R_64F)
TANDEM_CUSOLVER_API(native_complex<float>, cuComplex, C, ungqr, heevd, float, CUDA_C_32F)
TANDEM_CUSOLVER_API(native_complex<double>, cuDoubleComplex, Z, ungqr, heevd, double, CUDA_C_64F)
#undef TANDEM_CUSOLVER_API

/// The batched routines for one element type: cuBLAS's LU (getrfBatched, getrsBatched)
/// and cuSOLVER's Jacobi eigensolver (syevjBatched, heevjBatched for complex types).
template <class T>
struct batched_api;
#define TANDEM_BATCHED_API(T, L, p, syevj_, R)                                                                   \
  template <>                                                                                                  \
  struct batched_api<T> {                                                                                      \
    static void getrf(cublasHandle_t h, int n, T** a, int* ipiv, int* info, int batch) {                       \
      check_cublas(cublas##p##getrfBatched(h, n, reinterpret_cast<L**>(a), n, ipiv, info, batch),              \
                   "cublas" #p "getrfBatched");                                                                \
    }                                                                                                          \
    static void getrs(cublasHandle_t h, bool t, int n, int nrhs, T** a, const int* ipiv, T** b, int batch) {   \
      int info = 0; /* cuBLAS reports a bad argument here, on the host */                                      \
      check_cublas(cublas##p##getrsBatched(h, t ? CUBLAS_OP_T : CUBLAS_OP_N, n, nrhs,                           \
                                           reinterpret_cast<const L* const*>(a), n, ipiv,                      \
                                           reinterpret_cast<L* const*>(b), n, &info, batch),                   \
                   "cublas" #p "getrsBatched");                                                                \
      if (info != 0)                                                                                           \
        throw cuda_error("tandem: cublas" #p "getrsBatched rejected argument " + std::to_string(-info));       \
    }                                                                                                          \
    static int syevj_size(cusolverDnHandle_t h, cusolverEigMode_t jobz, int n, const T* a, const R* w,          \
                          syevjInfo_t params, int batch) {                                                     \
      int lwork = 0;                                                                                           \
      check_cusolver(cusolverDn##p##syevj_##Batched_bufferSize(h, jobz, CUBLAS_FILL_MODE_LOWER, n,              \
                                                               reinterpret_cast<const L*>(a), n, w, &lwork,    \
                                                               params, batch),                                 \
                     "cusolverDn" #p #syevj_ "Batched_bufferSize");                                            \
      return lwork;                                                                                            \
    }                                                                                                          \
    static void syevj(cusolverDnHandle_t h, cusolverEigMode_t jobz, int n, T* a, R* w, T* work, int lwork,      \
                      int* info, syevjInfo_t params, int batch) {                                              \
      check_cusolver(cusolverDn##p##syevj_##Batched(h, jobz, CUBLAS_FILL_MODE_LOWER, n, reinterpret_cast<L*>(a), \
                                                    n, w, reinterpret_cast<L*>(work), lwork, info, params,     \
                                                    batch),                                                    \
                     "cusolverDn" #p #syevj_ "Batched");                                                       \
    }                                                                                                          \
  };
TANDEM_BATCHED_API(float, float, S, syevj, float)
TANDEM_BATCHED_API(double, double, D, syevj, double)
TANDEM_BATCHED_API(native_complex<float>, cuComplex, C, heevj, float)
TANDEM_BATCHED_API(native_complex<double>, cuDoubleComplex, Z, heevj, double)
#undef TANDEM_BATCHED_API

/// Jacobi's settings for syevjBatched, one per thread: cuSOLVER's defaults (the element
/// type's accuracy, 100 sweeps), eigenvalues ascending as syevd gives them.
inline syevjInfo_t syevj_params() {
  thread_local cusolver_object<syevjInfo_t, cusolverDnDestroySyevjInfo> owner([](syevjInfo_t& p) {
    check_cusolver(cusolverDnCreateSyevjInfo(&p), "cusolverDnCreateSyevjInfo");
    check_cusolver(cusolverDnXsyevjSetSortEig(p, 1), "cusolverDnXsyevjSetSortEig");
  });
  return owner.object;
}

/// out[q] = base + q * stride.
template <class T>
struct batch_address_fn {
  T** out;
  T* base;
  index_t stride;
  TANDEM_HD void operator()(index_t q) const { out[q] = base + q * stride; }
};

template <class T>
TANDEM_HD T conj_of(T x) {
  if constexpr (std::is_arithmetic_v<T>)
    return x;
  else
    return ::cuda::std::conj(x);
}

/// Moves between a column-major matrix's triangles go through 32 x 32 tiles in shared
/// memory, a block for each tile of the upper triangle and its mirror image in the lower,
/// so that both sides are read and written along columns (one element per thread and a
/// strided side took 250 us at 4096 doubles).
inline constexpr int mirror_tile = 32, mirror_rows = 8;
inline dim3 mirror_grid(index_t n) {
  const auto tiles = static_cast<unsigned>((n + mirror_tile - 1) / mirror_tile);
  return dim3(tiles, tiles);
}
/// A tile's shared memory as raw bytes (libcu++'s complex has a constructor, which
/// __shared__ storage cannot run), element (i, j) at i (mirror_tile + 1) + j.
template <class T>
struct mirror_tile_storage {
  alignas(T) unsigned char bytes[mirror_tile * (mirror_tile + 1) * sizeof(T)];
  __device__ T& at(int i, int j) { return reinterpret_cast<T*>(bytes)[i * (mirror_tile + 1) + j]; }
  /// Reads the tile of column-major a whose first element is (r0, c0): element
  /// (r0 + x, c0 + k) to at(k, x), each warp along a column.
  __device__ void load(const T* a, index_t n, index_t r0, index_t c0) {
    for (int k = threadIdx.y; k < mirror_tile; k += blockDim.y) {
      const index_t r = r0 + threadIdx.x, c = c0 + k;
      if (r < n && c < n) at(k, threadIdx.x) = a[c * n + r];
    }
    __syncthreads();
  }
};

/// A Hermitian matrix given by its upper triangle (column-major): the strictly lower one
/// filled with the conjugate, for a routine that reads the lower. Block (x, y) with
/// y <= x reads the upper tile at tile row y, tile column x and writes its mirror.
template <class T>
__global__ void mirror_upper_kernel(T* a, index_t n) {
  __shared__ mirror_tile_storage<T> tile;
  const index_t tr = blockIdx.y, tc = blockIdx.x;
  if (tr > tc) return;
  tile.load(a, n, tr * mirror_tile, tc * mirror_tile);  // the upper tile
  for (int k = threadIdx.y; k < mirror_tile; k += mirror_rows) {  // lower (tc 32 + x, tr 32 + k)
    const index_t r = tc * mirror_tile + threadIdx.x, c = tr * mirror_tile + k;
    if (r < n && c < n && r > c) a[c * n + r] = conj_of(tile.at(threadIdx.x, k));
  }
}

/// A lower factor L (column-major) turned into its conjugate transpose in the upper
/// triangle, the strictly lower one zeroed: what tandem's row-major result reads as L.
/// Block (x, y) with y <= x reads the lower tile at tile row x, tile column y, writes its
/// conjugate transpose over the upper tile at (y, x), then zeroes what it read (a
/// diagonal tile is read whole before any of it is written).
template <class T>
__global__ void factor_to_upper_kernel(T* a, index_t n) {
  __shared__ mirror_tile_storage<T> tile;
  const index_t tr = blockIdx.y, tc = blockIdx.x;
  if (tr > tc) return;
  tile.load(a, n, tc * mirror_tile, tr * mirror_tile);  // the lower tile
  for (int k = threadIdx.y; k < mirror_tile; k += mirror_rows) {
    const index_t r = tr * mirror_tile + threadIdx.x, c = tc * mirror_tile + k;  // upper (r, c) = conj L(c, r)
    if (r < n && c < n && r <= c) a[c * n + r] = conj_of(tile.at(threadIdx.x, k));
    const index_t lr = tc * mirror_tile + threadIdx.x, lc = tr * mirror_tile + k;  // lower, zeroed
    if (lr < n && lc < n && lr > lc) a[lc * n + lr] = T(0);
  }
}

/// Element e (column-major, flat over a batch of n x n matrices `stride` apart) zeroed
/// when it lies below the diagonal: the part potrfBatched leaves as it pleases.
template <class T>
struct zero_lower_fn {
  T* a;
  index_t n, stride;
  TANDEM_HD void operator()(index_t f) const {
    const index_t q = f / (n * n), e = f % (n * n);
    if (e % n > e / n) a[q * stride + e] = T(0);
  }
};

/// The device array of a batch's matrix addresses (base + q * stride) that the batched
/// routines take, written on the stream by the device loop: no host copy to wait for.
template <class T>
struct batch_addresses {
  cusolver_workspace memory;
  batch_addresses(T* base, index_t stride, index_t batch) : memory(static_cast<std::size_t>(batch) * sizeof(T*)) {
    thrust_loops<device_space>::for_each(batch, batch_address_fn<T>{get(), base, stride});
  }
  T** get() const { return static_cast<T**>(memory.p); }
};

/// cuSOLVER's parameter object for its 64-bit (X) routines, one per thread.
inline cusolverDnParams_t cusolver_params() {
  thread_local cusolver_object<cusolverDnParams_t, cusolverDnDestroyParams> owner(
      [](cusolverDnParams_t& p) { check_cusolver(cusolverDnCreateParams(&p), "cusolverDnCreateParams"); });
  return owner.object;
}

struct cuda_solver {
  /// Rows up to which a batch of matrices goes to one batched LU or Jacobi call: cuBLAS
  /// keeps such a matrix in one block's shared memory, and syevjBatched takes no more.
  static constexpr index_t small_matrix = 32;
  /// Whether a batch goes to one batched call: more than one matrix, each small, and as
  /// many as an int counts.
  static bool batched_call(index_t batch, index_t n) { return batch > 1 && n <= small_matrix && batch <= INT_MAX; }

  template <class T>
  static void lu(index_t batch, index_t n, T* a, index_t stride, int* ipiv, int* info) {
    const int m = static_cast<int>(n);
    if (batched_call(batch, n)) {
      const batch_addresses<T> at(a, stride, batch);
      batched_api<T>::getrf(cublas_handle(), m, at.get(), ipiv, info, static_cast<int>(batch));
      return;
    }
    const cusolverDnHandle_t h = cusolver_handle();
    const cusolver_workspace work(static_cast<std::size_t>(cusolver_api<T>::getrf_size(h, m, a)) * sizeof(T));
    for (index_t q = 0; q != batch; ++q)
      cusolver_api<T>::getrf(h, m, a + q * stride, static_cast<T*>(work.p), ipiv + q * n, info + q);
  }

  template <class T>
  static void lu_solve(index_t batch, index_t n, index_t nrhs, const T* lu, index_t lu_stride, const int* ipiv,
                       index_t ipiv_stride, T* b, index_t b_stride, bool transposed, int* info) {
    if (batched_call(batch, n) && lu_stride == n * n && ipiv_stride == n) {
      const batch_addresses<T> at(const_cast<T*>(lu), lu_stride, batch), bt(b, b_stride, batch);
      batched_api<T>::getrs(cublas_handle(), transposed, static_cast<int>(n), static_cast<int>(nrhs), at.get(), ipiv,
                            bt.get(), static_cast<int>(batch));
      TANDEM_CUDA_CHECK(cudaMemsetAsync(info, 0, static_cast<std::size_t>(batch) * sizeof(int), current_stream()));
      return;
    }
    const cusolverDnHandle_t h = cusolver_handle();
    for (index_t q = 0; q != batch; ++q)
      cusolver_api<T>::getrs(h, transposed, static_cast<int>(n), static_cast<int>(nrhs), lu + q * lu_stride,
                             ipiv + q * ipiv_stride, b + q * b_stride, info + q);
  }

  /// The facet's contract: each matrix given by its upper triangle (column-major), its
  /// factor U (U^H U = A) returned there with the lower triangle zero. A batch is one
  /// potrfBatched call (which may write the lower triangle, zeroed after). A single
  /// matrix goes to potrf on the lower triangle, cuSOLVER's fast one (2.6 times
  /// faster than the upper at 4096 on an H200): mirrored there first, and the factor
  /// L = U^H moved back after.
  template <class T>
  static void cholesky(index_t batch, index_t n, T* a, index_t stride, int* info) {
    const cusolverDnHandle_t h = cusolver_handle();
    const int m = static_cast<int>(n);
    const cudaStream_t stream = current_stream();
    if (batch > 1 && batch <= INT_MAX) {
      const batch_addresses<T> at(a, stride, batch);
      cusolver_api<T>::potrf_batched(h, m, at.get(), info, static_cast<int>(batch));
      thrust_loops<device_space>::for_each(batch * n * n, zero_lower_fn<T>{a, n, stride});
      return;
    }
    const int lwork = cusolver_api<T>::potrf_size(h, m, a);
    const cusolver_workspace work(static_cast<std::size_t>(lwork) * sizeof(T));
    for (index_t q = 0; q != batch; ++q) {
      T* aq = a + q * stride;
      mirror_upper_kernel<T><<<mirror_grid(n), dim3(mirror_tile, mirror_rows), 0, stream>>>(aq, n);
      TANDEM_CUDA_CHECK(cudaGetLastError());
      cusolver_api<T>::potrf(h, m, aq, static_cast<T*>(work.p), lwork, info + q);
      factor_to_upper_kernel<T><<<mirror_grid(n), dim3(mirror_tile, mirror_rows), 0, stream>>>(aq, n);
      TANDEM_CUDA_CHECK(cudaGetLastError());
    }
  }

  template <class T>
  static void qr(index_t batch, index_t m, index_t n, T* a, index_t stride, T* tau, int* info) {
    const cusolverDnHandle_t h = cusolver_handle();
    const int mm = static_cast<int>(m), nn = static_cast<int>(n);
    const index_t k = m < n ? m : n;
    const int lwork = cusolver_api<T>::geqrf_size(h, mm, nn, a);
    const cusolver_workspace work(static_cast<std::size_t>(lwork) * sizeof(T));
    for (index_t q = 0; q != batch; ++q)
      cusolver_api<T>::geqrf(h, mm, nn, a + q * stride, tau + q * k, static_cast<T*>(work.p), lwork, info + q);
  }

  template <class T>
  static void qr_q(index_t batch, index_t m, index_t k, T* a, index_t stride, const T* tau, int* info) {
    const cusolverDnHandle_t h = cusolver_handle();
    const int mm = static_cast<int>(m), kk = static_cast<int>(k);
    const int lwork = cusolver_api<T>::orgqr_size(h, mm, kk, a, tau);
    const cusolver_workspace work(static_cast<std::size_t>(lwork) * sizeof(T));
    for (index_t q = 0; q != batch; ++q)
      cusolver_api<T>::orgqr(h, mm, kk, a + q * stride, tau + q * k, static_cast<T*>(work.p), lwork, info + q);
  }

  /// m >= n, as gesvd requires (the caller transposes wide matrices).
  template <class T>
  static void svd(index_t batch, index_t m, index_t n, T* a, index_t stride, real_part_t<T>* s, T* u, T* vt,
                  svd_job job, int* info) {
    using P = real_part_t<T>;
    const cusolverDnHandle_t h = cusolver_handle();
    const int mm = static_cast<int>(m), nn = static_cast<int>(n);
    const signed char j = job == svd_job::none ? 'N' : job == svd_job::full ? 'A' : 'S';
    const index_t ucols = job == svd_job::full ? m : n;
    const int lwork = cusolver_api<T>::gesvd_size(h, mm, nn);
    const cusolver_workspace work(static_cast<std::size_t>(lwork) * sizeof(T));
    const cusolver_workspace rwork(static_cast<std::size_t>(n > 1 ? n - 1 : 1) * sizeof(P));
    for (index_t q = 0; q != batch; ++q)
      cusolver_api<T>::gesvd(h, j, mm, nn, a + q * stride, s + q * n, job == svd_job::none ? nullptr : u + q * m * ucols,
                             mm, job == svd_job::none ? nullptr : vt + q * n * n, static_cast<T*>(work.p), lwork,
                             static_cast<P*>(rwork.p), info + q);
  }

  template <class T>
  static void eigh(index_t batch, index_t n, T* a, index_t stride, real_part_t<T>* w, bool vectors, int* info) {
    const cusolverDnHandle_t h = cusolver_handle();
    const int nn = static_cast<int>(n);
    const cusolverEigMode_t jobz = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
    if (batched_call(batch, n) && stride == n * n) {
      const syevjInfo_t params = syevj_params();
      const int b = static_cast<int>(batch);
      const int lwork = batched_api<T>::syevj_size(h, jobz, nn, a, w, params, b);
      const cusolver_workspace work(static_cast<std::size_t>(lwork) * sizeof(T));
      batched_api<T>::syevj(h, jobz, nn, a, w, static_cast<T*>(work.p), lwork, info, params, b);
      return;
    }
    const int lwork = cusolver_api<T>::syevd_size(h, jobz, nn, a, w);
    const cusolver_workspace work(static_cast<std::size_t>(lwork) * sizeof(T));
    for (index_t q = 0; q != batch; ++q)
      cusolver_api<T>::syevd(h, jobz, nn, a + q * stride, w + q * n, static_cast<T*>(work.p), lwork, info + q);
  }

  /// Xgeev: complex eigenvalues for either kind of T; for real T, the eigenvectors in
  /// LAPACK's real packing (a conjugate pair j, j + 1 as columns re, im).
  template <class T>
  static void eig(index_t batch, index_t n, T* a, index_t stride, native_complex<real_part_t<T>>* w, T* v,
                  bool vectors, int* info) {
    using P = real_part_t<T>;
    const cusolverDnHandle_t h = cusolver_handle();
    const cusolverDnParams_t params = cusolver_params();
    const cudaDataType ta = cusolver_api<T>::type, tw = cusolver_api<native_complex<P>>::type;
    const cusolverEigMode_t jobv = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
    const auto nn = static_cast<int64_t>(n);
    std::size_t device_bytes = 0, host_bytes = 0;
    check_cusolver(cusolverDnXgeev_bufferSize(h, params, CUSOLVER_EIG_MODE_NOVECTOR, jobv, nn, ta, a, nn, tw, w, ta,
                                              nullptr, 1, ta, vectors ? v : nullptr, nn, ta, &device_bytes,
                                              &host_bytes),
                   "cusolverDnXgeev_bufferSize");
    const cusolver_workspace work(device_bytes);
    std::vector<unsigned char> host_work(host_bytes);
    for (index_t q = 0; q != batch; ++q)
      check_cusolver(cusolverDnXgeev(h, params, CUSOLVER_EIG_MODE_NOVECTOR, jobv, nn, ta, a + q * stride, nn, tw,
                                     w + q * n, ta, nullptr, 1, ta, vectors ? v + q * n * n : nullptr, nn, ta, work.p,
                                     device_bytes, host_work.data(), host_bytes, info + q),
                     "cusolverDnXgeev");
    // The host workspace must outlive every call that may still use it.
    if (host_bytes != 0) TANDEM_CUDA_CHECK(cudaStreamSynchronize(current_stream()));
  }
};

}  // namespace tandem::detail
