#pragma once
/// \file backend/host/cblas.hpp
/// Matrix products on the host through CBLAS (OpenBLAS, or any CBLAS), compiled in when
/// TANDEM_HAS_CBLAS is 1: tandem's CMake package defines it, and links the library, when
/// it finds OpenBLAS at configure time.

#include <type_traits>

#include "../../config.hpp"

#if TANDEM_HAS_CBLAS
#  include <cblas.h>

namespace tandem::detail {

/// C = A * B, row-major C (row stride ldc); each operand dense along rows (not
/// transposed) or along columns (transposed), with its leading dimension.
template <class T>
void cblas_gemm(index_t m, index_t n, index_t k, const T* a, bool a_trans, index_t lda, const T* b, bool b_trans,
                index_t ldb, T* c, index_t ldc) {
  const auto ta = a_trans ? CblasTrans : CblasNoTrans;
  const auto tb = b_trans ? CblasTrans : CblasNoTrans;
  const auto i = [](index_t v) { return static_cast<int>(v); };
  if constexpr (std::is_same_v<T, float>) {
    cblas_sgemm(CblasRowMajor, ta, tb, i(m), i(n), i(k), 1.f, a, i(lda), b, i(ldb), 0.f, c, i(ldc));
  } else if constexpr (std::is_same_v<T, double>) {
    cblas_dgemm(CblasRowMajor, ta, tb, i(m), i(n), i(k), 1.0, a, i(lda), b, i(ldb), 0.0, c, i(ldc));
  } else {  // complex: two floats or two doubles, real part first, as CBLAS reads them
    const T one(1), zero(0);
    if constexpr (sizeof(T) == 2 * sizeof(float))
      cblas_cgemm(CblasRowMajor, ta, tb, i(m), i(n), i(k), &one, a, i(lda), b, i(ldb), &zero, c, i(ldc));
    else
      cblas_zgemm(CblasRowMajor, ta, tb, i(m), i(n), i(k), &one, a, i(lda), b, i(ldb), &zero, c, i(ldc));
  }
}

}  // namespace tandem::detail
#endif
