// Sorting: sort, argsort, sort_by_key, unique, row sorts, against std::stable_sort with
// a NaN-last comparison on the host.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "support/test_support.hpp"

using testing::values;

namespace {

const double nan_value = std::numeric_limits<double>::quiet_NaN();

/// a < b with every NaN after every number, as numpy orders.
template <class T>
bool nan_last_less(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a)) return false;
    if (std::isnan(b)) return true;
  }
  return a < b;
}
template <class T>
bool nan_last_greater(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a)) return false;
    if (std::isnan(b)) return true;
  }
  return a > b;
}

template <class T>
std::vector<T> reference_sort(std::vector<T> v, bool descending = false) {
  if (descending)
    std::stable_sort(v.begin(), v.end(), nan_last_greater<T>);
  else
    std::stable_sort(v.begin(), v.end(), nan_last_less<T>);
  return v;
}

template <class T>
std::vector<td::index_t> reference_argsort(const std::vector<T>& v, bool descending = false) {
  std::vector<td::index_t> idx(v.size());
  std::iota(idx.begin(), idx.end(), td::index_t(0));
  std::stable_sort(idx.begin(), idx.end(), [&](td::index_t a, td::index_t b) {
    return descending ? nan_last_greater(v[size_t(a)], v[size_t(b)]) : nan_last_less(v[size_t(a)], v[size_t(b)]);
  });
  return idx;
}

/// Equal element by element, NaN matching NaN (and -0.0 matching +0.0).
template <class T>
bool same_values(const std::vector<T>& got, const std::vector<T>& want) {
  if (got.size() != want.size()) return false;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(got[i]) && std::isnan(want[i])) continue;
    }
    if (!(got[i] == want[i])) return false;
  }
  return true;
}

/// Floats with many duplicates, both zeros, infinities and NaNs of both signs.
std::vector<float> awkward_floats(std::size_t n, unsigned seed) {
  auto v = testing::random_values<float>(n, -50, 50, seed);
  for (std::size_t i = 0; i < n; ++i) {
    switch (i % 13) {
      case 0: v[i] = std::round(v[i] / 10.f); break;
      case 3: v[i] = std::numeric_limits<float>::quiet_NaN(); break;
      case 5: v[i] = -std::numeric_limits<float>::quiet_NaN(); break;
      case 7: v[i] = (i % 2) ? 0.f : -0.f; break;
      case 9: v[i] = (i % 3) ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity(); break;
      default: break;
    }
  }
  return v;
}

}  // namespace

TEMPLATE_TEST_CASE("sort small tensors in place", "[sort]", TANDEM_TEST_SPACES) {
  auto a = td::from<int>({3, -1, 4, 1, -5, 9, 2, 6, 5, 3}, TestType{});
  td::sort(a);
  CHECK(values(a) == std::vector<double>{-5, -1, 1, 2, 3, 3, 4, 5, 6, 9});
  td::sort(a, td::descending);
  CHECK(values(a) == std::vector<double>{9, 6, 5, 4, 3, 3, 2, 1, -1, -5});

  auto e = td::zeros<float>({0}, TestType{});
  td::sort(e);
  CHECK(e.size() == 0);
  auto one = td::from<double>({2.5}, TestType{});
  td::sort(one);
  CHECK(values(one) == std::vector<double>{2.5});

  auto u8 = td::from<std::uint8_t>({200, 3, 255, 0, 17}, TestType{});
  td::sort(u8);
  CHECK(values(u8) == std::vector<double>{0, 3, 17, 200, 255});
  const std::int64_t big = std::int64_t(1) << 50;
  auto i64 = td::from<std::int64_t>({big, -big, 0, big + 1, -1}, TestType{});
  td::sort(i64);
  CHECK(td::to_vector(i64) == std::vector<std::int64_t>{-big, -1, 0, big, big + 1});
  auto b = td::from<bool>({true, false, true, false}, TestType{});
  td::sort(b, td::descending);
  CHECK(values(b) == std::vector<double>{1, 1, 0, 0});
}

TEMPLATE_TEST_CASE("sort puts NaNs last in either direction", "[sort]", TANDEM_TEST_SPACES) {
  const double inf = std::numeric_limits<double>::infinity();
  auto d = td::from<double>({1.0, nan_value, -inf, -nan_value, 0.5, inf, -2.0}, TestType{});
  td::sort(d);
  auto got = values(d);
  CHECK(same_values(got, std::vector<double>{-inf, -2.0, 0.5, 1.0, inf, nan_value, nan_value}));
  td::sort(d, td::descending);
  got = values(d);
  CHECK(same_values(got, std::vector<double>{inf, 1.0, 0.5, -2.0, -inf, nan_value, nan_value}));
}

TEMPLATE_TEST_CASE("sort matches std::stable_sort at every size", "[sort]", TANDEM_TEST_SPACES) {
  // 20 runs the short path, 1000 one chunk, 150000 parallel chunks.
  for (std::size_t n : {std::size_t(20), std::size_t(1000), std::size_t(150000)}) {
    CAPTURE(n);
    const auto host = awkward_floats(n, 7);
    for (bool descending : {false, true}) {
      auto t = td::from(host, {td::index_t(n)}, TestType{});
      td::sort(t, descending ? td::descending : td::ascending);
      CHECK(same_values(td::to_vector(t), reference_sort(host, descending)));
    }
    std::vector<std::int32_t> ints(n);
    for (std::size_t i = 0; i < n; ++i) ints[i] = std::int32_t((i * 2654435761u) % 100003) - 50000;
    auto ti = td::from(ints, {td::index_t(n)}, TestType{});
    td::sort(ti);
    CHECK(td::to_vector(ti) == reference_sort(ints));
    std::vector<double> doubles = testing::random_values<double>(n, -1e6, 1e6, 3);
    auto td_ = td::from(doubles, {td::index_t(n)}, TestType{});
    td::sort(td_, td::descending);
    CHECK(td::to_vector(td_) == reference_sort(doubles, true));
  }
}

TEMPLATE_TEST_CASE("sort writes through a strided view", "[sort]", TANDEM_TEST_SPACES) {
  auto t = td::from<int>({9, 0, 7, 1, 5, 2, 3, 3, 1, 4}, TestType{});
  td::sort(td::slice(t, td::range(0, 10, 2)));  // the even positions: 9 7 5 3 1
  CHECK(values(t) == std::vector<double>{1, 0, 3, 1, 5, 2, 7, 3, 9, 4});
}

TEMPLATE_TEST_CASE("sort along an axis", "[sort]", TANDEM_TEST_SPACES) {
  auto m = td::from<float>({{3, 1, 2}, {-1, -3, -2}}, TestType{});
  td::sort(m, -1);
  CHECK(values(m) == std::vector<double>{1, 2, 3, -3, -2, -1});
  td::sort(m, 0);
  CHECK(values(m) == std::vector<double>{-3, -2, -1, 1, 2, 3});
  td::sort(m, 1, td::descending);
  CHECK(values(m) == std::vector<double>{-1, -2, -3, 3, 2, 1});
  td::sort(m);  // rank 2 without an axis: the last axis, as numpy
  CHECK(values(m) == std::vector<double>{-3, -2, -1, 1, 2, 3});

  // Many rows (sorted in parallel, one per task) and few long ones, NaNs included.
  for (auto [rows, cols] : {std::pair<td::index_t, td::index_t>{300, 37}, {3, 70000}}) {
    CAPTURE(rows, cols);
    const auto host = awkward_floats(std::size_t(rows * cols), 11);
    auto t = td::from(host, {rows, cols}, TestType{});
    td::sort(t, -1);
    const auto got = td::to_vector(t);
    bool all_rows = true;
    for (td::index_t r = 0; r < rows; ++r) {
      std::vector<float> row(host.begin() + r * cols, host.begin() + (r + 1) * cols);
      std::vector<float> out(got.begin() + r * cols, got.begin() + (r + 1) * cols);
      all_rows = all_rows && same_values(out, reference_sort(row));
    }
    CHECK(all_rows);
  }

  // Rank 3 along the middle axis.
  auto c = td::reshape(td::arange<int>(24, TestType{}), {2, 3, 4});
  td::sort(c, 1, td::descending);
  auto host = td::to_vector(c);
  for (int i = 0; i < 2; ++i)
    for (int k = 0; k < 4; ++k)
      for (int j = 0; j < 3; ++j) CHECK(host[size_t(i * 12 + j * 4 + k)] == i * 12 + (2 - j) * 4 + k);
  CHECK_THROWS_AS(td::sort(c, 3), td::index_error);
}

TEMPLATE_TEST_CASE("argsort is stable and puts NaNs last", "[sort]", TANDEM_TEST_SPACES) {
  auto a = td::from<float>({3, 1, 2, 1, 3, 0}, TestType{});
  auto order = td::argsort(a);
  static_assert(std::is_same_v<decltype(order), td::tensor<td::index_t, 1, TestType>>);
  CHECK(td::to_vector(order) == std::vector<td::index_t>{5, 1, 3, 2, 0, 4});
  CHECK(td::to_vector(td::argsort(a, td::descending)) == std::vector<td::index_t>{0, 4, 2, 1, 3, 5});
  CHECK(values(a) == std::vector<double>{3, 1, 2, 1, 3, 0});  // unchanged
  CHECK(td::argsort(td::zeros<int>({0}, TestType{})).size() == 0);

  for (std::size_t n : {std::size_t(25), std::size_t(5000), std::size_t(200000)}) {
    CAPTURE(n);
    const auto host = awkward_floats(n, 5);
    const auto t = td::from(host, {td::index_t(n)}, TestType{});
    CHECK(td::to_vector(td::argsort(t)) == reference_argsort(host));
    CHECK(td::to_vector(td::argsort(t, td::descending)) == reference_argsort(host, true));
    // An expression and a strided view are read as they are.
    std::vector<float> doubled(host);
    for (auto& x : doubled) x = -2.f * x;
    CHECK(td::to_vector(td::argsort(-2.f * t)) == reference_argsort(doubled));
    std::vector<float> every_third;
    for (std::size_t i = 0; i < n; i += 3) every_third.push_back(host[i]);
    CHECK(td::to_vector(td::argsort(td::slice(t, td::range(0, td::index_t(n), 3)))) ==
          reference_argsort(every_third));
  }
}

TEMPLATE_TEST_CASE("sort_by_key reorders values as the keys, stably", "[sort]", TANDEM_TEST_SPACES) {
  auto keys = td::from<int>({2, 0, 2, 1, 0}, TestType{});
  auto vals = td::from<float>({10, 11, 12, 13, 14}, TestType{});
  td::sort_by_key(keys, vals);
  CHECK(values(keys) == std::vector<double>{0, 0, 1, 2, 2});
  CHECK(values(vals) == std::vector<double>{11, 14, 13, 10, 12});
  td::sort_by_key(keys, vals, td::descending);
  CHECK(values(keys) == std::vector<double>{2, 2, 1, 0, 0});
  CHECK(values(vals) == std::vector<double>{10, 12, 13, 11, 14});

  auto short_vals = td::zeros<float>({4}, TestType{});
  CHECK_THROWS_WITH(td::sort_by_key(keys, short_vals), testing::contains("[5]") && testing::contains("[4]"));

  for (std::size_t n : {std::size_t(30), std::size_t(100000)}) {
    CAPTURE(n);
    std::vector<std::uint32_t> k(n);
    for (std::size_t i = 0; i < n; ++i) k[i] = std::uint32_t((i * 40503u) % 977u);
    std::vector<double> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = 0.5 * double(i);
    auto tk = td::from(k, {td::index_t(n)}, TestType{});
    auto tv = td::from(v, {td::index_t(n)}, TestType{});
    td::sort_by_key(tk, tv);
    const auto order = reference_argsort(k);
    std::vector<std::uint32_t> want_k(n);
    std::vector<double> want_v(n);
    for (std::size_t i = 0; i < n; ++i) {
      want_k[i] = k[size_t(order[i])];
      want_v[i] = v[size_t(order[i])];
    }
    CHECK(td::to_vector(tk) == want_k);
    CHECK(td::to_vector(tv) == want_v);
  }

  // Float keys with NaNs; values through a strided view.
  auto fk = td::from<float>({1.f, std::nanf(""), -1.f, 0.5f}, TestType{});
  auto wide = td::from<int>({{0, 100}, {1, 101}, {2, 102}, {3, 103}}, TestType{});
  td::sort_by_key(fk, td::slice(wide, td::all, 1));
  CHECK(values(td::slice(wide, td::all, 1)) == std::vector<double>{102, 103, 100, 101});
  CHECK(std::isnan(td::to_vector(fk)[3]));
}

TEMPLATE_TEST_CASE("unique gives the sorted distinct values", "[sort]", TANDEM_TEST_SPACES) {
  auto a = td::from<int>({{3, 1, 3}, {2, 1, 7}}, TestType{});
  auto u = td::unique(a);
  static_assert(std::is_same_v<decltype(u), td::tensor<int, 1, TestType>>);
  CHECK(values(u) == std::vector<double>{1, 2, 3, 7});
  CHECK(values(a) == std::vector<double>{3, 1, 3, 2, 1, 7});  // unchanged
  CHECK(td::unique(td::zeros<float>({0}, TestType{})).size() == 0);
  auto f = td::from<double>({2.0, nan_value, -0.0, 0.0, 2.0, -nan_value, -1.0}, TestType{});
  const auto uf = td::to_vector(td::unique(f));
  REQUIRE(uf.size() == 4);
  CHECK(uf[0] == -1.0);
  CHECK(uf[1] == 0.0);
  CHECK(uf[2] == 2.0);
  CHECK(std::isnan(uf[3]));
  // Of an expression, large.
  const td::index_t n = 100000;
  auto big = td::unique(td::arange<std::int64_t>(n, TestType{}) / 100 - 500);
  std::vector<std::int64_t> want(1000);
  std::iota(want.begin(), want.end(), std::int64_t(-500));
  CHECK(td::to_vector(big) == want);
}
