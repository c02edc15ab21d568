#pragma once
/// \file config.hpp
/// Compile-time configuration: the TANDEM_HD marker, whether a CUDA compiler is in
/// force, the index type and the library version.

#include <cstdint>

#if defined(__CUDACC__)
#  define TANDEM_HAS_CUDA 1
/// Marks a function callable from host code and from device kernels.
#  define TANDEM_HD __host__ __device__
#else
#  define TANDEM_HAS_CUDA 0
#  define TANDEM_HD
// Without a CUDA compiler Thrust's device system is its TBB system, for Thrust code
// that a program (or a test) runs next to tandem's emulated device, whose own code is
// the host backend's. This must be decided before any Thrust header is seen, which is
// why it lives here.
#  ifndef THRUST_DEVICE_SYSTEM
#    define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_TBB
#  endif
#endif

#if defined(__CUDA_ARCH__)
#  define TANDEM_DEVICE_CODE 1
#else
#  define TANDEM_DEVICE_CODE 0
#endif

// Keeps a rarely taken host path out of its caller, so that the common path stays small.
#if defined(_MSC_VER)
#  define TANDEM_NOINLINE __declspec(noinline)
#else
#  define TANDEM_NOINLINE __attribute__((noinline))
#endif

// Keeps the next loop rolled (not unrolled) in host compilation, where GCC's loop
// vectorizer then handles a select that it leaves scalar once the loop is unrolled
// (core/pairwise.hpp); clang unrolled it too. (clang was also asked to vectorize it, which
// it does unasked: td::max of 2^18 floats 21.5 us either way, and asked, it warned
// wherever the loop was inlined for a type it cannot vectorize.) Nothing under nvcc,
// which follows its own rules.
#if defined(__GNUC__) && !defined(__clang__) && !TANDEM_HAS_CUDA
#  define TANDEM_KEEP_ROLLED _Pragma("GCC unroll 1")
#elif defined(__clang__) && !TANDEM_HAS_CUDA
#  define TANDEM_KEEP_ROLLED _Pragma("clang loop unroll(disable)")
#else
#  define TANDEM_KEEP_ROLLED
#endif

// Unrolling asked of g++'s host compilation; nothing under clang (which interleaves
// vectorized loops and unrolls short ones itself) or nvcc.
// - TANDEM_UNROLL_TWICE: the next (vectorized) loop twice. For the lanes of an axis
//   reduction's tile (algorithm/reduce.hpp), whose vectorized loop is about 36 bytes of
//   code: where the binary's layout put it across a 64-byte line, td::max(m, 0) of
//   4096^2 floats on one core took 2.2-3.4 ms, and 1.75-1.94 so unrolled in each of
//   eight builds laid out differently.
// - TANDEM_UNROLL_16: the next loop of up to 16 iterations whole, where -O2 would not
//   before vectorizing (-O3 does unasked): the sixteen lanes of a pairwise block
//   (core/pairwise.hpp) then stay in registers at -O2 as at -O3, where they were written
//   to the stack and read back at every step (td::sum of 2^20 floats in cache, one core,
//   g++ 12 -O2: 0.226 -> 0.085 ms; -O3 0.061, its code unchanged).
#if defined(__GNUC__) && !defined(__clang__) && !TANDEM_HAS_CUDA
#  define TANDEM_UNROLL_TWICE _Pragma("GCC unroll 2")
#  define TANDEM_UNROLL_16 _Pragma("GCC unroll 16")
#else
#  define TANDEM_UNROLL_TWICE
#  define TANDEM_UNROLL_16
#endif

// Tells clang's vectorizer that the next loop's iterations touch disjoint memory (a tile
// of independent lanes, core/pairwise.hpp), which it could not prove for itself
// (algorithm/reduce.hpp). Nothing elsewhere: g++ vectorizes those loops unasked.
#if defined(__clang__) && !TANDEM_HAS_CUDA
#  define TANDEM_INDEPENDENT_LANES _Pragma("clang loop vectorize(assume_safety)")
#else
#  define TANDEM_INDEPENDENT_LANES
#endif

// A pointer that no other pointer in its scope aliases (every compiler tandem supports,
// nvcc included, spells it __restrict, MSVC too).
#define TANDEM_RESTRICT __restrict

// Inlines a small host function into its caller whatever the compiler's estimate: for
// the checks every assignment runs, where a call costs more than the check.
#if defined(_MSC_VER)
#  define TANDEM_ALWAYS_INLINE __forceinline
#else
#  define TANDEM_ALWAYS_INLINE inline __attribute__((always_inline))
#endif

// Inlines a kernel's helper into its caller whatever the estimate, where clang builds
// host code: an AVX2 build of a loop (backend/portable.hpp's TANDEM_TARGET_WIDE_FLAT)
// reaches only what is inlined into it, and clang's flatten (until a 2026 change in
// LLVM) inlines only the calls written in the function itself, so the helpers a kernel
// calls ran their SSE2 copies (td::var of 2^18 floats in cache 13.8 us against g++'s
// 8.6). g++ flattens recursively; nvcc follows its own rules. With TANDEM_WIDE_FLATTEN
// as well, every call written in the function is inlined too.
#if defined(__clang__) && !TANDEM_HAS_CUDA
#  define TANDEM_WIDE_INLINE __attribute__((always_inline))
#  define TANDEM_WIDE_FLATTEN __attribute__((flatten))
#else
#  define TANDEM_WIDE_INLINE
#  define TANDEM_WIDE_FLATTEN
#endif

// Element-index checks in operator(): on in debug builds, or on request.
#if !defined(TANDEM_BOUNDS_CHECK) && !defined(NDEBUG)
#  define TANDEM_BOUNDS_CHECK 1
#endif

// 1 when a CBLAS library (OpenBLAS) is linked for host matrix products; tandem's CMake
// package sets it when it finds one.
#ifndef TANDEM_HAS_CBLAS
#  define TANDEM_HAS_CBLAS 0
#endif

#define TANDEM_VERSION_MAJOR 0
#define TANDEM_VERSION_MINOR 1
#define TANDEM_VERSION_PATCH 0

namespace tandem {

/// The signed index type used for extents, strides and element indices.
using index_t = std::int64_t;

/// True when `td::device` runs on the host (the host backend's code) because no CUDA
/// compiler is in force; false when it is real GPU memory driven by CUDA.
inline constexpr bool device_is_emulated = !TANDEM_HAS_CUDA;

}  // namespace tandem
