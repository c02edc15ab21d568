// Random numbers: Philox known answers, host/device agreement, statistics.
#include <algorithm>
#include <cstring>

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
