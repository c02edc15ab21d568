// Random numbers: Philox known answers, host/device agreement, statistics.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <utility>

#include "support/test_support.hpp"

namespace {

std::int64_t ulp_distance(double a, double b) {
  std::int64_t ia, ib;
  std::memcpy(&ia, &a, sizeof a);
  std::memcpy(&ib, &b, sizeof b);
  return ia > ib ? ia - ib : ib - ia;
}
std::int64_t ulp_distance(float a, float b) {
  std::int32_t ia, ib;
  std::memcpy(&ia, &a, sizeof a);
  std::memcpy(&ib, &b, sizeof b);
  return ia > ib ? std::int64_t(ia) - ib : std::int64_t(ib) - ia;
}

/// Pearson's chi-square statistic of counts against equal expected frequencies.
double chi_square(const std::vector<double>& counts) {
  double total = 0;
  for (double c : counts) total += c;
  const double expected = total / static_cast<double>(counts.size());
  double chi = 0;
  for (double c : counts) chi += (c - expected) * (c - expected) / expected;
  return chi;
}

}  // namespace

TEST_CASE("Philox-4x32-10 matches Random123's known-answer vectors", "[random]") {
  using td::random::words4;
  CHECK(td::random::philox4x32_10(words4{{0, 0, 0, 0}}, 0, 0) ==
        words4{{0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}});
  CHECK(td::random::philox4x32_10(words4{{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu}}, 0xffffffffu,
                                  0xffffffffu) == words4{{0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}});
  CHECK(td::random::philox4x32_10(words4{{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u}}, 0xa4093822u,
                                  0x299f31d0u) == words4{{0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}});
}

TEMPLATE_TEST_CASE("values depend on seed, call and index only: every space agrees", "[random]", TANDEM_TEST_SPACES) {
  td::random::generator on_host{7}, in_space{7};
  const auto hu = td::to_vector(on_host.uniform<float>({1000}, td::host));
  const auto su = td::to_vector(in_space.uniform<float>({1000}, TestType{}));
  CHECK(hu == su);  // bitwise
  const auto hd = td::to_vector(on_host.uniform<double>({10, 10}, td::host, -3.0, 5.0));
  const auto sd = td::to_vector(in_space.uniform<double>({10, 10}, TestType{}, -3.0, 5.0));
  CHECK(hd == sd);
  const auto hi = td::to_vector(on_host.integers<std::int64_t>({500}, td::host, -20, 1000000000000));
  const auto si = td::to_vector(in_space.integers<std::int64_t>({500}, TestType{}, -20, 1000000000000));
  CHECK(hi == si);
  const auto hn = td::to_vector(on_host.normal<float>({1000}, td::host));
  const auto sn = td::to_vector(in_space.normal<float>({1000}, TestType{}));
  const auto hn2 = td::to_vector(on_host.normal<double>({1000}, td::host, 1.0, 3.0));
  const auto sn2 = td::to_vector(in_space.normal<double>({1000}, TestType{}, 1.0, 3.0));
  std::int64_t worst = 0;
  for (std::size_t i = 0; i < hn.size(); ++i) worst = std::max(worst, ulp_distance(hn[i], sn[i]));
  for (std::size_t i = 0; i < hn2.size(); ++i) worst = std::max(worst, ulp_distance(hn2[i], sn2[i]));
  CHECK(worst <= 2);
  CHECK(on_host.calls() == 5);
}

TEST_CASE("without a space the draws are host tensors, as with td::host", "[random]") {
  td::random::generator implicit{11}, explicit_host{11};
  auto u = implicit.uniform<float>({3, 4});
  static_assert(std::is_same_v<decltype(u), td::tensor<float, 2, td::host_space>>);
  CHECK(td::to_vector(u) == td::to_vector(explicit_host.uniform<float>({3, 4}, td::host)));
  CHECK(td::to_vector(implicit.uniform<double>(td::shape<1>{50}, -2.0, 2.0)) ==
        td::to_vector(explicit_host.uniform<double>({50}, td::host, -2.0, 2.0)));
  CHECK(td::to_vector(implicit.normal<double>({40})) == td::to_vector(explicit_host.normal<double>({40}, td::host)));
  CHECK(td::to_vector(implicit.normal<float>({40}, 5.f, 0.5f)) ==
        td::to_vector(explicit_host.normal<float>({40}, td::host, 5.f, 0.5f)));
  const auto dice = td::to_vector(implicit.integers<int>({200}, 1, 7));
  CHECK(dice == td::to_vector(explicit_host.integers<int>({200}, td::host, 1, 7)));
  CHECK(*std::min_element(dice.begin(), dice.end()) == 1);
  CHECK(*std::max_element(dice.begin(), dice.end()) == 6);
  CHECK(implicit.calls() == 5);
  CHECK_THROWS_AS(implicit.uniform<float>({2}, 1.f, 1.f), td::error);  // lo must be below hi
}

TEMPLATE_TEST_CASE("numpy's argument order (lo, hi, size) gives the shape-first spellings' values", "[random]",
                   TANDEM_TEST_SPACES) {
  td::random::generator numpy_order{5}, shape_first{5};
  auto dice = numpy_order.integers(1, 7, {300}, TestType{});
  static_assert(std::is_same_v<decltype(dice), td::tensor<int, 1, TestType>>);
  CHECK(td::to_vector(dice) == td::to_vector(shape_first.integers<int>({300}, TestType{}, 1, 7)));
  auto u = numpy_order.uniform<float>(-1, 1, {4, 5}, TestType{});  // int parameters converted
  static_assert(std::is_same_v<decltype(u), td::tensor<float, 2, TestType>>);
  CHECK(td::to_vector(u) == td::to_vector(shape_first.uniform<float>({4, 5}, TestType{}, -1.f, 1.f)));
  CHECK(td::min(u) >= -1.f);
  CHECK(td::max(u) < 1.f);
  auto n = numpy_order.normal(10.0, 0.5, td::shape<1>{64});  // no space: host memory
  static_assert(std::is_same_v<decltype(n), td::tensor<double, 1, td::host_space>>);
  CHECK(td::to_vector(n) == td::to_vector(shape_first.normal<double>({64}, td::host, 10.0, 0.5)));
  CHECK(numpy_order.calls() == 3);
  CHECK_THROWS_WITH(numpy_order.integers(7, 1, {3}, TestType{}), testing::contains("must be below hi"));
}

TEMPLATE_TEST_CASE("each call advances; seeds differ; thread counts do not matter", "[random]", TANDEM_TEST_SPACES) {
  td::random::generator g{123};
  const auto first = td::to_vector(g.uniform<float>({64}, TestType{}));
  const auto second = td::to_vector(g.uniform<float>({64}, TestType{}));
  CHECK(first != second);
  td::random::generator again{123};
  CHECK(td::to_vector(again.uniform<float>({64}, TestType{})) == first);
  td::random::generator other{124};
  CHECK(td::to_vector(other.uniform<float>({64}, TestType{})) != first);
  // A long draw under 1 and 2 threads, and a prefix of it: element i never depends on n.
  std::vector<float> by_threads[2];
  for (int t = 1; t <= 2; ++t) {
    testing::threads_scope limit(t);
    td::random::generator h{5};
    by_threads[t - 1] = td::to_vector(h.uniform<float>({300000}, TestType{}));
  }
  CHECK(by_threads[0] == by_threads[1]);
  td::random::generator h{5};
  const auto prefix = td::to_vector(h.uniform<float>({100}, TestType{}));
  CHECK(std::equal(prefix.begin(), prefix.end(), by_threads[0].begin()));
}

TEMPLATE_TEST_CASE("uniform: range, mean, variance and a chi-square over 100 bins", "[random]", TANDEM_TEST_SPACES) {
  td::random::generator g{2024};
  const td::index_t n = 1 << 20;
  auto u = g.uniform<float>({n}, TestType{}, 2.f, 6.f);
  CHECK(td::min(u) >= 2.f);
  CHECK(td::max(u) < 6.f);
  const double mean = td::mean(td::cast<double>(u));
  const double var = td::mean(td::pow(td::cast<double>(u) - mean, 2.0));
  // mean 4, variance 16/12; five standard errors of margin.
  CHECK(std::abs(mean - 4.0) < 5 * std::sqrt(16.0 / 12.0 / n));
  CHECK(std::abs(var - 16.0 / 12.0) < 0.01);
  std::vector<double> counts(100, 0.0);
  for (float x : td::to_vector(u)) counts[static_cast<std::size_t>((x - 2.f) / 4.f * 100.f)] += 1;
  // 99 degrees of freedom: the 0.999 quantile is about 148.2.
  CHECK(chi_square(counts) < 148.2);
}

TEMPLATE_TEST_CASE("normal: mean, variance, and the mass within one and two sigma", "[random]", TANDEM_TEST_SPACES) {
  td::random::generator g{99};
  const td::index_t n = 1 << 20;
  auto z = g.normal<double>({n}, TestType{}, 1.5, 2.0);
  const double mean = td::mean(z);
  const double var = td::mean(td::pow(z - mean, 2.0));
  CHECK(std::abs(mean - 1.5) < 5 * 2.0 / std::sqrt(double(n)));
  CHECK(std::abs(var - 4.0) < 0.03);
  const double within1 = td::mean(td::abs(z - 1.5) < 2.0);
  const double within2 = td::mean(td::abs(z - 1.5) < 4.0);
  CHECK(std::abs(within1 - 0.682689) < 0.003);
  CHECK(std::abs(within2 - 0.954500) < 0.002);
  auto zf = g.normal<float>({n}, TestType{});
  CHECK(std::abs(td::mean(td::cast<double>(zf))) < 5.0 / std::sqrt(double(n)));
}

TEMPLATE_TEST_CASE("normal complex values: independent parts, the real ones as a real draw's",
                   "[random][complex]", TANDEM_TEST_SPACES) {
  using cf = td::complex<float>;
  using cd = td::complex<double>;
  const td::index_t n = 1 << 18;
  // The real parts are the values a real draw of the same seed and call gives, bit for
  // bit (Box-Muller's cosine); the imaginary parts its sine.
  td::random::generator g{41}, h{41};
  const auto z = g.normal<cf>({n}, TestType{}, cf(1, -2), cf(3, 0));
  const auto x = h.normal<float>({n}, TestType{}, 1.f, 3.f);
  CHECK(td::to_vector(td::real(z)) == td::to_vector(x));
  const auto im = td::eval(td::cast<double>(td::imag(z)));
  const double mean_im = td::mean(im);
  CHECK(std::abs(mean_im + 2) < 5 * 3.0 / std::sqrt(double(n)));
  CHECK(std::abs(td::mean(td::pow(im - mean_im, 2.0)) - 9.0) < 0.1);
  // Independent parts: correlation within noise (about 1 / sqrt(n)).
  const auto re = td::eval(td::cast<double>(td::real(z)));
  const double mean_re = td::mean(re);
  const double corr = td::mean((re - mean_re) * (im - mean_im)) / 9.0;
  CHECK(std::abs(corr) < 5 / std::sqrt(double(n)));
  // Every space draws the same values; double precision too.
  td::random::generator a{7}, b{7};
  CHECK(td::to_vector(a.normal<cd>({1000}, TestType{})) == td::to_vector(b.normal<cd>({1000}, td::host)));
  // numpy's standard complex normal: stddev sqrt(1/2) per part, E|z|^2 = 1.
  const auto s = g.normal<cd>({n}, TestType{}, cd(0, 0), cd(std::sqrt(0.5), 0));
  CHECK(std::abs(td::mean(td::pow(td::abs(s), 2.0)) - 1.0) < 0.02);
  CHECK_THROWS_WITH(g.normal<cf>({3}, TestType{}, cf(0, 0), cf(1, 1)), testing::contains("must be a real number"));
  CHECK_THROWS_WITH(g.normal<cf>({3}, TestType{}, cf(0, 0), cf(-1, 0)), testing::contains("non-negative"));
}

TEMPLATE_TEST_CASE("integers: [lo, hi), every value about equally often", "[random]", TANDEM_TEST_SPACES) {
  td::random::generator g{31};
  auto dice = g.integers<int>({600000}, TestType{}, 1, 7);
  CHECK(td::min(dice) == 1);
  CHECK(td::max(dice) == 6);
  std::vector<double> counts(6, 0.0);
  for (int x : td::to_vector(dice)) counts[static_cast<std::size_t>(x - 1)] += 1;
  CHECK(chi_square(counts) < 20.5);  // 5 degrees of freedom, 0.999 quantile
  auto wide = g.integers<std::int64_t>({100000}, TestType{}, -(std::int64_t(1) << 40), std::int64_t(1) << 40);
  CHECK(td::min(wide) >= -(std::int64_t(1) << 40));
  CHECK(td::max(wide) < (std::int64_t(1) << 40));
  CHECK(std::abs(td::mean(wide)) < 5 * 6.35e11 / std::sqrt(1e5));
  CHECK_THROWS_AS(g.integers<int>({3}, TestType{}, 5, 5), td::error);
  CHECK_THROWS_WITH(g.uniform<float>({3}, TestType{}, 1.f, 0.f), testing::contains("must be below hi"));
}

TEMPLATE_TEST_CASE("exponential and permutation", "[random]", TANDEM_TEST_SPACES) {
  td::random::generator g{77}, h{77};
  const td::index_t n = 1 << 20;
  const auto e = g.exponential<double>({n}, TestType{}, 2.5);
  CHECK(td::min(e) >= 0.0);
  // mean 2.5, variance 6.25; P(x > 2.5) = 1/e.
  CHECK(std::abs(td::mean(e) - 2.5) < 5 * 2.5 / std::sqrt(double(n)));
  CHECK(std::abs(td::var(e) - 6.25) < 0.1);
  CHECK(std::abs(td::mean(e > 2.5) - std::exp(-1.0)) < 0.002);
  // The same values in every space and from the host spelling (seed, call and index only).
  CHECK(td::to_vector(h.exponential<double>({n}, 2.5)) == td::to_vector(e));
  const auto ef = g.exponential<float>({8}, TestType{});
  static_assert(std::is_same_v<td::value_of_t<decltype(ef)>, float>);
  CHECK_THROWS_AS(g.exponential<double>({4}, TestType{}, -1.0), td::error);
  // A permutation holds every index once; another call another order; 0 and 1 elements.
  const auto p = g.permutation(1000, TestType{});
  static_assert(std::is_same_v<decltype(p), const td::tensor<td::index_t, 1, TestType>>);
  auto sorted = td::to_vector(p);
  const auto order = sorted;
  std::sort(sorted.begin(), sorted.end());
  std::vector<td::index_t> iota(1000);
  for (std::size_t i = 0; i < 1000; ++i) iota[i] = td::index_t(i);
  CHECK(sorted == iota);
  CHECK(order != iota);
  CHECK(td::to_vector(g.permutation(1000, TestType{})) != order);
  h.exponential<float>({8});  // h now stands where g stood before its permutation
  CHECK(td::to_vector(h.permutation(1000)) == order);
  CHECK(g.permutation(0, TestType{}).size() == 0);
  CHECK(td::to_vector(g.permutation(1, TestType{})) == std::vector<td::index_t>{0});
  CHECK_THROWS_AS(g.permutation(-1, TestType{}), td::shape_error);
}

TEMPLATE_TEST_CASE("permutation(x) and shuffle(x) reorder slices along an axis, as numpy's", "[random]",
                   TANDEM_TEST_SPACES) {
  const TestType space{};
  td::random::generator g{31}, h{31};
  const auto m = td::reshape(td::arange<double>(40, space), {10, 4});  // row r: 4r .. 4r + 3
  // The rows in the order permutation(10) gives from the same state.
  const auto p = g.permutation(m);
  static_assert(std::is_same_v<decltype(p), const td::tensor<double, 2, TestType>>);
  const auto order = td::to_vector(h.permutation(10, space));
  std::vector<double> want;
  for (const auto r : order)
    for (int j = 0; j < 4; ++j) want.push_back(double(4 * r + j));
  CHECK(testing::values(p) == want);
  // Along axis 1 (columns), of a transposed view.
  const auto pc = g.permutation(td::transpose(m), 1);
  const auto cols = td::to_vector(h.permutation(10, space));
  want.clear();
  for (int i = 0; i < 4; ++i)
    for (const auto c : cols) want.push_back(double(4 * c + i));
  CHECK(testing::values(pc) == want);
  // shuffle: in place, the order permutation(x) would give; views of x see it.
  auto x = td::tensor<double, 2, TestType>(m);
  const auto before = x.view();
  g.shuffle(x);
  const auto rows = td::to_vector(h.permutation(10, space));
  want.clear();
  for (const auto r : rows)
    for (int j = 0; j < 4; ++j) want.push_back(double(4 * r + j));
  CHECK(testing::values(x) == want);
  CHECK(testing::values(before) == want);
  // A writable view: column 2's elements shuffled, the other columns untouched.
  auto column = td::slice(x, td::all, 2);
  g.shuffle(column);
  const auto at = td::to_vector(h.permutation(10, space));
  std::vector<double> c2;
  for (const auto k : at) c2.push_back(want[std::size_t(4 * k + 2)]);
  CHECK(testing::values(td::slice(x, td::all, 2)) == c2);
  std::vector<double> c0;
  for (std::size_t r = 0; r < 10; ++r) c0.push_back(want[4 * r]);
  CHECK(testing::values(td::slice(x, td::all, 0)) == c0);
  CHECK_THROWS_AS(g.permutation(m, 2), td::index_error);
}

TEST_CASE("the normal distribution's own log and cos agree with the C library", "[random]") {
  namespace rd = td::random::detail;
  double worst_log = 0, worst_cos = 0, worst_sin = 0;
  std::mt19937_64 gen(5);
  for (int i = 0; i < 200000; ++i) {
    const double x = std::ldexp(std::uniform_real_distribution<double>(0.5, 1.0)(gen), -(i % 54));
    worst_log = std::max(worst_log, std::fabs(rd::portable_log(x) - std::log(x)) / std::fabs(std::log(x) + 1e-300));
    const double t = std::uniform_real_distribution<double>(0.0, 1.0)(gen);
    worst_cos = std::max(worst_cos, std::fabs(rd::cos_two_pi(t) - std::cos(6.283185307179586 * t)));
    worst_sin = std::max(worst_sin, std::fabs(rd::sin_two_pi(t) - std::sin(6.283185307179586 * t)));
  }
  CHECK(rd::sin_two_pi(0.25) == 1.0);
  CHECK(rd::sin_two_pi(0.75) == -1.0);
  CHECK(std::fabs(rd::sin_two_pi(0.0)) < 1e-16);
  CHECK(worst_sin < 2e-15);
  CHECK(rd::portable_log(1.0) == 0.0);
  CHECK(rd::cos_two_pi(0.0) == 1.0);
  CHECK(rd::cos_two_pi(0.5) == -1.0);
  CHECK(std::fabs(rd::cos_two_pi(0.25)) < 1e-16);
  CHECK(worst_log < 4e-16);  // relative
  CHECK(worst_cos < 2e-15);  // absolute; std::cos(2 pi t) itself rounds 2 pi t first
}

namespace {
/// The sample mean and variance (ddof 0) of values drawn into a tensor, in double.
template <class X>
std::pair<double, double> moments(const X& x) {
  const auto v = td::to_vector(x);
  double m = 0, s = 0;
  for (auto e : v) m += double(e);
  m /= double(v.size());
  for (auto e : v) s += (double(e) - m) * (double(e) - m);
  return {m, s / double(v.size())};
}
/// The fraction of values at or below x0.
template <class X>
double fraction_below(const X& x, double x0) {
  const auto v = td::to_vector(x);
  double c = 0;
  for (auto e : v) c += double(e) <= x0 ? 1 : 0;
  return c / double(v.size());
}
}  // namespace

TEMPLATE_TEST_CASE("the continuous distributions: moments and distribution functions", "[random]",
                   TANDEM_TEST_SPACES) {
  const TestType space{};
  td::random::generator g{2026}, h{2026};
  const td::index_t n = 1 << 18;
  const double pi = 3.141592653589793, euler_gamma = 0.5772156649015329;
  // P(X <= x0) within 6 standard errors of the exact distribution function.
  const auto cdf_close = [&](const auto& x, double x0, double want) {
    CAPTURE(x0, want);
    CHECK(std::abs(fraction_below(x, x0) - want) < 6 * std::sqrt(want * (1 - want) / double(n)) + 1e-12);
  };
  // The mean within 6 standard errors, the variance within 3 percent.
  const auto moments_close = [&](const auto& x, double mean, double var) {
    const auto [m, s] = moments(x);
    CAPTURE(mean, var, m, s);
    CHECK(std::abs(m - mean) < 6 * std::sqrt(var / double(n)));
    CHECK(std::abs(s - var) < 0.03 * var);
  };
  const auto phi = [](double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); };

  const auto ln = g.lognormal<double>({n}, space, 0.5, 0.5);
  moments_close(ln, std::exp(0.625), (std::exp(0.25) - 1) * std::exp(1.25));
  cdf_close(ln, 1.0, phi((0 - 0.5) / 0.5));
  CHECK(td::to_vector(h.lognormal<double>({n}, 0.5, 0.5)) == td::to_vector(ln));  // the host spelling's values

  const auto la = g.laplace<double>({n}, space, 1.0, 2.0);
  moments_close(la, 1.0, 8.0);
  cdf_close(la, -1.0, 0.5 * std::exp(-1.0));
  const auto lo = g.logistic<float>({n}, space, 1.f, 2.f);
  static_assert(std::is_same_v<td::value_of_t<decltype(lo)>, float>);
  moments_close(lo, 1.0, 4 * pi * pi / 3);
  cdf_close(lo, 3.0, 1 / (1 + std::exp(-1.0)));
  const auto gu = g.gumbel({n}, space, 1.0, 2.0);  // double, the parameters' type
  moments_close(gu, 1 + 2 * euler_gamma, pi * pi * 4 / 6);
  cdf_close(gu, 0.0, std::exp(-std::exp(0.5)));
  const auto we = g.weibull({n}, space, 1.5);
  const double g1 = std::tgamma(1 + 1 / 1.5), g2 = std::tgamma(1 + 2 / 1.5);
  moments_close(we, g1, g2 - g1 * g1);
  cdf_close(we, 1.0, 1 - std::exp(-1.0));
  const auto pa = g.pareto({n}, space, 3.0);  // Lomax: its fourth moment is infinite, so no variance check
  cdf_close(pa, 0.5, 1 - std::pow(1.5, -3.0));
  cdf_close(pa, 0.01, 1 - std::pow(1.01, -3.0));
  const auto ra = g.rayleigh({n}, space, 2.0);
  moments_close(ra, 2 * std::sqrt(pi / 2), (4 - pi) / 2 * 4);
  cdf_close(ra, 1.0, 1 - std::exp(-1.0 / 8));
  const auto ca = g.standard_cauchy<double>({n}, space);
  cdf_close(ca, -1.0, 0.25);
  cdf_close(ca, 0.0, 0.5);
  cdf_close(ca, 3.0, 0.5 + std::atan(3.0) / pi);

  // Gamma below and above shape 1 and at a large shape; the distributions made of gammas.
  for (const double k : {0.3, 1.0, 3.0, 50.0}) {
    CAPTURE(k);
    const auto ga = g.gamma({n}, space, k, 2.0);
    CHECK(td::min(ga) >= 0.0);
    moments_close(ga, 2 * k, 4 * k);
  }
  cdf_close(g.gamma({n}, space, 1.0), 1.0, 1 - std::exp(-1.0));  // Gamma(1) is exponential
  CHECK(td::max(g.gamma({16}, space, 0.0)) == 0.0);               // numpy: shape 0 gives zeros
  const auto be = g.beta({n}, space, 2.0, 5.0);
  moments_close(be, 2.0 / 7, 10.0 / (49 * 8));
  cdf_close(g.beta({n}, space, 1.0, 1.0), 0.3, 0.3);  // Beta(1, 1) is uniform
  const auto cs = g.chisquare({n}, space, 4.0);
  moments_close(cs, 4.0, 8.0);
  cdf_close(cs, 2.0, 1 - std::exp(-1.0) * 2);  // df 4: 1 - e^(-x/2) (1 + x/2)
  const auto st = g.standard_t({n}, space, 10.0);
  moments_close(st, 0.0, 10.0 / 8);
  cdf_close(g.standard_t({n}, space, 1.0), 1.0, 0.75);  // t with one degree is Cauchy

  // Float draws are the double draws rounded; every parameter numpy refuses throws.
  td::random::generator f1{5}, f2{5};
  CHECK(td::to_vector(f1.gamma<float>({64}, space, 2.5f)) ==
        td::to_vector(td::cast<float>(f2.gamma<double>({64}, space, 2.5))));
  CHECK_THROWS_WITH(g.gamma({4}, space, -1.0), testing::contains("shape (-1"));
  CHECK_THROWS_AS(g.beta({4}, space, 0.0, 1.0), td::error);
  CHECK_THROWS_AS(g.laplace({4}, space, 0.0, -1.0), td::error);
  CHECK_THROWS_AS(g.pareto({4}, space, 0.0), td::error);
  CHECK_THROWS_AS(g.chisquare({4}, space, 0.0), td::error);
  CHECK_THROWS_AS(g.lognormal({4}, space, 0.0, -0.5), td::error);
}

TEMPLATE_TEST_CASE("permuted(x) shuffles each lane, and choice with p draws without replacement", "[random]",
                   TANDEM_TEST_SPACES) {
  const TestType space{};
  td::random::generator g{77}, h{77};
  // Rank 1: the order permutation(n) gives from the same state.
  const auto v = td::arange<int>(50, space) * 3;
  const auto pv = td::to_vector(g.permuted(v, 0));
  const auto order = td::to_vector(h.permutation(50, space));
  for (std::size_t i = 0; i < 50; ++i) CHECK(pv[i] == 3 * order[i]);
  // No axis: every element among all, permutation(size)'s order, in x's shape.
  const auto m = td::reshape(td::arange<double>(2000 * 4, space), {2000, 4});  // row r: 4r .. 4r + 3
  const auto all = g.permuted(td::transpose(m));
  static_assert(std::is_same_v<decltype(all), const td::tensor<double, 2, TestType>>);
  CHECK(all.shape() == td::shape<2>{4, 2000});
  const auto flat_order = td::to_vector(h.permutation(8000, space));
  const auto mt = testing::values(td::transpose(m));
  const auto got_all = testing::values(all);
  bool same = true;
  for (std::size_t i = 0; i < 8000; ++i) same = same && got_all[i] == mt[std::size_t(flat_order[i])];
  CHECK(same);
  // Along axis 1: each row a permutation of its own four elements, the rows shuffled
  // independently (each of the 24 orders about 1/24 of the rows), the same in every space.
  const auto rows = g.permuted(m, 1);
  const auto r = testing::values(rows);
  std::vector<int> seen(24, 0);
  bool lanes = true;
  for (std::size_t i = 0; i < 2000; ++i) {
    std::vector<int> k(4);
    for (std::size_t j = 0; j < 4; ++j) k[j] = int(r[4 * i + j]) - int(4 * i);
    std::vector<int> sorted = k;
    std::sort(sorted.begin(), sorted.end());
    lanes = lanes && sorted == std::vector<int>{0, 1, 2, 3};
    if (!lanes) break;
    int code = 0;  // the permutation's rank among the 24 (Lehmer code)
    for (std::size_t j = 0; j < 4; ++j) {
      int smaller = 0;
      for (std::size_t l = j + 1; l < 4; ++l) smaller += k[l] < k[j];
      code = code * int(4 - j) + smaller;
    }
    ++seen[std::size_t(code)];
  }
  REQUIRE(lanes);
  for (int c : seen) CHECK(std::abs(c / 2000.0 - 1 / 24.0) < 0.025);  // about 6 sigma
  td::random::generator on_host{77};
  (void)on_host.permuted(td::arange<int>(50), 0);
  (void)on_host.permuted(td::transpose(td::reshape(td::arange<double>(8000), {2000, 4})));
  CHECK(testing::values(on_host.permuted(td::reshape(td::arange<double>(8000), {2000, 4}), 1)) == r);
  // Along axis 0 of a column view: each column's elements among that column.
  const auto cols = testing::values(g.permuted(td::slice(m, td::range(0, 6), td::all), 0));
  for (std::size_t j = 0; j < 4; ++j) {
    std::vector<double> col;
    for (std::size_t i = 0; i < 6; ++i) col.push_back(cols[4 * i + j]);
    std::sort(col.begin(), col.end());
    for (std::size_t i = 0; i < 6; ++i) CHECK(col[i] == double(4 * i + j));
  }
  CHECK_THROWS_AS(g.permuted(m, 2), td::index_error);

  // choice(a, count, false, p): distinct positions, none of probability 0.
  const auto a = td::arange<int>(6, space);
  const auto p = td::from<double>({0.1, 0.2, 0, 0.3, 0.4, 0}, space);
  auto four = td::to_vector(g.choice(a, 4, false, p));
  std::sort(four.begin(), four.end());
  CHECK(four == std::vector<int>{0, 1, 3, 4});
  CHECK(g.choice(a, 0, false, p).size() == 0);
  CHECK_THROWS_WITH(g.choice(a, 5, false, p), testing::contains("4 of the probabilities are non-zero"));
  CHECK_THROWS_WITH(g.choice(a, 2, false, td::from<double>({0.5, 0.5, 0.5, 0, 0, 0}, space)), testing::contains("sum to"));
  // The first pick is i with probability p_i; the second j != i with p_j / (1 - p_i).
  std::vector<int> first(6, 0);
  int after_4 = 0, zero_after_4 = 0;
  const int draws = 4000;
  for (int t = 0; t < draws; ++t) {
    const auto two = td::to_vector(g.choice(a, 2, false, p));
    REQUIRE(two[0] != two[1]);
    ++first[std::size_t(two[0])];
    if (two[0] == 4) {
      ++after_4;
      zero_after_4 += two[1] == 0;
    }
  }
  const std::vector<double> pw{0.1, 0.2, 0, 0.3, 0.4, 0};
  for (std::size_t i = 0; i < 6; ++i) CHECK(std::abs(first[i] / double(draws) - pw[i]) < 0.035);  // 4 sigma
  CHECK(std::abs(zero_after_4 / double(after_4) - 0.1 / 0.6) < 0.04);
  // With replacement the four-argument form is the three-argument one.
  td::random::generator g1{5}, g2{5};
  CHECK(td::to_vector(g1.choice(a, 100, true, p)) == td::to_vector(g2.choice(a, 100, p)));
}

TEMPLATE_TEST_CASE("the counting distributions and choice", "[random]", TANDEM_TEST_SPACES) {
  const TestType space{};
  td::random::generator g{99}, h{99};
  const td::index_t n = 1 << 18;
  const auto moments_close = [&](const auto& x, double mean, double var) {
    const auto [m, s] = moments(x);
    CAPTURE(mean, var, m, s);
    CHECK(std::abs(m - mean) < 6 * std::sqrt(var / double(n)));
    CHECK(std::abs(s - var) < 0.03 * var);
  };
  // Poisson by multiplication (below 10) and by rejection (from 10).
  for (const double lam : {0.5, 4.0, 10.0, 25.0, 1000.0}) {
    CAPTURE(lam);
    const auto p = g.poisson({n}, space, lam);
    static_assert(std::is_same_v<td::value_of_t<decltype(p)>, std::int64_t>);
    CHECK(td::min(p) >= 0);
    moments_close(p, lam, lam);
    const double p0 = std::exp(-lam) * (lam < 30 ? std::pow(lam, std::floor(lam)) / std::tgamma(std::floor(lam) + 1) : 0);
    if (lam < 30) {  // P(X = floor(lam)), the mode's probability
      const auto v = td::to_vector(p);
      double c = 0;
      for (auto e : v) c += e == std::int64_t(lam) ? 1 : 0;
      CHECK(std::abs(c / double(n) - p0) < 6 * std::sqrt(p0 * (1 - p0) / double(n)));
    }
  }
  CHECK(td::max(g.poisson({8}, space, 0.0)) == 0);
  CHECK(td::to_vector(h.poisson({n}, 0.5)) == td::to_vector(td::random::generator{99}.poisson({n}, space, 0.5)));
  // Binomial by inversion (n p < 30), by rejection, and with p > 1/2 (n minus 1 - p's).
  for (const auto& [trials, p] : std::vector<std::pair<std::int64_t, double>>{{10, 0.3}, {1000, 0.4}, {100, 0.9}, {5, 1.0}}) {
    CAPTURE(trials, p);
    const auto b = g.binomial<int>({n}, space, trials, p);
    CHECK(td::min(b) >= 0);
    CHECK(td::max(b) <= trials);
    if (p < 1)
      moments_close(b, double(trials) * p, double(trials) * p * (1 - p));
    else
      CHECK(td::min(b) == trials);
  }
  CHECK(td::max(g.binomial({8}, space, 0, 0.5)) == 0);
  CHECK_THROWS_AS(g.binomial({4}, space, 10, 1.5), td::error);
  CHECK_THROWS_AS(g.binomial({4}, space, -1, 0.5), td::error);
  CHECK_THROWS_WITH(g.poisson({4}, space, -1.0), testing::contains("lam"));
  // Geometric: trials to the first success.
  const auto ge = g.geometric({n}, space, 0.2);
  CHECK(td::min(ge) >= 1);
  moments_close(ge, 5.0, 20.0);
  CHECK(std::abs(td::mean(ge == std::int64_t(1)) - 0.2) < 6 * std::sqrt(0.16 / double(n)));
  CHECK(td::min(g.geometric({8}, space, 1.0)) == 1);
  CHECK_THROWS_AS(g.geometric({4}, space, 0.0), td::error);

  // choice with replacement: every element about equally often.
  const auto a = td::from<double>({10, 20, 30, 40}, space);
  const auto c = g.choice(a, n);
  std::vector<double> counts(4, 0);
  for (double x : td::to_vector(c)) counts[std::size_t(x / 10) - 1] += 1;
  CHECK(chi_square(counts) < 30);  // 3 degrees of freedom: far beyond any plausible value
  // Without replacement: distinct elements; all of them, a permutation.
  const auto idx = g.choice(1000, 300, false, space);
  auto sorted = td::to_vector(idx);
  std::sort(sorted.begin(), sorted.end());
  CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
  CHECK((sorted.front() >= 0 && sorted.back() < 1000));
  CHECK_THROWS_WITH(g.choice(a, 5, false), testing::contains("without replacement"));
  CHECK(g.choice(a, 0).size() == 0);
  CHECK_THROWS_AS(g.choice(td::zeros<double>({0}, space), 2), td::error);
  // With probabilities: frequencies follow p; a zero probability is never drawn.
  const auto p = td::from<double>({0.5, 0.0, 0.3, 0.2}, space);
  const auto w = td::to_vector(g.choice(a, n, p));
  std::vector<double> seen(4, 0);
  for (double x : w) seen[std::size_t(x / 10) - 1] += 1;
  CHECK(seen[1] == 0);
  for (const auto& [k, q] : std::vector<std::pair<std::size_t, double>>{{0, 0.5}, {2, 0.3}, {3, 0.2}})
    CHECK(std::abs(seen[k] / double(n) - q) < 6 * std::sqrt(q * (1 - q) / double(n)));
  CHECK_THROWS_WITH(g.choice(a, 4, td::from<double>({0.5, 0.5, 0.5, 0.5}, space)), testing::contains("sum to"));
  CHECK_THROWS_AS(g.choice(a, 4, td::from<double>({1.5, -0.5, 0, 0}, space)), td::error);
  CHECK_THROWS_AS(g.choice(a, 4, td::from<double>({1, 0}, space)), td::shape_error);
}

TEST_CASE("the distributions' own exp agrees with the C library", "[random]") {
  namespace rd = td::random::detail;
  double worst = 0, worst_m1 = 0;
  std::mt19937_64 gen(8);
  for (int i = 0; i < 200000; ++i) {
    const double x = std::uniform_real_distribution<double>(-740.0, 709.0)(gen) / double(1 + i % 1000);
    worst = std::max(worst, std::fabs(rd::portable_exp(x) - std::exp(x)) / std::exp(x));
    const double y = x / 500;
    worst_m1 = std::max(worst_m1, std::fabs(rd::portable_expm1(y) - std::expm1(y)) / std::fabs(std::expm1(y) + 1e-300));
  }
  CHECK(worst < 4e-16);
  CHECK(worst_m1 < 4e-16);
  CHECK(rd::portable_exp(0.0) == 1.0);
  CHECK(rd::portable_exp(1000.0) == HUGE_VAL);
  CHECK(rd::portable_exp(-1000.0) == 0.0);
  CHECK(rd::portable_exp(-744.0) == std::exp(-744.0));  // subnormal
  CHECK(std::isnan(rd::portable_exp(std::nan(""))));
  // log k! against lgamma(k + 1), through the exact products and Stirling's series.
  for (double k = 0; k < 200; k += 1) CHECK(rd::log_factorial(k) == Approx(std::lgamma(k + 1)).epsilon(1e-14).margin(1e-14));
}
