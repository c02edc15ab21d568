#pragma once
/// \file backend/host/lapack.hpp
/// Dense linear algebra on the host (and the emulated device): `host_solver`, through
/// LAPACKE's `_work` routines (no NaN scan; workspace sized by LAPACK's own query and
/// allocated once per call, not per matrix), column-major, one call per matrix of a
/// batch. Compiled in when TANDEM_HAS_LAPACKE is 1: tandem's CMake package defines it,
/// and links LAPACKE and LAPACK, when it finds them at configure time.

#include <algorithm>

#include "../../config.hpp"
#include "../../half.hpp"
#include "../complex.hpp"
#include "../facets.hpp"
#include "memory.hpp"

#if TANDEM_HAS_LAPACKE
#  if !defined(lapack_complex_float) && !defined(LAPACK_COMPLEX_CUSTOM)
#    define LAPACK_COMPLEX_STRUCTURE  // two reals, as td::complex is; no C99 _Complex in C++
#  endif
#  include <lapacke.h>
#endif

namespace tandem::detail {

template <class T>
inline constexpr bool lapack_dependent_false = false;

#if TANDEM_HAS_LAPACKE

/// LAPACKE's routines for one element type: s, d, c, z. The routines whose arguments
/// differ between real and complex types (the orthogonal/unitary ones, the symmetric/
/// Hermitian eigensolver, gesdd's and geev's real workspaces) take the same arguments
/// here; the real ones ignore `rwork`.
template <class T>
struct lapack_api;

#  define TANDEM_LAPACK_COMMON(T, L, p)                                                                              \
    using real = real_part_t<T>;                                                                                       \
    static L* c(T* x) { return reinterpret_cast<L*>(x); }                                                              \
    static const L* c(const T* x) { return reinterpret_cast<const L*>(x); }                                            \
    static lapack_int getrf(lapack_int n, T* a, lapack_int lda, lapack_int* ipiv) {                                    \
      return LAPACKE_##p##getrf_work(LAPACK_COL_MAJOR, n, n, c(a), lda, ipiv);                                        \
    }                                                                                                                  \
    static lapack_int getrs(char trans, lapack_int n, lapack_int nrhs, const T* a, lapack_int lda,                     \
                            const lapack_int* ipiv, T* b, lapack_int ldb) {                                            \
      return LAPACKE_##p##getrs_work(LAPACK_COL_MAJOR, trans, n, nrhs, c(a), lda, ipiv, c(b), ldb);                   \
    }                                                                                                                  \
    static lapack_int potrf(lapack_int n, T* a, lapack_int lda) {                                                      \
      return LAPACKE_##p##potrf_work(LAPACK_COL_MAJOR, 'U', n, c(a), lda);                                            \
    }                                                                                                                  \
    static lapack_int geqrf(lapack_int m, lapack_int n, T* a, lapack_int lda, T* tau, T* work, lapack_int lwork) {    \
      return LAPACKE_##p##geqrf_work(LAPACK_COL_MAJOR, m, n, c(a), lda, c(tau), c(work), lwork);                     \
    }

#  define TANDEM_LAPACK_REAL(T, p)                                                                                    \
    template <>                                                                                                        \
    struct lapack_api<T> {                                                                                             \
      TANDEM_LAPACK_COMMON(T, T, p)                                                                                    \
      static lapack_int orgqr(lapack_int m, lapack_int n, lapack_int k, T* a, lapack_int lda, const T* tau, T* work,  \
                              lapack_int lwork) {                                                                      \
        return LAPACKE_##p##orgqr_work(LAPACK_COL_MAJOR, m, n, k, a, lda, tau, work, lwork);                          \
      }                                                                                                                \
      static lapack_int gesdd(char jobz, lapack_int m, lapack_int n, T* a, lapack_int lda, T* s, T* u,                \
                              lapack_int ldu, T* vt, lapack_int ldvt, T* work, lapack_int lwork, T*,                   \
                              lapack_int* iwork) {                                                                     \
        return LAPACKE_##p##gesdd_work(LAPACK_COL_MAJOR, jobz, m, n, a, lda, s, u, ldu, vt, ldvt, work, lwork,        \
                                       iwork);                                                                         \
      }                                                                                                                \
      static lapack_int syevd(char jobz, lapack_int n, T* a, lapack_int lda, T* w, T* work, lapack_int lwork, T*,     \
                              lapack_int, lapack_int* iwork, lapack_int liwork) {                                      \
        return LAPACKE_##p##syevd_work(LAPACK_COL_MAJOR, jobz, 'L', n, a, lda, w, work, lwork, iwork, liwork);        \
      }                                                                                                                \
    };
#  define TANDEM_LAPACK_COMPLEX(T, L, p)                                                                              \
    template <>                                                                                                        \
    struct lapack_api<T> {                                                                                             \
      TANDEM_LAPACK_COMMON(T, L, p)                                                                                    \
      static lapack_int orgqr(lapack_int m, lapack_int n, lapack_int k, T* a, lapack_int lda, const T* tau, T* work,  \
                              lapack_int lwork) {                                                                      \
        return LAPACKE_##p##ungqr_work(LAPACK_COL_MAJOR, m, n, k, c(a), lda, c(tau), c(work), lwork);                 \
      }                                                                                                                \
      static lapack_int gesdd(char jobz, lapack_int m, lapack_int n, T* a, lapack_int lda, real* s, T* u,             \
                              lapack_int ldu, T* vt, lapack_int ldvt, T* work, lapack_int lwork, real* rwork,          \
                              lapack_int* iwork) {                                                                     \
        return LAPACKE_##p##gesdd_work(LAPACK_COL_MAJOR, jobz, m, n, c(a), lda, s, c(u), ldu, c(vt), ldvt, c(work),   \
                                       lwork, rwork, iwork);                                                           \
      }                                                                                                                \
      static lapack_int syevd(char jobz, lapack_int n, T* a, lapack_int lda, real* w, T* work, lapack_int lwork,      \
                              real* rwork, lapack_int lrwork, lapack_int* iwork, lapack_int liwork) {                  \
        return LAPACKE_##p##heevd_work(LAPACK_COL_MAJOR, jobz, 'L', n, c(a), lda, w, c(work), lwork, rwork, lrwork,   \
                                       iwork, liwork);                                                                 \
      }                                                                                                                \
      static lapack_int geev(char jobv, lapack_int n, T* a, lapack_int lda, T* w, T* v, lapack_int ldv, T* work,      \
                             lapack_int lwork, real* rwork) {                                                          \
        return LAPACKE_##p##geev_work(LAPACK_COL_MAJOR, 'N', jobv, n, c(a), lda, c(w), nullptr, 1, c(v), ldv,         \
                                      c(work), lwork, rwork);                                                          \
      }                                                                                                                \
    };
TANDEM_LAPACK_REAL(float, s)
TANDEM_LAPACK_REAL(double, d)
// LAPACKE's complex types are C99's _Complex, which clang names an extension in C++.
#  if defined(__clang__)
#    pragma clang diagnostic push
#    pragma clang diagnostic ignored "-Wc99-extensions"
#  endif
TANDEM_LAPACK_COMPLEX(native_complex<float>, lapack_complex_float, c)
TANDEM_LAPACK_COMPLEX(native_complex<double>, lapack_complex_double, z)
#  if defined(__clang__)
#    pragma clang diagnostic pop
#  endif
#  undef TANDEM_LAPACK_COMPLEX
#  undef TANDEM_LAPACK_REAL
#  undef TANDEM_LAPACK_COMMON

/// Real geev (its eigenvalues as real and imaginary parts; its vectors packed in
/// conjugate pairs as LAPACK packs them).
inline lapack_int lapack_real_geev(char jobv, lapack_int n, float* a, lapack_int lda, float* wr, float* wi, float* v,
                                   lapack_int ldv, float* work, lapack_int lwork) {
  return LAPACKE_sgeev_work(LAPACK_COL_MAJOR, 'N', jobv, n, a, lda, wr, wi, nullptr, 1, v, ldv, work, lwork);
}
inline lapack_int lapack_real_geev(char jobv, lapack_int n, double* a, lapack_int lda, double* wr, double* wi,
                                   double* v, lapack_int ldv, double* work, lapack_int lwork) {
  return LAPACKE_dgeev_work(LAPACK_COL_MAJOR, 'N', jobv, n, a, lda, wr, wi, nullptr, 1, v, ldv, work, lwork);
}

/// The size LAPACK's workspace query wrote into `q` (a real or complex first element).
template <class T>
lapack_int lapack_query_size(const T& q) {
  if constexpr (is_complex_v<T>) return std::max<lapack_int>(1, static_cast<lapack_int>(q.real()));
  else return std::max<lapack_int>(1, static_cast<lapack_int>(q));
}

inline lapack_int lapack_ld(index_t n) { return static_cast<lapack_int>(n > 0 ? n : 1); }

/// LAPACK's workspace, from tandem's host allocator (whose cache of large blocks spares a
/// batch of calls the page faults of fresh memory), uninitialized.
template <class T>
struct lapack_scratch {
  std::size_t n;
  T* p;
  explicit lapack_scratch(std::size_t count)
      : n(count > 0 ? count : 1), p(static_cast<T*>(host_memory::allocate(n * sizeof(T)))) {}
  lapack_scratch(const lapack_scratch&) = delete;
  lapack_scratch& operator=(const lapack_scratch&) = delete;
  ~lapack_scratch() { host_memory::deallocate(p, n * sizeof(T)); }
  T* data() const { return p; }
  T& operator[](std::size_t i) const { return p[i]; }
  std::size_t size() const { return n; }
};

#endif

/// The dense solvers on host memory, batches of column-major matrices `stride` elements
/// apart, info[q] LAPACK's for matrix q (0: success; > 0: a zero pivot, a failed minor,
/// or no convergence).
struct host_solver {
#if TANDEM_HAS_LAPACKE
  template <class T>
  static void lu(index_t batch, index_t n, T* a, index_t stride, int* ipiv, int* info) {
    for (index_t q = 0; q != batch; ++q)
      info[q] = static_cast<int>(
          lapack_api<T>::getrf(static_cast<lapack_int>(n), a + q * stride, lapack_ld(n), ipiv + q * n));
  }

  /// Solves with the factors of M: M x = b, or M^T x = b (not conjugated) with `transposed`.
  template <class T>
  static void lu_solve(index_t batch, index_t n, index_t nrhs, const T* lu, index_t lu_stride, const int* ipiv,
                       index_t ipiv_stride, T* b, index_t b_stride, bool transposed, int* info) {
    for (index_t q = 0; q != batch; ++q)
      info[q] = static_cast<int>(lapack_api<T>::getrs(transposed ? 'T' : 'N', static_cast<lapack_int>(n),
                                                      static_cast<lapack_int>(nrhs),
                                                      lu + q * lu_stride, lapack_ld(n), ipiv + q * ipiv_stride,
                                                      b + q * b_stride, lapack_ld(n)));
  }

  /// Cholesky from the upper triangles: u upper with u^H u = a, in place.
  template <class T>
  static void cholesky(index_t batch, index_t n, T* a, index_t stride, int* info) {
    for (index_t q = 0; q != batch; ++q)
      info[q] = static_cast<int>(lapack_api<T>::potrf(static_cast<lapack_int>(n), a + q * stride, lapack_ld(n)));
  }

  /// Householder QR of m x n matrices in place (R on and above the diagonal, the
  /// reflectors below it), tau: min(m, n) per matrix.
  template <class T>
  static void qr(index_t batch, index_t m, index_t n, T* a, index_t stride, T* tau, int* info) {
    const index_t k = std::min(m, n);
    T query{};
    (void)lapack_api<T>::geqrf(static_cast<lapack_int>(m), static_cast<lapack_int>(n), a, lapack_ld(m), tau, &query, -1);
    lapack_scratch<T> work(static_cast<std::size_t>(lapack_query_size(query)));
    for (index_t q = 0; q != batch; ++q)
      info[q] = static_cast<int>(lapack_api<T>::geqrf(static_cast<lapack_int>(m), static_cast<lapack_int>(n),
                                                      a + q * stride, lapack_ld(m), tau + q * k, work.data(),
                                                      static_cast<lapack_int>(work.size())));
  }

  /// The first k columns of Q from qr's reflectors (a: m x k of them, overwritten).
  template <class T>
  static void qr_q(index_t batch, index_t m, index_t k, T* a, index_t stride, const T* tau, int* info) {
    T query{};
    const auto mm = static_cast<lapack_int>(m), kk = static_cast<lapack_int>(k);
    (void)lapack_api<T>::orgqr(mm, kk, kk, a, lapack_ld(m), tau, &query, -1);
    lapack_scratch<T> work(static_cast<std::size_t>(lapack_query_size(query)));
    for (index_t q = 0; q != batch; ++q)
      info[q] = static_cast<int>(lapack_api<T>::orgqr(mm, kk, kk, a + q * stride, lapack_ld(m), tau + q * k,
                                                      work.data(), static_cast<lapack_int>(work.size())));
  }

  /// Singular values (descending) and, for job != none, vectors of m x n matrices with
  /// m >= n (a is overwritten): u m x m (full) or m x n (reduced), vt n x n.
  template <class T>
  static void svd(index_t batch, index_t m, index_t n, T* a, index_t stride, real_part_t<T>* s, T* u, T* vt,
                  svd_job job, int* info) {
    using P = real_part_t<T>;
    const char jobz = job == svd_job::none ? 'N' : job == svd_job::full ? 'A' : 'S';
    const index_t ucols = job == svd_job::full ? m : n;
    const auto mm = static_cast<lapack_int>(m), nn = static_cast<lapack_int>(n);
    const lapack_int ldu = lapack_ld(m), ldvt = lapack_ld(n);
    lapack_scratch<lapack_int> iwork(static_cast<std::size_t>(8 * n + 1));
    const std::size_t k = static_cast<std::size_t>(n), big = static_cast<std::size_t>(m);
    lapack_scratch<P> rwork(!is_complex_v<T> ? 1
                            : job == svd_job::none ? 7 * k + 1
                                                   : std::max(5 * k * k + 5 * k, 2 * big * k + 2 * k * k + k) + 1);
    T query{};
    (void)lapack_api<T>::gesdd(jobz, mm, nn, a, lapack_ld(m), s, u, ldu, vt, ldvt, &query, -1, rwork.data(),
                               iwork.data());
    lapack_scratch<T> work(static_cast<std::size_t>(lapack_query_size(query)));
    for (index_t q = 0; q != batch; ++q)
      info[q] = static_cast<int>(lapack_api<T>::gesdd(
          jobz, mm, nn, a + q * stride, lapack_ld(m), s + q * n, job == svd_job::none ? nullptr : u + q * m * ucols,
          ldu, job == svd_job::none ? nullptr : vt + q * n * n, ldvt, work.data(), static_cast<lapack_int>(work.size()),
          rwork.data(), iwork.data()));
  }

  /// Eigenvalues (ascending) of Hermitian matrices from their lower triangles and, with
  /// `vectors`, the eigenvectors in a's columns.
  template <class T>
  static void eigh(index_t batch, index_t n, T* a, index_t stride, real_part_t<T>* w, bool vectors, int* info) {
    using P = real_part_t<T>;
    const char jobz = vectors ? 'V' : 'N';
    const auto nn = static_cast<lapack_int>(n);
    T query{};
    P rquery{};
    lapack_int iquery = 0;
    (void)lapack_api<T>::syevd(jobz, nn, a, lapack_ld(n), w, &query, -1, &rquery, -1, &iquery, -1);
    lapack_scratch<T> work(static_cast<std::size_t>(lapack_query_size(query)));
    lapack_scratch<P> rwork(static_cast<std::size_t>(lapack_query_size(rquery)));
    lapack_scratch<lapack_int> iwork(static_cast<std::size_t>(std::max<lapack_int>(1, iquery)));
    for (index_t q = 0; q != batch; ++q)
      info[q] = static_cast<int>(lapack_api<T>::syevd(
          jobz, nn, a + q * stride, lapack_ld(n), w + q * n, work.data(), static_cast<lapack_int>(work.size()),
          rwork.data(), static_cast<lapack_int>(rwork.size()), iwork.data(), static_cast<lapack_int>(iwork.size())));
  }

  /// Eigenvalues of general matrices (a is overwritten) and, with `vectors`, the right
  /// eigenvectors (unit 2-norm): complex ones in v for complex T; for real T, LAPACK's
  /// real packing (a conjugate pair j, j + 1 as columns re, im).
  template <class T>
  static void eig(index_t batch, index_t n, T* a, index_t stride, native_complex<real_part_t<T>>* w, T* v,
                  bool vectors, int* info) {
    using P = real_part_t<T>;
    const char jobv = vectors ? 'V' : 'N';
    const auto nn = static_cast<lapack_int>(n);
    T query{};
    T* const v0 = vectors ? v : nullptr;
    if constexpr (is_complex_v<T>) {
      lapack_scratch<P> rwork(static_cast<std::size_t>(2 * n + 1));
      (void)lapack_api<T>::geev(jobv, nn, a, lapack_ld(n), w, v0, lapack_ld(n), &query, -1, rwork.data());
      lapack_scratch<T> work(static_cast<std::size_t>(lapack_query_size(query)));
      for (index_t q = 0; q != batch; ++q)
        info[q] = static_cast<int>(lapack_api<T>::geev(jobv, nn, a + q * stride, lapack_ld(n), w + q * n,
                                                       vectors ? v + q * n * n : nullptr, lapack_ld(n), work.data(),
                                                       static_cast<lapack_int>(work.size()), rwork.data()));
    } else {
      lapack_scratch<T> wr(static_cast<std::size_t>(n)), wi(static_cast<std::size_t>(n));
      (void)lapack_real_geev(jobv, nn, a, lapack_ld(n), wr.data(), wi.data(), v0, lapack_ld(n), &query, -1);
      lapack_scratch<T> work(static_cast<std::size_t>(lapack_query_size(query)));
      for (index_t q = 0; q != batch; ++q) {
        info[q] = static_cast<int>(lapack_real_geev(jobv, nn, a + q * stride, lapack_ld(n), wr.data(), wi.data(),
                                                    vectors ? v + q * n * n : nullptr, lapack_ld(n), work.data(),
                                                    static_cast<lapack_int>(work.size())));
        for (index_t i = 0; i != n; ++i)
          w[q * n + i] = native_complex<P>(wr[static_cast<std::size_t>(i)], wi[static_cast<std::size_t>(i)]);
      }
    }
  }
#else
#  define TANDEM_NO_LAPACK                                                                                      \
    static_assert(lapack_dependent_false<T>,                                                                  \
                  "tandem: linear algebra in the host space (and the emulated device) needs LAPACKE: install " \
                  "liblapacke-dev (tandem was configured without it, so TANDEM_HAS_LAPACKE is 0)")
  template <class T>
  static void lu(index_t, index_t, T*, index_t, int*, int*) {
    TANDEM_NO_LAPACK;
  }
  template <class T>
  static void lu_solve(index_t, index_t, index_t, const T*, index_t, const int*, index_t, T*, index_t, bool, int*) {
    TANDEM_NO_LAPACK;
  }
  template <class T>
  static void cholesky(index_t, index_t, T*, index_t, int*) {
    TANDEM_NO_LAPACK;
  }
  template <class T>
  static void qr(index_t, index_t, index_t, T*, index_t, T*, int*) {
    TANDEM_NO_LAPACK;
  }
  template <class T>
  static void qr_q(index_t, index_t, index_t, T*, index_t, const T*, int*) {
    TANDEM_NO_LAPACK;
  }
  template <class T>
  static void svd(index_t, index_t, index_t, T*, index_t, real_part_t<T>*, T*, T*, svd_job, int*) {
    TANDEM_NO_LAPACK;
  }
  template <class T>
  static void eigh(index_t, index_t, T*, index_t, real_part_t<T>*, bool, int*) {
    TANDEM_NO_LAPACK;
  }
  template <class T>
  static void eig(index_t, index_t, T*, index_t, native_complex<real_part_t<T>>*, T*, bool, int*) {
    TANDEM_NO_LAPACK;
  }
#  undef TANDEM_NO_LAPACK
#endif
};

}  // namespace tandem::detail
