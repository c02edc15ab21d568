#pragma once
/// \file backend/host/loops.hpp
/// Loops, reductions and scans over host memory on tandem's pool of threads
/// (thread_pool.hpp), run serially on the calling thread below a size threshold, where
/// starting tasks would cost more than the loop.

#include <algorithm>
#include <cstdio>
#include <string>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "../../core/pairwise.hpp"
#include "../../core/tuning.hpp"
#include "../../config.hpp"
#include "../../half.hpp"
#include "../../shape.hpp"
#include "../portable.hpp"
#include "thread_pool.hpp"

#if defined(__unix__)
#  include <unistd.h>
#endif

namespace tandem::detail {

#if !TANDEM_DEVICE_CODE && (defined(__GNUC__) || defined(__clang__)) && defined(__has_builtin)
#  if __has_builtin(__builtin_shufflevector)
#    define TANDEM_BLOCK_TRANSPOSE 1
#  endif
#endif
#ifndef TANDEM_BLOCK_TRANSPOSE
#  define TANDEM_BLOCK_TRANSPOSE 0
#endif

#if TANDEM_BLOCK_TRANSPOSE
/// Copies a square block of elements of `Size` bytes, 16 bytes a side (4 x 4 of 4 bytes,
/// 2 x 2 of 8), transposed: row k of dst (rows `dst_step` elements apart) gets column k of
/// src's rows (`src_step` apart). Each side is one 16-byte load or store, the transpose
/// happens in registers: element by element, the loads of a tiled transpose were
/// gathers one element each (a transposed copy of 4096^2 floats on one core: 22.9 ms so,
/// 12.1 in blocks).
template <std::size_t Size>
inline void transpose_block(void* dst, index_t dst_step, const void* src, index_t src_step) {
  char* const d = static_cast<char*>(dst);
  const char* const s = static_cast<const char*>(src);
  const index_t ds = dst_step * index_t(Size), ss = src_step * index_t(Size);
  if constexpr (Size == 4) {
    using v4 = unsigned __attribute__((vector_size(16)));
    v4 r0, r1, r2, r3;
    __builtin_memcpy(&r0, s, 16);
    __builtin_memcpy(&r1, s + ss, 16);
    __builtin_memcpy(&r2, s + 2 * ss, 16);
    __builtin_memcpy(&r3, s + 3 * ss, 16);
    const v4 s0 = __builtin_shufflevector(r0, r1, 0, 4, 1, 5), s1 = __builtin_shufflevector(r0, r1, 2, 6, 3, 7);
    const v4 s2 = __builtin_shufflevector(r2, r3, 0, 4, 1, 5), s3 = __builtin_shufflevector(r2, r3, 2, 6, 3, 7);
    const v4 o0 = __builtin_shufflevector(s0, s2, 0, 1, 4, 5), o1 = __builtin_shufflevector(s0, s2, 2, 3, 6, 7);
    const v4 o2 = __builtin_shufflevector(s1, s3, 0, 1, 4, 5), o3 = __builtin_shufflevector(s1, s3, 2, 3, 6, 7);
    __builtin_memcpy(d, &o0, 16);
    __builtin_memcpy(d + ds, &o1, 16);
    __builtin_memcpy(d + 2 * ds, &o2, 16);
    __builtin_memcpy(d + 3 * ds, &o3, 16);
  } else {
    static_assert(Size == 8);
    using v2 = unsigned long long __attribute__((vector_size(16)));
    v2 r0, r1;
    __builtin_memcpy(&r0, s, 16);
    __builtin_memcpy(&r1, s + ss, 16);
    const v2 o0 = __builtin_shufflevector(r0, r1, 0, 2), o1 = __builtin_shufflevector(r0, r1, 1, 3);
    __builtin_memcpy(d, &o0, 16);
    __builtin_memcpy(d + ds, &o1, 16);
  }
}
#endif

/// dst[i * dst_step + j] = src[j * src_step + i] for i < rows, j < cols: a tile copied
/// transposed, in transpose_block's blocks where the elements have 4 or 8 bytes, the
/// ragged edges element by element.
template <class T>
inline void copy_transposed(T* dst, index_t dst_step, const T* src, index_t src_step, index_t rows, index_t cols) {
  index_t rk = 0, ck = 0;  // the rows and columns whole blocks cover
#if TANDEM_BLOCK_TRANSPOSE
  if constexpr (std::is_trivially_copyable_v<T> && (sizeof(T) == 4 || sizeof(T) == 8)) {
    constexpr index_t k = index_t(16 / sizeof(T));
    rk = rows / k * k, ck = cols / k * k;
    for (index_t i = 0; i < rk; i += k)
      for (index_t j = 0; j < ck; j += k)
        transpose_block<sizeof(T)>(dst + i * dst_step + j, dst_step, src + j * src_step + i, src_step);
  }
#endif
  for (index_t i = 0; i < rows; ++i)
    for (index_t j = ck; j < cols; ++j) dst[i * dst_step + j] = src[j * src_step + i];
  for (index_t i = rk; i < rows; ++i)
    for (index_t j = 0; j < ck; ++j) dst[i * dst_step + j] = src[j * src_step + i];
}

/// A copy between two layouts whose fast axes differ (a transpose, a permute), in square
/// tiles: `a` = R - 1 is the destination's innermost axis, `b` the source's. One call
/// copies one row of tiles (`tile` indices of b, every index of a) for one index of the
/// other axes, reading `tile` source lines of each tile while they are in cache and writing
/// the destination along its rows. What a CPU wants; a GPU tiles through shared memory
/// (backend/cuda/copy.cuh).
template <class T, class U, std::size_t R>
struct tiled_copy_kernel {
  T* out;
  const U* in;
  shape<R> extents, out_strides, in_strides;
  std::size_t b;
  index_t tile, tiles_b;
  static constexpr std::size_t a = R - 1;
  TANDEM_HD void operator()(index_t task) const {
    index_t o_out, o_in;
    plane_offsets(task / tiles_b, extents, a, b, out_strides, in_strides, o_out, o_in);
    // Everything the loops use in locals: the stores below cannot then make the compiler
    // reload members (it must assume they might alias, wherever the call is inlined).
    const index_t t = tile, na = extents[a], nb = extents[b];
    const index_t b0 = task % tiles_b * t, b1 = b0 + t < nb ? b0 + t : nb;
    const index_t oa = out_strides[a], ob = out_strides[b], ia = in_strides[a], ib = in_strides[b];
    T* const dst = out + o_out;
    const U* const src = in + o_in;
    // A plain copy with unit steps along both rows: copy_transposed, tile by tile.
    if constexpr (std::is_same_v<T, U> && !TANDEM_DEVICE_CODE) {
      if (oa == 1 && ib == 1) {
        for (index_t a0 = 0; a0 < na; a0 += t) {
          const index_t a1 = a0 + t < na ? a0 + t : na;
          copy_transposed(dst + b0 * ob + a0, ob, src + a0 * ia + b0, ia, b1 - b0, a1 - a0);
        }
        return;
      }
    }
    for (index_t a0 = 0; a0 < na; a0 += t) {
      const index_t a1 = a0 + t < na ? a0 + t : na;
      for (index_t i = b0; i < b1; ++i) {
        T* o = dst + i * ob;
        const U* x = src + i * ib;
        for (index_t j = a0; j < a1; ++j) o[j * oa] = convert<T>(x[j * ia]);
      }
    }
  }
};

/// out[i] = f(i), one element per call.
template <class T, class F>
struct store_kernel {
  T* out;
  F f;
  TANDEM_HD void operator()(index_t i) const { out[i] = f(i); }
};

/// The last-level cache one core shares, in bytes (0 where the system does not say).
/// Linux's sysfs first: it gives the cache a core actually sits behind, where glibc's
/// sysconf adds up a processor's L3 slices (384 MiB on an AMD EPYC whose cores each share
/// one of 32 MiB).
inline std::size_t last_level_cache_bytes() {
#if defined(__linux__)
  for (int index = 3; index >= 2; --index) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
    std::FILE* level_file = std::fopen((dir + "level").c_str(), "r");
    if (!level_file) continue;
    int level = 0;
    const bool level_read = std::fscanf(level_file, "%d", &level) == 1;
    std::fclose(level_file);
    if (!level_read || level != 3) continue;
    std::FILE* size_file = std::fopen((dir + "size").c_str(), "r");
    if (!size_file) continue;
    unsigned long long size = 0;
    char unit = 0;
    const int got = std::fscanf(size_file, "%llu%c", &size, &unit);
    std::fclose(size_file);
    if (got >= 1 && size > 0) {
      if (got == 2 && (unit == 'K' || unit == 'k')) size <<= 10;
      if (got == 2 && unit == 'M') size <<= 20;
      return static_cast<std::size_t>(size);
    }
  }
#endif
  long llc = 0;
#if defined(_SC_LEVEL3_CACHE_SIZE)
  llc = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
  return llc > 0 ? static_cast<std::size_t>(llc) : 0;
}

/// Bytes of output from which host loops store past the caches: half the last-level
/// cache (16 MiB where the system does not say). An output that large would evict what
/// the loop reads, and stored through the cache each line is read from memory before it
/// is overwritten: a third more traffic for out = a + b, half as much again for
/// out = f(a).
inline std::size_t stream_store_bytes() {
  static const std::size_t bytes = [] {
    const std::size_t llc = last_level_cache_bytes();
    return llc > 0 ? llc / 2 : std::size_t(16) << 20;
  }();
  return bytes;
}

struct host_loops {
  /// Work (elements) below which a loop runs serially on the calling thread.
  static constexpr index_t serial_threshold = tuning::serial_threshold;
  /// Elements one parallel task handles.
  static constexpr index_t task_size = tuning::task_size;
  /// Loops run on CPU cores: algorithms pick cache-friendly shapes of work (rows, tiles).
  static constexpr bool runs_on_cpu = true;

  /// Calls f(i) for i in [0, n). `cost` is the work of one call in elements, so that
  /// loops over rows are split as finely as loops over elements.
  /// A body that asks for it (wide_vectors_v: the max, min and argmax reductions' kernels,
  /// whose compares and selects outweigh their bytes under SSE2) runs compiled for AVX2,
  /// everything it calls inlined, where the CPU has it.
  template <class F>
  static void for_each(index_t n, const F& f, index_t cost = 1) {
    if (n <= 0) return;
    if (cost < 1) cost = 1;
#if TANDEM_WIDE_VECTORS
    if constexpr (wide_vectors_v<F>) {
      if (runs_wide(n * cost)) {
        for_each_wide(n, f, cost);
        return;
      }
    }
#endif
    for_each_as<false>(n, f, cost);
  }

#if TANDEM_WIDE_VECTORS
  /// Whether a body with an AVX2 build runs it for `work` elements: from
  /// tuning::wide_min_work, where the CPU has AVX2 (for_each, store_each, reduce).
  static bool runs_wide(index_t work) { return work >= tuning::wide_min_work && wide_vectors_available(); }
#endif

  /// for_each's AVX2 branch, out of line and given the body by value, as for_each_parallel
  /// (below) is: the caller's serial path keeps its body out of memory.
  template <class F>
  TANDEM_NOINLINE static void for_each_wide(index_t n, const F f, index_t cost) {
    for_each_as<true>(n, f, cost);
  }

  template <bool Wide, class F>
  static void for_each_as(index_t n, const F& f, index_t cost) {
    if (n * cost <= serial_threshold) {
      for_range<Wide>(f, 0, n);
      return;
    }
    for_each_parallel<Wide>(n, f, cost);
  }

  /// f(i) for i in [begin, end); Wide: compiled for AVX2.
  template <bool Wide, class F>
  TANDEM_ALWAYS_INLINE static void for_range(const F& f, index_t begin, index_t end) {
    if constexpr (Wide) {
      for_range_wide(f, begin, end);
    } else {
      const F g = f;  // a local copy: its members stay in registers
      for (index_t i = begin; i < end; ++i) g(i);
    }
  }
  template <class F>
  TANDEM_NOINLINE TANDEM_TARGET_WIDE_FLAT static void for_range_wide(const F& f, index_t begin, index_t end) {
    const F g = f;  // a local copy, as above (a parameter by value is memory that stores
                    // through the body's output might alias: argmax(m, 1) 1.44 -> 1.80 ms)
    for (index_t i = begin; i < end; ++i) g(i);
  }

  /// for_each's parallel half, out of line: starting tasks costs microseconds anyway, and
  /// kept apart it leaves the serial loop (a small assignment's whole cost) a lean frame.
  /// The body comes by value (so do stream_each's and for_each_wide's): were its address
  /// taken here, the caller's body would have to live in memory on the serial path too,
  /// built with 8-byte stores and copied with 16-byte loads that wait for them (c = a + b
  /// of 16 floats: 14.0 ns so, 7.6 by value).
  template <bool Wide, class F>
  TANDEM_NOINLINE static void for_each_parallel(index_t n, F f, index_t cost) {
    const index_t per_task = std::max<index_t>(1, task_size / cost);
    const index_t tasks = (n + per_task - 1) / per_task;
    parallel_tasks(tasks, [&f, n, per_task](index_t t) {
      const index_t begin = t * per_task;
      for_range<Wide>(f, begin, std::min(n, begin + per_task));
    });
  }

  /// out[i] = f(i) for i in [0, n), out dense. Like for_each with a store_kernel, but an
  /// output of stream_store_bytes or more is written a cache line at a time with
  /// non-temporal stores (each task's ragged ends through the cache), and a body that
  /// asks for it (wide_vectors_v: rounding, whose arithmetic outweighs its bytes under
  /// SSE2) runs compiled for AVX2 where the CPU has it.
  template <class T, class F>
  static void store_each(index_t n, T* out, const F& f) {
#if TANDEM_WIDE_VECTORS
    if constexpr (wide_vectors_v<F>) {
      if (runs_wide(n)) {
        store_each_as<true>(n, out, f);
        return;
      }
    }
#endif
    store_each_as<false>(n, out, f);
  }

  template <bool Wide, class T, class F>
  static void store_each_as(index_t n, T* out, const F& f) {
    constexpr bool whole_lines = 64 % sizeof(T) == 0 && std::is_trivially_copyable_v<T>;
    if constexpr (streams_past_cache && whole_lines) {
      if (n > serial_threshold && static_cast<std::size_t>(n) * sizeof(T) >= stream_store_bytes()) {
        stream_each<Wide>(n, out, f);
        return;
      }
    }
    for_each_as<Wide>(n, store_kernel<T, F>{out, f}, 1);
  }

  /// A task of stream_each: elements [t * per_task, ...) computed four cache lines at a
  /// time into a buffer, then stored (one line at a time, 2.3 ms slower for round at
  /// 2^24 floats than four).
  template <class T, class F, bool Wide>
  struct stream_task {
    static constexpr index_t line = 64 / sizeof(T), lines = 4;
    static constexpr index_t per_task = (task_size + line - 1) / line * line;
    const F* f;
    index_t n;
    T* out;
    void operator()(index_t t) const {
      if constexpr (Wide)
        run_wide(*f, n, out, t);
      else
        run(*f, n, out, t);
    }
    TANDEM_ALWAYS_INLINE static void run(const F& f, index_t n, T* out, index_t t) {
      const F g = f;
      const index_t begin = t * per_task, end = std::min(n, begin + per_task);
      index_t i = begin;
      for (; i < end && reinterpret_cast<std::uintptr_t>(out + i) % 64 != 0; ++i) out[i] = g(i);
      for (; i + lines * line <= end; i += lines * line) {
        alignas(64) T buffer[lines * line];
        for (index_t k = 0; k < lines * line; ++k) buffer[k] = g(i + k);
        for (index_t q = 0; q < lines; ++q) stream_line(out + i + q * line, buffer + q * line);
      }
      for (; i + line <= end; i += line) {
        alignas(64) T buffer[line];
        for (index_t k = 0; k < line; ++k) buffer[k] = g(i + k);
        stream_line(out + i, buffer);
      }
      for (; i < end; ++i) out[i] = g(i);
      stream_fence();
    }
    TANDEM_NOINLINE TANDEM_TARGET_WIDE static void run_wide(const F& f, index_t n, T* out, index_t t) {
      run(f, n, out, t);
    }
  };

  template <bool Wide, class T, class F>
  TANDEM_NOINLINE static void stream_each(index_t n, T* out, F f) {
    using task = stream_task<T, F, Wide>;
    parallel_tasks((n + task::per_task - 1) / task::per_task, task{&f, n, out});
  }

  /// out = in (converted) over `extents`, whose fast axes differ: the destination's is
  /// R - 1, the source's b. In square tiles of tuning::copy_tile (see tiled_copy_kernel).
  template <class T, class U, std::size_t R>
  static void copy_tiles(T* out, const U* in, const shape<R>& extents, const shape<R>& out_strides,
                         const shape<R>& in_strides, std::size_t b) {
    const index_t tile = tuning::copy_tile, tiles_b = (extents[b] + tile - 1) / tile;
    const index_t row = extents[R - 1];
    if (row == 0 || extents[b] == 0) return;
    for_each(planes_except(extents, R - 1, b) * tiles_b,
             tiled_copy_kernel<T, U, R>{out, in, extents, out_strides, in_strides, b, tile, tiles_b}, tile * row);
  }

  /// Runs body(t) for t in [0, tasks) on the pool's threads (thread_pool.hpp). An
  /// exception thrown by a task (a host functor's, or std::bad_alloc) reaches the caller
  /// as it would from a serial loop: the first one is rethrown once every task has
  /// stopped, and tasks not yet started skip their work.
  template <class Body>
  static void parallel_tasks(index_t tasks, const Body& body) {
    host_thread_pool::instance().run(
        tasks, [](const void* b, index_t t) { (*static_cast<const Body*>(b))(t); }, &body);
  }

  /// Threads host loops use (the caller's included), and setting it (n < 1: the default).
  static int threads() { return host_thread_pool::instance().threads(); }
  static void set_threads(int n) { host_thread_pool::instance().set_threads(n); }

  /// op(init, get(0) op ... op get(n-1)) for n >= 1, reduced pairwise in chunks of a
  /// fixed size, so the result is the same for any number of threads. `cost`: elements
  /// one get(i) reads (a block's worth for a blocked reduction), which keeps chunks, and
  /// so tasks, of about reduce_chunk elements.
  template <class V, class Get, class Op>
  static V reduce(index_t n, const Get& get, const Op& op, const V& init, index_t cost = 1) {
    const index_t chunk = cost > 1 ? std::max<index_t>(1, reduce_chunk / cost) : reduce_chunk;
    const index_t chunks = (n + chunk - 1) / chunk;
    if (chunks == 1) {
#if TANDEM_WIDE_VECTORS
      if constexpr (wide_vectors_v<Op>)
        if (runs_wide(n * cost)) return op(init, reduce_pairwise_wide<V>(get, n, op));
#endif
      return op(init, reduce_pairwise<V>(get, 0, n, op));
    }
    const std::unique_ptr<V[]> partial(new V[static_cast<std::size_t>(chunks)]);
    for_each(chunks, chunk_reduce_kernel<V, Get, Op>{get, op, n, chunk, partial.get()}, chunk * (cost > 1 ? cost : 1));
    return op(init, reduce_pairwise<V>(array_getter<V>{partial.get()}, 0, chunks, op));
  }

  /// reduce_pairwise over [0, n) compiled for AVX2 (reduce's one chunk, for a wide op).
  template <class V, class Get, class Op>
  TANDEM_NOINLINE TANDEM_TARGET_WIDE_FLAT static V reduce_pairwise_wide(const Get& get, index_t n, const Op& op) {
    return reduce_pairwise<V>(get, 0, n, op);
  }

  /// Prefix scan of get(0) .. get(n-1) into out: inclusive (out[i] = x0 op ... op xi),
  /// or exclusive when `init` is given (out[i] = init op x0 op ... op x(i-1)). Large
  /// ranges take two parallel passes over fixed-size chunks: chunk totals, then each
  /// chunk scanned from the carry of the chunks before it.
  /// The same scan of contiguous elements.
  template <class V, class Op>
  static void scan_contiguous(index_t n, const V* in, const Op& op, V* out, const V* init) {
    scan(n, array_getter<V>{in}, op, out, init);
  }

  template <class V, class Get, class Op>
  static void scan(index_t n, const Get& get, const Op& op, V* out, const V* init) {
    if (n <= 0) return;
    // Chunks of 2^16 elements, or of 2^13 below 2^20 elements so that mid-sized scans are
    // split too. Fixed by n, so a float scan rounds the same for any thread count.
    const index_t chunk = n >= (index_t(1) << 20) ? index_t(1) << 16 : index_t(1) << 13;
    const index_t chunks = (n + chunk - 1) / chunk;
    const bool exclusive = init != nullptr;
    if (n <= serial_threshold || chunks == 1) {
      scan_range(get, op, out, 0, n, exclusive, exclusive, exclusive ? *init : V{});
      return;
    }
    const std::unique_ptr<V[]> carry(new V[static_cast<std::size_t>(chunks)]);
    for_each(
        chunks,
        [&](index_t c) {
          // The chunk's total has no serial dependency: reduce it pairwise (vectorized).
          const index_t begin = c * chunk;
          carry[c] = reduce_pairwise<V>(get, begin, std::min(chunk, n - begin), op);
        },
        chunk);
    // Chunk totals become the carry each chunk starts from: init (if any) and the
    // totals of the chunks before it.
    bool has_running = exclusive;
    V running = exclusive ? *init : V{};
    for (index_t c = 0; c < chunks; ++c) {
      const V total = carry[c];
      carry[c] = running;
      running = has_running ? op(running, total) : total;
      has_running = true;
    }
    for_each(
        chunks,
        [&](index_t c) {
          const index_t begin = c * chunk, end = std::min(n, begin + chunk);
          scan_range(get, op, out, begin, end, exclusive, exclusive || c > 0, carry[c]);
        },
        chunk);
  }

  static void finish() {}

 private:
  /// Scans [begin, end) starting from `carry` (when has_carry): inclusive writes the
  /// running value after adding x(i), exclusive before.
  template <class V, class Get, class Op>
  static void scan_range(const Get& get, const Op& op, V* out, index_t begin, index_t end, bool exclusive,
                         bool has_carry, V carry) {
    V acc = carry;
    bool has_acc = has_carry;
    const auto step = [&](index_t i, const V& x) {
      if (exclusive) out[i] = acc;
      acc = has_acc ? op(acc, x) : x;
      has_acc = true;
      if (!exclusive) out[i] = acc;
    };
    if constexpr (gathers_blocks<Get, V>) {  // a strided operand: a block of its values at a time
      V block[pairwise_block];
      for (index_t b = begin; b < end; b += pairwise_block) {
        const index_t m = std::min(pairwise_block, end - b);
        get.template gather<V>(b, m, block);
        for (index_t k = 0; k < m; ++k) step(b + k, block[k]);
      }
    } else {
      for (index_t i = begin; i < end; ++i) step(i, get(i));
    }
  }
};

}  // namespace tandem::detail
