#pragma once
/// \file backend/host/gemm.hpp
/// tandem's own matrix product for host memory, C = A * B in float or double, with A and
/// B given by a pointer and two strides each (so transposed views need no copy).
///
/// The classic blocked scheme: B is packed in blocks of kc x nc into panels NR columns
/// wide, A in blocks of mc x kc into panels MR rows tall, and a register-blocked
/// micro-kernel computes each MR x NR tile of C from one panel of each with fused
/// multiply-adds, the B panel staying in L1 and the A block in L2. Tiles of C are split
/// into tasks over (row block, column group) run by the C++ parallel algorithms.
///
/// The micro-kernel is compiled for AVX-512, for AVX2 with FMA and for plain x86-64 (or
/// any other CPU), and chosen when first used by what the CPU reports. Under nvcc the
/// portable kernel alone is built.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <string_view>
#include <memory>
#include <type_traits>

#include "../../config.hpp"
#include "../../error.hpp"
#include "../../core/tuning.hpp"
#include "../facets.hpp"
#include "cblas.hpp"
#include "loops.hpp"

// The x86 micro-kernels are written with the compiler's vector types, not <immintrin.h>
// (about 40,000 lines that every includer of matmul would pay for).
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
#  define TANDEM_GEMM_X86 1
#else
#  define TANDEM_GEMM_X86 0
#endif

namespace tandem::detail {

/// One matrix product: C(i, j) = sum over p of A(i, p) * B(p, j), where
/// A(i, p) = a[i * a_rs + p * a_cs], B(p, j) = b[p * b_rs + j * b_cs] and
/// C(i, j) = c[i * c_rs + j] (rows of C are dense).
template <class T>
struct gemm_problem {
  index_t m, n, k;
  const T* a;
  index_t a_rs, a_cs;
  const T* b;
  index_t b_rs, b_cs;
  T* c;
  index_t c_rs;
};

/// How one operand is handed to a BLAS: transposed or not, and its leading dimension.
struct blas_operand {
  bool transposed;
  index_t ld;
};

/// The BLAS description of a rows x cols matrix with strides (rs, cs): dense rows (not
/// transposed) or dense columns (transposed); `ok` is false when it has neither.
struct blas_layout {
  bool ok;
  blas_operand op;
};
inline blas_layout blas_layout_of(index_t rows, index_t cols, index_t rs, index_t cs) {
  const index_t r1 = rows > 1 ? rows : 1, c1 = cols > 1 ? cols : 1;
  if ((cols <= 1 || cs == 1) && (rows <= 1 || rs >= c1)) return {true, {false, rows <= 1 ? c1 : rs}};
  if ((rows <= 1 || rs == 1) && (cols <= 1 || cs >= r1)) return {true, {true, cols <= 1 ? r1 : cs}};
  return {false, {false, 0}};
}

/// True when every size and leading dimension fits a 32-bit int, as CBLAS and cuBLAS's
/// classic entry points take them.
inline bool fits_blas_int(std::initializer_list<index_t> sizes) {
  for (index_t s : sizes)
    if (s > std::numeric_limits<int>::max()) return false;
  return true;
}

namespace gemm_kernels {

// Vector operations of one instruction set, for one element type, on the compiler's
// vector types. Each set's functions carry that set's target attribute, so they inline
// into its micro-kernel only. fma is a * b + c with contraction forced on, so that it is
// one fused instruction whatever -ffp-contract the including file was built with.
#if TANDEM_GEMM_X86
#  if defined(__clang__)
#    define TANDEM_GEMM_CONTRACT
#    define TANDEM_GEMM_CONTRACT_HERE _Pragma("clang fp contract(fast)")
#  else
#    define TANDEM_GEMM_CONTRACT_HERE
#    define TANDEM_GEMM_CONTRACT __attribute__((optimize("fp-contract=fast")))
#  endif
#  define TANDEM_TARGET_AVX512 __attribute__((target("avx512f"), always_inline)) TANDEM_GEMM_CONTRACT inline
#  define TANDEM_TARGET_AVX2 __attribute__((target("avx2,fma"), always_inline)) TANDEM_GEMM_CONTRACT inline

#  define TANDEM_GEMM_VECTOR(NAME, ATTR, TYPE, BYTES, ROWS)                                \
    struct NAME {                                                                        \
      using T = TYPE;                                                                    \
      typedef TYPE V __attribute__((vector_size(BYTES)));                                \
      static constexpr int W = BYTES / int(sizeof(TYPE)), MR = ROWS;                     \
      ATTR static V zero() { return V{}; }                                               \
      /* U: the same vector at the element's alignment, for unaligned loads and stores */ \
      typedef TYPE U __attribute__((vector_size(BYTES), aligned(sizeof(TYPE)), may_alias)); \
      ATTR static V load(const T* p) { return *reinterpret_cast<const U*>(p); }          \
      ATTR static void store(T* p, V v) { *reinterpret_cast<U*>(p) = v; }                \
      ATTR static V splat(T x) { return x - V{}; } /* x - 0 is x, even for -0 */        \
      ATTR static V fma(V a, V b, V c) {                                                 \
        TANDEM_GEMM_CONTRACT_HERE return a * b + c;                                      \
      }                                                                                  \
      ATTR static V add(V a, V b) { return a + b; }                                      \
    };

TANDEM_GEMM_VECTOR(avx512_f32, TANDEM_TARGET_AVX512, float, 64, 12)
TANDEM_GEMM_VECTOR(avx512_f64, TANDEM_TARGET_AVX512, double, 64, 12)
TANDEM_GEMM_VECTOR(avx2_f32, TANDEM_TARGET_AVX2, float, 32, 6)
TANDEM_GEMM_VECTOR(avx2_f64, TANDEM_TARGET_AVX2, double, 32, 6)
#  undef TANDEM_GEMM_VECTOR

/// The MR x 2W tile: c (row stride ldc) = or += A panel * B panel over kc steps.
#  define TANDEM_GEMM_TILE(ISA, ATTR)                                                                      \
    ATTR void tile_##ISA(index_t kc, const ISA::T* __restrict a, const ISA::T* __restrict b,             \
                         ISA::T* __restrict c, index_t ldc, bool accumulate) {                            \
      using K = ISA;                                                                                      \
      constexpr int MR = K::MR, W = K::W;                                                                 \
      K::V c0[MR], c1[MR];                                                                                \
      for (int r = 0; r < MR; ++r) c0[r] = c1[r] = K::zero();                                            \
      for (index_t p = 0; p < kc; ++p) {                                                                  \
        const K::V b0 = K::load(b + p * 2 * W);                                                           \
        const K::V b1 = K::load(b + p * 2 * W + W);                                                       \
        for (int r = 0; r < MR; ++r) {                                                                    \
          const K::V ar = K::splat(a[p * MR + r]);                                                        \
          c0[r] = K::fma(ar, b0, c0[r]);                                                                  \
          c1[r] = K::fma(ar, b1, c1[r]);                                                                  \
        }                                                                                                 \
      }                                                                                                   \
      for (int r = 0; r < MR; ++r) {                                                                      \
        ISA::T* row = c + r * ldc;                                                                        \
        if (accumulate) {                                                                                 \
          c0[r] = K::add(c0[r], K::load(row));                                                            \
          c1[r] = K::add(c1[r], K::load(row + W));                                                        \
        }                                                                                                 \
        K::store(row, c0[r]);                                                                             \
        K::store(row + W, c1[r]);                                                                         \
      }                                                                                                   \
    }

__attribute__((target("avx512f"))) TANDEM_GEMM_CONTRACT inline TANDEM_GEMM_TILE(avx512_f32, )
__attribute__((target("avx512f"))) TANDEM_GEMM_CONTRACT inline TANDEM_GEMM_TILE(avx512_f64, )
__attribute__((target("avx2,fma"))) TANDEM_GEMM_CONTRACT inline TANDEM_GEMM_TILE(avx2_f32, )
__attribute__((target("avx2,fma"))) TANDEM_GEMM_CONTRACT inline TANDEM_GEMM_TILE(avx2_f64, )
#  undef TANDEM_GEMM_TILE
#endif  // TANDEM_GEMM_X86

/// The portable tile: plain loops over an MR x NR block of accumulators.
template <class T, int MR, int NR>
void tile_portable(index_t kc, const T* __restrict a, const T* __restrict b, T* __restrict c, index_t ldc,
                   bool accumulate) {
  T acc[MR][NR] = {};
  for (index_t p = 0; p < kc; ++p)
    for (int r = 0; r < MR; ++r) {
      const T ar = a[p * MR + r];
      for (int j = 0; j < NR; ++j) acc[r][j] += ar * b[p * NR + j];
    }
  for (int r = 0; r < MR; ++r)
    for (int j = 0; j < NR; ++j) c[r * ldc + j] = accumulate ? c[r * ldc + j] + acc[r][j] : acc[r][j];
}

}  // namespace gemm_kernels

/// The micro-kernel in use and its tile shape.
template <class T>
struct gemm_microkernel {
  using tile_fn = void (*)(index_t, const T*, const T*, T*, index_t, bool);
  tile_fn tile;
  int mr, nr;
  const char* name;
};

/// The best kernel the CPU runs. The environment variable TANDEM_GEMM_KERNEL (avx512,
/// avx2 or portable) caps the choice, so that every kernel can be tested on one machine.
template <class T>
gemm_microkernel<T> select_gemm_microkernel() {
  const char* cap = std::getenv("TANDEM_GEMM_KERNEL");
  const std::string_view want = cap ? cap : "";
#if TANDEM_GEMM_X86
  __builtin_cpu_init();
  const bool allow512 = want.empty() || want == "avx512";
  const bool allow2 = allow512 || want == "avx2";
  if (allow512 && __builtin_cpu_supports("avx512f")) {
    if constexpr (std::is_same_v<T, float>)
      return {gemm_kernels::tile_avx512_f32, gemm_kernels::avx512_f32::MR, 2 * gemm_kernels::avx512_f32::W,
              "avx512"};
    else
      return {gemm_kernels::tile_avx512_f64, gemm_kernels::avx512_f64::MR, 2 * gemm_kernels::avx512_f64::W,
              "avx512"};
  }
  if (allow2 && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    if constexpr (std::is_same_v<T, float>)
      return {gemm_kernels::tile_avx2_f32, gemm_kernels::avx2_f32::MR, 2 * gemm_kernels::avx2_f32::W, "avx2"};
    else
      return {gemm_kernels::tile_avx2_f64, gemm_kernels::avx2_f64::MR, 2 * gemm_kernels::avx2_f64::W, "avx2"};
  }
#endif
  (void)want;
  return {gemm_kernels::tile_portable<T, 4, 16 / sizeof(T) * 2>, 4, int(16 / sizeof(T) * 2), "portable"};
}

/// The kernel chosen for this CPU (once).
template <class T>
const gemm_microkernel<T>& host_gemm_microkernel() {
  static const gemm_microkernel<T> kernel = select_gemm_microkernel<T>();
  return kernel;
}

/// C = A * B (overwriting C) with tandem's blocked kernel, in parallel.
template <class T>
void blocked_gemm(const gemm_problem<T>& g) {
  const index_t m = g.m, n = g.n, k = g.k;
  if (m == 0 || n == 0) return;
  if (k == 0) {
    for (index_t i = 0; i < m; ++i) std::fill_n(g.c + i * g.c_rs, n, T(0));
    return;
  }
  const gemm_microkernel<T>& kern = host_gemm_microkernel<T>();
  const index_t mr = kern.mr, nr = kern.nr;
  // Block sizes: kc x nr of B (the micro-panel) fits L1; mc x kc of A fits L2.
  const index_t kc_max = 256;
  const index_t mc_max = mr * (sizeof(T) == 4 ? 12 : 8);
  const index_t nc_max = 4096;
  const index_t group = nr * 16;  // columns of one task

  for (index_t jc = 0; jc < n; jc += nc_max) {
    const index_t nc = std::min(nc_max, n - jc);
    const index_t panels = (nc + nr - 1) / nr;
    const std::unique_ptr<T[]> bpack(new T[static_cast<std::size_t>(panels * nr * kc_max)]);
    for (index_t pc = 0; pc < k; pc += kc_max) {
      const index_t kc = std::min(kc_max, k - pc);
      const bool accumulate = pc > 0;
      // Pack B(pc:pc+kc, jc:jc+nc) into panels of nr columns, zero past the edge.
      T* bp = bpack.get();
      host_loops::for_each(
          panels,
          [&](index_t q) {
            T* dst = bp + q * nr * kc;
            const index_t j0 = jc + q * nr;
            const index_t cols = std::min(nr, n - j0);
            for (index_t p = 0; p < kc; ++p) {
              const T* src = g.b + (pc + p) * g.b_rs + j0 * g.b_cs;
              T* row = dst + p * nr;
              index_t j = 0;
              if (g.b_cs == 1)
                for (; j < cols; ++j) row[j] = src[j];
              else
                for (; j < cols; ++j) row[j] = src[j * g.b_cs];
              for (; j < nr; ++j) row[j] = T(0);
            }
          },
          nr * kc);
      // Tasks: (row block, column group) pairs.
      const index_t row_blocks = (m + mc_max - 1) / mc_max;
      const index_t col_groups = (nc + group - 1) / group;
      host_loops::for_each(
          row_blocks * col_groups,
          [&](index_t task) {
            const index_t ib = task / col_groups, jg = task % col_groups;
            const index_t ic = ib * mc_max;
            const index_t mc = std::min(mc_max, m - ic);
            const index_t row_panels = (mc + mr - 1) / mr;
            // Pack A(ic:ic+mc, pc:pc+kc) into panels of mr rows, zero past the edge.
            const std::unique_ptr<T[]> apack(new T[static_cast<std::size_t>(row_panels * mr * kc)]);
            for (index_t q = 0; q < row_panels; ++q) {
              T* dst = apack.get() + q * mr * kc;
              for (index_t r = 0; r < mr; ++r) {
                const index_t i = ic + q * mr + r;
                if (i < m) {
                  const T* src = g.a + i * g.a_rs + pc * g.a_cs;
                  for (index_t p = 0; p < kc; ++p) dst[p * mr + r] = src[p * g.a_cs];
                } else {
                  for (index_t p = 0; p < kc; ++p) dst[p * mr + r] = T(0);
                }
              }
            }
            T edge[16 * 64];  // one tile, for the ragged edges of C
            const index_t j_begin = jg * group, j_end = std::min(nc, j_begin + group);
            for (index_t jr = j_begin; jr < j_end; jr += nr) {
              const T* bpanel = bp + (jr / nr) * nr * kc;
              const index_t cols = std::min(nr, nc - jr);
              for (index_t q = 0; q < row_panels; ++q) {
                const index_t i0 = ic + q * mr;
                const index_t rows = std::min(mr, m - i0);
                T* c = g.c + i0 * g.c_rs + jc + jr;
                if (rows == mr && cols == nr) {
                  kern.tile(kc, apack.get() + q * mr * kc, bpanel, c, g.c_rs, accumulate);
                } else {
                  for (index_t r = 0; r < rows; ++r)
                    for (index_t j = 0; j < cols; ++j) edge[r * nr + j] = accumulate ? c[r * g.c_rs + j] : T(0);
                  kern.tile(kc, apack.get() + q * mr * kc, bpanel, edge, nr, true);
                  for (index_t r = 0; r < rows; ++r)
                    for (index_t j = 0; j < cols; ++j) c[r * g.c_rs + j] = edge[r * nr + j];
                }
              }
            }
          },
          std::max<index_t>(1, m * nc / (row_blocks * col_groups) * kc / 32));
    }
  }
}

/// y = A * x (overwriting y) for an m x k matrix A and dense x, y: dot products along
/// dense rows, or a sum of scaled columns when A's columns are dense; rows in parallel.
template <class T>
void host_gemv(index_t m, index_t k, const T* a, index_t a_rs, index_t a_cs, const T* x, index_t x_stride, T* y) {
  constexpr index_t block = tuning::gemv_rows;
  host_loops::for_each(
      (m + block - 1) / block,
      [=](index_t t) {
        const index_t i0 = t * block, i1 = std::min(m, i0 + block);
        if (a_cs == 1 && x_stride == 1) {
          for (index_t i = i0; i < i1; ++i) {
            const T* row = a + i * a_rs;
            T acc[8] = {};
            index_t p = 0;
            for (; p + 8 <= k; p += 8)
              for (int j = 0; j < 8; ++j) acc[j] += row[p + j] * x[p + j];
            T s = ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
            for (; p < k; ++p) s += row[p] * x[p];
            y[i] = s;
          }
        } else {
          for (index_t i = i0; i < i1; ++i) y[i] = T(0);
          for (index_t p = 0; p < k; ++p) {
            const T xp = x[p * x_stride];
            const T* col = a + p * a_cs;
            for (index_t i = i0; i < i1; ++i) y[i] += col[i * a_rs] * xp;
          }
        }
      },
      block * std::max<index_t>(k, 1));
}

}  // namespace tandem::detail

namespace tandem {

/// Which implementation host matrix products use.
enum class host_gemm {
  automatic,  ///< CBLAS when tandem was built with one, else tandem's kernel
  tandem,     ///< tandem's own blocked SIMD kernel
  cblas       ///< the CBLAS library (OpenBLAS) found at configure time
};

namespace detail {
inline std::atomic<host_gemm>& host_gemm_choice() {
  static std::atomic<host_gemm> choice{host_gemm::automatic};
  return choice;
}
}  // namespace detail

/// Chooses the host matrix product for the whole program. Throws td::error when asked
/// for CBLAS in a build without one.
inline void set_host_gemm(host_gemm which) {
  if (which == host_gemm::cblas && !TANDEM_HAS_CBLAS)
    throw error("tandem: set_host_gemm(td::host_gemm::cblas): this build has no CBLAS library "
                "(configure with OpenBLAS installed, or define TANDEM_HAS_CBLAS=1 and link one)");
  detail::host_gemm_choice().store(which);
}

/// The host matrix product in use: tandem or cblas (never automatic).
inline host_gemm get_host_gemm() {
  const host_gemm h = detail::host_gemm_choice().load();
  if (h == host_gemm::automatic) return TANDEM_HAS_CBLAS ? host_gemm::cblas : host_gemm::tandem;
  return h;
}

}  // namespace tandem

namespace tandem::detail {

/// C = A * B for complex elements, in tandem's own loops: rows of C in parallel, each
/// accumulated as a[i, p] times row p of B, the products formed as BLAS forms them
/// (ar br - ai bi, ar bi + ai br: no C99 recovery of infinities from NaN parts).
template <class T>
void complex_gemm(index_t m, index_t n, index_t k, strided_matrix<const T> a, strided_matrix<const T> b,
                  strided_matrix<T> c) {
  using P = real_part_t<T>;
  host_loops::for_each(
      m,
      [=](index_t i) {
        P* row = reinterpret_cast<P*>(c.data + i * c.rs);  // re, im, re, im, ...
        for (index_t j = 0; j < 2 * n; ++j) row[j] = P(0);
        for (index_t p = 0; p < k; ++p) {
          const T x = a.data[i * a.rs + p * a.cs];
          const P xr = x.real(), xi = x.imag();
          const T* brow = b.data + p * b.rs;
          for (index_t j = 0; j < n; ++j) {
            const T y = brow[j * b.cs];
            row[2 * j] += xr * y.real() - xi * y.imag();
            row[2 * j + 1] += xr * y.imag() + xi * y.real();
          }
        }
      },
      std::max<index_t>(1, n * k));
}

/// batched_gemm on the host (float, double and complex).
template <class T>
void host_batched_gemm(index_t batch, index_t m, index_t n, index_t k, strided_matrix<const T> a,
                       strided_matrix<const T> b, strided_matrix<T> c) {
  if constexpr (!is_complex_v<T>) {
    if (n == 1 && get_host_gemm() == host_gemm::tandem) {  // matrix times vector
      for (index_t q = 0; q < batch; ++q)
        host_gemv(m, k, a.data + q * a.bs, a.rs, a.cs, b.data + q * b.bs, b.rs, c.data + q * c.bs);
      return;
    }
  }
#if TANDEM_HAS_CBLAS
  if (get_host_gemm() == host_gemm::cblas) {
    const blas_layout la = blas_layout_of(m, k, a.rs, a.cs), lb = blas_layout_of(k, n, b.rs, b.cs);
    if (fits_blas_int({m, n, k, la.op.ld, lb.op.ld, c.rs})) {
      for (index_t q = 0; q < batch; ++q)
        cblas_gemm<T>(m, n, k, a.data + q * a.bs, la.op.transposed, la.op.ld, b.data + q * b.bs, lb.op.transposed,
                      lb.op.ld, c.data + q * c.bs, c.rs);
      return;
    }
  }  // sizes beyond a 32-bit int: tandem's kernel, which indexes in 64 bits
#endif
  for (index_t q = 0; q < batch; ++q) {
    if constexpr (is_complex_v<T>)
      complex_gemm<T>(m, n, k, {a.data + q * a.bs, 0, a.rs, a.cs}, {b.data + q * b.bs, 0, b.rs, b.cs},
                      {c.data + q * c.bs, 0, c.rs, 1});
    else
      blocked_gemm(gemm_problem<T>{m, n, k, a.data + q * a.bs, a.rs, a.cs, b.data + q * b.bs, b.rs, b.cs,
                                c.data + q * c.bs, c.rs});
  }
}

/// Whether a BLAS reads a rows x cols matrix with these strides in place (dense rows or
/// dense columns, with a leading dimension it accepts).
inline bool gemm_reads_layout(index_t rows, index_t cols, index_t rs, index_t cs) {
  return blas_layout_of(rows, cols, rs, cs).ok;
}

}  // namespace tandem::detail
