#pragma once
/// \file backend/host/thread_pool.hpp
/// The threads that run host loops: one pool per process, started on first use, in
/// which the calling thread takes part. It replaces `std::for_each(std::execution::par)`:
/// `<execution>` with its TBB backend cost every translation unit that reduces or loops
/// on the host 1.4 s of compile time, and this pool costs `<thread>` (0.4 s). The work of
/// a call is type-erased (one function pointer and a context), so the pool's code is
/// compiled once per translation unit, not once per loop body.
///
/// - Threads: `TANDEM_NUM_THREADS` from the environment when it is a positive integer,
///   else `std::thread::hardware_concurrency()`; `set_threads(n)` changes it at any time
///   (n < 1: back to that default).
/// - A loop started from inside a pool task (a functor that itself loops), or while
///   another thread's loop holds the pool, runs serially on its caller: nothing waits
///   on itself, and results never depend on the threads (tandem's reductions fix their
///   chunks by size).
/// - Each thread taking part starts on its own run of consecutive tasks, so that it reads
///   memory in one stream, and then helps with the others' runs, from their fronts.
///   Tasks handed out alternately between two threads cost a 2^24-float loop of 64 KiB
///   tasks 2.1 ms where runs of them cost 1.5 (AMD EPYC host): the cache's prefetcher
///   starts over at every jump.
/// - The first exception a task throws is rethrown to the caller once every task has
///   stopped; tasks not yet started are skipped.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "../../config.hpp"

namespace tandem::detail {

class host_thread_pool {
 public:
  using task_fn = void (*)(const void* context, index_t task);

  /// The process's pool. Never destroyed: loops run from static destructors at exit
  /// still find it, and its idle threads end with the process.
  static host_thread_pool& instance() {
    static host_thread_pool* const pool = new host_thread_pool();
    return *pool;
  }

  /// Threads a loop uses, the caller's included.
  int threads() const { return wanted_.load(std::memory_order_relaxed); }
  void set_threads(int n) {
    wanted_.store(n < 1 ? default_threads() : n < max_threads ? n : max_threads, std::memory_order_relaxed);
  }
  /// The most threads a loop uses, whatever is asked.
  static constexpr int max_threads = 4096;

  /// Runs fn(context, t) for every t in [0, tasks).
  void run(index_t tasks, task_fn fn, const void* context) {
    const int want = threads();
    if (tasks <= 1 || want <= 1 || inside_task()) return run_serially(tasks, fn, context);
    std::unique_lock<std::mutex> busy(run_lock_, std::try_to_lock);
    if (!busy.owns_lock()) return run_serially(tasks, fn, context);
    const int helpers = start_workers(static_cast<int>(want - 1 < tasks - 1 ? want - 1 : tasks - 1));
    if (helpers == 0) return run_serially(tasks, fn, context);

    job_.fn = fn;
    job_.context = context;
    job_.parts = helpers + 1;
    const auto parts = static_cast<std::size_t>(job_.parts);
    if (runs_.size() < parts) runs_ = std::vector<run_state>(parts);
    for (int k = 0; k < job_.parts; ++k) {
      runs_[std::size_t(k)].next.store(tasks * k / job_.parts, std::memory_order_relaxed);
      runs_[std::size_t(k)].end = tasks * (k + 1) / job_.parts;
    }
    job_.failure = nullptr;
    job_.failed.store(false, std::memory_order_relaxed);
    job_.pending.store(helpers, std::memory_order_relaxed);
    {
      // One word says both which job this is and who takes part, so that no worker can
      // pair one job's number with another's helpers.
      const std::lock_guard<std::mutex> hold(wake_lock_);
      const std::uint64_t count = (generation_.load(std::memory_order_relaxed) >> 16) + 1;
      generation_.store(count << 16 | std::uint64_t(helpers), std::memory_order_release);
    }
    if (sleepers_.load(std::memory_order_acquire) > 0) wake_.notify_all();

    inside_task() = true;
    work(helpers);  // the caller's run is the last
    inside_task() = false;
    // Wait for the helpers to leave the job: they finish about together, so spin, then yield.
    for (int spin = 0; job_.pending.load(std::memory_order_acquire) != 0; ++spin) {
      if (spin < 1024)
        cpu_relax();
      else
        std::this_thread::yield();
    }
    if (job_.failure) std::rethrow_exception(job_.failure);
  }

 private:
  /// One thread's run of tasks: the next to take and the end. Each on its own cache line.
  struct alignas(64) run_state {
    std::atomic<index_t> next{0};
    index_t end = 0;
  };
  struct job_state {
    task_fn fn = nullptr;
    const void* context = nullptr;
    int parts = 0;                // runs, one per thread taking part
    std::atomic<int> pending{0};  // helpers not yet done
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    std::mutex failure_lock;
  };

  host_thread_pool() : wanted_(default_threads()) {}

  static int default_threads() {
    if (const char* env = std::getenv("TANDEM_NUM_THREADS")) {
      char* end = nullptr;
      const long n = std::strtol(env, &end, 10);
      if (end != env && *end == '\0' && n >= 1 && n <= max_threads) return static_cast<int>(n);
    }
    const unsigned hw = std::thread::hardware_concurrency();
    return hw < 1 ? 1 : hw < unsigned(max_threads) ? static_cast<int>(hw) : max_threads;
  }

  static bool& inside_task() {
    thread_local bool inside = false;
    return inside;
  }

  static void run_serially(index_t tasks, task_fn fn, const void* context) {
    for (index_t t = 0; t < tasks; ++t) fn(context, t);
  }

  /// Takes tasks from run `self`, then from the others, until none is left; the first
  /// exception stops the rest.
  void work(int self) {
    job_state& j = job_;
    for (int k = 0; k < j.parts; ++k) {
      run_state& r = runs_[std::size_t((self + k) % j.parts)];
      for (;;) {
        const index_t t = r.next.fetch_add(1, std::memory_order_relaxed);
        if (t >= r.end) break;
        if (j.failed.load(std::memory_order_relaxed)) return;
        try {
          j.fn(j.context, t);
        } catch (...) {
          const std::lock_guard<std::mutex> hold(j.failure_lock);
          if (!j.failure) j.failure = std::current_exception();
          j.failed.store(true, std::memory_order_relaxed);
        }
      }
    }
  }

  /// Up to n workers, started as needed (under run_lock_); how many there are, as a
  /// system that refuses more threads leaves fewer.
  int start_workers(int n) {
    try {
      while (static_cast<int>(workers_.size()) < n) {
        const int id = static_cast<int>(workers_.size());
        workers_.emplace_back([this, id] { worker(id); });
      }
    } catch (...) {  // std::system_error: run with the threads there are
    }
    const int have = static_cast<int>(workers_.size());
    return n < have ? n : have;
  }

  /// One pause of a spin-wait.
  static void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
  }

  /// Whether job word `generation` is a new job this worker takes part in (workers
  /// 0 .. helpers-1, helpers in the word's low 16 bits).
  static bool called(std::uint64_t generation, std::uint64_t seen, int id) {
    return generation != seen && std::uint64_t(id) < (generation & 0xffff);
  }

  void worker(int id) {
    inside_task() = true;
    std::uint64_t seen = 0;
    for (;;) {
      // Loops come in bursts (an expression, then its reduction): wait for the next job
      // spinning, then yielding, and sleep only after about a millisecond idle, as
      // waking a sleeping thread costs tens of microseconds.
      std::uint64_t g = generation_.load(std::memory_order_acquire);
      for (int spin = 0; !called(g, seen, id) && spin < 20000; ++spin) {
        if (spin < 2000)
          cpu_relax();
        else
          std::this_thread::yield();
        g = generation_.load(std::memory_order_acquire);
      }
      if (!called(g, seen, id)) {
        std::unique_lock<std::mutex> hold(wake_lock_);
        sleepers_.fetch_add(1, std::memory_order_acq_rel);
        wake_.wait(hold, [&] {
          g = generation_.load(std::memory_order_acquire);
          return called(g, seen, id);
        });
        sleepers_.fetch_sub(1, std::memory_order_acq_rel);
      }
      seen = g;
      work(id);
      job_.pending.fetch_sub(1, std::memory_order_acq_rel);
    }
  }

  std::atomic<int> wanted_;
  std::mutex run_lock_;  // one loop at a time holds the pool
  std::vector<std::thread> workers_;
  job_state job_;
  std::vector<run_state> runs_;  // job_.parts of them in use, kept between jobs
  std::mutex wake_lock_;
  std::condition_variable wake_;
  std::atomic<std::uint64_t> generation_{0};  // job count << 16 | helpers, stored under wake_lock_
  std::atomic<int> sleepers_{0};              // workers waiting on wake_
};

}  // namespace tandem::detail
