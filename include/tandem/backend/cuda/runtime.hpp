#pragma once
/// \file backend/cuda/runtime.hpp
/// The CUDA runtime behind the device and managed spaces: checked calls, the calling
/// thread's current stream, a pool of streams, events, and device and managed memory
/// from the stream-ordered pool. Only included under a CUDA compiler.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <new>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <cuda_runtime_api.h>

#include "../location.hpp"
#include "../../config.hpp"
#include "../../error.hpp"

namespace tandem::detail {

/// Throws td::cuda_error naming the call, CUDA's error and the place.
inline void check_cuda(cudaError_t status, const char* call, const char* file, int line) {
  if (status == cudaSuccess) return;
  // Clear the error so that later checks do not report it again (errors that leave the
  // context unusable stay, and are reported by the next call).
  (void)cudaGetLastError();
  throw cuda_error(std::string("tandem: CUDA call ") + call + " failed with " +
                   cudaGetErrorName(status) + " (" + cudaGetErrorString(status) + ") at " +
                   file + ":" + std::to_string(line));
}

/// check_cuda for an allocation of `bytes`: running out of memory throws
/// allocation_error (a std::bad_alloc naming the call and the bytes), any other failure
/// cuda_error.
inline void check_cuda_alloc(cudaError_t status, const char* call, std::size_t bytes, const char* file, int line) {
  if (status == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError();
    throw allocation_error(allocation_message(bytes, "memory") + ": CUDA call " + call + " failed with " +
                           cudaGetErrorString(status));
  }
  check_cuda(status, call, file, line);
}

}  // namespace tandem::detail

/// Throws td::cuda_error naming the call when a CUDA runtime call fails.
#define TANDEM_CUDA_CHECK(call) ::tandem::detail::check_cuda((call), #call, __FILE__, __LINE__)

namespace tandem::detail {

/// The calling thread's current stream: CUDA's per-thread default stream unless a
/// td::stream_guard has made another current.
inline cudaStream_t& current_stream_slot() {
  thread_local cudaStream_t stream = cudaStreamPerThread;
  return stream;
}
/// The stream tandem orders device work on.
inline cudaStream_t current_stream() { return current_stream_slot(); }

/// CUDA streams are never destroyed: a td::stream returns its handle here for the next
/// one, so a tensor that outlives the td::stream it was made on can still be freed on
/// that handle.
struct stream_pool {
  std::mutex lock;
  std::vector<cudaStream_t> free;
  static stream_pool& get() {
    static stream_pool* pool = new stream_pool;  // never destroyed: used until exit
    return *pool;
  }
  cudaStream_t take() {
    {
      const std::lock_guard<std::mutex> hold(lock);
      if (!free.empty()) {
        cudaStream_t s = free.back();
        free.pop_back();
        return s;
      }
    }
    cudaStream_t s = nullptr;
    TANDEM_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    return s;
  }
  void give(cudaStream_t s) noexcept {
    try {
      const std::lock_guard<std::mutex> hold(lock);
      free.push_back(s);
    } catch (...) {
      // Out of memory for the list: the handle stays allocated, as the others do.
    }
  }
};

/// Streams and events on CUDA (the members every runtime has: backend/host/runtime.hpp).
struct cuda_runtime {
  using stream_type = cudaStream_t;
  using event_type = cudaEvent_t;
  static constexpr bool has_streams = true;

  static bool valid(stream_type s) { return s != nullptr; }
  static bool valid(event_type e) { return e != nullptr; }
  static stream_type empty_stream() { return nullptr; }
  static event_type empty_event() { return nullptr; }

  static stream_type take_stream() { return stream_pool::get().take(); }
  static void give_stream(stream_type s) noexcept { stream_pool::get().give(s); }  // queued work still completes
  static stream_type current_stream() { return current_stream_slot(); }
  static void set_current(stream_type s) { current_stream_slot() = s; }
  static void order_after(stream_type next, stream_type previous) {
    if (next == previous) return;
    cudaEvent_t before = nullptr;
    TANDEM_CUDA_CHECK(cudaEventCreateWithFlags(&before, cudaEventDisableTiming));
    const cudaError_t recorded = cudaEventRecord(before, previous);
    const cudaError_t waited = recorded == cudaSuccess ? cudaStreamWaitEvent(next, before, 0) : recorded;
    (void)cudaEventDestroy(before);  // released once the wait is done
    TANDEM_CUDA_CHECK(waited);
  }
  static void synchronize(stream_type s) { TANDEM_CUDA_CHECK(cudaStreamSynchronize(s)); }

  static event_type make_event() {
    cudaEvent_t e = nullptr;
    TANDEM_CUDA_CHECK(cudaEventCreate(&e));
    return e;
  }
  static void destroy_event(event_type& e) noexcept {
    if (e) (void)cudaEventDestroy(e);
    e = nullptr;
  }
  static void record(event_type& e, stream_type s) { TANDEM_CUDA_CHECK(cudaEventRecord(e, s)); }
  static void synchronize(event_type e) { TANDEM_CUDA_CHECK(cudaEventSynchronize(e)); }
  static bool query(event_type e) {
    const cudaError_t status = cudaEventQuery(e);
    if (status == cudaErrorNotReady) {
      (void)cudaGetLastError();
      return false;
    }
    TANDEM_CUDA_CHECK(status);
    return true;
  }
  static void wait(stream_type s, event_type e) { TANDEM_CUDA_CHECK(cudaStreamWaitEvent(s, e, 0)); }
  static float elapsed_ms(event_type start, event_type end) {
    float ms = 0;
    TANDEM_CUDA_CHECK(cudaEventElapsedTime(&ms, start, end));
    return ms;
  }
};

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

/// GPU global memory, allocated stream-ordered from the current device's pool.
struct cuda_device_memory {
  static constexpr bool is_host_memory = false;
  static constexpr bool host_accessible = false;
  /// Device memory goes back to the pool on the stream it was allocated on, after the
  /// work queued there; the thread is remembered for blocks freed on another thread.
  struct owner {
    cudaStream_t stream = nullptr;
    std::thread::id thread{};
  };
  static owner current_owner() noexcept { return {current_stream(), std::this_thread::get_id()}; }
  static void* allocate(std::size_t bytes) {
    if (bytes == 0) return nullptr;
    keep_pool_memory();
    void* p = nullptr;
    ::tandem::detail::check_cuda_alloc(cudaMallocAsync(&p, bytes, current_stream()), "cudaMallocAsync", bytes, __FILE__,
                                       __LINE__);
    return p;
  }
  static void deallocate(void* p, std::size_t bytes) noexcept { deallocate(p, bytes, current_owner()); }
  /// Frees on the stream the memory was allocated on. A destructor cannot throw; a
  /// failure here means the context is already broken, and the next checked call
  /// reports it.
  static void deallocate(void* p, std::size_t, owner o) noexcept {
    if (!p) return;
    if (o.stream == cudaStreamPerThread && o.thread != std::this_thread::get_id()) {
      // cudaStreamPerThread names the calling thread's stream, not the allocating
      // thread's, which no other thread can queue on: wait for all device work, then
      // free on this thread's stream. (Only for tensors that move between threads.)
      (void)cudaDeviceSynchronize();
      (void)cudaFreeAsync(p, cudaStreamPerThread);
      return;
    }
    (void)cudaFreeAsync(p, o.stream);
  }
  static void zero(void* p, std::size_t bytes) {
    if (bytes) TANDEM_CUDA_CHECK(cudaMemsetAsync(p, 0, bytes, current_stream()));
  }
  /// Queues a copy between any two memories, one of them CUDA's, on the current stream.
  static void copy(void* dst, const void* src, std::size_t bytes) {
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, current_stream()));
  }
  /// Waits for the work queued on the calling thread's stream.
  static void wait() { TANDEM_CUDA_CHECK(cudaStreamSynchronize(current_stream())); }
  /// The device a pointer's memory is on (the current device for a null pointer).
  static memory_location locate(const void* p) {
    int device = 0;
    TANDEM_CUDA_CHECK(cudaGetDevice(&device));
    if (p) {
      cudaPointerAttributes attributes{};
      if (cudaPointerGetAttributes(&attributes, p) == cudaSuccess) device = attributes.device;
      else (void)cudaGetLastError();
    }
    return {memory_kind::cuda_device, device};
  }

  /// How many freed bytes the current device's pool keeps (its release threshold).
  static void set_cache_limit(std::size_t bytes) {
    device_cache_limit().store(bytes);
    apply_device_cache_limit(current_pool());
  }
  static std::size_t cache_limit() { return static_cast<std::size_t>(device_cache_limit().load()); }
  static std::size_t cached_bytes() {
    const cudaMemPool_t pool = current_pool();
    std::uint64_t reserved = 0, used = 0;
    TANDEM_CUDA_CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved));
    TANDEM_CUDA_CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
    return static_cast<std::size_t>(reserved - used);
  }
  /// Gives the pool's unused memory back, after the calling thread's queued work.
  static void release_cached() {
    wait();
    TANDEM_CUDA_CHECK(cudaMemPoolTrimTo(current_pool(), 0));
  }
};

/// CUDA unified memory: readable from the host once the work on it is done. Its
/// caching is the device pool's.
struct cuda_managed_memory : cuda_device_memory {
  static constexpr bool host_accessible = true;
  static memory_location locate(const void* p) { return {memory_kind::cuda_managed, cuda_device_memory::locate(p).device}; }
  struct owner {};
  static owner current_owner() noexcept { return {}; }
  static void* allocate(std::size_t bytes) {
    if (bytes == 0) return nullptr;
    void* p = nullptr;
    ::tandem::detail::check_cuda_alloc(cudaMallocManaged(&p, bytes), "cudaMallocManaged", bytes, __FILE__, __LINE__);
    return p;
  }
  static void deallocate(void* p, std::size_t, owner = {}) noexcept {
    if (p) (void)cudaFree(p);
  }
  static void zero(void* p, std::size_t bytes) {
    if (bytes) {
      TANDEM_CUDA_CHECK(cudaMemsetAsync(p, 0, bytes, current_stream()));
      wait();
    }
  }
};

/// Launch check for a kernel or a Thrust/CUB call queued just before.
inline void check_launch(const char* what) { check_cuda(cudaPeekAtLastError(), what, __FILE__, __LINE__); }

}  // namespace tandem::detail
