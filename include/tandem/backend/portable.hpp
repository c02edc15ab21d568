#pragma once
/// \file backend/portable.hpp
/// The few TANDEM_HD primitives that host code and device code spell differently, in
/// one place, so that the layers above name neither CUDA nor a compiler's builtins:
///
/// - `detail::pstd`: the standard library that compiles in host and device code alike
///   (math, bit_cast, numeric_limits): libcu++'s `cuda::std` under a CUDA compiler, the
///   host compiler's `std` otherwise (`<cuda/std/cmath>` alone cost a host translation
///   unit 1.0 s, `<cmath>` 0.19).
/// - `add_rn`, `mul_rn`: a float or double + and * rounded on their own, never fused into
///   an FMA (nvcc contracts a * b + c by default; the host compiler does not).
/// - `atomic_add`: a relaxed atomic += of a 64-bit integer or a double.
/// - `prefetch_read`: asks the cache for a line ahead of use (host code; a no-op
///   elsewhere).
/// - `stream_line`, `stream_fence`: stores 64 bytes to a 64-byte-aligned address past
///   the caches (x86 non-temporal stores; a plain copy elsewhere), and the fence that
///   orders such stores before a thread's later ones. `streams_past_cache` says
///   whether stream_line does bypass the caches.
/// - `TANDEM_WIDE_VECTORS`, `TANDEM_TARGET_WIDE`, `TANDEM_TARGET_WIDE_FLAT`,
///   `wide_vectors_available()`: host loops whose arithmetic, not memory, bounds them
///   are compiled a second time for AVX2 (a function attribute; _FLAT inlines every
///   call too), and run so when the CPU has it: x86 compilers target SSE2 by default.
///   0, and nothing to choose, elsewhere or where AVX2 is the baseline.
/// - `native_half_or<Own>`, `native_bfloat16_or<Own>`: the 16-bit float types, the GPU
///   compiler's own where there is one, else the type tandem brings; `native_16bit_types`
///   says which.
/// - `TANDEM_HOST_F16C`: 1 when host code may convert binary16 with the CPU's F16C
///   instructions (x86 with -mf16c or -march=native), which loops vectorize.

#include <cstdint>
#include <type_traits>

#include "../config.hpp"

#if TANDEM_HAS_CUDA
#  include <cuda/std/bit>
#  include <cuda/std/cmath>
#  include <cuda/std/limits>
#else
#  include <bit>
#  include <cmath>
#  include <limits>
#endif

#if TANDEM_HAS_CUDA
#  include <cuda_bf16.h>
#  include <cuda_fp16.h>
#endif

#if !TANDEM_HAS_CUDA && defined(__F16C__)
#  include <immintrin.h>
#  define TANDEM_HOST_F16C 1
#else
#  define TANDEM_HOST_F16C 0
#endif

namespace tandem::detail {

#if TANDEM_HAS_CUDA
namespace pstd = ::cuda::std;
#else
namespace pstd = ::std;
#endif

template <class T>
TANDEM_HD inline T add_rn(T a, T b) {
#if TANDEM_DEVICE_CODE
  if constexpr (sizeof(T) <= 4)
    return __fadd_rn(a, b);
  else
    return __dadd_rn(a, b);
#else
  return a + b;
#endif
}
template <class T>
TANDEM_HD inline T mul_rn(T a, T b) {
#if TANDEM_DEVICE_CODE
  if constexpr (sizeof(T) <= 4)
    return __fmul_rn(a, b);
  else
    return __dmul_rn(a, b);
#else
  return a * b;
#endif
}

template <class A>
TANDEM_HD inline void atomic_add(A* p, A v) {
  static_assert(std::is_same_v<A, std::int64_t> || std::is_same_v<A, double>,
                "tandem: atomic_add adds 64-bit integers or doubles");
#if TANDEM_DEVICE_CODE
  if constexpr (std::is_same_v<A, std::int64_t>)
    atomicAdd(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
  else
    atomicAdd(p, v);
#else
  if constexpr (std::is_same_v<A, std::int64_t>) {
    __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
  } else {
    A seen;
    __atomic_load(p, &seen, __ATOMIC_RELAXED);
    A sum = seen + v;
    while (!__atomic_compare_exchange(p, &seen, &sum, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) sum = seen + v;
  }
#endif
}

TANDEM_HD inline void prefetch_read([[maybe_unused]] const void* p) {
#if !TANDEM_DEVICE_CODE && (defined(__GNUC__) || defined(__clang__))
  __builtin_prefetch(p);
  // GCC takes a prefetch for an instruction without effect: a function that only asks
  // the cache and is not inlined (a getter's `ahead` walking rows) was found const and
  // its calls removed. An empty volatile asm is an effect that emits nothing. (The
  // prefetch itself as a volatile asm was kept too, but slowed td::max's rolled lanes
  // by a third.)
  __asm__ volatile("");
#endif
}

/// prefetch_read for each cache line of the count elements from p.
template <class T>
TANDEM_HD void prefetch_run(const T* p, index_t count) {
  const char* const c = reinterpret_cast<const char*>(p);
  for (index_t b = 0; b < count * static_cast<index_t>(sizeof(T)); b += 64) prefetch_read(c + b);
}

/// prefetch_run for `count` elements `step` apart from p, where they lie a few to a line
/// (steps of 1 to a line's width); longer, zero or negative steps ask nothing.
template <class T>
TANDEM_HD void prefetch_steps(const T* p, index_t step, index_t count) {
  if (step > 0 && step * static_cast<index_t>(sizeof(T)) <= 64) prefetch_run(p, count * step);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
inline constexpr bool streams_past_cache = true;
inline void stream_line(void* dst, const void* src) {
  using v2 = long long __attribute__((vector_size(16)));
  auto* d = static_cast<v2*>(dst);
  for (int q = 0; q < 4; ++q) {
    v2 v;
    __builtin_memcpy(&v, static_cast<const char*>(src) + 16 * q, 16);
#  if defined(__clang__)
    __builtin_nontemporal_store(v, d + q);
#  else
    __builtin_ia32_movntdq(d + q, v);
#  endif
  }
}
inline void stream_fence() { __builtin_ia32_sfence(); }
#else
inline constexpr bool streams_past_cache = false;
inline void stream_line(void* dst, const void* src) { __builtin_memcpy(dst, src, 64); }
inline void stream_fence() {}
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__AVX2__) && \
    !TANDEM_DEVICE_CODE
#  define TANDEM_WIDE_VECTORS 1
#  define TANDEM_TARGET_WIDE __attribute__((target("avx2")))
// The same for a function whose callees are to be compiled so too: every call in it
// inlined (flatten), as a callee not inlined would run its one, SSE2, copy. (clang 14's
// flatten inlines only the calls written in the function itself: there the reductions'
// helpers are marked TANDEM_WIDE_INLINE, config.hpp, to be reached.)
#  define TANDEM_TARGET_WIDE_FLAT __attribute__((target("avx2"), flatten))
inline bool wide_vectors_available() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return has;
}
#else
#  define TANDEM_WIDE_VECTORS 0
#  define TANDEM_TARGET_WIDE
#  define TANDEM_TARGET_WIDE_FLAT
inline constexpr bool wide_vectors_available() { return false; }
#endif

/// Whether a loop body asks for the wide build (`static constexpr bool wide_vectors`
/// in its type; expression evaluators pass on their functors').
template <class F, class = void>
inline constexpr bool wide_vectors_v = false;
template <class F>
inline constexpr bool wide_vectors_v<F, std::void_t<decltype(F::wide_vectors)>> = F::wide_vectors;

#if TANDEM_HAS_CUDA
inline constexpr bool native_16bit_types = true;
template <class Own>
using native_half_or = ::__half;
template <class Own>
using native_bfloat16_or = ::__nv_bfloat16;
#else
inline constexpr bool native_16bit_types = false;
template <class Own>
using native_half_or = Own;
template <class Own>
using native_bfloat16_or = Own;
#endif

}  // namespace tandem::detail
