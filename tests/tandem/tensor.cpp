// tensor: construction, value semantics, element access and movement between spaces.
#include <cstdlib>

#include "support/test_support.hpp"

using testing::values;

TEMPLATE_TEST_CASE("a tensor built from a shape is zero-filled", "[tensor]", TANDEM_TEST_SPACES) {
  td::tensor<float, 2, TestType> a({3, 4});
  CHECK(a.shape() == td::shape<2>{3, 4});
  CHECK(a.size() == 12);
  CHECK(a.extent(1) == 4);
  CHECK(decltype(a)::rank == 2);
  CHECK(values(a) == std::vector<double>(12, 0.0));
  td::tensor<std::int64_t, 3, TestType> b({2, 0, 3});
  CHECK(b.size() == 0);
  CHECK(values(b).empty());
}

TEMPLATE_TEST_CASE("copy is deep and move steals the storage", "[tensor]", TANDEM_TEST_SPACES) {
  auto a = td::arange<double>(6, TestType{});
  auto b = a;  // deep copy
  CHECK(b.data() != a.data());
  b = td::full<double>({6}, 9.0, TestType{});
  CHECK(values(a) == std::vector<double>{0, 1, 2, 3, 4, 5});
  const double* storage = a.data();
  auto c = std::move(a);
  CHECK(c.data() == storage);
  CHECK(values(c) == std::vector<double>{0, 1, 2, 3, 4, 5});
  td::tensor<double, 1, TestType> d;
  d = std::move(c);
  CHECK(d.data() == storage);

  // Copy-assignment of as many elements reuses the storage, deep all the same.
  auto e = td::from<double>({{1, 2, 3}, {4, 5, 6}}, TestType{});
  td::tensor<double, 2, TestType> f({3, 2});
  const double* kept = f.data();
  f = e;
  CHECK(f.data() == kept);
  CHECK(f.shape() == td::shape<2>{2, 3});
  CHECK(values(f) == std::vector<double>{1, 2, 3, 4, 5, 6});
  e = td::full<double>({2, 3}, -1.0, TestType{});
  CHECK(values(f) == std::vector<double>{1, 2, 3, 4, 5, 6});
  td::tensor<double, 2, TestType> g({1, 1});
  g = e;  // another element count: fresh storage
  CHECK(g.shape() == td::shape<2>{2, 3});
  CHECK(values(g) == std::vector<double>(6, -1.0));
  const auto& same = g;
  g = same;  // self-assignment leaves it be
  CHECK(values(g) == std::vector<double>(6, -1.0));
}

TEMPLATE_TEST_CASE("rank-0 tensors hold one value", "[tensor]", TANDEM_TEST_SPACES) {
  td::tensor<int, 0, TestType> s;
  CHECK(s.size() == 1);
  s = 7;
  CHECK(values(s) == std::vector<double>{7});
  auto t = td::eval(s + 1);
  CHECK(values(t) == std::vector<double>{8});
  CHECK(td::sum(s) == 7);
}

TEST_CASE("host tensors give element access", "[tensor]") {
  td::tensor<int, 2> a({2, 3});
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) a(i, j) = 10 * i + j;
  CHECK(a(1, 2) == 12);
  const auto& ca = a;
  CHECK(ca(0, 1) == 1);
  CHECK(a.view()(1, 0) == 10);
  CHECK(values(a) == std::vector<double>{0, 1, 2, 10, 11, 12});
}

TEMPLATE_TEST_CASE("to, copy and to_vector move data between any two spaces", "[tensor]", TANDEM_TEST_SPACES) {
  const auto h = td::from<float>({{1, 2, 3}, {4, 5, 6}});
  auto d = td::to(TestType{}, h);
  td::synchronize(TestType{});  // a no-op for the host; waits for the device
  static_assert(std::is_same_v<decltype(d), td::tensor<float, 2, TestType>>);
  CHECK(td::to_vector(d) == std::vector<float>{1, 2, 3, 4, 5, 6});
  auto back = td::to(td::host, d);
  CHECK(back(1, 2) == 6.f);

  td::tensor<float, 2, td::device_space> dev({2, 3});
  td::copy(d, dev);
  CHECK(values(dev) == std::vector<double>{1, 2, 3, 4, 5, 6});
  td::tensor<float, 2> host_dst({2, 3});
  td::copy(dev, host_dst);
  CHECK(host_dst(1, 0) == 4.f);

  // Non-contiguous source and destination, across spaces.
  td::tensor<float, 2, TestType> t({3, 2});
  td::copy(td::transpose(h), t);
  CHECK(values(t) == std::vector<double>{1, 4, 2, 5, 3, 6});
  td::tensor<float, 2> wide({2, 6});
  td::copy(td::slice(d, td::all, td::range(0, 2)), td::slice(wide, td::all, td::range(0, 6, 4)));
  td::copy(d, td::slice(wide, td::all, td::range(1, 4)));
  CHECK(values(wide) == std::vector<double>{1, 1, 2, 3, 2, 0, 4, 4, 5, 6, 5, 0});

  // Converting copy (double destination).
  td::tensor<double, 2> dd({2, 3});
  td::copy(d, dd);
  CHECK(values(dd) == std::vector<double>{1, 2, 3, 4, 5, 6});

  td::tensor<float, 2> wrong({3, 3});
  CHECK_THROWS_WITH(td::copy(d, wrong), testing::contains("source shape [2, 3] does not match destination shape [3, 3]"));
}

TEMPLATE_TEST_CASE("every element type round-trips", "[tensor]", TANDEM_TEST_SPACES) {
  auto f = td::from<double>({0.5, -1.25}, TestType{});
  CHECK(td::to_vector(f) == std::vector<double>{0.5, -1.25});
  auto i = td::from<std::int32_t>({-3, 4, 2147483647}, TestType{});
  CHECK(td::to_vector(i) == std::vector<std::int32_t>{-3, 4, 2147483647});
  auto l = td::from<std::int64_t>({std::int64_t(1) << 40, -7}, TestType{});
  CHECK(td::to_vector(l) == std::vector<std::int64_t>{std::int64_t(1) << 40, -7});
  auto b = td::from<bool>({true, false, true}, TestType{});
  CHECK(td::to_vector(b) == std::vector<bool>{true, false, true});
  auto bv = td::from(std::vector<bool>{false, true, true, false}, {2, 2}, TestType{});
  CHECK(td::to_vector(bv) == std::vector<bool>{false, true, true, false});
}

TEMPLATE_TEST_CASE("assignment gives the tensor the expression's shape", "[tensor]", TANDEM_TEST_SPACES) {
  td::tensor<float, 1, TestType> c({4});
  const float* storage = c.data();
  auto a = td::arange<float>(4, TestType{});
  c = a * 2.f;  // same size: storage reused
  CHECK(c.data() == storage);
  CHECK(values(c) == std::vector<double>{0, 2, 4, 6});
  c = td::arange<float>(6, TestType{}) + 1.f;  // new size: reallocated
  CHECK(c.shape() == td::shape<1>{6});
  CHECK(values(c) == std::vector<double>{1, 2, 3, 4, 5, 6});
  c = 3.f;
  CHECK(values(c) == std::vector<double>(6, 3.0));
}

TEST_CASE("the host block cache hands back kept blocks and evicts the oldest", "[tensor]") {
  using cache_t = td::detail::host_block_cache;
  cache_t cache;  // a private one: the process-wide cache is left alone
  auto block = [](std::size_t bytes) { return std::malloc(bytes); };
  const std::size_t mib = std::size_t(1) << 20;

  CHECK(cache.take(mib) == nullptr);
  void* a = block(mib);
  void* b = block(2 * mib);
  REQUIRE(cache.keep(a, mib));
  REQUIRE(cache.keep(b, 2 * mib));
  CHECK(cache.take(3 * mib) == nullptr);  // only an exact size matches
  CHECK(cache.take(2 * mib) == b);
  CHECK(cache.take(2 * mib) == nullptr);  // handed out once
  CHECK(cache.take(mib) == a);

  CHECK_FALSE(cache.keep(a, cache_t::default_limit / 4 + 1));  // too big to keep: the caller frees it
  std::free(a);
  std::free(b);

  // Count limit: keeping one more than max_blocks frees the oldest (block 0).
  std::vector<void*> kept;
  for (std::size_t i = 0; i <= cache_t::max_blocks; ++i) {
    kept.push_back(block(mib + i));
    REQUIRE(cache.keep(kept.back(), mib + i));
  }
  CHECK(cache.take(mib) == nullptr);  // evicted (and freed by the cache)
  for (std::size_t i = 1; i <= cache_t::max_blocks; ++i) CHECK(cache.take(mib + i) == kept[i]);
  for (std::size_t i = 1; i <= cache_t::max_blocks; ++i) std::free(kept[i]);

  // Byte limit: four quarter-capacity blocks fill it; a fifth evicts the oldest.
  // (Never written to, so these reservations cost no physical memory.)
  const std::size_t quarter = cache_t::default_limit / 4;
  std::vector<void*> big;
  for (std::size_t i = 0; i < 5; ++i) {
    big.push_back(block(quarter - i));
    REQUIRE(big.back() != nullptr);
    REQUIRE(cache.keep(big.back(), quarter - i));
  }
  CHECK(cache.take(quarter) == nullptr);
  for (std::size_t i = 1; i < 5; ++i) CHECK(cache.take(quarter - i) == big[i]);
  for (std::size_t i = 1; i < 5; ++i) std::free(big[i]);
}
