#pragma once
/// \file backend/host/lapack.hpp
/// Dense linear algebra on the host (and the emulated device) through LAPACKE's `_work`
/// routines (no NaN scan, no allocation), column-major, one call per matrix of a batch.
/// Compiled in when TANDEM_HAS_LAPACKE is 1: tandem's CMake package defines it, and
/// links LAPACKE and LAPACK, when it finds them at configure time.

#include "../../config.hpp"
#include "../complex.hpp"
#include "../facets.hpp"

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

/// LAPACKE's routines for one element type: s, d, c, z.
template <class T>
struct lapack_api;

#  define TANDEM_LAPACK_API(T, L, p)                                                                          \
    template <>                                                                                                 \
    struct lapack_api<T> {                                                                                      \
      static L* c(T* x) { return reinterpret_cast<L*>(x); }                                                     \
      static const L* c(const T* x) { return reinterpret_cast<const L*>(x); }                                   \
      static lapack_int getrf(lapack_int n, T* a, lapack_int lda, lapack_int* ipiv) {                           \
        return LAPACKE_##p##getrf_work(LAPACK_COL_MAJOR, n, n, c(a), lda, ipiv);                               \
      }                                                                                                         \
      static lapack_int getrs(lapack_int n, lapack_int nrhs, const T* a, lapack_int lda, const lapack_int* ipiv, \
                              T* b, lapack_int ldb) {                                                           \
        return LAPACKE_##p##getrs_work(LAPACK_COL_MAJOR, 'N', n, nrhs, c(a), lda, ipiv, c(b), ldb);            \
      }                                                                                                         \
      static lapack_int potrf(lapack_int n, T* a, lapack_int lda) {                                             \
        return LAPACKE_##p##potrf_work(LAPACK_COL_MAJOR, 'L', n, c(a), lda);                                   \
      }                                                                                                         \
    };
TANDEM_LAPACK_API(float, float, s)
TANDEM_LAPACK_API(double, double, d)
TANDEM_LAPACK_API(native_complex<float>, lapack_complex_float, c)
TANDEM_LAPACK_API(native_complex<double>, lapack_complex_double, z)
#  undef TANDEM_LAPACK_API

template <class T>
void host_lu(index_t batch, index_t n, T* a, index_t stride, int* ipiv, int* info) {
  for (index_t q = 0; q != batch; ++q)
    info[q] = static_cast<int>(lapack_api<T>::getrf(static_cast<lapack_int>(n), a + q * stride,
                                                    static_cast<lapack_int>(n > 0 ? n : 1), ipiv + q * n));
}

template <class T>
void host_lu_solve(index_t batch, index_t n, index_t nrhs, const T* lu, index_t lu_stride, const int* ipiv,
                   index_t ipiv_stride, T* b, index_t b_stride, int* info) {
  for (index_t q = 0; q != batch; ++q)
    info[q] = static_cast<int>(lapack_api<T>::getrs(
        static_cast<lapack_int>(n), static_cast<lapack_int>(nrhs), lu + q * lu_stride,
        static_cast<lapack_int>(n > 0 ? n : 1), ipiv + q * ipiv_stride, b + q * b_stride,
        static_cast<lapack_int>(n > 0 ? n : 1)));
}

template <class T>
void host_cholesky(index_t batch, index_t n, T* a, index_t stride, int* info) {
  for (index_t q = 0; q != batch; ++q)
    info[q] = static_cast<int>(
        lapack_api<T>::potrf(static_cast<lapack_int>(n), a + q * stride, static_cast<lapack_int>(n > 0 ? n : 1)));
}

#else

#  define TANDEM_NO_LAPACK                                                                                         \
    static_assert(lapack_dependent_false<T>,                                                                     \
                  "tandem: linear algebra in the host space (and the emulated device) needs LAPACKE: install "  \
                  "liblapacke-dev (tandem was configured without it, so TANDEM_HAS_LAPACKE is 0)")
template <class T>
void host_lu(index_t, index_t, T*, index_t, int*, int*) {
  TANDEM_NO_LAPACK;
}
template <class T>
void host_lu_solve(index_t, index_t, index_t, const T*, index_t, const int*, index_t, T*, index_t, int*) {
  TANDEM_NO_LAPACK;
}
template <class T>
void host_cholesky(index_t, index_t, T*, index_t, int*) {
  TANDEM_NO_LAPACK;
}
#  undef TANDEM_NO_LAPACK

#endif

}  // namespace tandem::detail
