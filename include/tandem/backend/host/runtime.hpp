#pragma once
/// \file backend/host/runtime.hpp
/// The runtime of backends whose work finishes before it returns (the host, the
/// emulated device): streams that order nothing, and events that record the host's clock.
///
/// Every runtime offers the same members (see backend/backend.hpp): stream_type and
/// event_type (empty_stream() and empty_event() are what a moved-from handle holds);
/// take_stream, give_stream, current_stream, set_current, order_after, synchronize(stream);
/// make_event, destroy_event, record, synchronize(event), query, wait(stream, event) and
/// elapsed_ms.

#include <cstdint>
#include <time.h>  // clock_gettime: <chrono> brings <sstream> in C++20 and cost 0.3 s per file

namespace tandem::detail {

struct host_runtime {
  /// A stream: nothing to hold, since host work is never queued.
  struct stream_type {
    friend bool operator==(stream_type, stream_type) { return true; }
  };
  /// An event: the host's monotonic clock when it was recorded, in nanoseconds.
  struct event_type {
    std::int64_t ns = 0;
  };
  /// False: streams and events exist so that single-source code compiles, and do nothing.
  static constexpr bool has_streams = false;

  /// A host handle is never empty: a moved-from host stream or event still works.
  static bool valid(stream_type) { return true; }
  static bool valid(const event_type&) { return true; }
  static stream_type empty_stream() { return {}; }
  static event_type empty_event() { return {}; }

  static stream_type take_stream() { return {}; }
  static void give_stream(stream_type) noexcept {}
  /// The calling thread's current stream, and making another current.
  static stream_type current_stream() { return {}; }
  static void set_current(stream_type) {}
  /// Orders `next`'s later work after the work queued on `previous` so far.
  static void order_after(stream_type, stream_type) {}
  static void synchronize(stream_type) {}

  static event_type make_event() { return {}; }
  static void destroy_event(event_type&) noexcept {}
  static void record(event_type& e, stream_type) {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    e.ns = std::int64_t(ts.tv_sec) * 1000000000 + std::int64_t(ts.tv_nsec);
  }
  static void synchronize(const event_type&) {}
  static bool query(const event_type&) { return true; }
  static void wait(stream_type, const event_type&) {}
  static float elapsed_ms(const event_type& start, const event_type& end) {
    return static_cast<float>(static_cast<double>(end.ns - start.ns) * 1e-6);
  }
};

}  // namespace tandem::detail
