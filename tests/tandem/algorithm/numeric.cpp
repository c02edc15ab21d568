// convolve, correlate, cross, kron, gradient and trapezoid (algorithm/numeric.hpp):
// numpy's values for small cases, plain double loops for random ones, in every space,
// with strided, reversed and broadcast operands.
#include <algorithm>
#include <complex>

#include "support/test_support.hpp"

namespace {
/// The full correlation sum_j a[j + k] * conj(v[j]) for k from -(m - 1) to n - 1, in double.
std::vector<std::complex<double>> full_correlation(const std::vector<std::complex<double>>& a,
                                                   const std::vector<std::complex<double>>& v) {
  const auto n = static_cast<td::index_t>(a.size()), m = static_cast<td::index_t>(v.size());
  std::vector<std::complex<double>> out;
  for (td::index_t k = -(m - 1); k < n; ++k) {
    std::complex<double> s = 0;
    for (td::index_t j = 0; j < m; ++j)
      if (j + k >= 0 && j + k < n) s += a[j + k] * std::conj(v[j]);
    out.push_back(s);
  }
  return out;
}
std::vector<std::complex<double>> complex_of(const std::vector<double>& x) { return {x.begin(), x.end()}; }
}  // namespace

TEMPLATE_TEST_CASE("histogram_density integrates to 1, as numpy's density=True", "[numeric][histogram]",
                   TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto a = td::from<double>({0.1, 0.4, 0.4, 0.9, 1.0, -1.0}, space);
  // numpy: histogram(a, 2, (0, 1), density=True)[0] = [3 / 0.5 / 5, 2 / 0.5 / 5] = [1.2, 0.8].
  const auto d = td::histogram_density(a, 2, 0.0, 1.0);
  static_assert(std::is_same_v<decltype(d), const td::tensor<double, 1, TestType>>);
  const auto near = [](const std::vector<double>& got, const std::vector<double>& want) {
    if (got.size() != want.size()) return false;
    for (std::size_t k = 0; k < got.size(); ++k)
      if (std::abs(got[k] - want[k]) > 1e-12 * std::max(1.0, std::abs(want[k]))) return false;
    return true;
  };
  CHECK(near(testing::values(d), {1.2, 0.8}));
  // Uneven edges: counts 1, 2, 2 over widths 0.25, 0.25, 0.5 and 5 in all.
  const auto edges = td::from<double>({0, 0.25, 0.5, 1}, space);
  CHECK(near(testing::values(td::histogram_density(a, edges)), {0.8, 1.6, 0.8}));
  // Weights: sums 1 + 2 + 3 = 6 and 4 + 5 = 9 (-1's weight outside), each over 0.5 and 15.
  const auto w = td::from<float>({1, 2, 3, 4, 5, 6}, space);
  CHECK(near(testing::values(td::histogram_density(a, 2, 0.0, 1.0, w)), {6 / 0.5 / 15, 9 / 0.5 / 15}));
  CHECK(near(testing::values(td::histogram_density(a, edges, w)), {1 / 0.25 / 15, 5 / 0.25 / 15, 9 / 0.5 / 15}));
  // a's own range, [-1, 1] in 4 bins of 0.5: counts 1, 0, 3, 2.
  CHECK(near(testing::values(td::histogram_density(a, 4)), {1 / 0.5 / 6, 0, 3 / 0.5 / 6, 2 / 0.5 / 6}));
  CHECK(near(testing::values(td::histogram_density(a, 4, w)), {6 / 0.5 / 21, 0, 6 / 0.5 / 21, 9 / 0.5 / 21}));
  // Its integral over a random sample's range is 1.
  const auto xs = testing::random_values<double>(10000, -3, 5, 31);
  const auto dd = testing::values(td::histogram_density(td::from(xs, {10000}, space), 16));
  const auto lo = *std::min_element(xs.begin(), xs.end()), hi = *std::max_element(xs.begin(), xs.end());
  double integral = 0;
  for (const double v : dd) integral += v * (hi - lo) / 16;
  CHECK(integral == Catch::Approx(1.0).epsilon(1e-12));
  // Nothing in range: NaNs, as numpy's 0 / 0.
  for (const double v : testing::values(td::histogram_density(a, 2, 5.0, 6.0))) CHECK(std::isnan(v));
}

TEMPLATE_TEST_CASE("convolve and correlate, as numpy's", "[numeric]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto a = td::from<double>({1, 2, 3, 4, 5}, space), v = td::from<double>({0.5, -1, 2}, space);
  using M = td::convolve_mode;
  // numpy's values; the operands either way round.
  CHECK(testing::values(td::convolve(a, v)) == std::vector<double>{0.5, 0, 1.5, 3, 4.5, 3, 10});
  CHECK(testing::values(td::convolve(v, a)) == std::vector<double>{0.5, 0, 1.5, 3, 4.5, 3, 10});
  CHECK(testing::values(td::convolve(a, v, M::same)) == std::vector<double>{0, 1.5, 3, 4.5, 3});
  CHECK(testing::values(td::convolve(v, a, M::same)) == std::vector<double>{0, 1.5, 3, 4.5, 3});
  CHECK(testing::values(td::convolve(a, v, M::valid)) == std::vector<double>{1.5, 3, 4.5});
  CHECK(testing::values(td::correlate(a, v)) == std::vector<double>{4.5, 6, 7.5});
  CHECK(testing::values(td::correlate(v, a)) == std::vector<double>{7.5, 6, 4.5});
  CHECK(testing::values(td::correlate(a, v, M::full)) == std::vector<double>{2, 3, 4.5, 6, 7.5, -3, 2.5});
  CHECK(testing::values(td::correlate(a, v, M::same)) == std::vector<double>{3, 4.5, 6, 7.5, -3});
  CHECK(testing::values(td::correlate(v, a, M::same)) == std::vector<double>{-3, 7.5, 6, 4.5, 3});
  // Complex: correlate conjugates v (numpy's values).
  using Z = td::complex<double>;
  const auto z = td::from<Z>({Z(1, 2), Z(3, -1)}, space), w = td::from<Z>({Z(2, -1), Z(0, 1), Z(1, 0)}, space);
  using C = std::complex<double>;
  CHECK(testing::complex_values(td::correlate(z, w, M::full)) == std::vector<C>{{1, 2}, {5, -2}, {-1, 2}, {7, 1}});
  CHECK(testing::complex_values(td::correlate(w, z, M::same)) == std::vector<C>{{7, -1}, {-1, -2}, {5, 2}});
  CHECK(testing::complex_values(td::convolve(z, w)) == std::vector<C>{{4, 3}, {3, -4}, {2, 5}, {3, -1}});
  // Integers wrap in their own width, as numpy's int32 (numpy's values); types narrower
  // than int promote as a * v does (numpy keeps int8).
  const auto i32 = td::from<std::int32_t>({1 << 30, 1 << 30, 5}, space), k32 = td::from<std::int32_t>({2, 3}, space);
  CHECK(testing::values(td::convolve(i32, k32)) == std::vector<double>{-2147483648., 1073741824, -1073741814, 15});
  const auto i8 = td::from<std::int8_t>({100, 100, 100}, space), k8 = td::from<std::int8_t>({2, 3}, space);
  const auto c8 = td::convolve(i8, k8);
  static_assert(std::is_same_v<td::value_of_t<decltype(c8)>, int>);
  CHECK(testing::values(c8) == std::vector<double>{200, 500, 500, 300});
  // NaN and the infinities run through every sum they touch (numpy's values).
  const auto same = [](const std::vector<double>& got, const std::vector<double>& want) {
    bool ok = got.size() == want.size();
    for (std::size_t i = 0; ok && i < got.size(); ++i)
      ok = std::isnan(want[i]) ? std::isnan(got[i]) : got[i] == want[i];
    return ok;
  };
  const double nan = std::nan(""), inf = HUGE_VAL;
  CHECK(same(testing::values(td::convolve(td::from<double>({1, nan, 2}, space), td::from<double>({1, 1}, space))),
             {1, nan, nan, 2}));
  const auto ai = td::from<double>({1, inf, 2}, space), vi = td::from<double>({1, -1}, space);
  CHECK(same(testing::values(td::convolve(ai, vi)), {1, inf, -inf, -2}));
  CHECK(same(testing::values(td::correlate(ai, vi, M::full)), {-1, -inf, inf, 2}));
  CHECK(same(testing::values(td::convolve(td::from<float>({HUGE_VALF}, space), td::from<float>({0, 1}, space))),
             {nan, inf}));  // inf * 0
  const auto nine = td::from<double>({1, 2, 3, 4, nan, 6, 7, 8, 9}, space);  // inside the four-way sums
  CHECK(same(testing::values(td::correlate(nine, td::ones<double>({4}, space))), {10, nan, nan, nan, nan, 30}));
  // Random lengths on both sides of each other and of the four-way unrolling, strided and
  // reversed operands and an expression, against a double loop.
  for (const auto& [n, m] : {std::pair<int, int>{1, 1}, {1, 7}, {7, 1}, {9, 4}, {4, 9}, {33, 10}, {10, 33}, {8, 8}}) {
    const auto x = testing::random_values<float>(static_cast<std::size_t>(2 * n), -1, 1, unsigned(n));
    const auto y = testing::random_values<float>(static_cast<std::size_t>(m), -1, 1, unsigned(100 + m));
    const auto xs = td::from(x, {2 * n}, space);
    const auto ys = td::from(y, {m}, space);
    const auto xv = td::slice(xs, td::range(0, 2 * n, 2));  // every other element
    std::vector<double> xd, yd;
    for (int i = 0; i < 2 * n; i += 2) xd.push_back(x[std::size_t(i)]);
    for (int i = m - 1; i >= 0; --i) yd.push_back(y[std::size_t(i)]);  // ys reversed below
    const auto full = full_correlation(complex_of(xd), complex_of(yd));
    const int small = std::min(n, m), large = std::max(n, m);
    const auto check = [&](const auto& got, int first, int len, bool reverse) {
      REQUIRE(got.shape()[0] == len);
      const auto g = testing::values(got);
      for (int i = 0; i < len; ++i) {
        const double want = full[std::size_t(reverse ? first + len - 1 - i : first + i)].real();
        CHECK(g[std::size_t(i)] == Catch::Approx(want).margin(1e-5));
      }
    };
    INFO("n = " << n << ", m = " << m);
    // correlate(xv, flip(ys)) is the reference itself; convolve(xv, ys) is the same.
    check(td::correlate(xv, td::flip(ys), M::full), 0, n + m - 1, false);
    check(td::convolve(xv, ys), 0, n + m - 1, false);
    check(td::convolve(xv, ys * 1.f, M::same), (small - 1) / 2, large, false);
    check(td::convolve(xv, ys, M::valid), small - 1, large - small + 1, false);
    // Swapped, correlation is the reverse of the full one.
    check(td::correlate(td::flip(ys), xv, M::full), 0, n + m - 1, true);
  }
  // Empty operands: numpy's ValueError.
  const auto none = td::zeros<double>({0}, space);
  CHECK_THROWS_AS(td::convolve(none, v), td::shape_error);
  CHECK_THROWS_WITH(td::correlate(a, none), testing::contains("correlate: v is empty"));
}

TEMPLATE_TEST_CASE("cross and kron, as numpy's", "[numeric]", TANDEM_TEST_SPACES) {
  const TestType space{};
  CHECK(testing::values(td::cross(td::from<int>({1, 2, 3}, space), td::from<int>({4, 5, 6}, space))) ==
        std::vector<double>{-3, 6, -3});
  // Broadcast: two rows against one vector (numpy's values).
  const auto rows = td::from<int>({1, 0, 0, 0, 1, 0}, {2, 3}, space);
  const auto ez = td::from<int>({0, 0, 1}, space);
  const auto rz = td::cross(rows, ez);
  CHECK(rz.shape() == td::shape<2>{2, 3});
  CHECK(testing::values(rz) == std::vector<double>{0, -1, 0, 1, 0, 0});
  // Along axis 0, the vectors in columns (numpy's values), the result so too.
  const auto cols_a = td::from<double>({1, 0, 0, 1, 0, 0}, {3, 2}, space);
  const auto cols_b = td::from<double>({0, 0, 0, 0, 1, 1}, {3, 2}, space);
  CHECK(testing::values(td::cross(cols_a, cols_b, 0)) == std::vector<double>{0, 1, -1, 0, 0, 0});
  // Random vectors against a double loop, a transposed and a reversed operand.
  const auto p = testing::random_values<double>(3 * 5, -2, 2, 3), q = testing::random_values<double>(3 * 5, -2, 2, 4);
  const auto pt = td::from(p, {3, 5}, space), qs = td::from(q, {5, 3}, space);
  const auto c = td::cross(td::transpose(pt), td::flip(qs, 1));
  REQUIRE(c.shape() == td::shape<2>{5, 3});
  const auto got = testing::values(c);
  for (std::size_t r = 0; r < 5; ++r) {
    const double u[3] = {p[0 * 5 + r], p[1 * 5 + r], p[2 * 5 + r]};
    const double w[3] = {q[r * 3 + 2], q[r * 3 + 1], q[r * 3 + 0]};
    const double want[3] = {u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
    for (std::size_t k = 0; k < 3; ++k) CHECK(got[r * 3 + k] == want[k]);  // each product rounded: exact
  }
  CHECK_THROWS_AS(td::cross(td::from<int>({1, 2}, space), td::from<int>({3, 4}, space)), td::shape_error);
  CHECK_THROWS_WITH(td::cross(rows, td::from<int>({1, 2, 3, 4}, space)), testing::contains("3-vectors"));
  CHECK_THROWS_AS(td::cross(td::zeros<int>({2, 3}, space), td::zeros<int>({3, 3}, space)), td::shape_error);

  // kron: numpy's values, a lower-rank operand padded on the left.
  CHECK(testing::values(td::kron(td::from<int>({1, 10, 100}, space), td::from<int>({5, 6, 7}, space))) ==
        std::vector<double>{5, 6, 7, 50, 60, 70, 500, 600, 700});
  const auto ka = td::from<int>({1, 2, 3, 4}, {2, 2}, space), kb = td::from<int>({0, 5, 6, 7}, {2, 2}, space);
  const auto k2 = td::kron(ka, kb);
  CHECK(k2.shape() == td::shape<2>{4, 4});
  CHECK(testing::values(k2) == std::vector<double>{0, 5, 0, 10, 6, 7, 12, 14, 0, 15, 0, 20, 18, 21, 24, 28});
  const auto k3 = td::kron(td::from<int>({1, 2}, space), td::from<int>({1, 3}, {2, 1}, space));
  CHECK(k3.shape() == td::shape<2>{2, 2});
  CHECK(testing::values(k3) == std::vector<double>{1, 2, 3, 6});
  // Non-square, strided and an expression, against the definition.
  const auto ra = td::from(testing::random_values<float>(6, -1, 1, 5), {2, 3}, space);
  const auto rb = td::from(testing::random_values<float>(12, -1, 1, 6), {3, 4}, space);
  const auto kk = td::kron(td::transpose(ra), rb * 2.f);  // [3 * 3, 2 * 4]
  REQUIRE(kk.shape() == td::shape<2>{9, 8});
  const auto va = testing::values(ra), vb = testing::values(rb), vk = testing::values(kk);
  for (std::size_t i = 0; i < 9; ++i)
    for (std::size_t j = 0; j < 8; ++j)
      CHECK(vk[i * 8 + j] == float(va[(j / 4) * 3 + i / 3]) * float(2 * vb[(i % 3) * 4 + j % 4]));
  CHECK(td::kron(td::zeros<int>({0, 2}, space), ka).shape() == td::shape<2>{0, 4});
  // Broadcast views can be vast without memory: an extent past index_t is refused.
  const auto one = td::from<int>({1}, space);
  const auto vast = td::broadcast_to(one, td::shape<1>{td::index_t(1) << 40});
  CHECK_THROWS_WITH(td::kron(vast, vast), testing::contains("kron: an extent of"));
}

TEMPLATE_TEST_CASE("gradient and trapezoid, as numpy's", "[numeric]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto f = td::from<double>({1, 2, 4, 7, 11, 16}, space);
  CHECK(testing::values(td::gradient(f)) == std::vector<double>{1, 1.5, 2.5, 3.5, 4.5, 5});
  CHECK(testing::values(td::gradient(f, 2.0)) == std::vector<double>{0.5, 0.75, 1.25, 1.75, 2.25, 2.5});
  CHECK(testing::values(td::gradient(f, 1.0, td::edge_order{2})) == std::vector<double>{0.5, 1.5, 2.5, 3.5, 4.5, 5.5});
  // Integers give double (numpy's float64).
  const auto fi = td::gradient(td::from<int>({1, 2, 4, 7, 11, 16}, space));
  static_assert(std::is_same_v<td::value_of_t<decltype(fi)>, double>);
  CHECK(testing::values(fi) == std::vector<double>{1, 1.5, 2.5, 3.5, 4.5, 5});
  // Rank 2: one gradient per axis, and one axis alone (numpy's values).
  const auto m = td::from<double>({1, 2, 6, 3, 4, 5}, {2, 3}, space);
  const auto g = td::gradient(m);
  static_assert(std::is_same_v<decltype(g), const std::array<td::tensor<double, 2, TestType>, 2>>);
  CHECK(testing::values(g[0].view()) == std::vector<double>{2, 2, -1, 2, 2, -1});
  CHECK(testing::values(g[1].view()) == std::vector<double>{1, 2.5, 4, 1, 1, 1});
  CHECK(testing::values(td::gradient(m, 0.5, 1)) == std::vector<double>{2, 5, 8, 2, 2, 2});
  {  // a spacing per axis (numpy's gradient(f, 0.5, 0.25), and with edge_order=2)
    const auto f2 = td::from<double>({{1, 2, 4, 7}, {3, 7, 11, 20}, {0, -1, 5, 2}}, space);
    const auto h = td::gradient(f2, {0.5, 0.25});
    CHECK(testing::values(h[0]) == std::vector<double>{4, 10, 14, 26, -1, -3, 1, -5, -6, -16, -12, -36});
    CHECK(testing::values(h[1]) == std::vector<double>{4, 6, 10, 12, 16, 16, 26, 36, -4, 10, 6, -12});
    const auto h2 = td::gradient(f2, {0.5, 0.25}, td::edge_order{2});
    CHECK(testing::values(h2[0]) == std::vector<double>{9, 23, 27, 57, -1, -3, 1, -5, -11, -29, -25, -67});
    CHECK(testing::values(h2[1]) == std::vector<double>{2, 6, 10, 14, 16, 16, 26, 46, -18, 10, 6, -30});
  }
  CHECK(testing::values(td::gradient(td::transpose(m), 0.5, 0)) == std::vector<double>{2, 2, 5, 2, 8, 2});
  // float stays float; a reversed operand.
  const auto ff = td::gradient(td::flip(td::from<float>({0, 1, 4, 9}, space)));
  static_assert(std::is_same_v<td::value_of_t<decltype(ff)>, float>);
  CHECK(testing::values(ff) == std::vector<double>{-5, -4, -2, -1});
  const auto fh = td::gradient(td::from<td::half>({0, 1, 4, 9}, space), 0.5);  // numpy's float16 values
  static_assert(std::is_same_v<td::value_of_t<decltype(fh)>, td::half>);
  CHECK(testing::values(fh) == std::vector<double>{2, 4, 8, 10});
  using Z = td::complex<float>;  // complex: each part's gradient
  CHECK(testing::complex_values(td::gradient(td::from<Z>({Z(0, 1), Z(1, 3), Z(4, 2)}, space))) ==
        std::vector<std::complex<double>>{{1, 2}, {2, 0.5}, {3, -1}});
  // Sample points (numpy's array spacing): numpy's values, bit for bit (its coefficients
  // and order of operations); float f with double points stores float.
  const auto pts = td::from<double>({0, 1, 1.5, 3.5, 4, 6}, space);
  CHECK(testing::values(td::gradient(f, pts)) ==
        std::vector<double>{1.0, 2.9999999999999996, 3.5, 6.700000000000001, 6.899999999999999, 2.5});
  CHECK(testing::values(td::gradient(f, pts, td::edge_order{2})) ==
        std::vector<double>{-1.0, 2.9999999999999996, 3.5, 6.700000000000001, 6.899999999999999, -1.8999999999999968});
  CHECK(testing::values(td::gradient(m, td::from<int>({0, 1, 3}, space), 1)) ==
        std::vector<double>{1.0, 1.3333333333333335, 2.0, 1.0, 0.8333333333333333, 0.5});
  const auto fp = td::gradient(td::from<float>({1, 2, 4, 7}, space), td::slice(pts, td::range(0, 4)));
  static_assert(std::is_same_v<td::value_of_t<decltype(fp)>, float>);
  CHECK(testing::values(fp) == std::vector<double>{1, 3, 3.5, 1.5});
  // Evenly spaced points: numpy's scalar case with the spacing a float64 (not a weak
  // Python float), so a float f's differences are divided in double (numpy's values; a
  // spacing of 0.1 as a plain double gives 1128.9278564453125 at the end, in float).
  const auto even = td::gradient(td::from<float>({-82.87016296386719f, -52.63789749145508f, 60.2548942565918f}, space),
                                 td::from<double>({0, 0.1, 0.2}, space));
  CHECK(testing::values(even) == std::vector<double>{302.3226623535156, 715.6253051757812, 1128.927978515625});
  CHECK(testing::values(td::gradient(td::from<float>({-82.87016296386719f, -52.63789749145508f, 60.2548942565918f},
                                                     space), 0.1)) ==
        std::vector<double>{302.3226623535156, 715.6253051757812, 1128.9278564453125});
  {  // sample points for every axis (numpy's gradient(f, x, y)), uneven and even: numpy's values
    const auto f2 = td::from<double>({{1, 2, 4, 7}, {3, 7, 11, 20}, {0, -1, 5, 2}}, space);
    const auto x0 = td::from<double>({0, 0.5, 1.5}, space);
    const auto x1 = td::eval(td::arange<double>(4, space) * 0.25);
    const auto h = td::gradient(f2, x0, x1);
    static_assert(std::is_same_v<decltype(h), const std::array<td::tensor<double, 2, TestType>, 2>>);
    CHECK(testing::values(h[0]) == std::vector<double>{4.0, 10.0, 14.0, 26.0, 1.6666666666666667, 4.000000000000001,
                                                       7.333333333333334, 11.333333333333334, -3.0, -8.0, -6.0, -18.0});
    CHECK(testing::values(h[1]) == std::vector<double>{4, 6, 10, 12, 16, 16, 26, 36, -4, 10, 6, -12});
    const auto h2 = td::gradient(f2, x0, x1, td::edge_order{2});
    CHECK(testing::values(h2[0]) ==
          std::vector<double>{6.333333333333334, 16.0, 20.666666666666668, 40.66666666666667, 1.6666666666666667,
                              4.000000000000001, 7.333333333333334, 11.333333333333334, -7.666666666666667, -20.0,
                              -19.333333333333336, -47.333333333333336});
    CHECK(testing::values(h2[1]) == std::vector<double>{2, 6, 10, 14, 16, 16, 26, 46, -18, 10, 6, -30});
    // Integer points and an integer f (double, as numpy's); the points' count per axis checked.
    const auto hi = td::gradient(td::from<int>({{1, 2, 4, 7}, {3, 7, 11, 20}, {0, -1, 5, 2}}, space),
                                 td::from<int>({0, 1, 3}, space), td::from<int>({0, 1, 2, 3}, space));
    static_assert(std::is_same_v<td::value_of_t<decltype(hi[0])>, double>);
    CHECK(testing::values(hi[1]) == std::vector<double>{1, 1.5, 2.5, 3, 4, 4, 6.5, 9, -1, 2.5, 1.5, -3});
    CHECK(testing::values(hi[0]) == std::vector<double>{2, 5, 7, 13, 0.8333333333333334, 2.0000000000000004,
                                                        3.666666666666667, 5.666666666666667, -1.5, -4, -3, -9});
    CHECK_THROWS_WITH(td::gradient(f2, x1, x1), testing::contains("4 sample points for axis 0 of extent 3"));
    CHECK_THROWS_AS(td::gradient(td::zeros<double>({2, 4}, space), x0, x1, td::edge_order{2}), td::shape_error);
  }
  CHECK_THROWS_WITH(td::gradient(m, pts, 1), testing::contains("6 sample points for axis 1 of extent 3"));
  CHECK_THROWS_WITH(td::gradient(td::from<double>({1}, space)), testing::contains("at least 2 elements"));
  CHECK_THROWS_AS(td::gradient(td::from<double>({1, 2}, space), 1.0, td::edge_order{2}), td::shape_error);
  CHECK_THROWS_AS(td::gradient(f, 1.0, td::edge_order{3}), td::shape_error);
  CHECK_THROWS_AS(td::gradient(m, 1.0, 2), td::index_error);

  // trapezoid: numpy's values.
  const auto y = td::from<int>({1, 2, 3}, space);
  CHECK(td::trapezoid(y) == 4.0);
  CHECK(td::trapezoid(y, 0.5) == 2.0);
  CHECK(testing::values(td::trapezoid(m, 1.0, 0)) == std::vector<double>{2, 3, 5.5});
  CHECK(testing::values(td::trapezoid(m)) == std::vector<double>{5.5, 8});
  CHECK(td::trapezoid(y, td::from<int>({0, 1, 3}, space)) == 6.5);
  CHECK(testing::values(td::trapezoid(m, td::from<double>({0, 1, 3}, space))) == std::vector<double>{9.5, 12.5});
  // float y with double points: y's neighbours added in float, then multiplied in double
  // (numpy's value and type).
  const auto mixed = td::trapezoid(td::from<float>({1.1f, 2.3f, 0.7f}, space), td::from<double>({0, 0.1, 0.35}, space));
  static_assert(std::is_same_v<decltype(mixed), const double>);
  CHECK(mixed == 0.5450000047683715);
  CHECK(td::trapezoid(td::from<double>({5}, space)) == 0.0);
  CHECK(td::trapezoid(td::zeros<double>({0}, space)) == 0.0);
  // Sample points of y's shape along axis 0, against a double loop.
  const auto yy = testing::random_values<double>(4 * 3, -1, 1, 7);
  std::vector<double> xx(12);
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 3; ++j) xx[i * 3 + j] = double(i * i) + 0.1 * double(j);
  const auto area = testing::values(td::trapezoid(td::from(yy, {4, 3}, space), td::from(xx, {4, 3}, space), 0));
  for (std::size_t j = 0; j < 3; ++j) {
    double want = 0;
    for (std::size_t i = 0; i + 1 < 4; ++i)
      want += (xx[(i + 1) * 3 + j] - xx[i * 3 + j]) * (yy[(i + 1) * 3 + j] + yy[i * 3 + j]) / 2;
    CHECK(area[j] == Catch::Approx(want).epsilon(1e-12));
  }
  CHECK_THROWS_WITH(td::trapezoid(y, td::from<int>({0, 1}, space)), testing::contains("x has shape [2]"));
}

TEMPLATE_TEST_CASE("polyval, vander and polyfit, as numpy's", "[numeric][poly]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // numpy's values.
  CHECK(testing::values(td::polyval(td::from<double>({3, 0, 1}, space), td::from<double>({5, -1, 0.5}, space))) ==
        std::vector<double>{76, 4, 1.75});
  const auto pi = td::polyval(td::from<std::int32_t>({2, -1}, space), td::from<std::int32_t>({3, 4}, space));
  static_assert(std::is_same_v<td::value_of_t<decltype(pi)>, std::int32_t>);
  CHECK(testing::values(pi) == std::vector<double>{5, 7});
  CHECK(testing::values(td::polyval(td::zeros<double>({0}, space), td::from<double>({1, 2}, space))) ==
        std::vector<double>{0, 0});
  // Horner's rule in the operands' type, against a double loop; x a transposed view.
  const auto coef = testing::random_values<double>(7, -2, 2, 51), xs = testing::random_values<double>(12, -1.5, 1.5, 52);
  const auto xm = td::from(xs, {3, 4}, space);
  const auto got = testing::values(td::polyval(td::from(coef, {7}, space), td::transpose(xm)));
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 3; ++j) {
      double y = 0;
      for (double c : coef) y = y * xs[j * 4 + i] + c;
      CHECK(got[i * 3 + j] == Catch::Approx(y).epsilon(1e-14));
    }
  CHECK(testing::values(td::vander(td::from<int>({1, 2, 3}, space))) == std::vector<double>{1, 1, 1, 4, 2, 1, 9, 3, 1});
  CHECK(testing::values(td::vander(td::from<int>({1, 2, 3}, space), 4, true)) ==
        std::vector<double>{1, 1, 1, 1, 1, 2, 4, 8, 1, 3, 9, 27});
  CHECK(testing::values(td::vander(td::from<double>({2.5, -1}, space))) == std::vector<double>{2.5, 1, -1, 1});
  CHECK(td::vander(td::from<double>({2.5, -1}, space), 0).shape() == td::shape<2>{2, 0});
  // polyfit recovers a polynomial through its points (numpy's values to its rounding).
  const auto x = td::from<double>({0, 1, 2, 3, 4}, space);
  const auto y = td::eval(2.0 * x * x - 3.0 * x + 0.5);
  const auto c2 = testing::values(td::polyfit(x, y, 2));
  const std::vector<double> w2 = {2.0000000000000013, -3.000000000000007, 0.5000000000000066};
  for (std::size_t i = 0; i < 3; ++i) CHECK(c2[i] == Catch::Approx(w2[i]).margin(1e-12));
  const auto y2 = td::stack({y, td::eval(x + 1.0)}, 1);  // two columns: two fits
  const auto c1 = td::polyfit(x, y2, 1);
  CHECK(c1.shape() == td::shape<2>{2, 2});
  const auto v1 = testing::values(c1);
  const std::vector<double> w1 = {5, 1, -3.5, 1};
  for (std::size_t i = 0; i < 4; ++i) CHECK(v1[i] == Catch::Approx(w1[i]).margin(1e-12));
  CHECK_THROWS_AS(td::polyfit(x, y, -1), td::error);
  CHECK_THROWS_AS(td::polyfit(x, td::zeros<double>({4}, space), 1), td::shape_error);
}

TEMPLATE_TEST_CASE("diagflat and fill_diagonal", "[numeric]", TANDEM_TEST_SPACES) {
  const TestType space{};
  CHECK(testing::values(td::diagflat(td::from<int>({{1, 2}, {3, 4}}, space))) ==
        std::vector<double>{1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4});
  CHECK(testing::values(td::diagflat(td::from<int>({1, 2}, space), 1)) == std::vector<double>{0, 1, 0, 0, 0, 2, 0, 0, 0});
  CHECK(testing::values(td::diagflat(td::from<int>({1, 2}, space), -1)) == std::vector<double>{0, 0, 0, 1, 0, 0, 0, 2, 0});
  CHECK(td::diagflat(td::zeros<float>({0}, space), 2).shape() == td::shape<2>{2, 2});
  auto m = td::zeros<float>({2, 3}, space);
  td::fill_diagonal(m, 7.f);
  CHECK(testing::values(m) == std::vector<double>{7, 0, 0, 0, 7, 0});
  auto t = td::zeros<float>({3, 2}, space);
  td::fill_diagonal(td::transpose(t), 5.f);  // a view
  CHECK(testing::values(t) == std::vector<double>{5, 0, 0, 5, 0, 0});
}

TEMPLATE_TEST_CASE("ediff1d and unwrap, as numpy's", "[numeric]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // numpy: ediff1d([1, 2, 4, 7, 0]) = [1, 2, 3, -7]; of [[1, 2], [4, 7]] with
  // to_end=[88, 99], to_begin=-99: [-99, 1, 2, 3, 88, 99].
  const auto v = td::from<int>({1, 2, 4, 7, 0}, space);
  const auto d = td::ediff1d(v);
  static_assert(std::is_same_v<decltype(d), const td::tensor<int, 1, TestType>>);
  CHECK(testing::values(d) == std::vector<double>{1, 2, 3, -7});
  const auto m = td::from<int>({{1, 2}, {4, 7}}, space);
  CHECK(testing::values(td::ediff1d(m, td::from<int>({88, 99}, space), -99)) ==
        std::vector<double>{-99, 1, 2, 3, 88, 99});
  CHECK(testing::values(td::ediff1d(td::transpose(m), 0.5)) == std::vector<double>{3, -2, 5, 0});  // 0.5 -> int 0
  CHECK(testing::values(td::ediff1d(m * 2, nullptr, td::from<int>({{5}}, space))) ==
        std::vector<double>{5, 2, 4, 6});
  CHECK(td::ediff1d(td::zeros<double>({1}, space)).size() == 0);
  CHECK(td::ediff1d(td::zeros<double>({0}, space), 1.0).size() == 1);
  CHECK(testing::values(td::ediff1d(td::from<bool>({true, true, false}, space))) == std::vector<double>{0, 1});

  // numpy: unwrap([0, .7, 1.4, 2.1, 2.8, 3.5, 4.2, -1.4, -.7, 0]): the last three shifted
  // by 2 pi.
  const double two_pi = 6.283185307179586;
  const std::vector<double> phase = {0, 0.7, 1.4, 2.1, 2.8, 3.5, 4.2, -1.4, -0.7, 0};
  const auto u = testing::values(td::unwrap(td::from(phase, {10}, space)));
  for (std::size_t i = 0; i < phase.size(); ++i) CHECK(u[i] == Approx(phase[i] + (i >= 7 ? two_pi : 0)).margin(1e-12));
  // Integers (double here), a period of 4: [0, 1, 2, 3, 0, 1, 2, 3] -> 0..7 (numpy's).
  CHECK(testing::values(td::unwrap(td::from<int>({0, 1, 2, 3, 0, 1, 2, 3}, space), std::nullopt, -1, 4.0)) ==
        std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7});
  // discont = 4 leaves the jump of 3.5 alone and corrects that of -5.5 (numpy: 7.2832).
  const auto w = testing::values(td::unwrap(td::from<double>({0, 3, 6.5, 1}, space), 4.0));
  CHECK(w[2] == 6.5);
  CHECK(w[3] == Approx(1 + two_pi).margin(1e-12));
  // Along axis 0 of a float matrix of random walks, against a plain loop in double.
  const auto steps = testing::random_values<float>(200 * 3, -3, 3, 71);
  std::vector<float> walk(steps.size());
  for (std::size_t j = 0; j < 3; ++j) {
    float acc = 0;
    for (std::size_t i = 0; i < 200; ++i) {
      acc += steps[i * 3 + j];
      walk[i * 3 + j] = std::remainder(acc, float(two_pi));  // wrapped into [-pi, pi]
    }
  }
  const auto got = testing::values(td::unwrap(td::from(walk, {200, 3}, space), std::nullopt, 0));
  for (std::size_t j = 0; j < 3; ++j) {
    double run = walk[j];
    for (std::size_t i = 1; i < 200; ++i) {
      const double dd = double(float(walk[i * 3 + j] - walk[(i - 1) * 3 + j]));
      double mod = std::fmod(dd + two_pi / 2, two_pi);
      if (mod < 0) mod += two_pi;
      mod -= two_pi / 2;
      if (mod == -two_pi / 2 && dd > 0) mod = two_pi / 2;
      run += std::abs(dd) < two_pi / 2 ? 0.0 : mod - dd;
      CHECK(got[i * 3 + j] == Approx(double(walk[i * 3 + j]) + (run - walk[j])).margin(1e-3));
    }
  }
  CHECK(td::unwrap(td::zeros<float>({0, 3}, space)).shape() == td::shape<2>{0, 3});
  CHECK_THROWS_AS(td::unwrap(td::zeros<float>({2, 3}, space), std::nullopt, 2), td::index_error);
}
