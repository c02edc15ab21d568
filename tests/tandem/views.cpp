// Views: slice, reshape, transpose, permute; writing through views; aliasing.
#include "support/test_support.hpp"

using testing::values;

TEMPLATE_TEST_CASE("slice with ranges, steps, integers and all", "[views]", TANDEM_TEST_SPACES) {
  auto t = td::reshape(td::arange<int>(12, TestType{}), {3, 4});  // [[0..3],[4..7],[8..11]]
  auto rows = td::slice(t, td::range(1, 3), td::all);
  static_assert(decltype(rows)::rank == 2);
  CHECK(rows.shape() == td::shape<2>{2, 4});
  CHECK(values(rows) == std::vector<double>{4, 5, 6, 7, 8, 9, 10, 11});
  auto row = td::slice(t, 2, td::all);
  static_assert(decltype(row)::rank == 1);
  CHECK(values(row) == std::vector<double>{8, 9, 10, 11});
  auto col = td::slice(t, td::all, 1);
  CHECK(values(col) == std::vector<double>{1, 5, 9});
  auto stepped = td::slice(t, td::all, td::range(0, 4, 2));
  CHECK(values(stepped) == std::vector<double>{0, 2, 4, 6, 8, 10});
  auto last = td::slice(t, -1);  // trailing dimensions are taken whole
  CHECK(values(last) == std::vector<double>{8, 9, 10, 11});
  auto neg = td::slice(t, td::range(-2, 3), td::range(-3, -1));
  CHECK(values(neg) == std::vector<double>{5, 6, 9, 10});
  auto none = td::slice(t, td::range(2, 2), td::all);
  CHECK(none.size() == 0);
  auto element = td::slice(t, 1, 2);
  static_assert(decltype(element)::rank == 0);
  CHECK(values(element) == std::vector<double>{6});
  // A view of a view.
  auto inner = td::slice(rows, td::all, td::range(1, 4, 2));
  CHECK(values(inner) == std::vector<double>{5, 7, 9, 11});
}

TEMPLATE_TEST_CASE("slice errors name the index and dimension", "[views]", TANDEM_TEST_SPACES) {
  auto t = td::zeros<float>({3, 4}, TestType{});
  CHECK_THROWS_AS(td::slice(t, 3, td::all), td::index_error);
  CHECK_THROWS_WITH(td::slice(t, 3, td::all), testing::contains("index 3 is out of range for dimension 0 of extent 3"));
  CHECK_THROWS_WITH(td::slice(t, td::all, td::range(0, 5)), testing::contains("bound 5"));
  CHECK_THROWS_AS(td::slice(t, td::all, -5), td::index_error);
  CHECK_THROWS_AS(td::slice(t, td::range(0, 3, 0)), td::index_error);
}

TEMPLATE_TEST_CASE("writing through views", "[views]", TANDEM_TEST_SPACES) {
  auto t = td::zeros<float>({3, 4}, TestType{});
  td::slice(t, 1, td::all) = 5.f;
  td::slice(t, td::all, td::range(2, 4)) = td::from<float>({1, 2}, TestType{});  // broadcast into the view
  CHECK(values(t) == std::vector<double>{0, 0, 1, 2, 5, 5, 1, 2, 0, 0, 1, 2});
  auto col = td::slice(t, td::all, 0);
  col = col + 10.f;
  CHECK(values(col) == std::vector<double>{10, 15, 10});
  CHECK_THROWS_WITH((td::slice(t, td::all, td::range(0, 2)) = td::zeros<float>({3}, TestType{})),
                    testing::contains("cannot broadcast [3] into [3, 2]"));
  // Assigning a view to a view copies elements, as numpy's t[0] = t[2] does; it used to
  // rebind, which wrote nothing. Constructing a view is how to point one elsewhere.
  td::slice(t, 2, td::all) = td::from<float>({3, 4, 5, 6}, TestType{});
  auto v = td::slice(t, 0, td::all);
  v = td::slice(t, 2, td::all);
  CHECK(values(td::slice(t, 0, td::all)) == std::vector<double>{3, 4, 5, 6});
  auto w = td::slice(t, 2, td::all);
  w = 7.f;
  CHECK(values(td::slice(t, 2, td::all)) == std::vector<double>(4, 7.0));
  CHECK(values(v) == std::vector<double>{3, 4, 5, 6});  // v still views row 0
  static_assert(std::is_trivially_copyable_v<decltype(v)>);
}

TEMPLATE_TEST_CASE("reshape of contiguous data", "[views]", TANDEM_TEST_SPACES) {
  auto t = td::reshape(td::arange<float>(24, TestType{}), {2, 3, 4});
  static_assert(std::is_same_v<decltype(t), td::tensor<float, 3, TestType>>);
  CHECK(t.shape() == td::shape<3>{2, 3, 4});
  auto v = td::reshape(t, {6, -1});
  CHECK(v.shape() == td::shape<2>{6, 4});
  CHECK(v.data() == t.data());
  CHECK(values(td::slice(v, 5)) == std::vector<double>{20, 21, 22, 23});
  CHECK_THROWS_WITH(td::reshape(t, {5, 5}), testing::contains("cannot reshape [2, 3, 4] (24 elements) into [5, 5]"));
  CHECK_THROWS_AS(td::reshape(t, {-1, -1}), td::shape_error);
  CHECK_THROWS_AS(td::reshape(t, {7, -1}), td::shape_error);
  auto strided = td::slice(t, td::all, td::all, td::range(0, 4, 2));
  CHECK_THROWS_WITH(td::reshape(strided, {12}), testing::contains("non-contiguous"));
  auto flat = td::reshape(td::slice(t, 1), {12});  // a contiguous slice reshapes fine
  CHECK(values(flat)[0] == 12.0);
}

TEMPLATE_TEST_CASE("transpose and permute reorder dimensions without copying", "[views]", TANDEM_TEST_SPACES) {
  auto m = td::from<double>({{1, 2, 3}, {4, 5, 6}}, TestType{});
  auto tt = td::transpose(m);
  CHECK(tt.shape() == td::shape<2>{3, 2});
  CHECK(tt.data() == m.data());
  CHECK(values(tt) == std::vector<double>{1, 4, 2, 5, 3, 6});
  auto t3 = td::reshape(td::arange<int>(24, TestType{}), {2, 3, 4});
  auto p = td::permute(t3, {2, 0, 1});
  CHECK(p.shape() == td::shape<3>{4, 2, 3});
  const auto pv = values(p);
  const auto tv = values(t3);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k) CHECK(pv[(k * 2 + i) * 3 + j] == tv[(i * 3 + j) * 4 + k]);
  CHECK_THROWS_AS(td::permute(t3, {0, 0, 1}), td::index_error);
  CHECK_THROWS_AS(td::permute(t3, {0, 1, 3}), td::index_error);
  // On temporaries they return owning tensors.
  auto owned = td::transpose(td::from<float>({{1, 2}, {3, 4}}, TestType{}));
  static_assert(std::is_same_v<decltype(owned), td::tensor<float, 2, TestType>>);
  CHECK(values(owned) == std::vector<double>{1, 3, 2, 4});
  auto owned_slice = td::slice(td::arange<float>(6, TestType{}), td::range(2, 5));
  static_assert(std::is_same_v<decltype(owned_slice), td::tensor<float, 1, TestType>>);
  CHECK(values(owned_slice) == std::vector<double>{2, 3, 4});
}

TEMPLATE_TEST_CASE("assignments that overlap their own operands stay correct", "[views]", TANDEM_TEST_SPACES) {
  auto m = td::from<int>({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, TestType{});
  m = td::transpose(m) + 0;  // reads what it writes, in another layout
  CHECK(values(m) == std::vector<double>{1, 4, 7, 2, 5, 8, 3, 6, 9});
  auto r = td::arange<int>(6, TestType{});
  td::copy(td::slice(r, td::range(0, 5)), td::slice(r, td::range(1, 6)));  // a shift, as numpy gives
  CHECK(values(r) == std::vector<double>{0, 0, 1, 2, 3, 4});
  auto q = td::arange<int>(6, TestType{});
  td::slice(q, td::range(0, 5)) = td::slice(q, td::range(1, 6)) * 10;  // the other direction, as an expression
  CHECK(values(q) == std::vector<double>{10, 20, 30, 40, 50, 5});
  // Dense rows shifted by one row: both sides dense and of one shape, still staged.
  auto g = td::reshape(td::arange<int>(12, TestType{}), {4, 3});
  td::slice(g, td::range(1, 4), td::all) = td::slice(g, td::range(0, 3), td::all) + 100;
  CHECK(values(g) == std::vector<double>{0, 1, 2, 100, 101, 102, 103, 104, 105, 106, 107, 108});
  td::slice(g, td::range(0, 3), td::all) = td::slice(g, td::range(1, 4), td::all) * 1;
  CHECK(values(g) == std::vector<double>{100, 101, 102, 103, 104, 105, 106, 107, 108, 106, 107, 108});
  auto s = td::arange<int>(4, TestType{});
  s = s * 2 + s;  // the same layout: no staging needed, still right
  CHECK(values(s) == std::vector<double>{0, 3, 6, 9});
}

TEMPLATE_TEST_CASE("copies between layouts keep every element, in tiles or not", "[views][layout]", TANDEM_TEST_SPACES) {
  // Extents that are not multiples of the 32-wide tiles, so edge tiles are partial.
  const td::index_t m = 70, n = 45;
  const auto a = td::reshape(td::arange<int>(m * n, TestType{}), {m, n});
  const td::tensor<int, 2, TestType> t = td::transpose(a);
  REQUIRE(t.shape() == td::shape<2>{n, m});
  std::vector<double> expect;
  for (td::index_t j = 0; j < n; ++j)
    for (td::index_t i = 0; i < m; ++i) expect.push_back(double(i * n + j));
  CHECK(values(t) == expect);

  // Into an existing tensor, converting the element type on the way.
  td::tensor<double, 2, TestType> d({n, m});
  d = td::transpose(a);
  CHECK(values(d) == expect);

  // Every permutation of a rank-3 block, against index arithmetic.
  const td::index_t e0 = 37, e1 = 33, e2 = 6;
  const auto c = td::reshape(td::arange<float>(e0 * e1 * e2, TestType{}), {e0, e1, e2});
  const td::index_t ext[3] = {e0, e1, e2};
  const td::index_t perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (const auto& p : perms) {
    const td::tensor<float, 3, TestType> q = td::permute(c, {p[0], p[1], p[2]});
    std::vector<double> want;
    td::index_t idx[3];
    for (idx[0] = 0; idx[0] < ext[p[0]]; ++idx[0])
      for (idx[1] = 0; idx[1] < ext[p[1]]; ++idx[1])
        for (idx[2] = 0; idx[2] < ext[p[2]]; ++idx[2]) {
          td::index_t src[3];
          for (int k = 0; k < 3; ++k) src[p[k]] = idx[k];
          want.push_back(double((src[0] * e1 + src[1]) * e2 + src[2]));
        }
    INFO("permutation (" << p[0] << ", " << p[1] << ", " << p[2] << ")");
    CHECK(values(q) == want);
  }

  // A transposed source with a step, into a strided destination.
  const auto s = td::slice(td::transpose(a), td::range(0, n, 2), td::all);  // (23, 70), strides (2, 45)
  td::tensor<int, 2, TestType> wide({23, 2 * m});
  auto dst = td::slice(wide, td::all, td::range(0, 2 * m, 2));
  dst = s;
  std::vector<double> got = values(wide), want_wide(std::size_t(23 * 2 * m), 0.0);
  for (td::index_t r = 0; r < 23; ++r)
    for (td::index_t i = 0; i < m; ++i) want_wide[std::size_t(r * 2 * m + 2 * i)] = double(i * n + 2 * r);
  CHECK(got == want_wide);
}

namespace {
// A transposed copy of a slice of an r x c matrix of T (offset by one row and one
// column, so the blocks' loads are not aligned), against index arithmetic: the elements
// carry their own coordinates, as bits that a wrong block transpose would scramble.
template <class T, class S>
void check_transposed_copy(td::index_t r, td::index_t c) {
  std::vector<T> v;
  for (td::index_t i = 0; i < (r + 1) * (c + 1); ++i) {
    if constexpr (td::detail::is_complex_v<T>)
      v.emplace_back(static_cast<typename T::value_type>(i), static_cast<typename T::value_type>(-i));
    else
      v.push_back(static_cast<T>(i));
  }
  const auto a = td::from(v, {r + 1, c + 1}, S{});
  const auto part = td::slice(a, td::range(1, r + 1), td::range(1, c + 1));
  const td::tensor<T, 2, S> t = td::transpose(part);
  REQUIRE(t.shape() == td::shape<2>{c, r});
  const std::vector<T> got = td::to_vector(t);
  std::size_t bad = 0;
  for (td::index_t j = 0; j < c; ++j)
    for (td::index_t i = 0; i < r; ++i)
      if (!(got[std::size_t(j * r + i)] == v[std::size_t((i + 1) * (c + 1) + j + 1)])) ++bad;
  CHECK(bad == 0);
}
}  // namespace

TEMPLATE_TEST_CASE("transposed copies of 2- to 16-byte elements, whole blocks and ragged edges", "[views][layout]",
                   TANDEM_TEST_SPACES) {
  // 4- and 8-byte elements are copied in 16-byte blocks transposed in registers; the
  // others, and the edges of a tile that blocks do not fill, element by element.
  const td::index_t sizes[][2] = {{70, 45}, {64, 64}, {1, 9}, {9, 1}, {3, 5}, {33, 66}, {4, 4}, {2, 2}};
  for (const auto& rc : sizes) {
    INFO(rc[0] << " x " << rc[1]);
    check_transposed_copy<float, TestType>(rc[0], rc[1]);
    check_transposed_copy<std::int32_t, TestType>(rc[0], rc[1]);
    check_transposed_copy<double, TestType>(rc[0], rc[1]);
    check_transposed_copy<std::int64_t, TestType>(rc[0], rc[1]);
    check_transposed_copy<td::complex<float>, TestType>(rc[0], rc[1]);
    check_transposed_copy<td::complex<double>, TestType>(rc[0], rc[1]);
    check_transposed_copy<std::int16_t, TestType>(rc[0], rc[1]);
    check_transposed_copy<std::uint8_t, TestType>(rc[0] % 16, rc[1]);
  }
}

TEMPLATE_TEST_CASE("assignments read broadcast and strided rows", "[views][layout]", TANDEM_TEST_SPACES) {
  using S = TestType;
  // Operands whose rows have steps 1 and 0 (broadcast along the row) take unit-step
  // readers; any other step, in an operand or the destination, takes strided ones.
  const td::index_t rows = 9, cols = 53;
  const auto hm = testing::random_values<float>(std::size_t(rows * cols), -1.0, 1.0, 41);
  const auto hc = testing::random_values<float>(std::size_t(rows), -1.0, 1.0, 42);
  const auto hr = testing::random_values<float>(std::size_t(cols), -1.0, 1.0, 43);
  auto m = td::from(hm, {rows, cols}, S{});
  auto col = td::from(hc, {rows, 1}, S{});
  auto row = td::from(hr, {cols}, S{});
  auto at = [&](td::index_t i, td::index_t j) { return hm[std::size_t(i * cols + j)]; };

  td::tensor<float, 2, S> out({rows, cols});
  out = m * col + row;  // steps 1, 0 and 1
  auto got = td::to_vector(out);
  for (td::index_t i = 0; i < rows; ++i)
    for (td::index_t j = 0; j < cols; ++j)
      // Within an ulp of the product: a GPU compiler fuses m * col + row into one FMA.
      CHECK(std::abs(double(got[std::size_t(i * cols + j)]) -
                     (double(at(i, j)) * double(hc[std::size_t(i)]) + double(hr[std::size_t(j)]))) <= 2e-7);

  out.view() = col - 2.f;  // only a broadcast operand and a scalar (a view keeps its shape)
  got = td::to_vector(out);
  REQUIRE(got.size() == std::size_t(rows * cols));
  for (td::index_t i = 0; i < rows; ++i)
    for (td::index_t j = 0; j < cols; ++j) CHECK(got[std::size_t(i * cols + j)] == hc[std::size_t(i)] - 2.f);

  // A step-2 operand with a broadcast one, into a contiguous destination.
  td::tensor<float, 2, S> evens({rows, (cols + 1) / 2});
  evens = td::slice(m, td::all, td::range(0, cols, 2)) + col;
  got = td::to_vector(evens);
  for (td::index_t i = 0; i < rows; ++i)
    for (td::index_t j = 0; j < (cols + 1) / 2; ++j)
      CHECK(got[std::size_t(i * ((cols + 1) / 2) + j)] == at(i, 2 * j) + hc[std::size_t(i)]);

  // Unit-step operands into a destination with a step of 3: what is between stays.
  td::tensor<float, 2, S> wide = td::full<float>({rows, 3 * cols}, 7.f, S{});
  td::slice(wide, td::all, td::range(0, 3 * cols, 3)) = m + col;
  got = td::to_vector(wide);
  for (td::index_t i = 0; i < rows; ++i)
    for (td::index_t j = 0; j < 3 * cols; ++j) {
      const float want = j % 3 == 0 ? at(i, j / 3) + hc[std::size_t(i)] : 7.f;
      CHECK(got[std::size_t(i * 3 * cols + j)] == want);
    }

  // Rank 3 with the middle axis broadcast and a transposed (step-cols) operand.
  auto mid = td::from(hr, {1, 1, cols}, S{});
  td::tensor<float, 3, S> cube({2, rows, cols});
  cube.view() = mid + m;  // [1, rows, cols] broadcast along the leading axis too
  got = td::to_vector(cube);
  REQUIRE(got.size() == std::size_t(2 * rows * cols));
  for (td::index_t p = 0; p < 2; ++p)
    for (td::index_t i = 0; i < rows; ++i)
      for (td::index_t j = 0; j < cols; ++j)
        CHECK(got[std::size_t((p * rows + i) * cols + j)] == hr[std::size_t(j)] + at(i, j));
  td::tensor<float, 2, S> tt({cols, rows});
  tt = td::transpose(m) * 2.f + td::transpose(col);
  got = td::to_vector(tt);
  for (td::index_t j = 0; j < cols; ++j)
    for (td::index_t i = 0; i < rows; ++i)
      CHECK(got[std::size_t(j * rows + i)] == at(i, j) * 2.f + hc[std::size_t(i)]);
}
