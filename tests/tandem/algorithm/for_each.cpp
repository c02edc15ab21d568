// for_each over 1-d and n-d index spaces, with functors that write through views.
#include "support/test_support.hpp"

using testing::values;

namespace {

template <class View>
struct write_index {
  View out;
  TANDEM_HD void operator()(td::index_t i) const { out(i) = static_cast<float>(3 * i + 1); }
};
template <class View>
struct write_grid {
  View out;
  TANDEM_HD void operator()(td::index_t i, td::index_t j) const { out(i, j) = static_cast<int>(100 * i + j); }
};
template <class View>
struct write_cube {
  View out;
  TANDEM_HD void operator()(td::index_t i, td::index_t j, td::index_t k) const {
    out(i, j, k) = static_cast<double>(i - j * k);
  }
};

template <class View>
struct add_code {
  View out;
  TANDEM_HD void operator()(td::index_t i, td::index_t j, td::index_t k) const {
    out(i, j, k) += static_cast<double>(i * 1000003 + j * 1009 + k);
  }
};

}  // namespace

TEMPLATE_TEST_CASE("for_each over a 1-d index space", "[for_each]", TANDEM_TEST_SPACES) {
  for (td::index_t n : {td::index_t(0), td::index_t(5), td::index_t(100000)}) {
    td::tensor<float, 1, TestType> t({n});
    td::for_each(TestType{}, n, write_index<decltype(t.view())>{t.view()});
    const auto v = values(t);
    bool right = true;
    for (td::index_t i = 0; i < n; ++i) right = right && v[i] == 3.0 * static_cast<double>(i) + 1;
    CHECK(right);
  }
}

TEMPLATE_TEST_CASE("for_each over 2-d and 3-d index spaces", "[for_each]", TANDEM_TEST_SPACES) {
  const td::index_t m = 37, n = 1100;
  td::tensor<int, 2, TestType> g({m, n});
  td::for_each(TestType{}, td::shape<2>{m, n}, write_grid<decltype(g.view())>{g.view()});
  const auto gv = values(g);
  bool right = true;
  for (td::index_t i = 0; i < m; ++i)
    for (td::index_t j = 0; j < n; ++j) right = right && gv[i * n + j] == static_cast<double>(100 * i + j);
  CHECK(right);

  // Writing through a strided view: the transpose of a 4 x 3 x 2 block.
  td::tensor<double, 3, TestType> c({2, 3, 4});
  auto ct = td::permute(c, {2, 1, 0});
  td::for_each(TestType{}, ct.shape(), write_cube<decltype(ct)>{ct});
  const auto cv = values(c);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 2; ++k) CHECK(cv[(k * 3 + j) * 4 + i] == i - j * k);
}

TEMPLATE_TEST_CASE("for_each visits every index of large n-d spaces exactly once", "[for_each]", TANDEM_TEST_SPACES) {
  // Parallel sizes whose tasks start and end mid-row and mid-plane, rows longer than a
  // task, rows of one element, and empty spaces: each call adds its own code once to a
  // cell that starts at -1, so a missed or repeated index shows.
  const td::shape<3> shapes[] = {{3, 7001, 5}, {2, 1, 50003}, {40000, 1, 1}, {17, 19, 101}, {5, 0, 7}, {0, 3, 3}};
  for (const auto& s : shapes) {
    td::tensor<double, 3, TestType> c(s);
    c = -1.0;
    auto v = c.view();
    td::for_each(TestType{}, s, add_code<decltype(v)>{v});
    const auto cv = values(c);
    std::int64_t wrong = 0;
    for (td::index_t i = 0; i < s[0]; ++i)
      for (td::index_t j = 0; j < s[1]; ++j)
        for (td::index_t k = 0; k < s[2]; ++k)
          wrong += cv[(i * s[1] + j) * s[2] + k] != static_cast<double>(i * 1000003 + j * 1009 + k) - 1.0;
    CHECK(wrong == 0);
  }
}

TEMPLATE_TEST_CASE("for_each with a lambda", "[for_each]", TANDEM_TEST_SPACES) {
  td::tensor<float, 2, TestType> grid({4, 5});
  auto v = grid.view();
#if TANDEM_HAS_CUDA
  td::for_each(TestType{}, td::shape<2>{4, 5}, [=] TANDEM_HD(td::index_t i, td::index_t j) { v(i, j) = float(i + j); });
#else
  td::for_each(TestType{}, td::shape<2>{4, 5}, [=](td::index_t i, td::index_t j) { v(i, j) = float(i + j); });
#endif
  CHECK(td::sum(grid) == Catch::Approx(4 * 10 + 5 * 6));
}
