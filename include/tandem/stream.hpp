#pragma once
/// \file stream.hpp
/// Streams and events: running device work on several CUDA streams, so that independent
/// operations may overlap, and ordering or timing them with events. In host-only builds
/// (and for the host space) they exist and do nothing: host operations return finished.
///
/// \code
/// td::stream s1, s2;
/// s1.run([&] { c = a + b; });            // queued on s1
/// s2.run([&] { d = td::exp(x); });       // queued on s2; may overlap with s1's work
/// td::event done;
/// done.record(s1);
/// s2.wait(done);                         // s2's later work waits for c
/// s2.run([&] { e = c * d; });
/// s2.synchronize();                      // the host waits for s2 (and so for c)
/// \endcode
/// Inside `run` (or while a `td::stream_guard` lives) every tandem operation of the
/// calling thread is queued on that stream. The stream first waits for the work the thread
/// queued before, so inputs made earlier are ready; later work on other streams does not
/// wait for it unless told to (an event, or `synchronize`). Results the host reads (a
/// reduction's value, `to_vector`, printing) wait as always. A tensor's device memory goes
/// back on the stream it was made on; a tensor used on another stream must not be
/// destroyed before that stream's work on it is done.

#include <chrono>
#include <mutex>
#include <utility>
#include <vector>

#include "config.hpp"
#include "error.hpp"
#include "memory/memory.hpp"

namespace tandem {

class event;

namespace detail {
#if TANDEM_HAS_CUDA
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
#endif
}  // namespace detail

/// A CUDA stream (non-blocking), owned; an empty object without CUDA.
class stream {
 public:
  stream() {
#if TANDEM_HAS_CUDA
    handle_ = detail::stream_pool::get().take();
#endif
  }
  stream(const stream&) = delete;
  stream& operator=(const stream&) = delete;
  stream(stream&& other) noexcept {
#if TANDEM_HAS_CUDA
    handle_ = std::exchange(other.handle_, nullptr);
#else
    (void)other;
#endif
  }
  stream& operator=(stream&& other) noexcept {
    if (this != &other) {
      stream moved(std::move(other));
      swap(moved);
    }
    return *this;
  }
  ~stream() {
#if TANDEM_HAS_CUDA
    if (handle_) detail::stream_pool::get().give(handle_);  // its queued work still completes
#endif
  }
  void swap(stream& other) noexcept {
#if TANDEM_HAS_CUDA
    std::swap(handle_, other.handle_);
#else
    (void)other;
#endif
  }

  /// Waits on the host until the work queued on this stream is done.
  void synchronize() const {
#if TANDEM_HAS_CUDA
    TANDEM_CUDA_CHECK(cudaStreamSynchronize(checked()));
#endif
  }

  /// Queues this stream's later work after `e` (no host wait).
  void wait(const event& e) const;

  /// Calls f() with this stream current for the calling thread; returns what f returns.
  template <class F>
  decltype(auto) run(F&& f) const;

#if TANDEM_HAS_CUDA
  cudaStream_t native_handle() const { return handle_; }

 private:
  cudaStream_t checked() const {
    if (!handle_) throw error("tandem: use of a moved-from td::stream");
    return handle_;
  }
  cudaStream_t handle_ = nullptr;
#endif
};

/// Makes a stream current for the calling thread while it lives (nested guards restore
/// the previous stream in turn). The stream first waits for the work queued before.
class stream_guard {
 public:
  explicit stream_guard(const stream& s) {
#if TANDEM_HAS_CUDA
    cudaStream_t next = s.native_handle();
    if (!next) throw error("tandem: use of a moved-from td::stream");
    previous_ = detail::current_stream();
    if (next != previous_) {
      cudaEvent_t before = nullptr;
      TANDEM_CUDA_CHECK(cudaEventCreateWithFlags(&before, cudaEventDisableTiming));
      const cudaError_t recorded = cudaEventRecord(before, previous_);
      const cudaError_t waited = recorded == cudaSuccess ? cudaStreamWaitEvent(next, before, 0) : recorded;
      (void)cudaEventDestroy(before);  // released once the wait is done
      TANDEM_CUDA_CHECK(waited);
    }
    detail::current_stream_slot() = next;
#else
    (void)s;
#endif
  }
  stream_guard(const stream_guard&) = delete;
  stream_guard& operator=(const stream_guard&) = delete;
  ~stream_guard() {
#if TANDEM_HAS_CUDA
    detail::current_stream_slot() = previous_;
#endif
  }

 private:
#if TANDEM_HAS_CUDA
  cudaStream_t previous_ = nullptr;
#endif
};

template <class F>
decltype(auto) stream::run(F&& f) const {
  const stream_guard guard(*this);
  return std::forward<F>(f)();
}

/// A point in a stream's work: to wait for from the host or from another stream, or to
/// time the work between two of them. Without CUDA it records the host's clock.
class event {
 public:
  event() {
#if TANDEM_HAS_CUDA
    TANDEM_CUDA_CHECK(cudaEventCreate(&handle_));
#endif
  }
  event(const event&) = delete;
  event& operator=(const event&) = delete;
  event(event&& other) noexcept : time_(other.time_), recorded_(std::exchange(other.recorded_, false)) {
#if TANDEM_HAS_CUDA
    handle_ = std::exchange(other.handle_, nullptr);
#endif
  }
  event& operator=(event&& other) noexcept {
    if (this != &other) {
      event moved(std::move(other));
      std::swap(time_, moved.time_);
      std::swap(recorded_, moved.recorded_);
#if TANDEM_HAS_CUDA
      std::swap(handle_, moved.handle_);
#endif
    }
    return *this;
  }
  ~event() {
#if TANDEM_HAS_CUDA
    if (handle_) (void)cudaEventDestroy(handle_);
#endif
  }

  /// Records the point after the work queued so far on the calling thread's current stream.
  void record() {
#if TANDEM_HAS_CUDA
    TANDEM_CUDA_CHECK(cudaEventRecord(checked(), detail::current_stream()));
#endif
    time_ = std::chrono::steady_clock::now();
    recorded_ = true;
  }
  /// Records the point after the work queued so far on `s`.
  void record(const stream& s) {
#if TANDEM_HAS_CUDA
    TANDEM_CUDA_CHECK(cudaEventRecord(checked(), s.native_handle()));
#else
    (void)s;
#endif
    time_ = std::chrono::steady_clock::now();
    recorded_ = true;
  }
  /// Waits on the host until the recorded work is done.
  void synchronize() const {
#if TANDEM_HAS_CUDA
    TANDEM_CUDA_CHECK(cudaEventSynchronize(checked()));
#endif
  }
  /// True when the recorded work is done (or nothing was recorded).
  bool query() const {
#if TANDEM_HAS_CUDA
    const cudaError_t status = cudaEventQuery(checked());
    if (status == cudaErrorNotReady) {
      (void)cudaGetLastError();
      return false;
    }
    TANDEM_CUDA_CHECK(status);
#endif
    return true;
  }
  /// Queues the calling thread's later work (on its current stream) after this event.
  void wait() const {
#if TANDEM_HAS_CUDA
    TANDEM_CUDA_CHECK(cudaStreamWaitEvent(detail::current_stream(), checked(), 0));
#endif
  }

  friend float elapsed_ms(const event& start, const event& end);

#if TANDEM_HAS_CUDA
  cudaEvent_t native_handle() const { return handle_; }
#endif

 private:
  friend class stream;
#if TANDEM_HAS_CUDA
  cudaEvent_t checked() const {
    if (!handle_) throw error("tandem: use of a moved-from td::event");
    return handle_;
  }
  cudaEvent_t handle_ = nullptr;
#endif
  std::chrono::steady_clock::time_point time_{};
  bool recorded_ = false;
};

/// Milliseconds of stream time from `start` to `end` (both recorded; end done). Without
/// CUDA, the host time between the two record calls.
inline float elapsed_ms(const event& start, const event& end) {
  if (!start.recorded_ || !end.recorded_) throw error("tandem: elapsed_ms needs two recorded events");
#if TANDEM_HAS_CUDA
  float ms = 0;
  TANDEM_CUDA_CHECK(cudaEventElapsedTime(&ms, start.checked(), end.checked()));
  return ms;
#else
  return std::chrono::duration<float, std::milli>(end.time_ - start.time_).count();
#endif
}

inline void stream::wait(const event& e) const {
#if TANDEM_HAS_CUDA
  TANDEM_CUDA_CHECK(cudaStreamWaitEvent(checked(), e.checked(), 0));
#else
  (void)e;
#endif
}

}  // namespace tandem
