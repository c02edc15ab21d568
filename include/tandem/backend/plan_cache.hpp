#pragma once
/// \file backend/plan_cache.hpp
/// A bounded, thread-safe cache of library plans (FFTW's and cuFFT's), least recently
/// used first out. A plan is created once for a key (the transform's layout, type,
/// direction, and whatever else the library's plan depends on) and shared: a lookup
/// returns a shared_ptr, so a plan evicted while another thread executes it lives until
/// that thread is done. One capacity and one pair of counters serve every cache, so
/// `td::fft::set_plan_cache_size` and `td::fft::plan_cache_info` see them all.

#include <atomic>
#include <cstddef>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tandem::detail {

/// The settings and counters every plan cache shares.
struct plan_cache_totals {
  std::atomic<std::size_t> capacity{64};
  std::atomic<std::size_t> hits{0}, misses{0};
  std::mutex registry_mutex;
  std::unordered_map<const void*, std::function<std::size_t(std::size_t)>> trimmers;  // cache -> its trim(cap)

  static plan_cache_totals& get() {
    static plan_cache_totals totals;
    return totals;
  }
  /// Applies the capacity to every cache; returns the plans held in all of them.
  std::size_t trim_all() {
    std::lock_guard lock(registry_mutex);
    std::size_t held = 0;
    for (auto& entry : trimmers) held += entry.second(capacity.load());
    return held;
  }
};

/// Keys are vectors of 64-bit integers (each cache encodes its key so); plans are any
/// type, owned by shared_ptr with the library's destroy call as deleter.
template <class Plan>
class plan_cache {
 public:
  using key_type = std::vector<long long>;

  plan_cache() {
    auto& totals = plan_cache_totals::get();
    std::lock_guard lock(totals.registry_mutex);
    totals.trimmers.emplace(this, [this](std::size_t cap) { return trim(cap); });
  }
  ~plan_cache() {
    auto& totals = plan_cache_totals::get();
    std::lock_guard lock(totals.registry_mutex);
    totals.trimmers.erase(this);
  }
  plan_cache(const plan_cache&) = delete;
  plan_cache& operator=(const plan_cache&) = delete;

  /// The plan for key, made by make() (which returns a shared_ptr<Plan>) on a miss.
  /// make runs under this cache's lock: the libraries' planners are not thread-safe.
  template <class Make>
  std::shared_ptr<Plan> get(const key_type& key, Make&& make) {
    auto& totals = plan_cache_totals::get();
    std::lock_guard lock(mutex_);
    if (auto it = index_.find(key); it != index_.end()) {
      order_.splice(order_.begin(), order_, it->second);
      ++totals.hits;
      return it->second->second;
    }
    ++totals.misses;
    std::shared_ptr<Plan> plan = make();
    const std::size_t cap = totals.capacity.load();
    if (cap == 0) return plan;  // caching declined: the caller's copy is the only one
    order_.emplace_front(key, plan);
    index_.emplace(key, order_.begin());
    evict_to(cap);
    return plan;
  }

  /// Drops least recently used plans until at most cap remain; returns how many remain.
  std::size_t trim(std::size_t cap) {
    std::lock_guard lock(mutex_);
    evict_to(cap);
    return order_.size();
  }

 private:
  struct key_hash {
    std::size_t operator()(const key_type& k) const noexcept {
      std::size_t h = 1469598103934665603ull;
      for (long long v : k) h = (h ^ std::hash<long long>{}(v)) * 1099511628211ull;
      return h;
    }
  };
  void evict_to(std::size_t cap) {
    while (order_.size() > cap) {
      index_.erase(order_.back().first);
      order_.pop_back();
    }
  }

  std::mutex mutex_;
  std::list<std::pair<key_type, std::shared_ptr<Plan>>> order_;
  std::unordered_map<key_type, typename decltype(order_)::iterator, key_hash> index_;
};

/// All caches at once, for td::fft's cache functions: what they hold, set the capacity,
/// drop every plan.
struct plan_cache_counts {
  std::size_t size, capacity, hits, misses;
};
inline plan_cache_counts plan_caches_info() {
  auto& t = plan_cache_totals::get();
  const std::size_t size = t.trim_all();
  return {size, t.capacity.load(), t.hits.load(), t.misses.load()};
}
inline void set_plan_caches_capacity(std::size_t n) {
  plan_cache_totals::get().capacity.store(n);
  (void)plan_cache_totals::get().trim_all();
}
inline void clear_plan_caches() {
  auto& t = plan_cache_totals::get();
  std::lock_guard lock(t.registry_mutex);
  for (auto& entry : t.trimmers) (void)entry.second(0);
}

}  // namespace tandem::detail
