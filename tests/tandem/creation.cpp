// Creation functions: zeros ones full empty arange linspace from adapt.
#include <cmath>
#include <limits>

#include "support/test_support.hpp"

using testing::values;

TEMPLATE_TEST_CASE("zeros, ones, full and empty", "[creation]", TANDEM_TEST_SPACES) {
  auto z = td::zeros<float>({3, 4}, TestType{});
  static_assert(std::is_same_v<decltype(z), td::tensor<float, 2, TestType>>);
  CHECK(values(z) == std::vector<double>(12, 0.0));
  auto o = td::ones<std::int64_t>({5}, TestType{});
  CHECK(values(o) == std::vector<double>(5, 1.0));
  auto f = td::full<double>({2, 2}, 7.5, TestType{});
  CHECK(values(f) == std::vector<double>(4, 7.5));
  auto e = td::empty<float>({1 << 10}, TestType{});
  CHECK(e.size() == 1024);
  auto z4 = td::zeros<bool>(td::shape<4>{1, 2, 1, 3}, TestType{});
  CHECK(values(z4) == std::vector<double>(6, 0.0));
}

TEST_CASE("creation defaults to the host space", "[creation]") {
  auto o = td::ones<double>({5});
  static_assert(std::is_same_v<decltype(o), td::tensor<double, 1, td::host_space>>);
  auto r = td::arange<double>(1.0, 2.0, 0.25);
  static_assert(std::is_same_v<decltype(r), td::tensor<double, 1>>);
  CHECK(values(r) == std::vector<double>{1.0, 1.25, 1.5, 1.75});
}

TEMPLATE_TEST_CASE("arange matches numpy's element counts", "[creation]", TANDEM_TEST_SPACES) {
  CHECK(values(td::arange<float>(10, TestType{})) == std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  CHECK(values(td::arange<int>(2, 11, 3, TestType{})) == std::vector<double>{2, 5, 8});
  CHECK(values(td::arange<int>(5, 0, -2, TestType{})) == std::vector<double>{5, 3, 1});
  CHECK(td::arange<double>(0.0, 1.0, 0.1, TestType{}).size() == 10);
  CHECK(td::arange<float>(0, TestType{}).size() == 0);
  CHECK(td::arange<float>(3.f, 1.f, 1.f, TestType{}).size() == 0);
  CHECK_THROWS_AS(td::arange<int>(0, 5, 0, TestType{}), td::shape_error);
  const auto big = td::arange<std::int64_t>(std::int64_t(1) << 40, (std::int64_t(1) << 40) + 3, 1, TestType{});
  CHECK(td::to_vector(big)[2] == (std::int64_t(1) << 40) + 2);
}

TEMPLATE_TEST_CASE("linspace includes both ends", "[creation]", TANDEM_TEST_SPACES) {
  const auto l = values(td::linspace<double>(0.0, 1.0, 11, TestType{}));
  REQUIRE(l.size() == 11);
  for (int i = 0; i < 11; ++i) CHECK(l[i] == Catch::Approx(i / 10.0).margin(1e-15));
  CHECK(l.back() == 1.0);
  CHECK(values(td::linspace<float>(2.f, 3.f, 1, TestType{})) == std::vector<double>{2});
  CHECK(td::linspace<float>(2.f, 3.f, 0, TestType{}).size() == 0);
  CHECK_THROWS_AS(td::linspace<float>(0.f, 1.f, -1, TestType{}), td::shape_error);
}

TEMPLATE_TEST_CASE("from nested lists of rank 1 to 4", "[creation]", TANDEM_TEST_SPACES) {
  auto m = td::from<float>({{1, 2, 3}, {4, 5, 6}}, TestType{});
  CHECK(m.shape() == td::shape<2>{2, 3});
  CHECK(values(m) == std::vector<double>{1, 2, 3, 4, 5, 6});
  auto r1 = td::from<int>({7, 8}, TestType{});
  CHECK(r1.shape() == td::shape<1>{2});
  auto r3 = td::from<double>({{{1, 2}}, {{3, 4}}, {{5, 6}}}, TestType{});
  CHECK(r3.shape() == td::shape<3>{3, 1, 2});
  CHECK(values(r3) == std::vector<double>{1, 2, 3, 4, 5, 6});
  auto r4 = td::from<std::int64_t>({{{{1}, {2}}}, {{{3}, {4}}}}, TestType{});
  CHECK(r4.shape() == td::shape<4>{2, 1, 2, 1});
  CHECK(values(r4) == std::vector<double>{1, 2, 3, 4});
  CHECK_THROWS_WITH(td::from<float>({{1, 2, 3}, {4, 5}}, TestType{}), testing::contains("ragged"));
}

TEMPLATE_TEST_CASE("from a vector and a shape", "[creation]", TANDEM_TEST_SPACES) {
  auto v = td::from(std::vector<float>(6, 1.f), {2, 3}, TestType{});
  CHECK(v.shape() == td::shape<2>{2, 3});
  CHECK(values(v) == std::vector<double>(6, 1.0));
  CHECK_THROWS_WITH(td::from(std::vector<float>(5, 1.f), {2, 3}, TestType{}),
                    testing::contains("5 values cannot fill shape [2, 3]"));
}

TEST_CASE("adapt views memory the caller owns", "[creation]") {
  float buffer[6] = {1, 2, 3, 4, 5, 6};
  auto w = td::adapt(buffer, {2, 3}, td::host);
  static_assert(std::is_same_v<decltype(w), td::tensor_view<float, 2, td::host_space>>);
  CHECK(w(1, 1) == 5.f);
  w = w * 2.f;
  CHECK(buffer[5] == 12.f);
  const double cbuf[2] = {1.5, 2.5};
  auto cw = td::adapt(cbuf, {2});
  CHECK(td::sum(cw) == 4.0);
}

TEMPLATE_TEST_CASE("tri, geomspace and numpy's window functions", "[creation]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // numpy's values.
  CHECK(values(td::tri<double>(3, 4, 1, space)) == std::vector<double>{1, 1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1});
  const auto t3 = td::tri<int>(3, space);
  CHECK(values(t3) == std::vector<double>{1, 0, 0, 1, 1, 0, 1, 1, 1});
  CHECK(values(td::tri<float>(2, 3, -5, space)) == std::vector<double>(6, 0.0));
  CHECK(td::tri<float>(0, 3, space).shape() == td::shape<2>{0, 3});
  CHECK_THROWS_AS(td::tri<float>(-1, 3, space), td::shape_error);
  CHECK(values(td::geomspace<double>(1, 1000, 4, space)) == std::vector<double>{1, 10, 100, 1000});
  CHECK(values(td::geomspace<double>(-1, -1000, 4, space)) == std::vector<double>{-1, -10, -100, -1000});
  const auto g = values(td::geomspace<double>(2, 3, 5, space));
  const std::vector<double> gw = {2.0, 2.213363839400643, 2.449489742783178, 2.7108060108295344, 3.0};
  for (std::size_t i = 0; i < 5; ++i) CHECK(g[i] == Catch::Approx(gw[i]).epsilon(1e-15));
  CHECK((g.front() == 2.0 && g.back() == 3.0));  // the ends exactly
  const auto mixed = values(td::geomspace<double>(1, -8, 4, space));  // signs differ: NaN between
  CHECK((mixed[0] == 1 && std::isnan(mixed[1]) && std::isnan(mixed[2]) && mixed[3] == -8));
  CHECK(values(td::geomspace<int>(1, 1000, 4, space)) == std::vector<double>{1, 10, 100, 1000});
  CHECK(td::geomspace<double>(1, 2, 0, space).size() == 0);
  CHECK_THROWS_AS(td::geomspace<double>(0, 2, 3, space), td::error);
  // Windows: numpy's formulas, against its values (to the last bit or two of cos).
  const auto near = [](const std::vector<double>& got, const std::vector<double>& want) {
    REQUIRE(got.size() == want.size());
    for (std::size_t i = 0; i < got.size(); ++i) CHECK(got[i] == Catch::Approx(want[i]).margin(1e-16).epsilon(1e-15));
  };
  near(values(td::bartlett(5, space)), {0.0, 0.5, 1.0, 0.5, 0.0});
  near(values(td::bartlett(6, space)), {0.0, 0.4, 0.8, 0.8, 0.4, 0.0});
  near(values(td::blackman(5, space)), {-1.3877787807814457e-17, 0.34, 0.9999999999999999, 0.34, -1.3877787807814457e-17});
  near(values(td::hamming(5, space)), {0.08000000000000002, 0.54, 1.0, 0.54, 0.08000000000000002});
  near(values(td::hanning(6, space)),
       {0.0, 0.34549150281252633, 0.9045084971874737, 0.9045084971874737, 0.34549150281252633, 0.0});
  const auto hf = td::hanning<float>(5, space);
  static_assert(std::is_same_v<td::value_of_t<decltype(hf)>, float>);
  CHECK(values(hf) == std::vector<double>{0.0, 0.5, 1.0, 0.5, 0.0});
  CHECK(values(td::hamming(1, space)) == std::vector<double>{1.0});
  CHECK(td::blackman(0, space).size() == 0);
  CHECK(td::bartlett(-3, space).size() == 0);
  near(values(td::kaiser(6, 14.0, space)), {7.726866835270368e-06, 0.06815374319396057, 0.7615093990873935,
                                            0.7615093990873935, 0.06815374319396057, 7.726866835270368e-06});
  CHECK(values(td::kaiser(5, 0.0, space)) == std::vector<double>(5, 1.0));
  CHECK(values(td::kaiser(1, 3.0, space)) == std::vector<double>{1.0});
}

TEMPLATE_TEST_CASE("tril_indices, triu_indices, nancumsum and nancumprod", "[creation]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // numpy's values.
  const auto [r, c] = td::tril_indices(3, space);
  CHECK(values(r) == std::vector<double>{0, 1, 1, 2, 2, 2});
  CHECK(values(c) == std::vector<double>{0, 0, 1, 0, 1, 2});
  const auto u = td::triu_indices(3, 1, space);
  CHECK(values(u[0]) == std::vector<double>{0, 0, 1});
  CHECK(values(u[1]) == std::vector<double>{1, 2, 2});
  const auto l = td::tril_indices(3, -1, 4, space);
  CHECK(values(l[0]) == std::vector<double>{1, 2, 2});
  CHECK(values(l[1]) == std::vector<double>{0, 0, 1});
  const auto w = td::triu_indices(2, 0, 3, space);
  CHECK(values(w[0]) == std::vector<double>{0, 0, 0, 1, 1});
  CHECK(values(w[1]) == std::vector<double>{0, 1, 2, 1, 2});
  CHECK(td::tril_indices(0, space)[0].size() == 0);
  // Selecting the lower triangle through them, as numpy's a[np.tril_indices(3)].
  const auto m = td::reshape(td::arange<double>(9, space), {3, 3});
  CHECK(values(td::take(m, r * 3 + c)) == std::vector<double>{0, 3, 4, 6, 7, 8});
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto a = td::from<double>({{1, nan, 2}, {nan, nan, 3}}, space);
  CHECK(values(td::nancumsum(a)) == std::vector<double>{1, 1, 3, 3, 3, 6});
  CHECK(values(td::nancumsum(a, 0)) == std::vector<double>{1, 0, 2, 1, 0, 5});
  CHECK(values(td::nancumprod(a, 1)) == std::vector<double>{1, 1, 2, 1, 1, 3});
  CHECK(values(td::nancumprod(td::from<int>({2, 3}, space))) == std::vector<double>{2, 6});
}
