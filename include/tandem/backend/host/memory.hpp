#pragma once
/// \file backend/host/memory.hpp
/// Host memory: aligned allocation (2 MiB-aligned and huge-page advised for large
/// blocks), a cache of large freed blocks for reuse, zero-fill and copies. The memory of
/// the host space, and of the device space where the device is emulated.
///
/// Every backend's memory type offers the same members (see backend/backend.hpp):
/// is_host_memory, host_accessible, owner and current_owner(), allocate, deallocate,
/// zero, copy, wait, and the cache controls set_cache_limit, cache_limit, cached_bytes
/// and release_cached.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>

#include "../location.hpp"
#include "../../config.hpp"
#include "../../error.hpp"
#include "../../core/tuning.hpp"

#if defined(__linux__)
#  include <sys/mman.h>
#endif

namespace tandem::detail {

inline constexpr std::size_t host_alignment = tuning::host_alignment;
/// From this size on, host blocks are 2 MiB-aligned and offered to the kernel for
/// transparent huge pages: touching a fresh 64 MiB tensor then costs 32 page faults
/// instead of 16384 (measured on a Linux VM: 45 ms down to 12 ms).
inline constexpr std::size_t huge_page = tuning::huge_page;
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
  // (Past PTRDIFF_MAX the rounding below would wrap.)
  if (bytes > std::size_t(PTRDIFF_MAX) - alignment) throw allocation_error(allocation_message(bytes, "host memory"));
  const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;  // as aligned_alloc requires
  void* p = std::aligned_alloc(alignment, rounded);
  if (!p) throw allocation_error(allocation_message(bytes, "host memory"));
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

/// Plain host memory: operations on it finish before they return.
struct host_memory {
  /// Host memory that needs no queue: copies are memmove, waiting is a no-op.
  static constexpr bool is_host_memory = true;
  /// Host code may read and write it directly.
  static constexpr bool host_accessible = true;
  /// What a block remembers of where it was allocated (nothing, for host memory).
  struct owner {};
  static owner current_owner() noexcept { return {}; }

  static void* allocate(std::size_t bytes) { return host_allocate(bytes); }
  static void deallocate(void* p, std::size_t bytes, owner = {}) noexcept { host_deallocate(p, bytes); }
  static void zero(void* p, std::size_t bytes) {
    if (bytes) std::memset(p, 0, bytes);
  }
  /// Copies bytes between two host blocks, which may overlap (two views of one block):
  /// memmove, which costs what memcpy does when they do not.
  static void copy(void* dst, const void* src, std::size_t bytes) { std::memmove(dst, src, bytes); }
  static void wait() {}
  static memory_location locate(const void*) { return {memory_kind::host, 0}; }

  static void set_cache_limit(std::size_t bytes) { host_block_cache::get().set_limit(bytes); }
  static std::size_t cache_limit() { return host_block_cache::get().limit(); }
  static std::size_t cached_bytes() { return host_block_cache::get().held(); }
  static void release_cached() { host_block_cache::get().release(); }
};

}  // namespace tandem::detail
