// Statistics (algorithm/statistics.hpp), cumprod, count_nonzero along an axis and
// td::keepdims: against plain double-precision loops, hand-computed values and numpy's
// documented edge cases (NaN, empty, integer wrap), in every space.
#include <algorithm>
#include <cmath>
#include <limits>

#include "support/test_support.hpp"

namespace {
const double qnan = std::numeric_limits<double>::quiet_NaN();

/// The population variance (ddof 0 or more) of v in two passes, in double.
double two_pass_var(const std::vector<double>& v, int ddof = 0) {
  double m = 0;
  for (double x : v) m += x;
  m /= double(v.size());
  double q = 0;
  for (double x : v) q += (x - m) * (x - m);
  return q / double(std::max<std::ptrdiff_t>(std::ptrdiff_t(v.size()) - ddof, 0));
}

/// numpy's linear quantile of the sorted values v, in double.
double sorted_quantile(const std::vector<double>& v, double q) {
  const double h = double(v.size() - 1) * q;
  const std::size_t k = std::size_t(std::floor(h));
  const double t = h - std::floor(h);
  if (k + 1 >= v.size() || t == 0) return v[k];
  const double d = v[k + 1] - v[k];
  return t >= 0.5 ? v[k + 1] - d * (1 - t) : v[k] + d * t;
}
/// The same of v in any order.
double linear_quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return sorted_quantile(v, q);
}

/// Equal element by element, a NaN matching a NaN.
bool same_values(const std::vector<double>& got, const std::vector<double>& want) {
  if (got.size() != want.size()) return false;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (std::isnan(want[i]) ? !std::isnan(got[i]) : got[i] != want[i]) return false;
  return true;
}
}  // namespace

TEMPLATE_TEST_CASE("var and stddev are one pass and accurate", "[statistics][var]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // A large offset: the textbook sum of squares minus squared sum would lose every digit.
  for (const std::size_t n : {std::size_t(1), std::size_t(7), std::size_t(513), std::size_t(100003)}) {
    auto xs = testing::random_values<double>(n, -1, 1, unsigned(n));
    for (double& x : xs) x += 1e6;
    const double want = two_pass_var(xs);
    const auto a = td::from(xs, {td::index_t(n)}, space);
    CHECK(td::var(a) == Catch::Approx(want).epsilon(1e-9).margin(1e-300));
    CHECK(td::stddev(a) == Catch::Approx(std::sqrt(want)).epsilon(1e-9).margin(1e-300));
    std::vector<float> fs(xs.size());
    std::vector<double> fd(xs.size());
    for (std::size_t i = 0; i < n; ++i) fd[i] = fs[i] = float(xs[i] - 1e6 + 1000);
    const auto f = td::from(fs, {td::index_t(n)}, space);
    const float vf = td::var(f);
    static_assert(std::is_same_v<decltype(td::var(f)), float>);
    CHECK(vf == Catch::Approx(two_pass_var(fd)).epsilon(2e-4).margin(1e-6));
    // Through a negative-stride view and an expression.
    CHECK(td::var(td::flip(a)) == Catch::Approx(want).epsilon(1e-9).margin(1e-300));
    // A reversed or transposed view is reduced in its memory's order, as numpy does: the
    // bits of the same memory reduced as laid out.
    CHECK(td::var(td::flip(a)) == td::var(a));
    if (n % 7 == 0 || n == 513) {
      const auto sq = td::reshape(f, {td::index_t(n) / (n == 513 ? 27 : 7), n == 513 ? 27 : 7});
      CHECK(td::var(td::transpose(sq)) == td::var(sq));
      CHECK(td::var(td::transpose(sq)) == Catch::Approx(two_pass_var(fd)).epsilon(2e-4).margin(1e-6));
    }
    CHECK(td::var(a * 2.0) == Catch::Approx(4 * want).epsilon(1e-9).margin(1e-300));
  }
  // Hand values: [1, 2, 3, 4] has variance 1.25 (ddof 0) and 5/3 (ddof 1).
  const auto h = td::from<int>({1, 2, 3, 4}, space);
  static_assert(std::is_same_v<decltype(td::var(h)), double>);
  CHECK(td::var(h) == 1.25);
  // With an axis the result is a tensor (rank 0 here), as td::sum(h, 0) is.
  CHECK(testing::values(td::var(h, 0, 1))[0] == Catch::Approx(5.0 / 3));
  CHECK(testing::values(td::stddev(h, 0, 1))[0] == Catch::Approx(std::sqrt(5.0 / 3)));
  // numpy's edge cases: empty gives NaN; ddof >= n divides by zero (NaN or inf).
  CHECK(std::isnan(td::var(td::zeros<double>({0}, space))));
  CHECK(std::isnan(testing::values(td::var(td::from<double>({3}, space), 0, 1))[0]));
  CHECK(std::isinf(testing::values(td::var(td::from<double>({1, 2}, space), 0, 2))[0]));
  CHECK(std::isnan(td::var(td::from<double>({1, qnan, 2}, space))));
  CHECK(std::isnan(td::var(td::from<double>({1, INFINITY}, space))));
  CHECK(std::isnan(td::var(td::flip(td::from<double>({1, INFINITY, 2}, space)))));
  CHECK(std::isnan(td::var(td::flip(td::from<double>({1, qnan, 2}, space)))));
  // Along each axis of [3, 4], with ddof and keepdims.
  const auto vals = testing::random_values<double>(12, -5, 5, 11);
  const auto m = td::from(vals, {3, 4}, space);
  const auto rows = testing::values(td::var(m, 1, 1));
  const auto cols = testing::values(td::stddev(m, 0));
  REQUIRE(rows.size() == 3);
  REQUIRE(cols.size() == 4);
  for (int i = 0; i < 3; ++i)
    CHECK(rows[i] == Catch::Approx(two_pass_var({vals.begin() + 4 * i, vals.begin() + 4 * i + 4}, 1)).epsilon(1e-12));
  for (int j = 0; j < 4; ++j)
    CHECK(cols[j] == Catch::Approx(std::sqrt(two_pass_var({vals[j], vals[4 + j], vals[8 + j]}))).epsilon(1e-12));
  auto kept = td::var(m, 1, td::keepdims);
  static_assert(std::is_same_v<decltype(kept), td::tensor<double, 2, TestType>>);
  CHECK(kept.shape() == td::shape<2>{3, 1});
  CHECK(td::var(m, -2, 0, td::keepdims).shape() == td::shape<2>{1, 4});
  CHECK(td::allclose(td::var(td::transpose(m), 0), td::var(m, 1)));
  CHECK(testing::values(td::var(td::zeros<float>({2, 0}, space), 0)).empty());
  CHECK(std::isnan(testing::values(td::var(td::zeros<float>({2, 0}, space), 1))[0]));
  // A long leading axis (the CPU's tiled axis reduction) agrees with the loop.
  const auto tall = testing::random_values<double>(3000 * 3, 100, 101, 3);
  const auto t = td::from(tall, {3000, 3}, space);
  const auto tv = testing::values(td::var(t, 0));
  for (int j = 0; j < 3; ++j) {
    std::vector<double> col;
    for (int i = 0; i < 3000; ++i) col.push_back(tall[3 * i + j]);
    CHECK(tv[j] == Catch::Approx(two_pass_var(col)).epsilon(1e-10));
  }
  CHECK_THROWS_AS(td::var(m, 2), td::index_error);
}

TEMPLATE_TEST_CASE("var along the last axis: long lanes in blocks, the bits of each lane's own var",
                   "[statistics][var]", TANDEM_TEST_SPACES) {
  // Lanes of 1, 7, 2047, 2048, 2049 and 5000 values (blocks of 2048 with tails), offset
  // far from zero (a sum of squares would cancel), a lane holding an infinity (numpy:
  // NaN) and one a NaN; float and double; dense rows, every other column, and rows of a
  // transposed matrix.
  const TestType space{};
  for (const td::index_t len : {1, 7, 2047, 2048, 2049, 5000}) {
    INFO("lanes of " << len);
    const td::index_t rows = 4;
    auto h = testing::random_values<double>(std::size_t(rows * len), 1000, 1001, unsigned(len));
    if (len > 1) {
      h[std::size_t(2 * len + len / 2)] = INFINITY;
      h[std::size_t(3 * len + len - 1)] = qnan;
    }
    const auto m = td::from(h, {rows, len}, space);
    const auto v = testing::values(td::var(m, 1));
    const auto sd = testing::values(td::stddev(m, 1, 1));
    std::vector<float> hf(h.begin(), h.end());
    const auto mf = td::from(hf, {rows, len}, space);
    const auto vf = td::var(mf, 1);
    const auto vfh = testing::values(vf);
    for (td::index_t r = 0; r < rows; ++r) {
      INFO("row " << r);
      const std::vector<double> lane(h.begin() + r * len, h.begin() + (r + 1) * len);
      const double want = two_pass_var(lane);
      if (std::isnan(want)) {
        CHECK(std::isnan(v[std::size_t(r)]));
        CHECK(std::isnan(vfh[std::size_t(r)]));
        continue;
      }
      CHECK(v[std::size_t(r)] == Catch::Approx(want).epsilon(1e-10).margin(1e-300));
      if (len > 1) CHECK(sd[std::size_t(r)] == Catch::Approx(std::sqrt(two_pass_var(lane, 1))).epsilon(1e-10));
      const std::vector<double> lanef(hf.begin() + r * len, hf.begin() + (r + 1) * len);
      CHECK(vfh[std::size_t(r)] == Catch::Approx(two_pass_var(lanef)).epsilon(1e-3).margin(1e-9));
      // The same bits as the lane's own whole var.
      CHECK(v[std::size_t(r)] == td::var(td::slice(m, r, td::all)));
      CHECK(vfh[std::size_t(r)] == td::var(td::slice(mf, r, td::all)));
    }
    // Every other column, and rows of a transposed matrix: strided lanes.
    const auto half = td::slice(m, td::all, td::range(0, len, 2));
    const auto vh = testing::values(td::var(half, 1));
    const auto tt = td::eval(td::transpose(m));
    const auto vt = testing::values(td::var(td::transpose(tt), 1));
    for (td::index_t r = 0; r < rows; ++r) {
      std::vector<double> lane;
      for (td::index_t j = 0; j < len; j += 2) lane.push_back(h[std::size_t(r * len + j)]);
      const double want = two_pass_var(lane);
      if (std::isnan(want))
        CHECK(std::isnan(vh[std::size_t(r)]));
      else
        CHECK(vh[std::size_t(r)] == Catch::Approx(want).epsilon(1e-10).margin(1e-300));
      if (std::isnan(v[std::size_t(r)]))
        CHECK(std::isnan(vt[std::size_t(r)]));
      else
        CHECK(vt[std::size_t(r)] == Catch::Approx(v[std::size_t(r)]).epsilon(1e-10).margin(1e-300));
    }
  }
}

TEMPLATE_TEST_CASE("var along a leading axis has the bits of the same lanes along the last axis",
                   "[statistics][var]", TANDEM_TEST_SPACES) {
  // Heights across blocks of 2048 and widths across tiles of lanes; dense columns, every
  // other column (read through row readers), and an infinity and a NaN in some lanes.
  const TestType space{};
  const auto same = [](const std::vector<double>& a, const std::vector<double>& b) {
    std::size_t differ = a.size() == b.size() ? 0 : 1;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
      differ += !(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i])));
    return differ;
  };
  for (const td::index_t height : {1, 7, 2049, 5000})
    for (const td::index_t width : {1, 65, 600}) {  // 600: two tiles of 512 lanes
      INFO(height << " x " << width);
      auto h = testing::random_values<float>(std::size_t(height * width), 50, 51, unsigned(height + width));
      if (height > 7 && width > 1) {
        h[std::size_t(3 * width + 1)] = INFINITY;
        h[std::size_t((height - 1) * width)] = NAN;
      }
      const auto t = td::from(h, {height, width}, space);
      const auto v0 = testing::values(td::var(t, 0));
      CHECK(same(v0, testing::values(td::var(td::eval(td::transpose(t)), 1))) == 0);
      const auto odd = td::slice(t, td::all, td::range(0, width, 2));
      CHECK(same(testing::values(td::var(odd, 0)), testing::values(td::var(td::eval(td::transpose(odd)), 1))) == 0);
      CHECK(same(testing::values(td::stddev(t, 0, 1)),
                 testing::values(td::stddev(td::eval(td::transpose(t)), 1, 1))) == 0);
      // And against the loop, in double.
      std::size_t off = 0;
      for (td::index_t j = 0; j < width; ++j) {
        std::vector<double> col;
        for (td::index_t i = 0; i < height; ++i) col.push_back(h[std::size_t(i * width + j)]);
        const double want = two_pass_var(col);
        const double got = v0[std::size_t(j)];
        off += std::isnan(want) ? !std::isnan(got) : std::abs(got - want) > 1e-3 * want + 1e-6;
      }
      CHECK(off == 0);
    }
}

TEMPLATE_TEST_CASE("var and stddev of complex numbers are real: the mean of |z - mean|^2", "[statistics][var]",
                   TANDEM_TEST_SPACES) {
  // numpy: np.var([1+1j, 3-1j, 2+5j, -4+0.5j]) == 12.171875, a float64.
  const TestType space{};
  using cd = td::complex<double>;
  const std::vector<cd> zs = {{1, 1}, {3, -1}, {2, 5}, {-4, 0.5}};
  const auto z = td::from(zs, {4}, space);
  static_assert(std::is_same_v<decltype(td::var(z)), double>);
  CHECK(td::var(z) == Catch::Approx(12.171875).epsilon(1e-14));
  CHECK(td::stddev(z) == Catch::Approx(std::sqrt(12.171875)).epsilon(1e-14));
  // Along an axis of [2, 3] complex floats, ddof 1, against a double loop.
  const std::vector<td::complex<float>> ms = {{1, 2}, {-3, 0.5f}, {4, 4}, {0, -1}, {2.5f, 2}, {-1, 7}};
  const auto m = td::from(ms, {2, 3}, space);
  const auto v1 = testing::values(td::var(m, 1, 1));
  static_assert(std::is_same_v<typename decltype(td::var(m, 1))::value_type, float>);
  for (int r = 0; r < 2; ++r) {
    double mr = 0, mi = 0;
    for (int j = 0; j < 3; ++j) mr += ms[std::size_t(3 * r + j)].real(), mi += ms[std::size_t(3 * r + j)].imag();
    mr /= 3, mi /= 3;
    double q = 0;
    for (int j = 0; j < 3; ++j) {
      const double dr = ms[std::size_t(3 * r + j)].real() - mr, di = ms[std::size_t(3 * r + j)].imag() - mi;
      q += dr * dr + di * di;
    }
    CHECK(v1[std::size_t(r)] == Catch::Approx(q / 2).epsilon(1e-6));
  }
  // Column 1: (-3, 0.5) and (2.5, 2), each 2.75 + 0.75i from their mean: |d|^2 = 8.125.
  CHECK(testing::values(td::stddev(m, 0))[1] == Catch::Approx(std::sqrt(8.125)).epsilon(1e-6));
  // nanvar: an element NaN in either part is skipped whole.
  const std::vector<cd> withnan = {{1, 1}, {3, std::numeric_limits<double>::quiet_NaN()}, {2, 5}, {-4, 0.5}};
  const auto zn = td::from(withnan, {4}, space);
  CHECK(std::isnan(td::var(zn)));
  const std::vector<cd> kept = {{1, 1}, {2, 5}, {-4, 0.5}};
  CHECK(td::nanvar(zn) == Catch::Approx(td::var(td::from(kept, {3}, space))).epsilon(1e-14));
  CHECK(testing::values(td::nanvar(td::reshape(zn, {2, 2}), 1))[0] == Catch::Approx(0.0).margin(1e-300));
}

TEMPLATE_TEST_CASE("ptp, count_nonzero along an axis, cumprod and keepdims", "[statistics]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto m = td::from<int>({{3, -1, 4}, {1, 5, -9}}, space);
  CHECK(td::ptp(m) == 14);
  CHECK(testing::values(td::ptp(m, 0)) == std::vector<double>{2, 6, 13});
  CHECK(testing::values(td::ptp(m, 1)) == std::vector<double>{5, 14});
  CHECK(td::ptp(m, 1, td::keepdims).shape() == td::shape<2>{2, 1});
  // Integers wrap as numpy's: int8 [-128, 127] has ptp -1.
  const auto i8 = td::from<std::int8_t>({-128, 127}, space);
  CHECK(int(td::ptp(i8)) == -1);
  CHECK(td::ptp(td::from<std::int64_t>({std::numeric_limits<std::int64_t>::min(), 0}, space)) ==
        std::numeric_limits<std::int64_t>::min());
  CHECK(std::isnan(td::ptp(td::from<float>({1, NAN, 3}, space))));
  CHECK(td::ptp(td::from<float>({2.5f, -1, 7}, space)) == 8.f);
  CHECK_THROWS_AS(td::ptp(td::zeros<float>({0}, space)), td::shape_error);

  CHECK(testing::values(td::count_nonzero(m > 0, 0)) == std::vector<double>{2, 1, 1});
  CHECK(testing::values(td::count_nonzero(m, 1)) == std::vector<double>{3, 3});
  auto cz = td::count_nonzero(td::from<float>({{0, 1}, {0, 0}}, space), 1, td::keepdims);
  static_assert(std::is_same_v<decltype(cz), td::tensor<td::index_t, 2, TestType>>);
  CHECK(testing::values(cz) == std::vector<double>{1, 0});

  // cumprod, flat and along each axis, against loops.
  CHECK(testing::values(td::cumprod(m)) == std::vector<double>{3, -3, -12, -12, -60, 540});
  CHECK(testing::values(td::cumprod(m, 0)) == std::vector<double>{3, -1, 4, 3, -5, -36});
  CHECK(testing::values(td::cumprod(m, 1)) == std::vector<double>{3, -3, -12, 1, 5, -45});
  CHECK(testing::values(td::cumprod(td::flip(m, 1), -1)) == std::vector<double>{4, -4, -12, -9, -45, -45});
  CHECK(testing::values(td::cumprod(td::from<bool>({true, true, false, true}, space))) ==
        std::vector<double>{1, 1, 0, 0});
  CHECK(td::cumprod(td::zeros<float>({0}, space)).size() == 0);

  // keepdims on every axis reduction of reduce.hpp: the axis stays with extent 1.
  const auto f = td::from<double>({{1, 2, 3}, {4, 5, 9}}, space);
  auto centred = td::eval(f - td::mean(f, 1, td::keepdims));
  CHECK(testing::values(centred) == std::vector<double>{-1, 0, 1, -2, -1, 3});
  CHECK(td::sum(f, 0, td::keepdims).shape() == td::shape<2>{1, 3});
  CHECK(testing::values(td::sum(f, -1, td::keepdims)) == std::vector<double>{6, 18});
  CHECK(testing::values(td::prod(f, 1, td::keepdims)) == std::vector<double>{6, 180});
  CHECK(testing::values(td::max(f, 0, td::keepdims)) == std::vector<double>{4, 5, 9});
  CHECK(testing::values(td::min(f, 1, td::keepdims)) == std::vector<double>{1, 4});
  CHECK(testing::values(td::argmax(f, 1, td::keepdims)) == std::vector<double>{2, 2});
  CHECK(td::argmin(f, 0, td::keepdims).shape() == td::shape<2>{1, 3});
  CHECK(testing::values(td::all(f > 1.0, 1, td::keepdims)) == std::vector<double>{0, 1});
  CHECK(testing::values(td::any(f > 4.0, 1, td::keepdims)) == std::vector<double>{0, 1});
  CHECK(td::norm(f, 1, td::keepdims).shape() == td::shape<2>{2, 1});
  CHECK(td::reduce(f, 0.0, td::detail::sum_op{}, 1, td::keepdims).shape() == td::shape<2>{2, 1});
  CHECK_THROWS_AS(td::sum(f, 2, td::keepdims), td::index_error);
}

TEMPLATE_TEST_CASE("median, quantile and percentile by selection", "[statistics][median]", TANDEM_TEST_SPACES) {
  const TestType space{};
  CHECK(td::median(td::from<double>({3, 1, 2}, space)) == 2.0);
  CHECK(td::median(td::from<double>({4, 1, 3, 2}, space)) == 2.5);
  const auto ints = td::from<int>({7, 1, 4, 10}, space);
  static_assert(std::is_same_v<decltype(td::median(ints)), double>);
  CHECK(td::median(ints) == 5.5);
  // numpy's linear method: quantile([1, 2, 3, 4], 0.4) = 2.2; percentile 75 = 3.25.
  const auto q4 = td::from<double>({4, 2, 1, 3}, space);
  CHECK(td::quantile(q4, 0.4) == Catch::Approx(2.2).epsilon(1e-15));
  CHECK(td::percentile(q4, 75) == 3.25);
  CHECK(td::quantile(q4, 0) == 1);
  CHECK(td::quantile(q4, 1) == 4);
  CHECK(td::median(td::from<float>({5}, space)) == 5.f);
  CHECK(std::isnan(td::median(td::from<float>({1, NAN, 3}, space))));
  CHECK(std::isnan(td::quantile(td::from<double>({qnan, 1}, space), 0.1)));
  CHECK(std::isnan(td::median(td::zeros<float>({0}, space))));
  CHECK_THROWS_AS(td::quantile(q4, 1.5), td::error);
  CHECK_THROWS_WITH(td::percentile(q4, -1), testing::contains("outside [0, 100]"));
  // Long inputs of every awkward kind: the exact order statistics of a sorted copy.
  const std::size_t n = 10001;
  std::vector<std::vector<double>> inputs;
  inputs.push_back(testing::random_values<double>(n, -1e3, 1e3, 17));
  inputs.emplace_back(n, 2.5);  // all equal
  std::vector<double> up(n), down(n), organ(n), few(n);
  for (std::size_t i = 0; i < n; ++i) {
    up[i] = double(i);
    down[i] = double(n - i);
    organ[i] = double(i < n / 2 ? i : n - i);
    few[i] = double(i % 3);
  }
  for (auto* v : {&up, &down, &organ, &few}) inputs.push_back(*v);
  for (const auto& v : inputs) {
    const auto a = td::from(v, {td::index_t(n)}, space);
    std::vector<double> s = v;
    std::sort(s.begin(), s.end());
    CHECK(td::median(a) == s[n / 2]);
    CHECK(td::quantile(a, 0.3) == Catch::Approx(linear_quantile(v, 0.3)).epsilon(1e-14));
    CHECK(td::percentile(a, 99.9) == Catch::Approx(linear_quantile(v, 0.999)).epsilon(1e-14));
    std::vector<double> even(v.begin(), v.end() - 1);
    std::sort(even.begin(), even.end());
    CHECK(td::median(td::slice(a, td::range(0, td::index_t(n) - 1))) == (even[n / 2 - 1] + even[n / 2]) / 2);
  }
  // Above 2^18 elements the whole-array quantiles bracket the answer from a sorted sample
  // and count once (no copy): the same exact answers, for every kind of input.
  {
    const std::size_t big = (std::size_t(1) << 18) + 3;
    std::vector<std::vector<double>> kinds;
    kinds.push_back(testing::random_values<double>(big, -1, 1, 29));
    kinds.emplace_back(big, -7.0);
    std::vector<double> ramp(big), steps(big), skew(big);
    for (std::size_t i = 0; i < big; ++i) {
      ramp[i] = double(big - i);
      steps[i] = double(i % 5) - 2;
      skew[i] = i % 1000 == 0 ? 1e30 : double(i % 7);
    }
    kinds.push_back(ramp);
    kinds.push_back(steps);
    kinds.push_back(skew);
    for (const auto& v : kinds) {
      const auto a = td::from(v, {td::index_t(big)}, space);
      std::vector<double> s = v;
      std::sort(s.begin(), s.end());
      CHECK(td::median(a) == s[big / 2]);
      for (const double q : {0.0, 1e-7, 0.01, 0.3, 0.5, 0.999999, 1.0})
        CHECK(td::quantile(a, q) == Catch::Approx(sorted_quantile(s, q)).epsilon(1e-14).margin(1e-300));
      const auto fa = td::cast<float>(a);  // an expression: read as it is computed
      CHECK(td::median(fa) == float(s[big / 2]));
      const auto ia = td::eval(td::cast<std::int64_t>(a * 1000.0));
      std::vector<double> is;
      for (const std::int64_t x : td::to_vector(ia)) is.push_back(double(x));
      CHECK(td::percentile(ia, 37.5) == Catch::Approx(linear_quantile(is, 0.375)).epsilon(1e-14));
    }
    auto with_nan = kinds[0];
    with_nan[12345] = qnan;
    CHECK(std::isnan(td::median(td::from(with_nan, {td::index_t(big)}, space))));
    CHECK(std::isnan(td::quantile(td::from(with_nan, {td::index_t(big)}, space), 0.0)));
  }

  // Along an axis, with keepdims, and of a strided view; the operand is not changed.
  const auto vals = testing::random_values<float>(5 * 6, 0, 10, 23);
  const auto m = td::from(vals, {5, 6}, space);
  const auto med0 = testing::values(td::median(m, 0));
  const auto q1 = testing::values(td::quantile(m, 0.25, 1));
  const auto p1 = testing::values(td::percentile(td::transpose(m), 90, 0));
  REQUIRE(med0.size() == 6);
  REQUIRE(q1.size() == 5);
  for (int j = 0; j < 6; ++j) {
    std::vector<double> col;
    for (int i = 0; i < 5; ++i) col.push_back(vals[6 * i + j]);
    std::sort(col.begin(), col.end());
    CHECK(med0[j] == col[2]);
  }
  for (int i = 0; i < 5; ++i) {
    const std::vector<double> row(vals.begin() + 6 * i, vals.begin() + 6 * i + 6);
    CHECK(q1[i] == Catch::Approx(linear_quantile(row, 0.25)).epsilon(1e-6));
    CHECK(p1[i] == Catch::Approx(linear_quantile(row, 0.9)).epsilon(1e-6));
  }
  CHECK(testing::values(m) == testing::values(td::from(vals, {5, 6}, space)));
  CHECK(td::median(m, 1, td::keepdims).shape() == td::shape<2>{5, 1});
  CHECK(td::quantile(m, 0.5, 0, td::keepdims).shape() == td::shape<2>{1, 6});
  CHECK(td::median(td::zeros<float>({0, 3}, space), 0).size() == 3);
  CHECK(std::isnan(testing::values(td::median(td::zeros<float>({0, 3}, space), 0))[0]));
  CHECK(td::median(td::zeros<float>({3, 0}, space), 0).size() == 0);
}

TEMPLATE_TEST_CASE("quantiles of several q at once", "[statistics][median]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // numpy: quantile([4, 2, 1, 3], [0.4, 0, 1, 0.4]) = [2.2, 1, 4, 2.2], in q's order.
  const auto q4 = td::from<double>({4, 2, 1, 3}, space);
  const auto r = td::quantile(q4, {0.4, 0.0, 1.0, 0.4});
  static_assert(std::is_same_v<decltype(r), const td::tensor<double, 1, TestType>>);
  const auto rv = testing::values(r);
  REQUIRE(rv.size() == 4);
  CHECK(rv[0] == Catch::Approx(2.2).epsilon(1e-15));
  CHECK(rv[1] == 1);
  CHECK(rv[2] == 4);
  CHECK(rv[3] == rv[0]);
  // percentile([7, 1, 4, 10], [75, 25, 50]) = [7.75, 3.25, 5.5]; integers give double.
  const auto ints = td::from<int>({7, 1, 4, 10}, space);
  static_assert(std::is_same_v<decltype(td::percentile(ints, {75.0, 25.0})), td::tensor<double, 1, TestType>>);
  CHECK(testing::values(td::percentile(ints, {75.0, 25.0, 50.0})) == std::vector<double>{7.75, 3.25, 5.5});
  CHECK(td::quantile(q4, std::vector<double>{}).size() == 0);
  CHECK_THROWS_WITH(td::quantile(q4, {0.5, 1.5}), testing::contains("outside [0, 1]"));
  CHECK_THROWS_AS(td::percentile(q4, {50.0, -1.0}), td::error);
  const auto empty = testing::values(td::quantile(td::zeros<float>({0}, space), {0.1, 0.9}));
  REQUIRE(empty.size() == 2);
  CHECK((std::isnan(empty[0]) && std::isnan(empty[1])));
  const auto nan_lane = testing::values(td::quantile(td::from<double>({1, qnan, 3}, space), {0.0, 0.5}));
  CHECK((std::isnan(nan_lane[0]) && std::isnan(nan_lane[1])));
  // An integral virtual index is the order statistic, next to an infinity too (numpy's
  // _lerp gives NaN there); integers' neighbours subtract exactly (numpy's wrap).
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(testing::values(td::quantile(td::from<double>({inf}, space), {0.3, 1.0})) == std::vector<double>{inf, inf});
  CHECK(testing::values(td::quantile(td::from<double>({1, inf, 2}, space), {0.5, 1.0})) == std::vector<double>{2, inf});
  const auto wide = td::from<int>({-36, std::numeric_limits<int>::max()}, space);
  CHECK(td::percentile(wide, 50) == 1073741805.5);
  CHECK(testing::values(td::percentile(wide, {50.0, 0.0})) == std::vector<double>{1073741805.5, -36});

  // Each q as the single-q call gives it, small (selection in a copy) and above 2^18
  // elements (the sampled bracket), against the order statistics of a sorted copy.
  const std::vector<double> qs{0.999, 0.0, 0.25, 0.5, 0.5, 1.0, 1e-6};
  for (const std::size_t n : {std::size_t(1001), (std::size_t(1) << 18) + 5}) {
    const auto v = testing::random_values<double>(n, -1e3, 1e3, 41);
    const auto a = td::from(v, {td::index_t(n)}, space);
    const auto got = testing::values(td::quantile(a, qs));
    REQUIRE(got.size() == qs.size());
    std::vector<double> sorted = v;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t k = 0; k < qs.size(); ++k) {
      CHECK(got[k] == Catch::Approx(sorted_quantile(sorted, qs[k])).epsilon(1e-14));
      CHECK(got[k] == td::quantile(a, qs[k]));
    }
    // Of floats: doubles, as numpy's (the single-q form keeps float).
    const auto fa = td::cast<float>(a);
    const auto pct = td::percentile(fa, {10.0, 90.0});
    static_assert(std::is_same_v<decltype(pct), const td::tensor<double, 1, TestType>>);
    const auto pv = testing::values(pct);
    CHECK(pv[0] == Catch::Approx(td::percentile(fa, 10.0)).epsilon(1e-6));
    CHECK(pv[1] == Catch::Approx(td::percentile(fa, 90.0)).epsilon(1e-6));
  }

  // Along an axis: the q's first, then the other axes, as numpy; each lane as the
  // single-q call gives it; a strided view; keepdims keeps the axis behind the q's.
  const auto vals = testing::random_values<float>(5 * 6 * 4, 0, 10, 43);
  const auto m = td::from(vals, {5, 6, 4}, space);
  const std::vector<double> q3{0.9, 0.1, 0.5};
  const auto along = td::quantile(m, q3, 1);
  CHECK(along.shape() == td::shape<3>{3, 5, 4});
  const auto av = testing::values(along);
  for (std::size_t k = 0; k < q3.size(); ++k) {
    const auto one = testing::values(td::quantile(m, q3[k], 1));
    REQUIRE(one.size() == 20);
    for (std::size_t i = 0; i < 20; ++i) CHECK(av[k * 20 + i] == Catch::Approx(one[i]).epsilon(1e-6));
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 4; ++j) {
        std::vector<double> lane;
        for (int c = 0; c < 6; ++c) lane.push_back(vals[std::size_t((i * 6 + c) * 4 + j)]);
        CHECK(av[k * 20 + std::size_t(i * 4 + j)] == Catch::Approx(linear_quantile(lane, q3[k])).epsilon(1e-6));
      }
  }
  const auto back = td::slice(td::flip(m, 1), td::all, td::range(0, 6, 2), td::all);  // columns 5, 3, 1
  const auto bv = testing::values(td::percentile(back, {50.0, 100.0}, -2));
  CHECK(bv.size() == 2 * 5 * 4);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 4; ++j) {
      std::vector<double> lane;
      for (const int c : {5, 3, 1}) lane.push_back(vals[std::size_t((i * 6 + c) * 4 + j)]);
      std::sort(lane.begin(), lane.end());
      CHECK(bv[std::size_t(i * 4 + j)] == lane[1]);
      CHECK(bv[std::size_t(20 + i * 4 + j)] == lane[2]);
    }
  CHECK(td::quantile(m, q3, 1, td::keepdims).shape() == td::shape<4>{3, 5, 1, 4});
  CHECK(td::percentile(m, {1.0, 2.0}, -1, td::keepdims).shape() == td::shape<4>{2, 5, 6, 1});
  CHECK(testing::values(td::quantile(m, q3, 1, td::keepdims)) == av);
  CHECK(td::quantile(td::zeros<float>({3, 0}, space), {0.5, 0.6}, 0).shape() == td::shape<2>{2, 0});
  CHECK_THROWS_AS(td::quantile(m, q3, 3), td::index_error);

  // The q's as an operand of any rank and space: the result takes q's shape, as numpy's
  // quantile of an array (quantile([4, 2, 1, 3], [[0.4, 0], [1, 0.4]]) = [[2.2, 1], [4, 2.2]]).
  const auto qm = td::from<double>({{0.4, 0.0}, {1.0, 0.4}}, space);
  const auto rq = td::quantile(q4, qm);
  static_assert(std::is_same_v<decltype(rq), const td::tensor<double, 2, TestType>>);
  CHECK(rq.shape() == td::shape<2>{2, 2});
  CHECK(testing::values(rq) == std::vector<double>{rv[0], 1, 4, rv[0]});
  CHECK(testing::values(td::quantile(q4, td::from<float>({0.4f, 1.0f}, td::host))) ==
        testing::values(td::quantile(q4, {double(0.4f), 1.0})));
  CHECK(testing::values(td::percentile(ints, td::from<int>({75, 25}, space) * 2 / 3)) ==
        testing::values(td::percentile(ints, {50.0, 16.0})));
  const auto grid = td::percentile(m, td::from<double>({{10, 90}, {50, 0}}, space), 1);
  CHECK(grid.shape() == td::shape<4>{2, 2, 5, 4});
  const auto gv = testing::values(grid);
  const auto flat = testing::values(td::percentile(m, {10.0, 90.0, 50.0, 0.0}, 1));
  CHECK(gv == flat);
  CHECK(td::percentile(m, td::from<double>({{10, 90}, {50, 0}}, space), 1, td::keepdims).shape() ==
        td::shape<5>{2, 2, 5, 1, 4});
  CHECK(td::quantile(m, td::slice(qm, 0, td::all), -1, td::keepdims).shape() == td::shape<4>{2, 5, 6, 1});
  CHECK(td::quantile(q4, td::zeros<double>({0, 3}, space)).shape() == td::shape<2>{0, 3});
  CHECK_THROWS_WITH(td::quantile(q4, td::from<double>({0.5, 2.0}, space)), testing::contains("outside [0, 1]"));
}

TEMPLATE_TEST_CASE("cov and corrcoef, as numpy's", "[statistics]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // numpy 2.4: cov and corrcoef of three variables observed four times.
  const auto m = td::from<double>({{1, 2, 4, 7}, {3, 1, 0, 2}, {2, 2, 2, 2.5}}, space);
  const auto c = td::cov(m);
  static_assert(std::is_same_v<decltype(c), const td::tensor<double, 2, TestType>>);
  const std::vector<double> want{7.0, -0.6666666666666666, 0.5833333333333333, -0.6666666666666666, 1.6666666666666665,
                                 0.08333333333333333, 0.5833333333333333, 0.08333333333333333, 0.0625};
  const auto cv = testing::values(c);
  REQUIRE(cv.size() == 9);
  for (std::size_t i = 0; i < 9; ++i) CHECK(cv[i] == Catch::Approx(want[i]).epsilon(1e-14).margin(1e-16));
  CHECK(testing::values(td::cov(m, true, 0))[0] == Catch::Approx(5.25).epsilon(1e-14));
  // Columns as variables, float operands (double results), a transposed view.
  const auto cols = td::cov(td::cast<float>(td::transpose(m)), false);
  CHECK(cols.shape() == td::shape<2>{3, 3});
  CHECK(testing::values(cols)[4] == Catch::Approx(1.6666666666666665).epsilon(1e-7));
  CHECK(td::cov(m, false).shape() == td::shape<2>{4, 4});
  // One variable: a rank-0 result (numpy's 0-d array(2.33333333)); n <= ddof: infinite.
  const auto one = td::cov(td::from<double>({1, 2, 4}, space));
  static_assert(std::is_same_v<decltype(one), const td::tensor<double, 0, TestType>>);
  CHECK(testing::values(one)[0] == Catch::Approx(7.0 / 3).epsilon(1e-14));
  CHECK(std::isinf(testing::values(td::cov(td::from<double>({{1, 2}}, space), true, 2))[0]));
  const std::vector<double> r{0.9999999999999998, -0.1951800145897066, 0.8819171036881968, -0.1951800145897066, 1.0,
                              0.2581988897471611, 0.8819171036881968, 0.2581988897471611, 1.0};
  const auto rv = testing::values(td::corrcoef(m));
  REQUIRE(rv.size() == 9);
  for (std::size_t i = 0; i < 9; ++i) {
    CHECK(rv[i] == Catch::Approx(r[i]).epsilon(1e-14));
    CHECK(std::abs(rv[i]) <= 1);
  }
  // A variable that does not vary: NaN in its row and column, as numpy's.
  const auto flat = testing::values(td::corrcoef(td::from<double>({{1, 2, 3}, {5, 5, 5}}, space)));
  CHECK((flat[0] == Catch::Approx(1.0) && std::isnan(flat[1]) && std::isnan(flat[3])));
}

TEMPLATE_TEST_CASE("cov with fweights and aweights, as numpy's", "[statistics]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto m = td::from<double>({{1, 2, 4, 7}, {3, 1, 0, 2}, {2, 2, 2, 2.5}}, space);
  const auto f = td::from<int>({1, 2, 0, 3}, space);
  const auto a = td::from<double>({0.5, 1, 2, 0.25}, space);
  const auto near = [](const auto& got, const std::vector<double>& want) {
    const auto g = testing::values(got);
    if (g.size() != want.size()) return false;
    for (std::size_t i = 0; i < g.size(); ++i)
      if (!(g[i] == Catch::Approx(want[i]).epsilon(1e-13))) return false;
    return true;
  };
  // numpy 2.4: cov(m, fweights=f), cov(m, aweights=a), both, and both with ddof=0.
  const auto cf = td::cov(m, true, 1, f);
  static_assert(std::is_same_v<decltype(cf), const td::tensor<double, 2, TestType>>);
  CHECK(near(cf, {8.666666666666666, 0.26666666666666666, 0.8, 0.2666666666666666, 0.5666666666666668, 0.05, 0.8, 0.05,
                  0.07500000000000001}));
  CHECK(near(td::cov(m, true, 1, nullptr, a), {3.742857142857143, -1.2000000000000002, 0.2, -1.2000000000000002,
                                                1.7571428571428576, 0.0642857142857143, 0.2, 0.0642857142857143, 0.025}));
  CHECK(near(td::cov(m, true, 1, f, a), {6.4, 0.4, 0.6000000000000001, 0.4, 0.7230769230769231, 0.06923076923076923,
                                         0.6000000000000001, 0.06923076923076923, 0.05769230769230769}));
  CHECK(near(td::cov(m, true, 0, f, a), {4.923076923076923, 0.3076923076923077, 0.46153846153846156, 0.3076923076923077,
                                         0.5562130177514792, 0.05325443786982249, 0.46153846153846156,
                                         0.05325443786982249, 0.04437869822485207}));
  // Frequencies are repetitions: cov(m, fweights=f) is cov of m with column j repeated f[j] times.
  const auto repeated = td::from<double>({{1, 2, 2, 7, 7, 7}, {3, 1, 1, 2, 2, 2}, {2, 2, 2, 2.5, 2.5, 2.5}}, space);
  CHECK(near(cf, testing::values(td::cov(repeated))));
  // Columns as variables (a transposed view), no weights (nullptr twice), one variable.
  CHECK(near(td::cov(td::transpose(m), false, 1, f), testing::values(cf)));
  CHECK(near(td::cov(m, true, 1, nullptr, nullptr), testing::values(td::cov(m))));
  const auto one = td::cov(td::from<double>({1, 2, 4}, space), true, 1, nullptr, td::from<double>({1, 1, 2}, space));
  static_assert(std::is_same_v<decltype(one), const td::tensor<double, 0, TestType>>);
  CHECK(testing::values(one)[0] == Catch::Approx(2.7).epsilon(1e-14));
  // numpy's refusals: lengths, negative or fractional frequencies, negative reliabilities, a zero sum.
  CHECK_THROWS_AS(td::cov(m, true, 1, td::from<int>({1, 2, 3}, space)), td::shape_error);
  CHECK_THROWS_WITH(td::cov(m, true, 1, td::from<int>({1, -2, 0, 3}, space)), testing::contains("fweights cannot be negative"));
  CHECK_THROWS_WITH(td::cov(m, true, 1, td::from<double>({1, 2.5, 0, 3}, space)), testing::contains("whole numbers"));
  CHECK_THROWS_WITH(td::cov(m, true, 1, nullptr, td::from<double>({1, -1, 0, 3}, space)), testing::contains("aweights"));
  CHECK_THROWS_WITH(td::cov(m, true, 1, td::zeros<int>({4}, space)), testing::contains("sum to zero"));
}

TEMPLATE_TEST_CASE("average with weights and the NaN-ignoring family", "[statistics][nan]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto a = td::from<double>({{1, 2, 3}, {4, 5, 6}}, space);
  const auto w = td::from<double>({{1, 0, 1}, {0, 0, 2}}, space);
  CHECK(td::average(a, w) == Catch::Approx((1 + 3 + 12) / 4.0));
  CHECK(testing::values(td::average(a, w, 1)) == std::vector<double>{2, 6});
  const auto w1 = td::from<int>({3, 1}, space);  // one weight per row, along axis 0
  CHECK(testing::values(td::average(a, w1, 0)) == std::vector<double>{1.75, 2.75, 3.75});
  CHECK(td::average(a, w1, 0, td::keepdims).shape() == td::shape<2>{1, 3});
  CHECK(td::average(td::from<int>({1, 2}, space), td::from<int>({1, 3}, space)) == 1.75);
  CHECK_THROWS_AS(td::average(a, td::zeros<double>({2, 3}, space)), td::error);
  CHECK_THROWS_AS(td::average(a, td::from<double>({{0, 0, 0}, {1, 1, 1}}, space), 1), td::error);
  CHECK_THROWS_AS(td::average(a, w1, 1), td::shape_error);
  CHECK_THROWS_AS(td::average(a, td::ones<double>({3, 2}, space)), td::shape_error);

  const auto x = td::from<double>({{1, qnan, 3}, {qnan, qnan, qnan}}, space);
  CHECK(td::nansum(x) == 4);
  CHECK(testing::values(td::nansum(x, 1)) == std::vector<double>{4, 0});
  CHECK(td::nanprod(x) == 3);
  CHECK(testing::values(td::nanprod(x, 0)) == std::vector<double>{1, 1, 3});
  CHECK(td::nanmean(x) == 2);
  const auto nm = testing::values(td::nanmean(x, 1));
  CHECK(nm[0] == 2);
  CHECK(std::isnan(nm[1]));
  CHECK(td::nanmin(x) == 1);
  CHECK(td::nanmax(x) == 3);
  const auto nmax = testing::values(td::nanmax(x, 1));
  CHECK(nmax[0] == 3);
  CHECK(std::isnan(nmax[1]));
  const auto nk = testing::values(td::nanmin(x, 0, td::keepdims));
  CHECK(td::nanmin(x, 0, td::keepdims).shape() == td::shape<2>{1, 3});
  CHECK((nk[0] == 1 && std::isnan(nk[1]) && nk[2] == 3));
  CHECK(td::nanargmin(x) == 0);
  CHECK(td::nanargmax(x) == 2);
  CHECK(testing::values(td::nanargmax(td::slice(x, td::range(0, 1)), 1)) == std::vector<double>{2});
  CHECK_THROWS_AS(td::nanargmax(x, 1), td::error);
  CHECK_THROWS_WITH(td::nanargmin(td::from<float>({NAN, NAN}, space)), testing::contains("all-NaN"));
  CHECK(td::nanvar(x) == 1);
  CHECK(td::nanstddev(td::from<double>({qnan, 1, 3, qnan}, space)) == 1);
  const auto nv = testing::values(td::nanvar(x, 1, 1));
  CHECK(nv[0] == 2);
  CHECK(std::isnan(nv[1]));
  CHECK(td::nanvar(x, 1, 0, td::keepdims).shape() == td::shape<2>{2, 1});
  // ddof at or past the count: numpy's nanvar gives NaN where its var divides by zero.
  CHECK(std::isnan(testing::values(td::nanvar(x, 1, 2))[0]));
  CHECK(std::isnan(testing::values(td::nanstddev(x, 1, 3))[0]));
  CHECK(std::isinf(testing::values(td::var(td::from<double>({1, 3}, space), 0, 2))[0]));
  // Integers have no NaN: the plain reductions.
  const auto i = td::from<int>({5, -2, 9}, space);
  CHECK(td::nansum(i) == 12);
  CHECK(td::nanmin(i) == -2);
  CHECK(td::nanargmax(i) == 2);
  CHECK(td::nanmean(i) == 4);
  // Infinities are numbers: nanmin keeps them.
  CHECK(td::nanmin(td::from<float>({NAN, INFINITY, -INFINITY}, space)) == -INFINITY);
  CHECK(td::nanargmin(td::from<float>({NAN, INFINITY, 2}, space)) == 2);
  CHECK(td::nanargmin(td::from<float>({NAN, INFINITY}, space)) == 1);
  // Equal numbers keep the one met first, as numpy's nanmax and nanmin (fmax.reduce):
  // of two zeros, the first one's sign; NaNs between them change nothing.
  CHECK(std::signbit(td::nanmax(td::from<float>({-0.f, 0.f}, space))));
  CHECK(!std::signbit(td::nanmax(td::from<float>({0.f, NAN, -0.f}, space))));
  CHECK(std::signbit(td::nanmin(td::from<double>({NAN, -0.0, 0.0}, space))));
  CHECK(!std::signbit(td::nanmin(td::from<double>({0.0, -0.0}, space))));
  // Long lanes, NaNs ahead of the only number, itself the losing infinity: its position,
  // whole and along rows (blocks of 256 where NaNs and the infinity tie in value).
  std::vector<float> lane(700, NAN);
  lane[300] = -INFINITY;
  lane[1] = 5.f;  // in the second row only (below)
  std::vector<float> two(lane);
  two[1] = NAN;
  two.insert(two.end(), lane.begin(), lane.end());
  const auto l2 = td::from(two, {2, 700}, space);
  CHECK(td::nanargmax(td::slice(l2, 0, td::all)) == 300);
  CHECK(td::nanargmin(l2) == 300);
  CHECK(testing::values(td::nanargmax(l2, 1)) == std::vector<double>{300, 1});
  CHECK(testing::values(td::nanargmin(l2, 1)) == std::vector<double>{300, 300});
  CHECK_THROWS_AS(td::nanmin(td::zeros<float>({0}, space)), td::shape_error);
}

TEMPLATE_TEST_CASE("nanmedian, nanquantile and nanpercentile leave NaNs out", "[statistics][nan][median]",
                   TANDEM_TEST_SPACES) {
  const TestType space{};
  // numpy's values; a lane of nothing but NaN gives NaN.
  const auto m = td::from<double>({{3, qnan, 1, 7, 2}, {qnan, qnan, qnan, qnan, qnan}, {5, 4, qnan, 6, 0.5}}, space);
  CHECK(td::nanmedian(m) == 3.5);
  CHECK(same_values(testing::values(td::nanmedian(m, 1)), {2.5, qnan, 4.5}));
  CHECK(same_values(testing::values(td::nanmedian(m, 0)), {4, 4, 1, 6.5, 1.25}));
  CHECK(td::nanmedian(m, 1, td::keepdims).shape() == td::shape<2>{3, 1});
  CHECK(same_values(testing::values(td::nanquantile(m, 0.3, 1)), {1.9, qnan, 3.6499999999999995}));
  CHECK(td::nanpercentile(m, 90) == 6.3);
  CHECK(same_values(testing::values(td::nanquantile(m, {0.25, 0.75}, 1)), {1.75, qnan, 3.125, 4.0, qnan, 5.25}));
  CHECK(same_values(testing::values(td::nanpercentile(m, {10.0, 50.0}, 0)), {3.2, 4, 1, 6.1, 0.65, 4, 4, 1, 6.5, 1.25}));
  CHECK(td::nanpercentile(m, {10.0, 50.0}, 0, td::keepdims).shape() == td::shape<3>{2, 1, 5});
  CHECK(same_values(testing::values(td::nanquantile(td::cast<float>(m), 0.3, 1)),
                    {1.899999976158142, qnan, 3.6500000953674316}));
  CHECK(td::nanmedian(td::from<std::int32_t>({1, 5, 2}, space)) == 2.0);  // integers have no NaN
  CHECK(std::isnan(td::nanmedian(td::from<double>({qnan, qnan}, space))));
  CHECK(std::isnan(td::nanquantile(td::zeros<double>({0}, space), 0.5)));
  // Without the nan prefix a NaN still gives NaN.
  CHECK(std::isnan(td::median(m)));
  CHECK_THROWS_WITH(td::nanpercentile(m, 101.0), testing::contains("percentile 101"));
  CHECK_THROWS_WITH(td::nanquantile(m, -0.5), testing::contains("quantile -0.5"));
  // Random lanes with a random share of NaN, whole and along both axes of a transposed
  // view, against numpy's linear quantile of each lane's numbers.
  const std::size_t rows = 37, cols = 101;
  auto v = testing::random_values<double>(rows * cols, -50, 50, 23);
  const auto share = testing::random_values<double>(rows * cols, 0, 1, 24);
  for (std::size_t i = 0; i < v.size(); ++i)
    if (share[i] < 0.2 + 0.6 * double(i / cols % 3) / 2) v[i] = qnan;
  const auto t = td::from(v, {td::index_t(rows), td::index_t(cols)}, space);
  for (const double q : {0.0, 0.1, 0.5, 0.77, 1.0}) {
    std::vector<double> want;
    for (std::size_t r = 0; r < rows; ++r) {
      std::vector<double> lane;
      for (std::size_t c = 0; c < cols; ++c)
        if (!std::isnan(v[r * cols + c])) lane.push_back(v[r * cols + c]);
      want.push_back(lane.empty() ? qnan : linear_quantile(lane, q));
    }
    INFO("q = " << q);
    CHECK(same_values(testing::values(td::nanquantile(t, q, 1)), want));
    CHECK(same_values(testing::values(td::nanquantile(td::transpose(t), q, 0)), want));
    std::vector<double> all;
    for (double x : v)
      if (!std::isnan(x)) all.push_back(x);
    CHECK(td::nanquantile(t, q) == linear_quantile(all, q));
  }
}
