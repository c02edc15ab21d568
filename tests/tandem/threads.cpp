// Host threads: td::set_num_threads, and the pool's behaviour that loops rely on
// (every task once, exceptions to the caller, nested loops, results independent of
// the thread count).
#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include "support/test_support.hpp"

TEST_CASE("set_num_threads sets and restores the host threads", "[threads]") {
  const int before = td::num_threads();
  REQUIRE(before >= 1);
  td::set_num_threads(3);
  CHECK(td::num_threads() == 3);
  td::set_num_threads(0);  // the default again
  CHECK(td::num_threads() >= 1);
  td::set_num_threads(before);
  CHECK(td::num_threads() == before);
}

TEST_CASE("the pool runs every task exactly once, for any thread count", "[threads]") {
  auto& pool = td::detail::host_thread_pool::instance();
  for (int threads : {1, 2, 3, 8}) {
    testing::threads_scope limit(threads);
    for (td::index_t tasks : {0, 1, 2, 7, 1000}) {
      std::vector<std::atomic<int>> hits(static_cast<std::size_t>(tasks));
      pool.run(
          tasks,
          [](const void* c, td::index_t t) {
            (*static_cast<std::vector<std::atomic<int>>*>(const_cast<void*>(c)))[std::size_t(t)].fetch_add(1);
          },
          &hits);
      int wrong = 0;
      for (auto& h : hits) wrong += h.load() != 1;
      INFO("threads " << threads << " tasks " << tasks);
      CHECK(wrong == 0);
    }
  }
}

TEST_CASE("an exception in a host loop reaches the caller, and the pool still works", "[threads]") {
  testing::threads_scope limit(4);
  const td::index_t n = td::index_t(1) << 20;  // far above the serial threshold
  std::atomic<td::index_t> ran{0};
  CHECK_THROWS_AS(td::detail::host_loops::for_each(n, [&ran](td::index_t i) {
                    ran.fetch_add(1, std::memory_order_relaxed);
                    if (i == 12345) throw std::runtime_error("task failed");
                  }),
                  std::runtime_error);
  CHECK(ran.load() <= n);
  // Afterwards a loop runs in full.
  std::atomic<td::index_t> sum{0};
  td::detail::host_loops::for_each(n, [&sum](td::index_t i) { sum.fetch_add(i % 7, std::memory_order_relaxed); });
  td::index_t expect = 0;
  for (td::index_t i = 0; i < n; ++i) expect += i % 7;
  CHECK(sum.load() == expect);
}

TEST_CASE("a host loop inside a host loop runs, serially, without waiting on itself", "[threads]") {
  testing::threads_scope limit(4);
  const td::index_t outer = 64, inner = td::index_t(1) << 16;
  std::vector<td::index_t> sums(static_cast<std::size_t>(outer));
  td::detail::host_loops::for_each(
      outer,
      [&sums](td::index_t r) {
        std::atomic<td::index_t> s{0};
        td::detail::host_loops::for_each(inner, [&s, r](td::index_t i) { s.fetch_add(i + r, std::memory_order_relaxed); });
        sums[std::size_t(r)] = s.load();
      },
      inner);
  for (td::index_t r = 0; r < outer; ++r) CHECK(sums[std::size_t(r)] == inner * (inner - 1) / 2 + r * inner);
}

TEMPLATE_TEST_CASE("loops from several user threads at once all finish with their own results", "[threads]",
                   TANDEM_TEST_SPACES) {
  testing::threads_scope limit(2);
  const auto h = testing::random_values<double>(1 << 18, -1, 1, 5);
  double reference = 0;
  for (double x : h) reference += x;
  const auto a = td::from(h, {td::index_t(h.size())}, TestType{});
  std::vector<double> got(4);
  std::vector<std::thread> users;
  for (std::size_t u = 0; u < got.size(); ++u)
    users.emplace_back([&got, &a, u] {
      for (int k = 0; k < 20; ++k) got[u] = td::sum(a * 1.0);
    });
  for (auto& t : users) t.join();
  for (double g : got) CHECK(g == Catch::Approx(reference).epsilon(1e-12));
  CHECK(got[0] == td::sum(a));  // the same chunks, the same bits, whichever threads ran them
}
