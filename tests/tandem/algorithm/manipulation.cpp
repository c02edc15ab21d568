// concatenate, stack, split, tile, repeat, roll, pad, tril, triu and meshgrid
// (algorithm/manipulation.hpp): element by element against numpy's documented results
// and plain index loops, in every space, with strided and negative-stride operands.
#include "support/test_support.hpp"

namespace {
/// m(i, j) == 10 i + j for a [rows, cols] int tensor.
template <class S>
td::tensor<int, 2, S> grid(td::index_t rows, td::index_t cols, S space) {
  std::vector<int> v;
  for (td::index_t i = 0; i < rows; ++i)
    for (td::index_t j = 0; j < cols; ++j) v.push_back(int(10 * i + j));
  return td::from(v, {rows, cols}, space);
}
}  // namespace

TEMPLATE_TEST_CASE("concatenate, stack and split", "[manipulation]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto a = grid(2, 3, space), b = grid(1, 3, space);
  auto c0 = td::concatenate({a.view(), b.view()}, 0);
  static_assert(std::is_same_v<decltype(c0), td::tensor<int, 2, TestType>>);
  CHECK(c0.shape() == td::shape<2>{3, 3});
  CHECK(testing::values(c0) == std::vector<double>{0, 1, 2, 10, 11, 12, 0, 1, 2});
  auto c1 = td::concatenate({a, td::eval(a * 2)}, -1);  // tensors in the list (copied into it)
  CHECK(c1.shape() == td::shape<2>{2, 6});
  CHECK(testing::values(c1) == std::vector<double>{0, 1, 2, 0, 2, 4, 10, 11, 12, 20, 22, 24});
  // Strided and reversed parts, and a std::vector of views.
  const std::vector<td::tensor_view<const int, 2, TestType>> parts = {td::transpose(a), td::flip(td::transpose(a), 0)};
  CHECK(testing::values(td::concatenate(parts, 1)) ==
        std::vector<double>{0, 10, 2, 12, 1, 11, 1, 11, 2, 12, 0, 10});
  const auto none = td::zeros<int>({0, 3}, space);  // const, as a's view is a view of const elements
  CHECK(td::concatenate({a.view(), none.view()}, 0).shape() == td::shape<2>{2, 3});
  CHECK_THROWS_AS(td::concatenate({a.view(), b.view()}, 1), td::shape_error);
  CHECK_THROWS_WITH(td::concatenate({a.view(), b.view()}, 1), testing::contains("part 1 has shape [1, 3]"));
  CHECK_THROWS_AS(td::concatenate({a.view()}, 2), td::index_error);
  CHECK_THROWS_AS(td::concatenate(std::vector<td::tensor_view<const int, 2, TestType>>{}, 0), td::shape_error);

  const auto x = td::from<float>({1, 2, 3}, space), y = td::from<float>({4, 5, 6}, space);
  auto s0 = td::stack({x.view(), y.view()}, 0);
  static_assert(std::is_same_v<decltype(s0), td::tensor<float, 2, TestType>>);
  CHECK(s0.shape() == td::shape<2>{2, 3});
  CHECK(testing::values(s0) == std::vector<double>{1, 2, 3, 4, 5, 6});
  auto s1 = td::stack({x.view(), y.view()}, -1);
  CHECK(s1.shape() == td::shape<2>{3, 2});
  CHECK(testing::values(s1) == std::vector<double>{1, 4, 2, 5, 3, 6});
  auto s3 = td::stack({a.view(), a.view(), a.view()}, 1);  // [2, 3, 3]
  CHECK(s3.shape() == td::shape<3>{2, 3, 3});
  CHECK(testing::values(td::slice(s3, td::all, 2)) == testing::values(a));
  const auto shorter = td::from<float>({1, 2}, space);
  CHECK_THROWS_AS(td::stack({x.view(), shorter.view()}, 0), td::shape_error);
  CHECK_THROWS_AS(td::stack({x.view()}, 2), td::index_error);

  auto m = grid(2, 6, space);
  auto thirds = td::split(m, 3, 1);
  REQUIRE(thirds.size() == 3);
  static_assert(std::is_same_v<typename decltype(thirds)::value_type, td::tensor_view<int, 2, TestType>>);
  CHECK(testing::values(thirds[1]) == std::vector<double>{2, 3, 12, 13});
  thirds[2] = -1;  // views: writing them writes m
  CHECK(testing::values(td::slice(m, 0)) == std::vector<double>{0, 1, 2, 3, -1, -1});
  CHECK(td::split(m, 2, 0)[1].shape() == td::shape<2>{1, 6});
  CHECK_THROWS_AS(td::split(m, 4, 1), td::shape_error);
  CHECK_THROWS_WITH(td::split(m, 4, 1), testing::contains("does not split into 4 equal sections"));
  CHECK_THROWS_AS(td::split(m, 0, 0), td::shape_error);

  // At indices, as numpy's split of a list: Python slice bounds, negative from the end,
  // clamped; a part whose end is before its start is empty (np.split(arange(10), [7, 2,
  // 20]) is [0..6], [], [2..9], []).
  auto ten = td::arange<int>(10, space);
  const auto parts_of = [](const auto& ps) {
    std::vector<std::vector<double>> out;
    for (const auto& p : ps) out.push_back(testing::values(p));
    return out;
  };
  using lists = std::vector<std::vector<double>>;
  CHECK(parts_of(td::split(ten, {2, 5})) == lists{{0, 1}, {2, 3, 4}, {5, 6, 7, 8, 9}});
  CHECK(parts_of(td::split(ten, {3})) == lists{{0, 1, 2}, {3, 4, 5, 6, 7, 8, 9}});  // a list: an index
  CHECK(parts_of(td::split(ten, {-3})) == lists{{0, 1, 2, 3, 4, 5, 6}, {7, 8, 9}});
  CHECK(parts_of(td::split(ten, {7, 2, 20})) == lists{{0, 1, 2, 3, 4, 5, 6}, {}, {2, 3, 4, 5, 6, 7, 8, 9}, {}});
  CHECK(parts_of(td::split(ten, {-20, 4})) == lists{{}, {0, 1, 2, 3}, {4, 5, 6, 7, 8, 9}});
  CHECK(parts_of(td::split(ten, std::vector<td::index_t>{})) == lists{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}});
  const auto cols = td::split(m, std::vector<td::index_t>{1, 4}, -1);  // m's row 0 is [0 1 2 3 -1 -1]
  REQUIRE(cols.size() == 3);
  CHECK(cols[1].shape() == td::shape<2>{2, 3});
  CHECK(testing::values(cols[1]) == std::vector<double>{1, 2, 3, 11, 12, 13});
  CHECK_THROWS_AS(td::split(m, {1}, 2), td::index_error);
  // array_split: the first n % sections parts one longer (np.array_split(arange(10), 4)).
  CHECK(parts_of(td::array_split(ten, 4)) == lists{{0, 1, 2}, {3, 4, 5}, {6, 7}, {8, 9}});
  CHECK(parts_of(td::array_split(td::slice(ten, td::range(0, 2)), 4)) == lists{{0}, {1}, {}, {}});
  CHECK(td::array_split(m, 4, 1)[3].shape() == td::shape<2>{2, 1});
  CHECK_THROWS_AS(td::array_split(ten, 0), td::shape_error);
}

TEMPLATE_TEST_CASE("vstack, hstack, diff and outer, as numpy's", "[manipulation]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // vstack of rank-1 parts stacks rows; hstack joins them end to end; higher ranks join
  // along axis 0 and 1.
  const auto r0 = td::arange<int>(3, space);
  const auto r1 = td::eval(r0 + 10);
  const auto v = td::vstack({r0.view(), r1.view()});
  static_assert(std::is_same_v<decltype(v), const td::tensor<int, 2, TestType>>);
  CHECK(v.shape() == td::shape<2>{2, 3});
  CHECK(testing::values(v) == std::vector<double>{0, 1, 2, 10, 11, 12});
  const auto two = td::arange<int>(2, space);
  CHECK(testing::values(td::hstack({two.view(), r0.view()})) == std::vector<double>{0, 1, 0, 1, 2});
  const auto m = td::from<int>({{1, 3, 6}, {10, 15, 21}}, space);
  CHECK(td::hstack(std::vector<td::tensor_view<const int, 2, TestType>>{m.view(), m.view()}).shape() ==
        td::shape<2>{2, 6});
  CHECK(td::vstack({m.view(), m.view()}).shape() == td::shape<2>{4, 3});
  CHECK_THROWS_AS(td::vstack({r0.view(), two.view()}), td::shape_error);

  // diff: numpy's values (diff([1, 4, 9, 16, 25]) = [3, 5, 7, 9]; n = 2: [2, 2, 2]).
  const auto sq = td::from<int>({1, 4, 9, 16, 25}, space);
  CHECK(testing::values(td::diff(sq)) == std::vector<double>{3, 5, 7, 9});
  CHECK(testing::values(td::diff(sq, 2)) == std::vector<double>{2, 2, 2});
  CHECK(td::diff(sq, 5).shape() == td::shape<1>{0});
  CHECK(td::diff(sq, 9).shape() == td::shape<1>{0});
  CHECK(td::diff(sq, std::numeric_limits<td::index_t>::max()).shape() == td::shape<1>{0});  // no 2^63 steps
  CHECK(testing::values(td::diff(sq, 0)) == testing::values(sq));
  CHECK(testing::values(td::diff(m)) == std::vector<double>{2, 3, 5, 6});
  CHECK(testing::values(td::diff(m, 1, 0)) == std::vector<double>{9, 12, 15});
  CHECK(testing::values(td::diff(td::transpose(m), 1, 0)) == std::vector<double>{2, 5, 3, 6});  // a strided view
  CHECK(testing::values(td::diff(sq * 2)) == std::vector<double>{6, 10, 14, 18});                // an expression
  CHECK(td::to_vector(td::diff(td::from<bool>({true, false, false, true}, space))) ==
        std::vector<bool>{true, false, true});  // bool: !=, as numpy
  const auto wrapped = td::diff(td::from<std::int8_t>({-128, 127}, space));
  static_assert(std::is_same_v<td::value_of_t<decltype(wrapped)>, std::int8_t>);
  CHECK(testing::values(wrapped) == std::vector<double>{-1});  // 255 wraps, as numpy's int8
  CHECK_THROWS_AS(td::diff(sq, -1), td::shape_error);
  CHECK_THROWS_AS(td::diff(m, 1, 2), td::index_error);

  // outer: a column against a row, lazy.
  const auto o = td::eval(td::outer(td::from<int>({1, 2, 3}, space), td::from<int>({10, 20}, space)));
  CHECK(o.shape() == td::shape<2>{3, 2});
  CHECK(testing::values(o) == std::vector<double>{10, 20, 20, 40, 30, 60});
  CHECK(testing::values(td::eval(td::outer(sq * 1.5, td::slice(sq, td::range(0, 5, 2))))) ==
        std::vector<double>{1.5, 13.5, 37.5, 6, 54, 150, 13.5, 121.5, 337.5, 24, 216, 600, 37.5, 337.5, 937.5});
}

TEMPLATE_TEST_CASE("tile, repeat and roll", "[manipulation]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto v = td::from<int>({1, 2, 3}, space);
  CHECK(testing::values(td::tile(v, {2})) == std::vector<double>{1, 2, 3, 1, 2, 3});
  auto t2 = td::tile(v, {2, 2});  // numpy: [[1 2 3 1 2 3] [1 2 3 1 2 3]]
  static_assert(std::is_same_v<decltype(t2), td::tensor<int, 2, TestType>>);
  CHECK(t2.shape() == td::shape<2>{2, 6});
  CHECK(testing::values(t2) == std::vector<double>{1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3});
  const auto m = grid(2, 2, space);  // [[0 1] [10 11]]
  CHECK(testing::values(td::tile(m, {2})) == std::vector<double>{0, 1, 0, 1, 10, 11, 10, 11});  // reps padded: (1, 2)
  CHECK(testing::values(td::tile(td::transpose(m), {2, 1})) == std::vector<double>{0, 10, 1, 11, 0, 10, 1, 11});
  CHECK(td::tile(m, {3, 0}).shape() == td::shape<2>{6, 0});
  CHECK_THROWS_AS(td::tile(m, {-1, 1}), td::shape_error);

  CHECK(testing::values(td::repeat(v, 2, 0)) == std::vector<double>{1, 1, 2, 2, 3, 3});
  CHECK(testing::values(td::repeat(m, 2, 1)) == std::vector<double>{0, 0, 1, 1, 10, 10, 11, 11});
  CHECK(testing::values(td::repeat(m, 3, 0)) == std::vector<double>{0, 1, 0, 1, 0, 1, 10, 11, 10, 11, 10, 11});
  CHECK(testing::values(td::repeat(td::flip(v), 2, -1)) == std::vector<double>{3, 3, 2, 2, 1, 1});
  CHECK(td::repeat(m, 0, 1).shape() == td::shape<2>{2, 0});
  CHECK_THROWS_AS(td::repeat(m, -1, 1), td::shape_error);

  const auto r = td::arange<int>(5, space);
  CHECK(testing::values(td::roll(r, 2)) == std::vector<double>{3, 4, 0, 1, 2});
  CHECK(testing::values(td::roll(r, -1)) == std::vector<double>{1, 2, 3, 4, 0});
  CHECK(testing::values(td::roll(r, 12)) == std::vector<double>{3, 4, 0, 1, 2});
  CHECK(testing::values(td::roll(r, 0)) == std::vector<double>{0, 1, 2, 3, 4});
  const auto g = grid(2, 3, space);  // [[0 1 2] [10 11 12]]
  CHECK(testing::values(td::roll(g, 1)) == std::vector<double>{12, 0, 1, 2, 10, 11});  // flattened, shape kept
  CHECK(td::roll(g, 1).shape() == g.shape());
  CHECK(testing::values(td::roll(g, 1, 1)) == std::vector<double>{2, 0, 1, 12, 10, 11});
  CHECK(testing::values(td::roll(g, -1, 0)) == std::vector<double>{10, 11, 12, 0, 1, 2});
  CHECK(testing::values(td::roll(td::transpose(g), 1, 0)) == std::vector<double>{2, 12, 0, 10, 1, 11});
  CHECK(testing::values(td::roll(td::transpose(g), 1)) == std::vector<double>{12, 0, 10, 1, 11, 2});
  CHECK(td::roll(td::zeros<int>({0, 3}, space), 2, 0).size() == 0);
  CHECK_THROWS_AS(td::roll(g, 1, 2), td::index_error);
}

TEMPLATE_TEST_CASE("pad in its four modes, tril, triu and meshgrid", "[manipulation]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto v = td::from<int>({1, 2, 3}, space);
  // numpy's documented examples: np.pad([1, 2, 3], (2, 3), mode)
  CHECK(testing::values(td::pad(v, {{2, 3}})) == std::vector<double>{0, 0, 1, 2, 3, 0, 0, 0});
  CHECK(testing::values(td::pad(v, {{2, 3}}, td::pad_mode::constant, 7)) ==
        std::vector<double>{7, 7, 1, 2, 3, 7, 7, 7});
  CHECK(testing::values(td::pad(v, {{2, 3}}, td::pad_mode::edge)) == std::vector<double>{1, 1, 1, 2, 3, 3, 3, 3});
  CHECK(testing::values(td::pad(v, {{2, 3}}, td::pad_mode::reflect)) ==
        std::vector<double>{3, 2, 1, 2, 3, 2, 1, 2});
  CHECK(testing::values(td::pad(v, {{2, 3}}, td::pad_mode::wrap)) == std::vector<double>{2, 3, 1, 2, 3, 1, 2, 3});
  // Pads wider than the axis: reflect and wrap keep going (numpy's values).
  CHECK(testing::values(td::pad(v, {{5, 5}}, td::pad_mode::reflect)) ==
        std::vector<double>{2, 1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3, 2});
  CHECK(testing::values(td::pad(v, {{4, 4}}, td::pad_mode::wrap)) ==
        std::vector<double>{3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1});
  CHECK(testing::values(td::pad(td::from<int>({4}, space), {{2, 1}}, td::pad_mode::reflect)) ==
        std::vector<double>{4, 4, 4, 4});
  // Rank 2, per-axis widths, a transposed operand.
  const auto m = grid(2, 2, space);  // [[0 1] [10 11]]
  auto p = td::pad(m, {{1, 0}, {0, 2}}, td::pad_mode::edge);
  CHECK(p.shape() == td::shape<2>{3, 4});
  CHECK(testing::values(p) == std::vector<double>{0, 1, 1, 1, 0, 1, 1, 1, 10, 11, 11, 11});
  CHECK(testing::values(td::pad(td::transpose(m), {{1, 1}}, td::pad_mode::wrap)) ==
        std::vector<double>{11, 1, 11, 1, 10, 0, 10, 0, 11, 1, 11, 1, 10, 0, 10, 0});
  CHECK_THROWS_AS(td::pad(v, {{-1, 0}}), td::shape_error);
  CHECK_THROWS_AS(td::pad(td::zeros<int>({0}, space), {{1, 1}}, td::pad_mode::edge), td::shape_error);
  CHECK(testing::values(td::pad(td::zeros<int>({0}, space), {{1, 1}})) == std::vector<double>{0, 0});

  const auto sq = grid(3, 3, space);
  CHECK(testing::values(td::tril(sq)) == std::vector<double>{0, 0, 0, 10, 11, 0, 20, 21, 22});
  CHECK(testing::values(td::triu(sq)) == std::vector<double>{0, 1, 2, 0, 11, 12, 0, 0, 22});
  CHECK(testing::values(td::tril(sq, -1)) == std::vector<double>{0, 0, 0, 10, 0, 0, 20, 21, 0});
  CHECK(testing::values(td::triu(sq, 1)) == std::vector<double>{0, 1, 2, 0, 0, 12, 0, 0, 0});
  CHECK(testing::values(td::triu(grid(2, 3, space), -1)) == std::vector<double>{0, 1, 2, 10, 11, 12});
  CHECK(testing::values(td::tril(td::transpose(grid(2, 3, space)))) == std::vector<double>{0, 0, 1, 11, 2, 12});
  auto batch = td::eval(td::stack({sq.view(), sq.view()}, 0));  // [2, 3, 3]: each matrix alone
  CHECK(testing::values(td::slice(td::triu(batch), 1)) == testing::values(td::triu(sq)));

  const auto xs = td::from<float>({1, 2, 3}, space), ys = td::from<float>({7, 8}, space);
  auto [gx, gy] = td::meshgrid(xs, ys);
  static_assert(std::is_same_v<decltype(gx), td::tensor<float, 2, TestType>>);
  CHECK(gx.shape() == td::shape<2>{2, 3});
  CHECK(testing::values(gx) == std::vector<double>{1, 2, 3, 1, 2, 3});
  CHECK(testing::values(gy) == std::vector<double>{7, 7, 7, 8, 8, 8});
  auto [ex, ey] = td::meshgrid(td::zeros<float>({0}, space), ys);
  CHECK(ex.shape() == td::shape<2>{2, 0});
  CHECK(ey.size() == 0);
}

TEMPLATE_TEST_CASE("hsplit, vsplit, dsplit and column_stack, as numpy's", "[manipulation]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto a = td::reshape(td::arange<int>(12, space), {3, 4});
  const auto h = td::hsplit(a, 2);
  REQUIRE(h.size() == 2);
  CHECK(testing::values(h[0]) == std::vector<double>{0, 1, 4, 5, 8, 9});
  CHECK(testing::values(h[1]) == std::vector<double>{2, 3, 6, 7, 10, 11});
  const auto v = td::vsplit(a, {1});
  REQUIRE(v.size() == 2);
  CHECK(testing::values(v[0]) == std::vector<double>{0, 1, 2, 3});
  CHECK(testing::values(v[1]) == std::vector<double>{4, 5, 6, 7, 8, 9, 10, 11});
  const auto r = td::arange<int>(6, space);
  CHECK(testing::values(td::hsplit(r, 3)[2]) == std::vector<double>{4, 5});  // rank 1: along axis 0
  const auto c = td::reshape(td::arange<int>(8, space), {2, 2, 2});
  const auto d = td::dsplit(c, 2);
  CHECK(testing::values(d[0]) == std::vector<double>{0, 2, 4, 6});
  CHECK(testing::values(d[1]) == std::vector<double>{1, 3, 5, 7});
  CHECK_THROWS_AS(td::hsplit(a, 3), td::shape_error);
  const auto x = td::from<int>({1, 2}, space), y = td::from<int>({3, 4}, space);
  CHECK(testing::values(td::column_stack({x, y})) == std::vector<double>{1, 3, 2, 4});
  CHECK(td::column_stack({a, a}).shape() == td::shape<2>{3, 8});
}
