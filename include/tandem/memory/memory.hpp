#pragma once
/// \file memory/memory.hpp
/// Allocation, byte copies between any two spaces, zero-fill and waiting, per space.
/// Under CUDA, device work is ordered on the calling thread's default stream
/// (cudaStreamPerThread) and allocation is stream-ordered (cudaMallocAsync).

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <type_traits>

#include "../config.hpp"
#include "../error.hpp"
#include "../space.hpp"

#if TANDEM_HAS_CUDA
#  include <cuda_runtime_api.h>
#endif
#if defined(__linux__)
#  include <sys/mman.h>
#endif

namespace tandem {
namespace detail {

#if TANDEM_HAS_CUDA
/// The calling thread's current stream: CUDA's per-thread default stream unless a
/// td::stream_guard has made another current.
inline cudaStream_t& current_stream_slot() {
  thread_local cudaStream_t stream = cudaStreamPerThread;
  return stream;
}
/// The stream tandem orders device work on.
inline cudaStream_t current_stream() { return current_stream_slot(); }
#endif

inline constexpr std::size_t host_alignment = 64;  // a cache line; enough for AVX-512
/// From this size on, host blocks are 2 MiB-aligned and offered to the kernel for
/// transparent huge pages: touching a fresh 64 MiB tensor then costs 32 page faults
/// instead of 16384 (measured on a Linux VM: 45 ms down to 12 ms).
inline constexpr std::size_t huge_page = std::size_t(1) << 21;
inline constexpr std::size_t huge_threshold = 2 * huge_page;

/// Large host blocks (4 MiB and up), once freed, are kept for reuse by an allocation of
/// the same size (up to `limit()` bytes in all, 1 GiB unless set, and 16 blocks; the
/// oldest given back first; none bigger than a quarter of the limit): an algorithm
/// that makes and drops a big temporary in a loop then neither calls the system
/// allocator nor touches fresh pages. Off under AddressSanitizer, which must see every
/// free. td::set_cache_limit and td::release_cached_memory control it.
class host_block_cache {
 public:
  static constexpr std::size_t default_limit = std::size_t(1) << 30;
  static constexpr std::size_t max_blocks = 16;

  static host_block_cache& get() {
    static host_block_cache* cache = new host_block_cache;  // outlives every tensor
    return *cache;
  }
  void* take(std::size_t bytes) {
    const std::lock_guard<std::mutex> hold(lock_);
    for (std::size_t i = count_; i-- > 0;) {
      if (blocks_[i].bytes == bytes) return erase(i);
    }
    return nullptr;
  }
  /// Keeps p (bytes long), freeing the oldest blocks to stay under the limit; false when
  /// the block is too big to keep at all.
  bool keep(void* p, std::size_t bytes) noexcept {
    const std::lock_guard<std::mutex> hold(lock_);
    if (bytes > limit_ / 4) return false;
    while (count_ > 0 && (count_ == max_blocks || held_ + bytes > limit_)) std::free(erase(0));
    blocks_[count_++] = {p, bytes};
    held_ += bytes;
    return true;
  }
  /// Sets the limit (0 keeps nothing) and frees the oldest blocks until it holds.
  void set_limit(std::size_t bytes) noexcept {
    const std::lock_guard<std::mutex> hold(lock_);
    limit_ = bytes;
    while (count_ > 0 && held_ > limit_) std::free(erase(0));
  }
  std::size_t limit() noexcept {
    const std::lock_guard<std::mutex> hold(lock_);
    return limit_;
  }
  /// Bytes held for reuse now.
  std::size_t held() noexcept {
    const std::lock_guard<std::mutex> hold(lock_);
    return held_;
  }
  /// Gives every kept block back to the system.
  void release() noexcept {
    const std::lock_guard<std::mutex> hold(lock_);
    while (count_ > 0) std::free(erase(0));
  }

 private:
  struct block {
    void* p;
    std::size_t bytes;
  };
  /// Drops entry i (0 is the oldest) and returns its memory; the caller holds lock_.
  void* erase(std::size_t i) noexcept {
    void* p = blocks_[i].p;
    held_ -= blocks_[i].bytes;
    for (std::size_t j = i; j + 1 < count_; ++j) blocks_[j] = blocks_[j + 1];
    --count_;
    return p;
  }
  std::mutex lock_;
  block blocks_[max_blocks] = {};
  std::size_t count_ = 0, held_ = 0, limit_ = default_limit;
};

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool cache_host_blocks = false;
#elif defined(__has_feature)
#  if __has_feature(address_sanitizer)
inline constexpr bool cache_host_blocks = false;
#  else
inline constexpr bool cache_host_blocks = true;
#  endif
#else
inline constexpr bool cache_host_blocks = true;
#endif

inline void* host_allocate(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  if (cache_host_blocks && bytes >= huge_threshold)
    if (void* p = host_block_cache::get().take(bytes)) return p;
  const bool huge = bytes >= huge_threshold;
  const std::size_t alignment = huge ? huge_page : host_alignment;
  if (bytes > std::size_t(PTRDIFF_MAX) - alignment) throw std::bad_alloc();  // the rounding below must not wrap
  const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;  // as aligned_alloc requires
  void* p = std::aligned_alloc(alignment, rounded);
  if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (huge) (void)madvise(p, rounded, MADV_HUGEPAGE);  // advice only: no huge pages is fine too
#endif
  return p;
}
inline void host_deallocate(void* p, std::size_t bytes) noexcept {
  if (!p) return;
  if (cache_host_blocks && bytes >= huge_threshold && host_block_cache::get().keep(p, bytes)) return;
  std::free(p);
}

/// Memory operations of one space. Device and managed memory under CUDA; everything
/// else is host memory.
template <class Space>
struct memory {
  static constexpr bool is_cuda_memory = false;
  static void* allocate(std::size_t bytes) { return host_allocate(bytes); }
  static void deallocate(void* p, std::size_t bytes) noexcept { host_deallocate(p, bytes); }
  static void zero(void* p, std::size_t bytes) {
    if (bytes) std::memset(p, 0, bytes);
  }
};

#if TANDEM_HAS_CUDA
/// How many freed bytes the device pools keep (their release threshold); all of them
/// unless td::set_cache_limit(td::device, bytes) said otherwise.
inline std::atomic<std::uint64_t>& device_cache_limit() {
  static std::atomic<std::uint64_t> limit{~std::uint64_t(0)};
  return limit;
}
inline cudaMemPool_t current_pool() {
  int device = 0;
  TANDEM_CUDA_CHECK(cudaGetDevice(&device));
  cudaMemPool_t pool = nullptr;
  TANDEM_CUDA_CHECK(cudaDeviceGetDefaultMemPool(&pool, device));
  return pool;
}
inline void apply_device_cache_limit(cudaMemPool_t pool) {
  std::uint64_t limit = device_cache_limit().load();
  TANDEM_CUDA_CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &limit));
}
/// Keeps freed memory in the current device's default stream-ordered pool instead of
/// handing it back to the driver at each synchronization (the pool's default), so that
/// temporaries allocated and freed in a loop cost no driver calls. Once per device.
inline void keep_pool_memory() {
  constexpr int max_devices = 64;
  static std::atomic<bool> done[max_devices] = {};
  int device = 0;
  TANDEM_CUDA_CHECK(cudaGetDevice(&device));
  if (device < 0 || device >= max_devices || done[device].load(std::memory_order_acquire)) return;
  apply_device_cache_limit(current_pool());
  done[device].store(true, std::memory_order_release);
}

template <>
struct memory<device_space> {
  static constexpr bool is_cuda_memory = true;
  static void* allocate(std::size_t bytes) {
    if (bytes == 0) return nullptr;
    keep_pool_memory();
    void* p = nullptr;
    TANDEM_CUDA_CHECK(cudaMallocAsync(&p, bytes, current_stream()));
    return p;
  }
  static void deallocate(void* p, std::size_t bytes) noexcept { deallocate(p, bytes, current_stream()); }
  /// Frees on `stream` (the one the memory was allocated on, for buffers).
  static void deallocate(void* p, std::size_t, cudaStream_t stream) noexcept {
    // A destructor cannot throw; a failure here means the context is already broken,
    // and the next checked call reports it.
    if (p) (void)cudaFreeAsync(p, stream);
  }
  static void zero(void* p, std::size_t bytes) {
    if (bytes) TANDEM_CUDA_CHECK(cudaMemsetAsync(p, 0, bytes, current_stream()));
  }
};

template <>
struct memory<managed_space> {
  static constexpr bool is_cuda_memory = true;
  static void* allocate(std::size_t bytes) {
    if (bytes == 0) return nullptr;
    void* p = nullptr;
    TANDEM_CUDA_CHECK(cudaMallocManaged(&p, bytes));
    return p;
  }
  static void deallocate(void* p, std::size_t) noexcept {
    if (p) (void)cudaFree(p);
  }
  static void zero(void* p, std::size_t bytes) {
    if (bytes) {
      TANDEM_CUDA_CHECK(cudaMemsetAsync(p, 0, bytes, current_stream()));
      TANDEM_CUDA_CHECK(cudaStreamSynchronize(current_stream()));
    }
  }
};
#endif

/// Waits until work queued for `Space` is done (a no-op where there is nothing to wait for).
template <class Space>
inline void wait_for(Space) {
#if TANDEM_HAS_CUDA
  if constexpr (memory<Space>::is_cuda_memory)
    TANDEM_CUDA_CHECK(cudaStreamSynchronize(current_stream()));
#endif
}

/// Copies `bytes` from memory of space `Src` to memory of space `Dst`. Returns once the
/// destination is safe to use from the host when the destination is host-accessible.
template <class Dst, class Src>
inline void copy_bytes(void* dst, const void* src, std::size_t bytes) {
  if (bytes == 0 || dst == src) return;
#if TANDEM_HAS_CUDA
  if constexpr (memory<Dst>::is_cuda_memory || memory<Src>::is_cuda_memory) {
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, current_stream()));
    if constexpr (!memory<Dst>::is_cuda_memory || !memory<Src>::is_cuda_memory ||
                  is_host_accessible_v<Dst>)
      TANDEM_CUDA_CHECK(cudaStreamSynchronize(current_stream()));
    return;
  }
#endif
  // memmove: two views of one host block (an emulated device's memory is host memory)
  // may overlap, which memcpy does not allow; it costs the same when they do not.
  std::memmove(dst, src, bytes);
}

}  // namespace detail

/// How many freed bytes tandem keeps for reuse in a space's memory: the host's block
/// cache (see detail::host_block_cache; 1 GiB unless set), or the current GPU's
/// stream-ordered pool (every freed byte unless set). 0 keeps nothing. An emulated
/// device's memory is host memory, so there the device's limit is the host's.
template <class Space>
  requires is_space<Space>::value
inline void set_cache_limit(Space, std::size_t bytes) {
#if TANDEM_HAS_CUDA
  if constexpr (detail::memory<Space>::is_cuda_memory) {
    detail::device_cache_limit().store(bytes);
    detail::apply_device_cache_limit(detail::current_pool());
    return;
  }
#endif
  detail::host_block_cache::get().set_limit(bytes);
}
template <class Space>
  requires is_space<Space>::value
inline std::size_t cache_limit(Space) {
#if TANDEM_HAS_CUDA
  if constexpr (detail::memory<Space>::is_cuda_memory) return static_cast<std::size_t>(detail::device_cache_limit().load());
#endif
  return detail::host_block_cache::get().limit();
}
/// Bytes freed by tensors and kept for reuse in a space's memory now.
template <class Space>
  requires is_space<Space>::value
inline std::size_t cached_bytes(Space) {
#if TANDEM_HAS_CUDA
  if constexpr (detail::memory<Space>::is_cuda_memory) {
    const cudaMemPool_t pool = detail::current_pool();
    std::uint64_t reserved = 0, used = 0;
    TANDEM_CUDA_CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved));
    TANDEM_CUDA_CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
    return static_cast<std::size_t>(reserved - used);
  }
#endif
  return detail::host_block_cache::get().held();
}
/// Gives the memory a space keeps for reuse back to the system (for the GPU, after the
/// work queued on the calling thread's stream is done). Tensors still alive keep theirs.
template <class Space>
  requires is_space<Space>::value
inline void release_cached_memory(Space) {
#if TANDEM_HAS_CUDA
  if constexpr (detail::memory<Space>::is_cuda_memory) {
    TANDEM_CUDA_CHECK(cudaStreamSynchronize(detail::current_stream()));
    TANDEM_CUDA_CHECK(cudaMemPoolTrimTo(detail::current_pool(), 0));
    return;
  }
#endif
  detail::host_block_cache::get().release();
}
/// The same for every space.
inline void release_cached_memory() {
  release_cached_memory(host_space{});
#if TANDEM_HAS_CUDA
  release_cached_memory(device_space{});
#endif
}

/// Waits for all work tandem queued on the calling thread's device stream.
inline void synchronize() {
#if TANDEM_HAS_CUDA
  TANDEM_CUDA_CHECK(cudaStreamSynchronize(detail::current_stream()));
#endif
}
/// Waits for the work of one space: a no-op for the host, whose operations return
/// finished, so single-source timing code needs no GPU to time the host.
template <class Space>
  requires is_space<Space>::value
inline void synchronize(Space space_tag) {
  detail::wait_for(space_tag);
}

}  // namespace tandem
