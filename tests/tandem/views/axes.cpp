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

TEMPLATE_TEST_CASE("flip views run backwards through every algorithm", "[axes][flip]", TANDEM_TEST_SPACES) {
  auto v = td::arange<int>(6, TestType{});
  auto r = td::flip(v);
  static_assert(std::is_same_v<decltype(r), td::tensor_view<int, 1, TestType>>);
  CHECK(r.stride(0) == -1);
  CHECK(testing::values(r) == std::vector<double>{5, 4, 3, 2, 1, 0});
  CHECK(testing::values(td::flip(r)) == std::vector<double>{0, 1, 2, 3, 4, 5});
  CHECK(testing::values(r + v) == std::vector<double>(6, 5.0));
  CHECK(td::sum(r) == 15);
  CHECK(td::argmax(r) == 0);  // an index into the view: its first element is v's last
  CHECK(testing::values(td::cumsum(r)) == std::vector<double>{5, 9, 12, 14, 15, 15});
  CHECK(testing::values(td::flip(td::arange<int>(0, TestType{}))).empty());
  // A step-(-1) float sum over many elements takes the one-pointer path.
  const auto xs = testing::random_values<double>(3000, -1, 1, 5);
  auto x = td::from(xs, {3000}, TestType{});
  double want = 0;
  for (double e : xs) want += e;
  CHECK(td::sum(td::flip(x)) == Catch::Approx(want).epsilon(1e-12));
  CHECK(td::max(td::flip(x)) == td::max(x));

  // Rank 3 (t(i, j, k) = 100 i + 10 j + k), one axis or all, negative axes.
  auto t = numbered(TestType{});
  const auto all3 = td::to(td::host, td::flip(t));
  const auto f1 = td::to(td::host, td::flip(t, 1));
  const auto fm = td::to(td::host, td::flip(t, -1));
  for (td::index_t i = 0; i < 2; ++i)
    for (td::index_t j = 0; j < 3; ++j)
      for (td::index_t k = 0; k < 4; ++k) {
        CHECK(all3(i, j, k) == int(100 * (1 - i) + 10 * (2 - j) + (3 - k)));
        CHECK(f1(i, j, k) == int(100 * i + 10 * (2 - j) + k));
        CHECK(fm(i, j, k) == int(100 * i + 10 * j + (3 - k)));
      }
  CHECK_THROWS_AS(td::flip(t, 3), td::index_error);
  // Reductions along each axis of a flipped view: the reductions of t, reversed.
  CHECK(testing::values(td::sum(td::flip(t, 1), 1)) == testing::values(td::sum(t, 1)));
  CHECK(testing::values(td::sum(td::flip(t), 2)) == testing::values(td::flip(td::sum(t, 2))));
  CHECK(testing::values(td::max(td::flip(t, 0), 0)) == testing::values(td::max(t, 0)));
  CHECK(testing::values(td::argmax(td::flip(t, 2), 2)) == std::vector<double>(6, 0.0));
  // A copy from a flipped and transposed layout (the tiled copy, with negative strides).
  auto big = td::reshape(td::arange<float>(64 * 48, TestType{}), {64, 48});
  const td::tensor<float, 2, TestType> ft = td::flip(td::transpose(big));  // [48, 64]
  const auto fth = td::to(td::host, ft);
  bool copied = true;
  for (td::index_t i = 0; i < 48; ++i)
    for (td::index_t j = 0; j < 64; ++j) copied = copied && fth(i, j) == float((63 - j) * 48 + (47 - i));
  CHECK(copied);

  // Writing through a flipped view, and reading a flipped view of the destination itself.
  auto w = td::arange<int>(7, TestType{});
  td::flip(w) = td::arange<int>(7, TestType{});
  CHECK(testing::values(w) == std::vector<double>{6, 5, 4, 3, 2, 1, 0});
  w = td::flip(w);  // overlaps its destination: read first, as numpy's w[:] = w[::-1]
  CHECK(testing::values(w) == std::vector<double>{0, 1, 2, 3, 4, 5, 6});
  auto half = td::slice(w, td::range(0, 4));
  half = td::flip(td::slice(w, td::range(3, 7)));  // [6, 5, 4, 3]
  CHECK(testing::values(w) == std::vector<double>{6, 5, 4, 3, 4, 5, 6});

  // Sorting a flipped view sorts the tensor descending (through a temporary).
  auto s = td::from<float>({3, 1, 4, 1, 5, 9, 2, 6}, TestType{});
  // flip(s) = [6 2 9 5 1 4 1 3]; stable, so the two 1s keep their order (4 before 6).
  CHECK(testing::values(td::argsort(td::flip(s))) == std::vector<double>{4, 6, 1, 7, 5, 3, 0, 2});
  td::sort(td::flip(s));
  CHECK(testing::values(s) == std::vector<double>{9, 6, 5, 4, 3, 2, 1, 1});

  // matmul reads flipped operands through a dense copy and writes a flipped result.
  auto a = td::reshape(td::arange<double>(6, TestType{}), {2, 3});  // [[0 1 2] [3 4 5]]
  auto b = td::reshape(td::arange<double>(12, TestType{}), {3, 4});
  const auto ah = td::to(td::host, td::flip(a));
  const auto bh = td::to(td::host, td::flip(b, 0));
  std::vector<double> prod;
  for (td::index_t i = 0; i < 2; ++i)
    for (td::index_t j = 0; j < 4; ++j) {
      double acc = 0;
      for (td::index_t p = 0; p < 3; ++p) acc += ah(i, p) * bh(p, j);
      prod.push_back(acc);
    }
  CHECK(testing::values(td::matmul(td::flip(a), td::flip(b, 0))) == prod);
  auto c = td::zeros<double>({2, 4}, TestType{});
  td::flip(c) = td::matmul(td::flip(a), td::flip(b, 0));
  CHECK(testing::values(td::flip(c)) == prod);

  // A temporary gives a tensor of the reversed elements.
  auto owned = td::flip(td::arange<int>(3, TestType{}));
  static_assert(std::is_same_v<decltype(owned), td::tensor<int, 1, TestType>>);
  CHECK(testing::values(owned) == std::vector<double>{2, 1, 0});
}

TEMPLATE_TEST_CASE("broadcast_to stretches with zero strides and stays read-only", "[axes][broadcast]",
                   TANDEM_TEST_SPACES) {
  auto v = td::from<float>({1, 2, 3}, TestType{});
  auto g = td::broadcast_to(v, {4, 3});
  static_assert(std::is_same_v<decltype(g), td::tensor_view<const float, 2, TestType>>);
  CHECK(g.shape() == td::shape<2>{4, 3});
  CHECK(g.stride(0) == 0);
  CHECK(g.data() == v.data());
  CHECK(testing::values(g) == std::vector<double>{1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3});
  CHECK(td::sum(g) == 24.f);
  CHECK(testing::values(td::sum(g, 0)) == std::vector<double>{4, 8, 12});
  CHECK(testing::values(td::sum(g, 1)) == std::vector<double>{6, 6, 6, 6});
  CHECK(testing::values(g * 2.f - v) == std::vector<double>{1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3});
  // A column stretched along a new trailing axis, and new leading dimensions.
  auto col = td::broadcast_to(td::expand_dims(v, 1), td::shape<3>{2, 3, 2});
  CHECK(testing::values(col) == std::vector<double>{1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3});
  CHECK(td::broadcast_to(v, {0, 3}).size() == 0);
  // matmul copies a zero-stride operand in: ones(2, 3) @ stretched rows.
  auto rows = td::broadcast_to(v, {3, 3});  // every row [1 2 3]
  CHECK(testing::values(td::matmul(td::ones<float>({2, 3}, TestType{}), rows)) ==
        std::vector<double>{3, 6, 9, 3, 6, 9});
  CHECK(testing::values(td::matmul(rows, td::transpose(rows))) == std::vector<double>(9, 14.0));
  // A flipped broadcast: negative and zero strides together.
  auto fg = td::eval(td::flip(g));
  CHECK(testing::values(td::slice(fg, 0, td::all)) == std::vector<double>{3, 2, 1});
  CHECK(testing::values(td::sum(td::flip(g), 0)) == std::vector<double>{12, 8, 4});
  // Shapes that do not broadcast name both shapes.
  CHECK_THROWS_AS(td::broadcast_to(v, {4, 2}), td::shape_error);
  CHECK_THROWS_WITH(td::broadcast_to(v, {4, 2}), testing::contains("cannot broadcast [3] to [4, 2]"));
  CHECK_THROWS_AS(td::broadcast_to(v, {-1, 3}), td::shape_error);
  // A temporary gives the stretched copy, which can be written.
  auto owned = td::broadcast_to(td::arange<int>(2, TestType{}), {2, 2});
  static_assert(std::is_same_v<decltype(owned), td::tensor<int, 2, TestType>>);
  td::slice(owned, 1, 1) = 7;
  CHECK(testing::values(owned) == std::vector<double>{0, 1, 0, 7});
  // A mutable zero-stride view made by hand cannot be assigned to; nothing is written.
  auto base = td::zeros<int>({3}, TestType{});
  const td::tensor_view<int, 2, TestType> shared(base.data(), td::shape<2>{4, 3}, td::shape<2>{0, 1});
  CHECK_THROWS_AS(shared = td::reshape(td::arange<int>(12, TestType{}), {4, 3}), td::shape_error);
  CHECK_THROWS_WITH(shared = 1, testing::contains("dimension 0 has stride 0"));
  CHECK(testing::values(base) == std::vector<double>{0, 0, 0});
}

TEMPLATE_TEST_CASE("diagonal and flatten", "[axes][diagonal]", TANDEM_TEST_SPACES) {
  auto m = td::reshape(td::arange<int>(12, TestType{}), {3, 4});  // m(i, j) == 4 i + j
  auto d = td::diagonal(m);
  static_assert(std::is_same_v<decltype(d), td::tensor_view<int, 1, TestType>>);
  CHECK(testing::values(d) == std::vector<double>{0, 5, 10});
  CHECK(testing::values(td::diagonal(m, 1)) == std::vector<double>{1, 6, 11});
  CHECK(testing::values(td::diagonal(m, 2)) == std::vector<double>{2, 7});
  CHECK(testing::values(td::diagonal(m, -1)) == std::vector<double>{4, 9});
  CHECK(testing::values(td::diagonal(m, -2)) == std::vector<double>{8});
  CHECK(td::diagonal(m, 4).size() == 0);
  CHECK(td::diagonal(m, -3).size() == 0);
  CHECK(td::diagonal(m, -100).size() == 0);
  CHECK(td::sum(td::diagonal(m)) == 15);  // the trace
  // The anti-diagonal, and a transposed matrix's diagonal.
  CHECK(testing::values(td::diagonal(td::flip(m, 1))) == std::vector<double>{3, 6, 9});
  CHECK(testing::values(td::diagonal(td::transpose(m), 1)) == std::vector<double>{4, 9});
  // Rank 3: the diagonal becomes the last axis; t(i, j, k) = 100 i + 10 j + k.
  auto t = numbered(TestType{});
  auto d3 = td::diagonal(t, 0, 1, 2);  // [2, 3]: t(i, q, q)
  CHECK(d3.shape() == td::shape<2>{2, 3});
  CHECK(testing::values(d3) == std::vector<double>{0, 11, 22, 100, 111, 122});
  CHECK(testing::values(td::diagonal(t)) == std::vector<double>{0, 110, 1, 111, 2, 112, 3, 113});  // [4, 2]
  CHECK(testing::values(td::diagonal(t, 0, 2, 0)) == std::vector<double>{0, 101, 10, 111, 20, 121});
  CHECK_THROWS_AS(td::diagonal(t, 0, 1, 1), td::index_error);
  CHECK_THROWS_AS(td::diagonal(t, 0, 0, 3), td::index_error);
  // Writing through it writes the diagonal.
  auto z = td::zeros<float>({3, 3}, TestType{});
  td::diagonal(z) = 1.f;
  CHECK(testing::values(z) == testing::values(td::eye<float>(3, TestType{})));

  // flatten: a tensor's view, a view's row-major copy, a temporary's storage moved in.
  auto f = td::flatten(m);
  static_assert(std::is_same_v<decltype(f), td::tensor_view<int, 1, TestType>>);
  CHECK(f.data() == m.data());
  CHECK(f.size() == 12);
  auto ft = td::flatten(td::transpose(m));
  static_assert(std::is_same_v<decltype(ft), td::tensor<int, 1, TestType>>);
  CHECK(testing::values(ft) == std::vector<double>{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11});
  CHECK(testing::values(td::flatten(td::flip(t, 0))) ==
        testing::values(td::flatten(td::eval(td::flip(t, 0)))));
  auto moved = td::flatten(numbered(TestType{}));
  static_assert(std::is_same_v<decltype(moved), td::tensor<int, 1, TestType>>);
  CHECK(moved.size() == 24);
  CHECK(td::flatten(td::zeros<int>({2, 0}, TestType{})).size() == 0);
}

TEMPLATE_TEST_CASE("flipud, fliplr and rot90 are views, as numpy's", "[axes][flip]", TANDEM_TEST_SPACES) {
  const TestType space{};
  auto m = td::reshape(td::arange<int>(6, space), {2, 3});
  CHECK(testing::values(td::fliplr(m)) == std::vector<double>{2, 1, 0, 5, 4, 3});
  CHECK(testing::values(td::flipud(m)) == std::vector<double>{3, 4, 5, 0, 1, 2});
  // numpy's values for k = 1, 2, 3, -1 and 4 quarter turns.
  const auto r1 = td::rot90(m);
  static_assert(std::is_same_v<decltype(r1), const td::tensor_view<int, 2, TestType>>);
  CHECK(r1.shape() == td::shape<2>{3, 2});
  CHECK(testing::values(r1) == std::vector<double>{2, 5, 1, 4, 0, 3});
  CHECK(testing::values(td::rot90(m, 2)) == std::vector<double>{5, 4, 3, 2, 1, 0});
  CHECK(testing::values(td::rot90(m, 3)) == std::vector<double>{3, 0, 4, 1, 5, 2});
  CHECK(testing::values(td::rot90(m, -1)) == std::vector<double>{3, 0, 4, 1, 5, 2});
  CHECK(testing::values(td::rot90(m, 4)) == std::vector<double>{0, 1, 2, 3, 4, 5});
  // Other planes of a rank-3 tensor (t(i, j, k) = 100 i + 10 j + k; numpy's order).
  auto t = numbered(space);
  const auto p = td::rot90(t, 1, 1, 2);
  CHECK(p.shape() == td::shape<3>{2, 4, 3});
  const auto q = td::rot90(t, 1, 2, 0);
  CHECK(q.shape() == td::shape<3>{4, 3, 2});
  const std::vector<double> pw = {3, 7, 11, 2, 6, 10, 1, 5, 9, 0, 4, 8, 15, 19, 23, 14, 18, 22, 13, 17, 21, 12, 16, 20};
  const std::vector<double> qw = {12, 0, 16, 4, 20, 8, 13, 1, 17, 5, 21, 9, 14, 2, 18, 6, 22, 10, 15, 3, 19, 7, 23, 11};
  const auto as_numbered = [](const std::vector<double>& flat) {  // numpy's arange(24) to t's numbers
    std::vector<double> out;
    for (double f : flat) {
      const int n = int(f);
      out.push_back(100 * (n / 12) + 10 * (n / 4 % 3) + n % 4);
    }
    return out;
  };
  CHECK(testing::values(p) == as_numbered(pw));
  CHECK(testing::values(q) == as_numbered(qw));
  // Writes land where the view shows them; a rotation feeds expressions and sorts.
  td::rot90(m)(0, 0) = 42;  // the top right corner
  CHECK(testing::values(m) == std::vector<double>{0, 1, 42, 3, 4, 5});
  CHECK(testing::values(td::rot90(m) + 1) == std::vector<double>{43, 6, 2, 5, 1, 4});
  CHECK_THROWS_AS(td::rot90(m, 1, 0, 0), td::index_error);
  CHECK_THROWS_AS(td::rot90(m, 1, 0, 2), td::index_error);
  // A temporary gives a tensor.
  const auto owned = td::rot90(td::reshape(td::arange<int>(6, space), {2, 3}));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(owned)>, td::tensor<int, 2, TestType>>);
  CHECK(testing::values(owned) == std::vector<double>{2, 5, 1, 4, 0, 3});
}
