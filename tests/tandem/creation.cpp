// Creation functions: zeros ones full empty arange linspace from adapt.
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
