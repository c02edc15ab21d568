// tandem/backend/host/thread_pool.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/host/thread_pool.hpp>

#include <atomic>

int header_use_backend_host_thread_pool() {
  namespace td = tandem;
  std::atomic<td::index_t> sum{0};
  td::detail::host_thread_pool::instance().run(
      100, [](const void* c, td::index_t t) { static_cast<std::atomic<td::index_t>*>(const_cast<void*>(c))->fetch_add(t); },
      &sum);
  return sum.load() == 4950 ? 0 : 1;
}
