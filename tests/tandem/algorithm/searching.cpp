// searchsorted, digitize, isin, topk, partition, argpartition, argsort along an axis,
// unique_counts, unique_inverse and bincount (algorithm/searching.hpp): against numpy's
// printed results and against plain loops over std::stable_sort, in every space, with
// NaNs, ties, empty operands and strided, transposed and reversed views.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <iterator>
#include <numeric>
#include <random>
#include <tuple>

#include "support/test_support.hpp"

namespace {
constexpr double nan_v = std::numeric_limits<double>::quiet_NaN();
constexpr double inf_v = std::numeric_limits<double>::infinity();

/// numpy's sort order on doubles: NaN after everything.
bool sorts_before(double a, double b) { return a < b || (std::isnan(b) && !std::isnan(a)); }
bool same_value(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

/// Random values with many ties and some NaNs.
std::vector<double> tied_values(std::size_t n, unsigned seed, bool with_nan) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> d(-20, 20);
  std::vector<double> v(n);
  for (auto& x : v) {
    const int r = d(gen);
    x = with_nan && r == 20 ? nan_v : r * 0.5;
  }
  return v;
}

/// The reference of a stable (arg)sort of lane j of a [rows, cols] row-major array,
/// along axis `ax`.
std::vector<double> reference_argsort(const std::vector<double>& v, td::index_t rows, td::index_t cols, int ax,
                                      bool descending = false) {
  std::vector<double> out(v.size());
  const td::index_t lanes = ax == 0 ? cols : rows, len = ax == 0 ? rows : cols;
  for (td::index_t l = 0; l < lanes; ++l) {
    auto at = [&](td::index_t i) { return ax == 0 ? v[std::size_t(i * cols + l)] : v[std::size_t(l * cols + i)]; };
    std::vector<td::index_t> idx(static_cast<std::size_t>(len));
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(), [&](td::index_t a, td::index_t b) {
      const double x = at(a), y = at(b);
      if (std::isnan(x) || std::isnan(y)) return !std::isnan(x) && std::isnan(y);  // NaN last either way
      return descending ? y < x : x < y;
    });
    for (td::index_t i = 0; i < len; ++i) {
      const std::size_t o = std::size_t(ax == 0 ? i * cols + l : l * cols + i);
      out[o] = double(idx[std::size_t(i)]);
    }
  }
  return out;
}
}  // namespace

TEMPLATE_TEST_CASE("interp, as numpy's", "[searching]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  // numpy 2.4: interp(x, [1, 2, 2, 4], [10, 20, 30, 40]); at the repeated 2 the last
  // point's value, beyond the ends fp's ends (or left and right), NaN at NaN.
  const auto xp = td::from<double>({1, 2, 2, 4}, space);
  const auto fp = td::from<double>({10, 20, 30, 40}, space);
  const auto x = td::from<double>({0, 1, 1.5, 2, 3, 4, 5, nan, -inf, inf}, space);
  const auto y = td::interp(x, xp, fp);
  static_assert(std::is_same_v<decltype(y), const td::tensor<double, 1, TestType>>);
  const auto yv = testing::values(y);
  const std::vector<double> want{10, 10, 15, 30, 35, 40, 40, nan, 10, 40};
  REQUIRE(yv.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    INFO("element " << i);
    CHECK((yv[i] == want[i] || (std::isnan(yv[i]) && std::isnan(want[i]))));
  }
  const auto yl = testing::values(td::interp(x, xp, fp, -1.0, 99.0));
  CHECK((yl[0] == -1 && yl[6] == 99 && yl[8] == -1 && yl[9] == 99 && yl[2] == 15));
  // One sample point; infinite values (numpy: [inf, inf, inf], from the other end where
  // the line from the left gives NaN); float operands give double, any rank and layout.
  CHECK(testing::values(td::interp(td::from<double>({0.5, 2.5}, space), td::from<double>({1}, space),
                                   td::from<double>({7}, space))) == std::vector<double>{7, 7});
  CHECK(testing::values(td::interp(td::from<double>({1.5, 2.5, 3.5}, space), td::from<double>({1, 2, 3, 4}, space),
                                   td::from<double>({0, inf, inf, 1}, space))) == std::vector<double>{inf, inf, inf});
  const auto grid = td::transpose(td::reshape(td::arange<float>(6, space), {2, 3}));  // [[0 3] [1 4] [2 5]]
  const auto g = td::interp(grid, td::from<float>({0, 5}, space), td::from<int>({0, 10}, space));
  static_assert(std::is_same_v<decltype(g), const td::tensor<double, 2, TestType>>);
  CHECK(testing::values(g) == std::vector<double>{0, 6, 2, 8, 4, 10});
  CHECK_THROWS_AS(td::interp(x, xp, td::from<double>({1, 2}, space)), td::shape_error);
  CHECK_THROWS_AS(td::interp(x, td::zeros<double>({0}, space), td::zeros<double>({0}, space)), td::shape_error);
  // period (numpy's docs example): x and xp on a circle of 360, xp in any order.
  const auto px = td::from<double>({-180, -170, -185, 185, -10, -5, 0, 365}, space);
  const auto pxp = td::from<int>({190, -190, 350, -350}, space);
  const auto pfp = td::from<double>({5, 10, 3, 4}, space);
  const auto py = td::interp(px, pxp, pfp, td::period{360});
  static_assert(std::is_same_v<decltype(py), const td::tensor<double, 1, TestType>>);
  CHECK(testing::values(py) == std::vector<double>{7.5, 5, 8.75, 6.25, 3, 3.25, 3.5, 3.75});
  // A negative period is its absolute value; NaN stays NaN (numpy: [5, 22.5, nan, 30]).
  const auto pn = testing::values(td::interp(td::from<double>({0.5, 7.25, nan, -1}, space), td::from<double>({0, 1, 2, 3}, space),
                                             td::from<double>({0, 10, 20, 30}, space), td::period{-4}));
  CHECK((pn[0] == 5 && pn[1] == 22.5 && std::isnan(pn[2]) && pn[3] == 30));
  CHECK_THROWS_WITH(td::interp(px, pxp, pfp, td::period{0}), testing::contains("period must be a non-zero"));
  CHECK_THROWS_AS(td::interp(px, pxp, td::from<double>({1, 2}, space), td::period{360}), td::shape_error);
}

TEMPLATE_TEST_CASE("searchsorted, digitize and isin", "[searching]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto sorted = td::from<double>({1, 2, 2, 3, nan_v}, space);
  const auto values = td::from<double>({2, 0, nan_v, 3.5}, {2, 2}, space);
  // numpy: [[1 0] [4 4]] and [[3 0] [5 4]]
  auto left = td::searchsorted(sorted, values);
  static_assert(std::is_same_v<decltype(left), td::tensor<td::index_t, 2, TestType>>);
  CHECK(testing::values(left) == std::vector<double>{1, 0, 4, 4});
  CHECK(testing::values(td::searchsorted(sorted, values, td::side::right)) == std::vector<double>{3, 0, 5, 4});
  CHECK(testing::values(td::searchsorted(sorted, td::transpose(values), td::side::left)) ==
        std::vector<double>{1, 4, 0, 4});
  CHECK(testing::values(td::searchsorted(sorted, values + 0.5)) == std::vector<double>{3, 0, 4, 4});
  CHECK(td::searchsorted(sorted, 2.0) == 1);
  CHECK(td::searchsorted(sorted, 2.0, td::side::right) == 3);
  CHECK(td::searchsorted(sorted, -inf_v) == 0);
  // An integer array searched for floats compares in double: numpy's [1 1] and [1 2].
  const auto odd = td::from<int>({1, 3, 5}, space);
  const auto probes = td::from<double>({2.5, 3.0}, space);
  CHECK(testing::values(td::searchsorted(odd, probes)) == std::vector<double>{1, 1});
  CHECK(testing::values(td::searchsorted(odd, probes, td::side::right)) == std::vector<double>{1, 2});
  // Empty sorted arrays and empty values.
  const auto none = td::zeros<double>({0}, space);
  CHECK(testing::values(td::searchsorted(none, values)) == std::vector<double>{0, 0, 0, 0});
  CHECK(td::searchsorted(sorted, none).size() == 0);
  // Many values against a long sorted array, a reversed view of a decreasing one.
  std::vector<double> edges(1000), many(5000);
  for (std::size_t i = 0; i < edges.size(); ++i) edges[i] = double(edges.size() - i) * 0.25;  // decreasing
  std::mt19937 gen(7);
  std::uniform_real_distribution<double> u(-10, 260);
  for (auto& x : many) x = std::round(u(gen) * 4) / 4;  // many exact hits
  const auto e = td::from(edges, {td::index_t(edges.size())}, space);
  const auto m = td::from(many, {td::index_t(many.size())}, space);
  std::vector<double> up(edges.rbegin(), edges.rend());
  std::vector<double> want_l, want_r;
  for (double x : many) {
    want_l.push_back(double(std::lower_bound(up.begin(), up.end(), x) - up.begin()));
    want_r.push_back(double(std::upper_bound(up.begin(), up.end(), x) - up.begin()));
  }
  CHECK(testing::values(td::searchsorted(td::flip(e), m)) == want_l);
  CHECK(testing::values(td::searchsorted(td::flip(e), m, td::side::right)) == want_r);

  // digitize: numpy's results for x against increasing and decreasing bins.
  const auto x = td::from<double>({0.2, 6.4, 3.0, 1.6, 10, -1, nan_v}, space);
  const auto bins = td::from<double>({0, 1, 2.5, 4, 10}, space);
  CHECK(testing::values(td::digitize(x, bins)) == std::vector<double>{1, 4, 3, 2, 5, 0, 5});
  CHECK(testing::values(td::digitize(x, bins, true)) == std::vector<double>{1, 4, 3, 2, 4, 0, 5});
  const auto down = td::from<double>({10, 4, 2.5, 1, 0}, space);
  CHECK(testing::values(td::digitize(x, down)) == std::vector<double>{4, 1, 2, 3, 0, 5, 0});
  CHECK(testing::values(td::digitize(x, td::flip(bins), true)) == std::vector<double>{4, 1, 2, 3, 1, 5, 0});
  const auto lead = td::from<double>({1, 1, 2, nan_v}, space);  // numpy accepts it: [0 3 3 2 3 0 4]
  CHECK(testing::values(td::digitize(x, lead)) == std::vector<double>{0, 3, 3, 2, 3, 0, 4});
  const auto zigzag = td::from<double>({1, 3, 2}, space);
  CHECK_THROWS_AS(td::digitize(x, zigzag), td::error);
  CHECK_THROWS_WITH(td::digitize(x, zigzag), testing::contains("monotonically increasing or decreasing"));
  CHECK(testing::values(td::digitize(x, none)) == std::vector<double>{0, 0, 0, 0, 0, 0, 0});

  // isin: == comparisons, so NaN is in nothing (numpy: [[T F F] [T F T]]).
  const auto a = td::from<double>({0, 1, 2, 5, nan_v, 0}, {2, 3}, space);
  const auto test = td::from<double>({0, 5, nan_v}, space);
  auto in = td::isin(a, test);
  static_assert(std::is_same_v<decltype(in), td::tensor<bool, 2, TestType>>);
  CHECK(testing::values(in) == std::vector<double>{1, 0, 0, 1, 0, 1});
  CHECK(testing::values(td::isin(td::transpose(a), test)) == std::vector<double>{1, 1, 0, 0, 0, 1});
  const auto ints = td::from<int>({4, -1, 7, 4, 0, 9}, {3, 2}, space);
  const auto wanted = td::from<int>({9, 4, 4}, space);
  CHECK(testing::values(td::isin(ints, wanted)) == std::vector<double>{1, 0, 0, 1, 0, 1});
  CHECK(testing::values(td::isin(ints, td::zeros<int>({0}, space))) == std::vector<double>(6, 0.0));
  CHECK(testing::values(td::isin(td::from<double>({-0.0}, space), td::from<double>({0.0}, space))) == std::vector<double>{1});
}

TEMPLATE_TEST_CASE("topk", "[searching]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto a = td::from<double>({3, 1, nan_v, 3, 7, -inf_v}, space);
  auto t = td::topk(a, 3);
  static_assert(std::is_same_v<decltype(t.values), td::tensor<double, 1, TestType>>);
  static_assert(std::is_same_v<decltype(t.indices), td::tensor<td::index_t, 1, TestType>>);
  const auto tv = testing::values(t.values);
  CHECK(std::isnan(tv[0]));
  CHECK(tv[1] == 7);
  CHECK(tv[2] == 3);
  CHECK(testing::values(t.indices) == std::vector<double>{2, 4, 0});  // NaN largest, ties by index
  CHECK(testing::values(td::topk(a, 6).indices) == std::vector<double>{2, 4, 0, 3, 1, 5});
  CHECK(td::topk(a, 0).values.size() == 0);
  CHECK_THROWS_AS(td::topk(a, 7), td::index_error);
  CHECK_THROWS_WITH(td::topk(a, -1), testing::contains("k = -1 is out of range for an axis of extent 6"));
  CHECK_THROWS_AS(td::topk(a, 1, 1), td::index_error);

  // Rank 2, along either axis, through a transposed view and an expression, against a
  // reference: the lane's descending stable order with NaN first, cut to k.
  const td::index_t rows = 37, cols = 300;
  const auto v = tied_values(std::size_t(rows * cols), 3, true);
  const auto m = td::from(v, {rows, cols}, space);
  for (td::index_t k : {td::index_t(1), td::index_t(16), td::index_t(37), td::index_t(100)}) {
    for (int ax : {0, 1}) {
      const td::index_t len = ax == 0 ? rows : cols, lanes = ax == 0 ? cols : rows;
      if (k > len) continue;
      const auto r = td::topk(m, k, ax);
      CHECK(r.values.shape() == (ax == 0 ? td::shape<2>{k, cols} : td::shape<2>{rows, k}));
      const auto got_v = testing::values(r.values), got_i = testing::values(r.indices);
      bool ok = true;
      for (td::index_t l = 0; l < lanes && ok; ++l) {
        auto at = [&](td::index_t i) { return ax == 0 ? v[std::size_t(i * cols + l)] : v[std::size_t(l * cols + i)]; };
        std::vector<td::index_t> idx(static_cast<std::size_t>(len));
        std::iota(idx.begin(), idx.end(), 0);
        std::stable_sort(idx.begin(), idx.end(), [&](td::index_t p, td::index_t q) { return sorts_before(at(q), at(p)); });
        for (td::index_t j = 0; j < k; ++j) {
          const std::size_t o = std::size_t(ax == 0 ? j * cols + l : l * k + j);
          ok = ok && got_i[o] == double(idx[std::size_t(j)]) && same_value(got_v[o], at(idx[std::size_t(j)]));
        }
      }
      INFO("k = " << k << ", axis " << ax);
      CHECK(ok);
    }
  }
  CHECK(testing::values(td::transpose(td::topk(td::transpose(m), 16, 0).indices)) ==
        testing::values(td::topk(m, 16, 1).indices));
  CHECK(testing::values(td::topk(m * -1.0, 5).indices) == testing::values(td::topk(td::eval(m * -1.0), 5).indices));
  // Along a leading axis, of an expression and of a transposed view (lanes copied so
  // that they are rows, on CPU cores).
  CHECK(testing::values(td::topk(m * -1.0, 5, 0).indices) == testing::values(td::topk(td::eval(m * -1.0), 5, 0).indices));
  CHECK(testing::values(td::topk(td::transpose(m), 7, 1).indices) ==
        testing::values(td::transpose(td::topk(m, 7, 0).indices)));  // (the values hold NaNs)

  // Leading and middle axes of longer lanes, several stretches each, and lanes that
  // fill whole and partial tiles side by side: against the same reference.
  {
    const std::array<td::index_t, 3> ext{2, 9000, 70};
    const auto c = tied_values(std::size_t(ext[0] * ext[1] * ext[2]), 7, true);
    const auto cube = td::from(c, {ext[0], ext[1], ext[2]}, space);
    for (td::index_t k : {td::index_t(16), td::index_t(64)}) {
      const auto r = td::topk(cube, k, 1);
      CHECK(r.values.shape() == td::shape<3>{ext[0], k, ext[2]});
      const auto got_v = testing::values(r.values), got_i = testing::values(r.indices);
      bool ok = true;
      for (td::index_t o = 0; o < ext[0] && ok; ++o)
        for (td::index_t j = 0; j < ext[2] && ok; ++j) {
          auto at = [&](td::index_t i) { return c[std::size_t((o * ext[1] + i) * ext[2] + j)]; };
          std::vector<td::index_t> idx(static_cast<std::size_t>(ext[1]));
          std::iota(idx.begin(), idx.end(), 0);
          std::stable_sort(idx.begin(), idx.end(), [&](td::index_t p, td::index_t q) { return sorts_before(at(q), at(p)); });
          for (td::index_t q = 0; q < k; ++q) {
            const std::size_t at_out = std::size_t((o * k + q) * ext[2] + j);
            ok = ok && got_i[at_out] == double(idx[std::size_t(q)]) && same_value(got_v[at_out], at(idx[std::size_t(q)]));
          }
        }
      INFO("k = " << k);
      CHECK(ok);
      // The same lanes as the last axis of a view (rows, not tiles).
      CHECK(testing::values(td::moveaxis(td::topk(td::moveaxis(cube, 1, 2), k, 2).indices, 2, 1)) == got_i);
    }
  }

  // One long lane: the stretches and their merge (k small) and selection (k large).
  const td::index_t n = 1 << 17;
  std::vector<int> w(static_cast<std::size_t>(n));
  std::mt19937 gen(11);
  std::uniform_int_distribution<int> d(-1000, 1000);
  for (auto& x : w) x = d(gen);
  const auto big = td::from(w, {n}, space);
  for (td::index_t k : {td::index_t(16), td::index_t(64), td::index_t(65), td::index_t(1000)}) {
    std::vector<td::index_t> idx(static_cast<std::size_t>(n));
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(), [&](td::index_t p, td::index_t q) { return w[std::size_t(q)] < w[std::size_t(p)]; });
    std::vector<double> want_i(idx.begin(), idx.begin() + k), want_v;
    for (td::index_t j = 0; j < k; ++j) want_v.push_back(w[std::size_t(idx[std::size_t(j)])]);
    const auto r = td::topk(td::flip(td::flip(big)), k);  // a reversed-twice view
    INFO("k = " << k);
    CHECK(testing::values(r.indices) == want_i);
    CHECK(testing::values(r.values) == want_v);
  }
}

// GPUs scan topk's stretches element by element, CPU cores a block at a time first: both
// forms of the kernel, run here on the host, give each stretch's top k in topk order.
TEST_CASE("topk's stretch kernel, element by element and in blocks", "[searching]") {
  const td::index_t n = 5000, chunk = 1000, chunks = n / chunk, k = 16;
  const auto v = tied_values(std::size_t(n), 9, true);
  const auto lane = td::from(v, {1, n}, td::host_space{});
  const auto lanes = td::detail::lanes_of(lane.view());
  using K = double;
  std::vector<td::detail::ranked<K>> one(std::size_t(chunks * k)), blocked(one.size());
  const td::detail::topk_chunk_kernel<double, 2, 1> by_element{lane.data(), lanes, n, chunk, chunks, k, one.data()};
  const td::detail::topk_chunk_kernel<double, 2, 32> by_block{lane.data(), lanes, n, chunk, chunks, k, blocked.data()};
  bool ok = true;
  for (td::index_t c = 0; c < chunks; ++c) {
    by_element(c);
    by_block(c);
    std::vector<td::index_t> idx(static_cast<std::size_t>(chunk));
    std::iota(idx.begin(), idx.end(), c * chunk);
    std::stable_sort(idx.begin(), idx.end(), [&](td::index_t p, td::index_t q) {
      return sorts_before(v[std::size_t(q)], v[std::size_t(p)]);
    });
    for (td::index_t j = 0; j < k; ++j) {
      const auto& a = one[std::size_t(c * k + j)];
      const auto& b = blocked[std::size_t(c * k + j)];
      ok = ok && a.index == idx[std::size_t(j)] && b.index == a.index && same_value(a.value, v[std::size_t(a.index)]) &&
           same_value(b.value, a.value);
    }
  }
  CHECK(ok);
}

TEMPLATE_TEST_CASE("partition, argpartition and argsort along an axis", "[searching]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const td::index_t rows = 23, cols = 41;
  const auto v = tied_values(std::size_t(rows * cols), 5, true);
  const auto m = td::from(v, {rows, cols}, space);
  // Partition along each axis at several kth: the kth element is the sorted one, and the
  // lane splits around it; argpartition's indices are a permutation doing the same.
  for (int ax : {0, 1, -1}) {
    const int a = ax < 0 ? 1 : ax;
    const td::index_t len = a == 0 ? rows : cols, lanes = a == 0 ? cols : rows;
    for (td::index_t kth : {td::index_t(0), td::index_t(7), len - 1, td::index_t(-2)}) {
      const td::index_t k = kth < 0 ? kth + len : kth;
      const auto p = testing::values(td::partition(m, kth, ax));
      const auto ip = testing::values(td::argpartition(m, kth, ax));
      bool ok = true;
      for (td::index_t l = 0; l < lanes; ++l) {
        auto pos = [&](td::index_t i) { return std::size_t(a == 0 ? i * cols + l : l * cols + i); };
        std::vector<double> lane, seen(static_cast<std::size_t>(len), 0);
        for (td::index_t i = 0; i < len; ++i) lane.push_back(v[pos(i)]);
        std::vector<double> sorted = lane;
        std::stable_sort(sorted.begin(), sorted.end(), sorts_before);
        // The partition property of a lane read through at(i).
        auto splits = [&](auto at) {
          bool good = same_value(at(k), sorted[std::size_t(k)]);
          for (td::index_t i = 0; i < len; ++i)
            good = good && (i < k ? !sorts_before(at(k), at(i)) : i > k ? !sorts_before(at(i), at(k)) : true);
          return good;
        };
        ok = ok && splits([&](td::index_t i) { return p[pos(i)]; });
        std::vector<double> from_idx;
        for (td::index_t i = 0; i < len; ++i) {
          const auto j = std::size_t(ip[pos(i)]);
          ok = ok && j < std::size_t(len) && seen[j] == 0;
          if (j < std::size_t(len)) seen[j] = 1;
          from_idx.push_back(j < std::size_t(len) ? lane[j] : nan_v);
        }
        ok = ok && splits([&](td::index_t i) { return from_idx[std::size_t(i)]; });
      }
      INFO("axis " << ax << ", kth " << kth);
      CHECK(ok);
    }
  }
  const auto small = testing::values(td::partition(td::from<int>({3, 4, 2, 1}, space), 2));  // numpy: [2 1 3 4]
  CHECK(small[2] == 3);
  CHECK(small[3] == 4);
  CHECK(std::min(small[0], small[1]) == 1);
  CHECK(std::max(small[0], small[1]) == 2);
  CHECK_THROWS_AS(td::partition(m, cols), td::index_error);
  CHECK_THROWS_WITH(td::argpartition(m, -cols - 1), testing::contains("kth -42 is out of bounds for a lane of 41"));
  CHECK_THROWS_AS(td::partition(m, 0, 2), td::index_error);

  // argsort along an axis: the stable order of each lane, NaN last.
  for (int ax : {0, 1}) {
    auto order = td::argsort(m, ax);
    static_assert(std::is_same_v<decltype(order), td::tensor<td::index_t, 2, TestType>>);
    CHECK(testing::values(order) == reference_argsort(v, rows, cols, ax));
    CHECK(testing::values(td::argsort(m, ax, td::descending)) == reference_argsort(v, rows, cols, ax, true));
  }
  // A transposed operand: its axis 1 is m's axis 0.
  CHECK(testing::values(td::transpose(td::argsort(td::transpose(m), 1))) == reference_argsort(v, rows, cols, 0));
  CHECK(testing::values(td::argsort(m + 1.0, -1)) == reference_argsort(v, rows, cols, 1));
  // Rank 3 along the middle axis, against the rank-2 result lane by lane.
  const auto cube = td::from(v, {1, rows, cols}, space);
  CHECK(testing::values(td::argsort(cube, 1)) == reference_argsort(v, rows, cols, 0));
  CHECK(testing::values(td::argsort(td::from<float>({3, 1, 2}, space), 0)) == std::vector<double>{1, 2, 0});
  CHECK(td::argsort(td::zeros<float>({0, 4}, space), 0).shape() == td::shape<2>{0, 4});
  CHECK_THROWS_AS(td::argsort(m, 2), td::index_error);
}

TEMPLATE_TEST_CASE("unique_counts, unique_inverse and bincount", "[searching]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // numpy: values [0 1 2 3 nan], counts [2 3 1 2 1], inverse [3 1 2 3 4 1 1 0 0]
  const auto a = td::from<double>({3, 1, 2, 3, nan_v, 1, 1, -0.0, 0.0}, space);
  auto uc = td::unique_counts(a);
  static_assert(std::is_same_v<decltype(uc.values), td::tensor<double, 1, TestType>>);
  const auto ucv = testing::values(uc.values);
  REQUIRE(ucv.size() == 5);
  CHECK(std::vector<double>(ucv.begin(), ucv.end() - 1) == std::vector<double>{0, 1, 2, 3});
  CHECK(std::isnan(ucv[4]));
  CHECK(testing::values(uc.counts) == std::vector<double>{2, 3, 1, 2, 1});
  auto ui = td::unique_inverse(a);
  CHECK(testing::values(ui.inverse) == std::vector<double>{3, 1, 2, 3, 4, 1, 1, 0, 0});
  CHECK(testing::values(ui.values).size() == 5);
  // Rank 2 and a transposed view: the inverse has the operand's shape and indexes back.
  const auto v = tied_values(600, 9, true);
  const auto m = td::from(v, {20, 30}, space);
  auto mi = td::unique_inverse(td::transpose(m));
  static_assert(std::is_same_v<decltype(mi.inverse), td::tensor<td::index_t, 2, TestType>>);
  CHECK(mi.inverse.shape() == td::shape<2>{30, 20});
  const auto uv = testing::values(mi.values), inv = testing::values(mi.inverse);
  bool ok = std::is_sorted(uv.begin(), uv.end(), sorts_before);
  for (std::size_t i = 1; i < uv.size(); ++i) ok = ok && !same_value(uv[i], uv[i - 1]);
  for (std::size_t r = 0; r < 30; ++r)
    for (std::size_t c = 0; c < 20; ++c) ok = ok && same_value(uv[std::size_t(inv[r * 20 + c])], v[c * 30 + r]);
  CHECK(ok);
  std::vector<double> distinct = v;
  std::sort(distinct.begin(), distinct.end(), sorts_before);
  distinct.erase(std::unique(distinct.begin(), distinct.end(), same_value), distinct.end());
  CHECK(uv.size() == distinct.size());
  const auto mc = td::unique_counts(m);
  const auto counts = testing::values(mc.counts);
  CHECK(std::accumulate(counts.begin(), counts.end(), 0.0) == 600);
  for (std::size_t g = 0; g < distinct.size() && g < counts.size(); ++g)
    CHECK(counts[g] == double(std::count_if(v.begin(), v.end(), [&](double x) { return same_value(x, distinct[g]); })));
  const auto empty = td::zeros<int>({0}, space);
  CHECK(td::unique_counts(empty).values.size() == 0);
  CHECK(td::unique_inverse(empty).inverse.size() == 0);

  // bincount: numpy's [1 3 1 1 0 0 0 1].
  const auto labels = td::from<int>({0, 1, 1, 3, 2, 1, 7}, space);
  auto b = td::bincount(labels);
  static_assert(std::is_same_v<decltype(b), td::tensor<td::index_t, 1, TestType>>);
  CHECK(testing::values(b) == std::vector<double>{1, 3, 1, 1, 0, 0, 0, 1});
  CHECK(testing::values(td::bincount(labels, 10)) == std::vector<double>{1, 3, 1, 1, 0, 0, 0, 1, 0, 0});
  CHECK(testing::values(td::bincount(labels, 3)) == testing::values(b));
  CHECK(testing::values(td::bincount(td::flip(labels))) == testing::values(b));
  CHECK(testing::values(td::bincount(empty, 3)) == std::vector<double>{0, 0, 0});
  CHECK(td::bincount(empty).size() == 0);
  CHECK(testing::values(td::bincount(td::from<bool>({true, false, true}, space))) == std::vector<double>{1, 2});
  CHECK(testing::values(td::bincount(td::from<std::uint8_t>({255, 0}, space))).size() == 256);
  // With weights, numpy's float64 sums: bincount([0, 1, 1, 3, 2, 1, 7], weights=w).
  const auto w = td::from<float>({0.5f, 1, 2, 3, 4, 5, 6}, space);
  const auto bw = td::bincount(labels, w);
  static_assert(std::is_same_v<decltype(bw), const td::tensor<double, 1, TestType>>);
  CHECK(testing::values(bw) == std::vector<double>{0.5, 8, 4, 3, 0, 0, 0, 6});
  CHECK(testing::values(td::bincount(labels, td::flip(w) * 2, 9)) ==
        std::vector<double>{12, 20, 4, 6, 0, 0, 0, 1, 0});
  CHECK(td::bincount(empty, td::zeros<double>({0}, space), 2).size() == 2);
  CHECK_THROWS_AS(td::bincount(labels, td::ones<double>({3}, space)), td::shape_error);
  // More bins than rows of them per chunk hold (atomic adds): weights in halves sum exactly.
  {
    const td::index_t n = 200000, top = 1200000;
    std::vector<int> xv(n);
    std::vector<double> wv(n), want(top + 1, 0);
    for (td::index_t i = 0; i < n; ++i) {
      xv[std::size_t(i)] = int((i * 7919) % (top + 1));
      wv[std::size_t(i)] = 0.5 * double(i % 5);
      want[std::size_t(xv[std::size_t(i)])] += wv[std::size_t(i)];
    }
    xv[0] = int(top);
    want[0] -= wv[0];
    want[std::size_t(top)] += wv[0];
    CHECK(testing::values(td::bincount(td::from(xv, {n}, space), td::from(wv, {n}, space))) == want);
  }
  const auto negative = td::from<int>({2, -3, 1}, space);
  CHECK_THROWS_AS(td::bincount(negative), td::error);
  CHECK_THROWS_WITH(td::bincount(negative), testing::contains("non-negative values; the operand holds -3"));
  CHECK_THROWS_AS(td::bincount(labels, -1), td::error);
  const auto huge = td::from<std::int64_t>({std::int64_t(1) << 50}, space);
  CHECK_THROWS_WITH(td::bincount(huge), testing::contains("would need more counts than memory holds"));
}

TEMPLATE_TEST_CASE("intersect1d, union1d, setdiff1d and setxor1d, as numpy's", "[searching][sets]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto same = [](const std::vector<double>& got, const std::vector<double>& want) {
    REQUIRE(got.size() == want.size());
    for (std::size_t i = 0; i < got.size(); ++i) CHECK((std::isnan(want[i]) ? std::isnan(got[i]) : got[i] == want[i]));
  };
  // numpy's values, NaN among them.
  same(testing::values(td::setxor1d(td::from<double>({1, nan, 3}, space), td::from<double>({2, nan, 3}, space))),
       {1, 2, nan, nan});
  same(testing::values(td::intersect1d(td::from<double>({3, 1, nan, 1}, space), td::from<double>({1, nan, 5, 3}, space))),
       {1, 3});
  same(testing::values(td::union1d(td::from<double>({3, nan}, space), td::from<double>({nan, 1}, space))), {1, 3, nan});
  same(testing::values(td::setdiff1d(td::from<double>({5, nan, 1, 5}, space), td::from<double>({1}, space))), {5, nan});
  // Operands of any rank, a view; against std's set algorithms on sorted distinct values.
  const auto a = td::from<int>({{4, 1, 9}, {1, 7, 4}}, space);
  const auto b = td::from<int>({9, 2, 2, 8, 4}, space);
  const auto ai = td::intersect1d(a, b);
  static_assert(std::is_same_v<decltype(ai), const td::tensor<int, 1, TestType>>);
  CHECK(testing::values(ai) == std::vector<double>{4, 9});
  CHECK(testing::values(td::union1d(a, b)) == std::vector<double>{1, 2, 4, 7, 8, 9});
  CHECK(testing::values(td::setdiff1d(a, b)) == std::vector<double>{1, 7});
  CHECK(testing::values(td::setdiff1d(b, td::transpose(a))) == std::vector<double>{2, 8});
  CHECK(testing::values(td::setxor1d(a, b)) == std::vector<double>{1, 2, 7, 8});
  const auto ra = testing::random_values<float>(300, -40, 40, 41), rb = testing::random_values<float>(200, -40, 40, 42);
  std::vector<int> va, vb;
  for (float x : ra) va.push_back(int(x));
  for (float x : rb) vb.push_back(int(x));
  const auto ta = td::from(va, {300}, space), tb = td::from(vb, {200}, space);
  std::vector<int> sa = va, sb = vb;
  std::sort(sa.begin(), sa.end());
  sa.erase(std::unique(sa.begin(), sa.end()), sa.end());
  std::sort(sb.begin(), sb.end());
  sb.erase(std::unique(sb.begin(), sb.end()), sb.end());
  const auto expect = [](auto op, const std::vector<int>& x, const std::vector<int>& y) {
    std::vector<int> r;
    op(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(r));
    return std::vector<double>(r.begin(), r.end());
  };
  using It = std::vector<int>::const_iterator;
  using Out = std::back_insert_iterator<std::vector<int>>;
  CHECK(testing::values(td::intersect1d(ta, tb)) == expect(std::set_intersection<It, It, Out>, sa, sb));
  CHECK(testing::values(td::union1d(ta, tb)) == expect(std::set_union<It, It, Out>, sa, sb));
  CHECK(testing::values(td::setdiff1d(ta, tb)) == expect(std::set_difference<It, It, Out>, sa, sb));
  CHECK(testing::values(td::setxor1d(ta, tb)) == expect(std::set_symmetric_difference<It, It, Out>, sa, sb));
  // Empty operands.
  CHECK(td::intersect1d(ta, td::zeros<int>({0}, space)).size() == 0);
  CHECK(testing::values(td::union1d(td::zeros<int>({0}, space), td::from<int>({3, 3}, space))) ==
        std::vector<double>{3});
}

TEMPLATE_TEST_CASE("lexsort sorts by the last key first", "[searching]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // numpy: lexsort(([1, 5, 1, 4, 3, 4, 4], [9, 4, 0, 4, 0, 2, 1])) = [2, 4, 6, 5, 3, 1, 0].
  const auto b = td::from<int>({1, 5, 1, 4, 3, 4, 4}, space);
  const auto a = td::from<double>({9, 4, 0, 4, 0, 2, 1}, space);
  CHECK(td::to_vector(td::lexsort(b, a)) == std::vector<td::index_t>{2, 4, 6, 5, 3, 1, 0});
  CHECK(td::to_vector(td::lexsort(a)) == td::to_vector(td::argsort(a)));
  // Three keys, one an expression and one reversed, against std::stable_sort of the tuples.
  const std::size_t n = 5000;
  const auto k0 = testing::random_values<float>(n, 0, 4, 61), k1 = testing::random_values<float>(n, 0, 3, 62),
             k2 = testing::random_values<float>(n, 0, 5, 63);
  std::vector<int> i0, i1, i2;
  for (std::size_t i = 0; i < n; ++i) {
    i0.push_back(int(k0[i]));
    i1.push_back(int(k1[i]));
    i2.push_back(int(k2[i]));
  }
  const auto t0 = td::from(i0, {td::index_t(n)}, space), t1 = td::from(i1, {td::index_t(n)}, space),
             t2 = td::from(i2, {td::index_t(n)}, space);
  std::vector<td::index_t> want(n);
  for (std::size_t i = 0; i < n; ++i) want[i] = td::index_t(i);
  // Key 1 is read reversed below, so key 1 of element i is i1[n - 1 - i].
  std::stable_sort(want.begin(), want.end(), [&](td::index_t p, td::index_t q) {
    const auto key = [&](td::index_t i) {
      return std::tuple(2 * i2[std::size_t(i)], i1[n - 1 - std::size_t(i)], i0[std::size_t(i)]);
    };
    return key(p) < key(q);
  });
  CHECK(td::to_vector(td::lexsort(t0, td::flip(t1), t2 * 2)) == want);
  // NaNs sort last, as argsort puts them; empty keys; keys of different lengths.
  const auto f = td::from<float>({std::nanf(""), 1.f, std::nanf(""), 0.f}, space);
  CHECK(td::to_vector(td::lexsort(td::from<int>({1, 0, 0, 0}, space), f)) == std::vector<td::index_t>{3, 1, 2, 0});
  CHECK(td::lexsort(td::zeros<int>({0}, space), td::zeros<float>({0}, space)).size() == 0);
  CHECK_THROWS_WITH(td::lexsort(a, td::zeros<int>({3}, space)), testing::contains("key 1 has 3 elements"));
}
