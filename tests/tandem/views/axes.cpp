// squeeze, expand_dims, swapaxes and moveaxis (views/axes.hpp): element by element
// against the index arithmetic they promise, through expressions, reductions, sorts
// and matmul, on views of views and on temporaries; bad axes throw.
#include "support/test_support.hpp"

namespace {
/// t(i, j, k) == 100 i + 10 j + k for a [2, 3, 4] tensor.
template <class S>
td::tensor<int, 3, S> numbered(S space) {
  std::vector<int> v;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k) v.push_back(100 * i + 10 * j + k);
  return td::from(v, {2, 3, 4}, space);
}
}  // namespace

TEMPLATE_TEST_CASE("swapaxes and moveaxis reorder dimensions without copying", "[axes]", TANDEM_TEST_SPACES) {
  auto t = numbered(TestType{});
  const auto h = td::to(td::host, t);
  auto s = td::swapaxes(t, 0, 2);  // [4, 3, 2]
  static_assert(std::is_same_v<decltype(s), td::tensor_view<int, 3, TestType>>);
  CHECK(s.shape() == td::shape<3>{4, 3, 2});
  CHECK(s.data() == t.data());
  const auto sh = td::to(td::host, s);
  const auto m = td::to(td::host, td::moveaxis(t, 0, -1));  // [3, 4, 2]
  const auto m2 = td::to(td::host, td::moveaxis(t, 2, 0));  // [4, 2, 3]
  const auto m3 = td::to(td::host, td::moveaxis(t, 1, 1));  // unchanged
  CHECK(m.shape() == td::shape<3>{3, 4, 2});
  CHECK(m2.shape() == td::shape<3>{4, 2, 3});
  for (td::index_t i = 0; i < 2; ++i)
    for (td::index_t j = 0; j < 3; ++j)
      for (td::index_t k = 0; k < 4; ++k) {
        const int want = int(100 * i + 10 * j + k);
        CHECK(sh(k, j, i) == want);
        CHECK(m(j, k, i) == want);
        CHECK(m2(k, i, j) == want);
        CHECK(m3(i, j, k) == want);
        CHECK(h(i, j, k) == want);
      }
  // numpy's moveaxis(t, 0, -1) is transpose(t, (1, 2, 0)).
  CHECK(testing::values(td::moveaxis(t, 0, -1)) == testing::values(td::permute(t, {1, 2, 0})));
  // Through a reduction, and a sort (a strided lane goes through a temporary).
  CHECK(testing::values(td::sum(td::swapaxes(t, 0, 1), 0)) == testing::values(td::sum(t, 1)));
  auto copy = td::eval(t * 1);
  auto sv = td::swapaxes(copy, 1, 2);  // [2, 4, 3]: sv(i, k, j) == copy(i, j, k)
  td::sort(sv, -1, td::descending);    // each (i, k) column of copy, descending along j
  const auto sorted = td::to(td::host, copy);
  CHECK(sorted(0, 0, 0) == 20);
  CHECK(sorted(0, 1, 0) == 10);
  CHECK(sorted(0, 2, 0) == 0);
  CHECK(sorted(1, 0, 3) == 123);
  CHECK(sorted(1, 2, 3) == 103);
  // Writing through the view writes the tensor.
  td::swapaxes(t, 0, 1) = 7;
  CHECK(td::all(t == 7));
  // A temporary gives an owning, reordered copy.
  auto owned = td::swapaxes(numbered(TestType{}), 0, 2);
  static_assert(std::is_same_v<decltype(owned), td::tensor<int, 3, TestType>>);
  CHECK(testing::values(owned) == testing::values(sh));
  CHECK_THROWS_AS(td::swapaxes(t, 0, 3), td::index_error);
  CHECK_THROWS_AS(td::moveaxis(t, -4, 0), td::index_error);
}

TEMPLATE_TEST_CASE("squeeze and expand_dims drop and add extent-1 dimensions", "[axes]", TANDEM_TEST_SPACES) {
  auto v = td::from<float>({1, 2, 3}, TestType{});
  auto col = td::expand_dims(v, 1);  // [3, 1]
  auto row = td::expand_dims(v, 0);  // [1, 3]
  auto back = td::expand_dims(v, -1);
  static_assert(std::is_same_v<decltype(col), td::tensor_view<float, 2, TestType>>);
  CHECK(col.shape() == td::shape<2>{3, 1});
  CHECK(row.shape() == td::shape<2>{1, 3});
  CHECK(back.shape() == td::shape<2>{3, 1});
  CHECK(col.is_contiguous());
  // Broadcasting a column against a row: an outer sum.
  CHECK(testing::values(col + row) == std::vector<double>{2, 3, 4, 3, 4, 5, 4, 5, 6});
  // matmul of a column and a row is the outer product.
  CHECK(testing::values(td::matmul(col, row)) == std::vector<double>{1, 2, 3, 2, 4, 6, 3, 6, 9});
  auto sq = td::squeeze(col, 1);
  static_assert(std::is_same_v<decltype(sq), td::tensor_view<float, 1, TestType>>);
  CHECK(testing::values(sq) == std::vector<double>{1, 2, 3});
  CHECK(testing::values(td::squeeze(row, -2)) == std::vector<double>{1, 2, 3});
  // Of a strided view: the strides are kept.
  auto m = td::reshape(td::arange<float>(12, TestType{}), {3, 4});
  auto c2 = td::slice(m, td::all, td::range(2, 3));  // [3, 1], column 2
  CHECK(testing::values(td::squeeze(c2, 1)) == std::vector<double>{2, 6, 10});
  auto e3 = td::expand_dims(td::transpose(m), 1);  // [4, 1, 3]
  CHECK(e3.shape() == td::shape<3>{4, 1, 3});
  CHECK(testing::values(e3) == testing::values(td::transpose(m)));
  CHECK(testing::values(td::sum(td::squeeze(e3, 1), 1)) == std::vector<double>{12, 15, 18, 21});
  // Temporaries move their storage in.
  auto owned = td::expand_dims(td::arange<int>(4, TestType{}), 0);
  static_assert(std::is_same_v<decltype(owned), td::tensor<int, 2, TestType>>);
  CHECK(owned.shape() == td::shape<2>{1, 4});
  auto flat = td::squeeze(std::move(owned), 0);
  CHECK(testing::values(flat) == std::vector<double>{0, 1, 2, 3});
  // Empty extents elsewhere are fine; squeezing a dimension that is not 1 is not.
  CHECK(td::expand_dims(td::zeros<int>({0}, TestType{}), 0).shape() == td::shape<2>{1, 0});
  CHECK_THROWS_AS(td::squeeze(m, 0), td::shape_error);
  CHECK_THROWS_WITH(td::squeeze(m, 0), testing::contains("extent 3, not 1"));
  CHECK_THROWS_AS(td::squeeze(col, 2), td::index_error);
  CHECK_THROWS_AS(td::expand_dims(v, 2), td::index_error);
  CHECK_THROWS_AS(td::expand_dims(v, -3), td::index_error);
}

TEMPLATE_TEST_CASE("eye, logspace and the *_like family", "[axes]", TANDEM_TEST_SPACES) {
  CHECK(testing::values(td::eye<float>(3, TestType{})) == std::vector<double>{1, 0, 0, 0, 1, 0, 0, 0, 1});
  CHECK(testing::values(td::eye<int>(2, 3, 1, TestType{})) == std::vector<double>{0, 1, 0, 0, 0, 1});
  CHECK(testing::values(td::eye<int>(3, 2, -1, TestType{})) == std::vector<double>{0, 0, 1, 0, 0, 1});
  CHECK(testing::values(td::eye<double>(2, 2, 5, TestType{})) == std::vector<double>{0, 0, 0, 0});
  CHECK(td::eye<float>(0, TestType{}).size() == 0);
  CHECK_THROWS_AS(td::eye<float>(-1, TestType{}), td::shape_error);
  // logspace: base^x for x evenly spaced, the last exactly base^stop (numpy's values).
  const auto l = testing::values(td::logspace<double>(0, 3, 4, TestType{}));
  REQUIRE(l.size() == 4);
  CHECK(l == std::vector<double>{1, 10, 100, 1000});
  CHECK(testing::values(td::logspace<float>(0, 4, 5, 2.0, TestType{})) == std::vector<double>{1, 2, 4, 8, 16});
  CHECK(td::logspace<double>(0, 1, 0, TestType{}).size() == 0);
  CHECK(testing::values(td::logspace<double>(2, 5, 1, TestType{})) == std::vector<double>{100});
  // *_like: shape, element type and space of a tensor, view or expression.
  const auto m = td::full<float>({2, 3}, 4.f, TestType{});
  auto z = td::zeros_like(m);
  static_assert(std::is_same_v<decltype(z), td::tensor<float, 2, TestType>>);
  CHECK(testing::values(z) == std::vector<double>(6, 0.0));
  auto o = td::ones_like(td::transpose(m));
  CHECK(o.shape() == td::shape<2>{3, 2});
  CHECK(testing::values(o) == std::vector<double>(6, 1.0));
  auto f = td::full_like(m > 1.f, 1);  // an expression's: bool
  static_assert(std::is_same_v<decltype(f), td::tensor<bool, 2, TestType>>);
  CHECK(td::all(f));
  auto e = td::empty_like(m);
  CHECK(e.shape() == m.shape());
}
