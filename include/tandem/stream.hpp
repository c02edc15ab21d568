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

#include <utility>

#include "backend/backend.hpp"
#include "config.hpp"
#include "error.hpp"

namespace tandem {

class event;

namespace detail {
/// The runtime of the device space's backend: CUDA's streams and events, or (host-only
/// builds) streams that order nothing and events that read the host's clock.
using device_runtime = typename backend_t<device_space>::runtime;
}  // namespace detail

/// A device stream (a non-blocking CUDA stream), owned; does nothing without CUDA.
class stream {
  using rt = detail::device_runtime;

 public:
  /// The runtime's stream handle: cudaStream_t under CUDA.
  using native_handle_type = typename rt::stream_type;

  stream() : handle_(rt::take_stream()) {}
  stream(const stream&) = delete;
  stream& operator=(const stream&) = delete;
  stream(stream&& other) noexcept : handle_(std::exchange(other.handle_, rt::empty_stream())) {}
  stream& operator=(stream&& other) noexcept {
    if (this != &other) {
      stream moved(std::move(other));
      swap(moved);
    }
    return *this;
  }
  ~stream() {
    if (rt::valid(handle_)) rt::give_stream(handle_);  // its queued work still completes
  }
  void swap(stream& other) noexcept { std::swap(handle_, other.handle_); }

  /// Waits on the host until the work queued on this stream is done.
  void synchronize() const { rt::synchronize(checked()); }

  /// Queues this stream's later work after `e` (no host wait).
  void wait(const event& e) const;

  /// Calls f() with this stream current for the calling thread; returns what f returns.
  template <class F>
  decltype(auto) run(F&& f) const;

  native_handle_type native_handle() const { return handle_; }

 private:
  friend class stream_guard;
  friend class event;
  native_handle_type checked() const {
    if (!rt::valid(handle_)) throw error("tandem: use of a moved-from td::stream");
    return handle_;
  }
  native_handle_type handle_;
};

/// Makes a stream current for the calling thread while it lives (nested guards restore
/// the previous stream in turn). The stream first waits for the work queued before.
class stream_guard {
  using rt = detail::device_runtime;

 public:
  explicit stream_guard(const stream& s) : previous_(rt::current_stream()) {
    const auto next = s.checked();
    rt::order_after(next, previous_);
    rt::set_current(next);
  }
  stream_guard(const stream_guard&) = delete;
  stream_guard& operator=(const stream_guard&) = delete;
  ~stream_guard() { rt::set_current(previous_); }

 private:
  typename rt::stream_type previous_;
};

template <class F>
decltype(auto) stream::run(F&& f) const {
  const stream_guard guard(*this);
  return std::forward<F>(f)();
}

/// A point in a stream's work: to wait for from the host or from another stream, or to
/// time the work between two of them. Without CUDA it records the host's clock.
class event {
  using rt = detail::device_runtime;

 public:
  /// The runtime's event handle: cudaEvent_t under CUDA.
  using native_handle_type = typename rt::event_type;

  event() : handle_(rt::make_event()) {}
  event(const event&) = delete;
  event& operator=(const event&) = delete;
  event(event&& other) noexcept
      : handle_(std::exchange(other.handle_, rt::empty_event())), recorded_(std::exchange(other.recorded_, false)) {}
  event& operator=(event&& other) noexcept {
    if (this != &other) {
      event moved(std::move(other));
      std::swap(handle_, moved.handle_);
      std::swap(recorded_, moved.recorded_);
    }
    return *this;
  }
  ~event() { rt::destroy_event(handle_); }

  /// Records the point after the work queued so far on the calling thread's current stream.
  void record() {
    rt::record(checked(), rt::current_stream());
    recorded_ = true;
  }
  /// Records the point after the work queued so far on `s`.
  void record(const stream& s) {
    rt::record(checked(), s.checked());
    recorded_ = true;
  }
  /// Waits on the host until the recorded work is done.
  void synchronize() const { rt::synchronize(checked()); }
  /// True when the recorded work is done (or nothing was recorded).
  bool query() const { return rt::query(checked()); }
  /// Queues the calling thread's later work (on its current stream) after this event.
  void wait() const { rt::wait(rt::current_stream(), checked()); }

  friend float elapsed_ms(const event& start, const event& end);

  native_handle_type native_handle() const { return handle_; }

 private:
  friend class stream;
  const native_handle_type& checked() const {
    if (!rt::valid(handle_)) throw error("tandem: use of a moved-from td::event");
    return handle_;
  }
  native_handle_type& checked() { return const_cast<native_handle_type&>(std::as_const(*this).checked()); }
  native_handle_type handle_;
  bool recorded_ = false;
};

/// Milliseconds of stream time from `start` to `end` (both recorded; end done). Without
/// CUDA, the host time between the two record calls.
inline float elapsed_ms(const event& start, const event& end) {
  if (!start.recorded_ || !end.recorded_) throw error("tandem: elapsed_ms needs two recorded events");
  return detail::device_runtime::elapsed_ms(start.checked(), end.checked());
}

inline void stream::wait(const event& e) const { rt::wait(checked(), e.checked()); }

}  // namespace tandem
