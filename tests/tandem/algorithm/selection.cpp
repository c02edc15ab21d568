// Selection and indexing: nonzero, count_nonzero, compress, take, scatter, histogram,
// take_along_axis and put_along_axis, unravel_index and ravel_multi_index, trim_zeros,
// against plain loops over host vectors and numpy's values.
#include <cmath>
#include <limits>

#include "support/test_support.hpp"

#if !TANDEM_HAS_CUDA
#  include <tandem/backend/thrust/select.hpp>
#endif

using testing::values;

TEMPLATE_TEST_CASE("nonzero and count_nonzero", "[selection]", TANDEM_TEST_SPACES) {
  auto a = td::from<float>({{0, 1.5f, 0}, {-2, 0, 3}}, TestType{});
  auto idx = td::nonzero(a);
  static_assert(std::is_same_v<decltype(idx), td::tensor<td::index_t, 1, TestType>>);
  CHECK(td::to_vector(idx) == std::vector<td::index_t>{1, 3, 5});
  CHECK(td::count_nonzero(a) == 3);
  CHECK(td::to_vector(td::nonzero(a > 0.f)) == std::vector<td::index_t>{1, 5});
  CHECK(td::count_nonzero(a > 0.f) == 2);
  CHECK(td::nonzero(td::zeros<int>({0}, TestType{})).size() == 0);
  CHECK(td::nonzero(td::zeros<int>({7}, TestType{})).size() == 0);
  CHECK(td::count_nonzero(td::zeros<int>({0}, TestType{})) == 0);
  // A transposed view is read row-major in its own shape.
  CHECK(td::to_vector(td::nonzero(td::transpose(a))) == std::vector<td::index_t>{1, 2, 5});

  // Large, over several parallel chunks: every 7th and every 11th element.
  const td::index_t n = 300001;
  auto r = td::arange<std::int64_t>(n, TestType{});
  auto mask = (r / 7) * 7 == r || (r / 11) * 11 == r;
  std::vector<td::index_t> want;
  for (td::index_t i = 0; i < n; ++i)
    if (i % 7 == 0 || i % 11 == 0) want.push_back(i);
  CHECK(td::to_vector(td::nonzero(mask)) == want);
  CHECK(td::count_nonzero(mask) == td::index_t(want.size()));
}

TEMPLATE_TEST_CASE("argwhere gives numpy's multi-indices", "[selection]", TANDEM_TEST_SPACES) {
  const auto a = td::from<float>({{0, 1.5f, 0}, {-2, 0, 3}}, TestType{});
  const auto w = td::argwhere(a);
  static_assert(std::is_same_v<decltype(w), const td::tensor<td::index_t, 2, TestType>>);
  CHECK(w.shape() == td::shape<2>{3, 2});
  CHECK(td::to_vector(w) == std::vector<td::index_t>{0, 1, 1, 0, 1, 2});  // numpy's argwhere
  CHECK(td::to_vector(td::argwhere(td::transpose(a) > 0.f)) == std::vector<td::index_t>{1, 0, 2, 1});
  CHECK(td::argwhere(td::zeros<int>({0, 4}, TestType{})).shape() == td::shape<2>{0, 2});
  // Rank 3 over several parallel chunks, against a loop.
  const td::index_t d0 = 30, d1 = 70, d2 = 50;
  const auto r = td::reshape(td::arange<std::int64_t>(d0 * d1 * d2, TestType{}), {d0, d1, d2});
  const auto got = td::to_vector(td::argwhere(r % 13 == std::int64_t(0)));
  std::vector<td::index_t> want;
  for (td::index_t i = 0; i < d0; ++i)
    for (td::index_t j = 0; j < d1; ++j)
      for (td::index_t k = 0; k < d2; ++k)
        if (((i * d1 + j) * d2 + k) % 13 == 0) want.insert(want.end(), {i, j, k});
  CHECK(got == want);
}

TEMPLATE_TEST_CASE("compress keeps the selected elements in order", "[selection]", TANDEM_TEST_SPACES) {
  auto a = td::from<int>({{1, 2, 3}, {4, 5, 6}}, TestType{});
  CHECK(values(td::compress((a / 2) * 2 == a, a)) == std::vector<double>{2, 4, 6});
  CHECK(values(td::compress(a > 2, a * 10)) == std::vector<double>{30, 40, 50, 60});
  // A mask that broadcasts: one flag per column.
  auto cols = td::from<bool>({true, false, true}, TestType{});
  CHECK(values(td::compress(cols, a)) == std::vector<double>{1, 3, 4, 6});
  CHECK(td::compress(a > 100, a).size() == 0);
  auto wrong = td::from<bool>({true, false}, TestType{});
  CHECK_THROWS_AS(td::compress(wrong, a), td::shape_error);
  CHECK_THROWS_WITH(td::compress(wrong, a), testing::contains("[2]") && testing::contains("[2, 3]"));

  const td::index_t n = 200000;
  const auto host = testing::random_values<double>(std::size_t(n), -1, 1, 21);
  auto t = td::from(host, {n}, TestType{});
  std::vector<double> want;
  for (double x : host)
    if (x > 0.25) want.push_back(x);
  CHECK(td::to_vector(td::compress(t > 0.25, t)) == want);
}

TEMPLATE_TEST_CASE("take gathers by flat index and checks the indices", "[selection]", TANDEM_TEST_SPACES) {
  auto a = td::from<double>({{10, 11, 12}, {13, 14, 15}}, TestType{});
  auto idx = td::from<td::index_t>({5, 0, 2, 2, -1}, TestType{});
  auto g = td::take(a, idx);
  static_assert(std::is_same_v<decltype(g), td::tensor<double, 1, TestType>>);
  CHECK(values(g) == std::vector<double>{15, 10, 12, 12, 15});
  // int indices of rank 2 give a rank-2 result; a transposed source is read row-major.
  auto idx2 = td::from<int>({{0, 1}, {2, 3}}, TestType{});
  auto g2 = td::take(td::transpose(a), idx2);
  CHECK(g2.shape() == td::shape<2>{2, 2});
  CHECK(values(g2) == std::vector<double>{10, 13, 11, 14});
  CHECK(values(td::take(a * 2, idx)) == std::vector<double>{30, 20, 24, 24, 30});
  CHECK(td::take(a, td::zeros<td::index_t>({0}, TestType{})).size() == 0);

  auto bad = td::from<td::index_t>({0, 3, 6, 1}, TestType{});
  CHECK_THROWS_AS(td::take(a, bad), td::index_error);
  CHECK_THROWS_WITH(td::take(a, bad), testing::contains("index 6") && testing::contains("position 2") &&
                                          testing::contains("[2, 3]"));
  CHECK_THROWS_WITH(td::take(a, td::from<int>({-7}, TestType{})), testing::contains("index -7"));

  const td::index_t n = 100000;
  const auto src = testing::random_values<float>(std::size_t(n), 0, 1, 4);
  std::vector<td::index_t> order(static_cast<std::size_t>(n));
  for (td::index_t i = 0; i < n; ++i) order[std::size_t(i)] = (i * 7919) % n;
  auto got = td::to_vector(td::take(td::from(src, {n}, TestType{}), td::from(order, {n}, TestType{})));
  bool same = true;
  for (td::index_t i = 0; i < n; ++i) same = same && got[std::size_t(i)] == src[std::size_t(order[std::size_t(i)])];
  CHECK(same);
}

TEMPLATE_TEST_CASE("scatter writes by flat index", "[selection]", TANDEM_TEST_SPACES) {
  auto d = td::zeros<int>({2, 3}, TestType{});
  td::scatter(d, td::from<td::index_t>({4, 0, -1}, TestType{}), td::from<int>({7, 8, 9}, TestType{}));
  CHECK(values(d) == std::vector<double>{8, 0, 0, 0, 7, 9});
  td::scatter(d, td::from<int>({1, 2}, TestType{}), 5);  // one value for every index
  CHECK(values(d) == std::vector<double>{8, 5, 5, 0, 7, 9});
  // Into a strided view: the second column.
  td::scatter(td::slice(d, td::all, 1), td::from<int>({1}, TestType{}), -3);
  CHECK(values(d) == std::vector<double>{8, 5, 5, 0, -3, 9});
  // Values from an expression.
  auto src = td::from<int>({1, 2}, TestType{});
  td::scatter(d, td::from<int>({3, 5}, TestType{}), src * 100);
  CHECK(values(d) == std::vector<double>{8, 5, 5, 100, -3, 200});

  // A bad index throws before anything is written.
  CHECK_THROWS_WITH(td::scatter(d, td::from<int>({0, 6}, TestType{}), 1),
                    testing::contains("index 6") && testing::contains("scatter"));
  CHECK(values(d) == std::vector<double>{8, 5, 5, 100, -3, 200});
  CHECK_THROWS_AS(td::scatter(d, td::from<int>({0, 1}, TestType{}), td::from<int>({1, 2, 3}, TestType{})),
                  td::shape_error);

  // Large: a permutation scattered back inverts a take.
  const td::index_t n = 100003;
  std::vector<td::index_t> perm(static_cast<std::size_t>(n));
  for (td::index_t i = 0; i < n; ++i) perm[std::size_t(i)] = (i * 4099) % n;
  auto p = td::from(perm, {n}, TestType{});
  auto x = td::arange<double>(n, TestType{});
  auto back = td::zeros<double>({n}, TestType{});
  td::scatter(back, p, td::take(x, p));
  CHECK(td::to_vector(back) == td::to_vector(x));
}

TEMPLATE_TEST_CASE("histogram counts as numpy does", "[selection]", TANDEM_TEST_SPACES) {
  auto a = td::from<double>({0.0, 0.1, 0.25, 0.5, 0.74, 0.75, 1.0, 1.5, -0.1}, TestType{});
  auto h = td::histogram(a, 4, 0.0, 1.0);
  static_assert(std::is_same_v<decltype(h), td::tensor<td::index_t, 1, TestType>>);
  // [0, .25): 0, .1   [.25, .5): .25   [.5, .75): .5, .74   [.75, 1]: .75, 1.0
  CHECK(td::to_vector(h) == std::vector<td::index_t>{2, 1, 2, 2});
  auto f = td::from<float>({std::nanf(""), 2.f, 2.f, 3.f}, TestType{});
  CHECK(td::to_vector(td::histogram(f, 2, 2.0, 3.0)) == std::vector<td::index_t>{2, 1});
  CHECK(td::to_vector(td::histogram(td::zeros<int>({0}, TestType{}), 3, 0, 1)) == std::vector<td::index_t>{0, 0, 0});
  CHECK_THROWS_AS(td::histogram(a, 0, 0.0, 1.0), td::error);
  CHECK_THROWS_WITH(td::histogram(a, 3, 1.0, 1.0), testing::contains("lo < hi"));

  // Many samples, few bins (per-chunk counts) and many bins (atomic counts).
  const std::size_t n = 250000;
  const auto host = testing::random_values<float>(n, -0.2, 1.2, 9);
  auto t = td::from(host, {td::index_t(n)}, TestType{});
  for (td::index_t bins : {td::index_t(10), td::index_t(1000), td::index_t(100000)}) {
    CAPTURE(bins);
    std::vector<td::index_t> want(std::size_t(bins), 0);
    const double width = 1.0 / double(bins);
    for (float x : host) {
      const double v = x;
      if (v < 0.0 || v > 1.0) continue;
      auto b = td::index_t(v / width);
      if (b >= bins) b = bins - 1;
      if (b > 0 && v < double(b) * width) --b;
      else if (b + 1 < bins && v >= double(b + 1) * width) ++b;
      ++want[std::size_t(b)];
    }
    CHECK(td::to_vector(td::histogram(t, bins, 0.0, 1.0)) == want);
  }
}

TEMPLATE_TEST_CASE("take along an axis, as numpy's take(a, indices, axis)", "[selection]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto a = td::reshape(td::arange<double>(24, space), {2, 3, 4});  // a[i, k, j] = 12 i + 4 k + j
  // Along axis 1 with negative indices: out[i, k, j] = a[i, idx[k], j].
  const std::vector<int> idx = {2, 0, -1, 1};
  const auto t1 = td::take(a, td::from(idx, {4}, space), 1);
  static_assert(std::is_same_v<decltype(t1), const td::tensor<double, 3, TestType>>);
  CHECK(t1.shape() == td::shape<3>{2, 4, 4});
  std::vector<double> want;
  for (int i = 0; i < 2; ++i)
    for (const int k : idx)
      for (int j = 0; j < 4; ++j) want.push_back(12 * i + 4 * ((k + 3) % 3) + j);
  CHECK(values(t1) == want);
  // Indices of rank 2 along the last axis (axis -1): rank 4, the indices' shape in place.
  const auto t2 = td::take(a, td::from<td::index_t>({{3, 0}, {1, 1}}, space), -1);
  CHECK(t2.shape() == td::shape<4>{2, 3, 2, 2});
  want.clear();
  for (int i = 0; i < 2; ++i)
    for (int k = 0; k < 3; ++k)
      for (const int j : {3, 0, 1, 1}) want.push_back(12 * i + 4 * k + j);
  CHECK(values(t2) == want);
  // Rows of a transposed view (its rows are a's columns), and of an expression.
  const auto m = td::from<double>({{1, 2, 3}, {4, 5, 6}}, space);
  CHECK(values(td::take(td::transpose(m), td::from<int>({2, 0}, space), 0)) == std::vector<double>{3, 6, 1, 4});
  CHECK(values(td::take(m * 10, td::from<int>({1}, space), 0)) == std::vector<double>{40, 50, 60});
  CHECK(td::take(m, td::zeros<int>({0}, space), 1).shape() == td::shape<2>{2, 0});
  CHECK_THROWS_WITH(td::take(m, td::from<int>({0, 3}, space), 1),
                    testing::contains("index 3") && testing::contains("position 1"));
  CHECK_THROWS_AS(td::take(m, td::from<int>({-4}, space), 1), td::index_error);
  CHECK_THROWS_AS(td::take(m, td::from<int>({0}, space), 2), td::index_error);
}

TEMPLATE_TEST_CASE("take_along_axis gathers along an axis, as numpy's", "[selection]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto m = td::from<double>({{3, 1, 2}, {9, 7, 8}}, space);
  // Sorting the rows through argsort's indices; the largest of each row kept as [n, 1].
  CHECK(values(td::take_along_axis(m, td::argsort(m, 1), 1)) == std::vector<double>{1, 2, 3, 7, 8, 9});
  const auto top = td::take_along_axis(m, td::argmax(m, 1, td::keepdims), 1);
  CHECK(top.shape() == td::shape<2>{2, 1});
  CHECK(values(top) == std::vector<double>{3, 9});
  // Along axis 0, negative indices, and indices that broadcast (extent 1) and repeat.
  const auto i0 = td::from<std::int32_t>({{1, 0, -1}}, space);
  CHECK(values(td::take_along_axis(m, i0, 0)) == std::vector<double>{9, 1, 8});
  const auto rows = td::from<std::int64_t>({{2, 2, 0, 1}, {0, 0, 0, 0}}, space);
  CHECK(values(td::take_along_axis(m, rows, 1)) == std::vector<double>{2, 2, 3, 1, 9, 9, 9, 9});
  const auto col = td::from<std::int64_t>({{1}}, space);  // broadcast along axis 0 too
  CHECK(values(td::take_along_axis(m, col, 1)) == std::vector<double>{1, 7});
  // A transposed view and an expression, against a plain loop on random data.
  const auto data = testing::random_values<float>(5 * 7, -1, 1, 31);
  const auto t = td::from(data, {5, 7}, space);
  const auto order = td::argsort(td::transpose(t), 0);  // [7, 5]: each column of t^T sorted
  const auto got = values(td::take_along_axis(td::transpose(t) * 2.f, order, 0));
  const auto ord = td::to_vector(order);
  for (std::size_t i = 0; i < 7; ++i)
    for (std::size_t j = 0; j < 5; ++j) {
      const std::size_t src = std::size_t(ord[i * 5 + j]);  // t^T(src, j) = t(j, src)
      CHECK(got[i * 5 + j] == double(2.f * data[j * 7 + src]));
    }
  // Empty results; bad indices and shapes throw before anything is read.
  CHECK(td::take_along_axis(m, td::zeros<std::int32_t>({2, 0}, space), 1).shape() == td::shape<2>{2, 0});
  CHECK_THROWS_WITH(td::take_along_axis(m, td::from<std::int32_t>({{0, 3}}, space), 1),
                    testing::contains("index 3"));
  CHECK_THROWS_AS(td::take_along_axis(m, td::from<std::int32_t>({{-4}}, space), 1), td::index_error);
  CHECK_THROWS_AS(td::take_along_axis(m, td::zeros<std::int32_t>({3, 1}, space), 1), td::shape_error);
  CHECK_THROWS_AS(td::take_along_axis(m, i0, 2), td::index_error);
}

TEMPLATE_TEST_CASE("unravel_index turns flat indices into coordinates", "[selection]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto m = td::from<double>({{3, 1, 2}, {9, 7, 8}}, space);
  const auto [i, j] = td::unravel_index(td::argmax(m), m.shape());
  CHECK((i == 1 && j == 0));
  const auto c = td::unravel_index(22, {2, 3, 4});  // numpy: (1, 2, 2)
  CHECK(c == std::array<td::index_t, 3>{1, 2, 2});
  const auto flat = td::from<std::int32_t>({{0, 5}, {23, 13}}, space);
  const auto coords = td::unravel_index(flat, {2, 3, 4});
  static_assert(std::is_same_v<decltype(coords), const std::array<td::tensor<td::index_t, 2, TestType>, 3>>);
  CHECK(values(coords[0]) == std::vector<double>{0, 0, 1, 1});
  CHECK(values(coords[1]) == std::vector<double>{0, 1, 2, 0});
  CHECK(values(coords[2]) == std::vector<double>{0, 1, 3, 1});
  CHECK_THROWS_WITH(td::unravel_index(24, {2, 3, 4}), testing::contains("index 24"));
  CHECK_THROWS_AS(td::unravel_index(-1, {2, 3, 4}), td::index_error);  // numpy refuses negatives too
  CHECK_THROWS_WITH(td::unravel_index(td::from<std::int32_t>({3, -1}, space), {2, 2}), testing::contains("index -1"));
  CHECK(td::unravel_index(td::zeros<std::int32_t>({0}, space), {2, 2})[1].size() == 0);
}

TEMPLATE_TEST_CASE("histogram without a range, with edges, and its bin edges", "[selection]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // numpy: histogram(a, 4) spans [min, max] = [-1, 7]: edges -1, 1, 3, 5, 7.
  const auto a = td::from<double>({0.5, 2, 2, 3, 7, -1}, space);
  CHECK(td::to_vector(td::histogram(a, 4)) == std::vector<td::index_t>{2, 2, 1, 1});
  CHECK(values(td::histogram_bin_edges(a, 4)) == std::vector<double>{-1, 1, 3, 5, 7});
  CHECK(values(td::histogram_bin_edges(a, 2, 0.0, 1.0)) == std::vector<double>{0, 0.5, 1});
  // One value: 0.5 either side (numpy: [4.5, 5.5]); none: [0, 1]. Integers and expressions.
  const auto fives = td::full<int>({3}, 5, space);
  CHECK(td::to_vector(td::histogram(fives, 3)) == std::vector<td::index_t>{0, 3, 0});
  CHECK(values(td::histogram_bin_edges(fives * 1, 2)) == std::vector<double>{4.5, 5, 5.5});
  CHECK(td::to_vector(td::histogram(td::zeros<float>({0}, space), 2)) == std::vector<td::index_t>{0, 0});
  // A NaN or an infinity makes the autodetected range not finite (numpy's ValueError).
  CHECK_THROWS_WITH(td::histogram(td::from<float>({1.f, std::nanf("")}, space), 3), testing::contains("not finite"));
  CHECK_THROWS_AS(td::histogram_bin_edges(td::from<double>({1, HUGE_VAL}, space), 3), td::error);

  // Edges: [e_k, e_k+1), the last closed; a repeated edge makes an empty bin; numpy:
  // histogram(a, bins=[0, 1, 1, 2, 3]) = [1, 0, 0, 3].
  const auto edges = td::from<int>({0, 1, 1, 2, 3}, space);
  CHECK(td::to_vector(td::histogram(a, edges)) == std::vector<td::index_t>{1, 0, 0, 3});
  CHECK(td::to_vector(td::histogram(a, td::from<double>({7}, space))).empty());
  CHECK_THROWS_WITH(td::histogram(a, td::from<double>({0, 2, 1}, space)), testing::contains("increase monotonically"));
  CHECK_THROWS_AS(td::histogram(a, td::from<double>({0, std::nan("")}, space)), td::error);
  CHECK(td::histogram(a, td::zeros<double>({0}, space)).size() == 0);  // numpy: no edges, no bins
  // Random values against a plain loop's binary search, uneven edges, a strided view.
  const auto data = testing::random_values<double>(2 * 40001, -1, 11, 5);
  const auto big = td::from(data, {40001, 2}, space);
  const std::vector<double> e = {0, 0.5, 2, 2.25, 7, 10};
  std::vector<td::index_t> want(e.size() - 1, 0);
  for (std::size_t j = 0; j < 40001; ++j) {
    const double x = data[2 * j + 1];  // column 1: a view with stride 2
    if (x < e.front() || x > e.back()) continue;
    std::size_t k = 0;
    while (k + 2 < e.size() && x >= e[k + 1]) ++k;
    ++want[k];
  }
  CHECK(td::to_vector(td::histogram(td::slice(big, td::all, 1), td::from(e, {6}, space))) == want);
}

TEMPLATE_TEST_CASE("histogram with weights sums them per bin, as numpy's", "[selection]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto a = td::from<float>({0.1f, 0.4f, 0.4f, 0.9f, 1.0f, -1.0f, std::nanf("")}, space);
  // numpy: histogram(a, 2, (0, 1), weights=[1, 2, 3, 4, 5, 6, 7]) = [6, 9] (-1 and NaN outside).
  const auto wd = td::from<double>({1, 2, 3, 4, 5, 6, 7}, space);
  const auto hd = td::histogram(a, 2, 0.0, 1.0, wd);
  static_assert(std::is_same_v<decltype(hd), const td::tensor<double, 1, TestType>>);
  CHECK(values(hd) == std::vector<double>{6, 9});
  // In the weights' type, as numpy's: int weights give ints, float weights floats.
  const auto hi = td::histogram(a, 2, 0.0, 1.0, td::from<int>({1, 2, 3, 4, 5, 6, 7}, space));
  static_assert(std::is_same_v<decltype(hi), const td::tensor<int, 1, TestType>>);
  CHECK(values(hi) == std::vector<double>{6, 9});
  const auto hf = td::histogram(a, 2, 0.0, 1.0, td::from<float>({0.5f, 0.25f, 0.25f, 1, 1, 1, 1}, space));
  static_assert(std::is_same_v<decltype(hf), const td::tensor<float, 1, TestType>>);
  CHECK(values(hf) == std::vector<double>{1, 2});
  // Edges (numpy: bins=[0, 0.25, 0.5, 1] gives [1, 5, 9]); reversed weights, a view.
  CHECK(values(td::histogram(a, td::from<double>({0, 0.25, 0.5, 1}, space), wd)) == std::vector<double>{1, 5, 9});
  CHECK(values(td::histogram(a, 2, 0.0, 1.0, td::flip(wd))) == std::vector<double>{7 + 6 + 5, 4 + 3});
  // a's own range: [1, 4] in two bins, [1, 2.5) and [2.5, 4].
  const auto b = td::from<int>({1, 2, 3, 4}, space);
  CHECK(values(td::histogram(b, 2, td::from<double>({1, 1, 1, 10}, space))) == std::vector<double>{2, 11});
  // A NaN weight makes its bin NaN; no elements, zero sums.
  const auto hn = values(td::histogram(b, 2, td::from<double>({std::nan(""), 1, 1, 1}, space)));
  CHECK((std::isnan(hn[0]) && hn[1] == 2));
  CHECK(values(td::histogram(td::zeros<float>({0}, space), 3, 0.0, 1.0, td::zeros<double>({0}, space))) ==
        std::vector<double>{0, 0, 0});
  CHECK_THROWS_AS(td::histogram(a, 2, 0.0, 1.0, td::ones<double>({6}, space)), td::shape_error);
  CHECK_THROWS_WITH(td::histogram(a, 2, td::reshape(td::from<double>({1, 2, 3, 4, 5, 6, 7}, space), {7, 1})), testing::contains("weights of shape"));
  // Many elements (rows of bins per chunk, then their sum) against a plain loop in double.
  const auto xs = testing::random_values<double>(300001, -0.5, 10.5, 21);
  const auto ws = testing::random_values<double>(300001, -1, 1, 22);
  std::vector<double> want(11, 0);
  for (std::size_t i = 0; i < xs.size(); ++i)
    if (xs[i] >= 0 && xs[i] <= 11) want[std::min<std::size_t>(10, std::size_t(xs[i]))] += ws[i];
  const auto got = values(td::histogram(td::from(xs, {300001}, space), 11, 0.0, 11.0, td::from(ws, {300001}, space)));
  REQUIRE(got.size() == want.size());
  for (std::size_t k = 0; k < want.size(); ++k) CHECK(got[k] == Catch::Approx(want[k]).epsilon(1e-12).margin(1e-9));
}

TEMPLATE_TEST_CASE("histogram2d counts pairs, as numpy's", "[selection]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto x = td::from<double>({0, 1, 2, 3, 4, 5}, space);
  const auto y = td::from<double>({5, 4, 3, 2, 1, 0.5}, space);
  // numpy: histogram2d(x, y, bins=[2, 3])[0] over [0, 5] x [0.5, 5].
  const auto h = td::histogram2d(x, y, {2, 3});
  static_assert(std::is_same_v<decltype(h), const td::tensor<td::index_t, 2, TestType>>);
  CHECK(h.shape() == td::shape<2>{2, 3});
  CHECK(values(h) == std::vector<double>{0, 1, 2, 2, 1, 0});
  // A range: points outside it are not counted, the last bin closed (numpy: [[0, 0], [0, 2]]).
  CHECK(values(td::histogram2d(x, y, 2, {{0, 4}, {0, 2}})) == std::vector<double>{0, 0, 0, 2});
  // Edges per axis (numpy: bins=[[0, 2, 6], [0, 1, 5]] gives [[0, 2], [1, 3]]).
  CHECK(values(td::histogram2d(x, y, td::from<double>({0, 2, 6}, space), td::from<int>({0, 1, 5}, space))) ==
        std::vector<double>{0, 2, 1, 3});
  CHECK(td::histogram2d(x, y).shape() == td::shape<2>{10, 10});
  CHECK(td::sum(td::histogram2d(x, y)) == 6);
  // Random pairs against a plain loop.
  const auto xs = testing::random_values<float>(30000, 0, 1, 11), ys = testing::random_values<float>(30000, -1, 1, 12);
  const auto tx = td::from(xs, {30000}, space), ty = td::from(ys, {30000}, space);
  std::vector<double> want(4 * 5, 0);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const double u = xs[i], v = ys[i];
    if (u < 0.25 || u > 0.75 || v < -0.5 || v > 0.5) continue;
    auto bx = std::size_t((u - 0.25) / 0.125), by = std::size_t((v + 0.5) / 0.2);
    bx = bx > 3 ? 3 : bx;
    by = by > 4 ? 4 : by;
    if (by > 0 && v < -0.5 + double(by) * 0.2) --by;
    else if (by < 4 && v >= -0.5 + double(by + 1) * 0.2) ++by;
    want[bx * 5 + by] += 1;
  }
  CHECK(values(td::histogram2d(tx, ty, {4, 5}, {{0.25, 0.75}, {-0.5, 0.5}})) == want);
  CHECK_THROWS_AS(td::histogram2d(x, td::from<double>({1, 2}, space)), td::shape_error);
  CHECK_THROWS_WITH(td::histogram2d(x, y, {2, 0}), testing::contains("at least one bin"));
  CHECK_THROWS_WITH(td::histogram2d(x, y, 2, {{0, 1}, {1, 1}}), testing::contains("lo < hi"));
}

TEMPLATE_TEST_CASE("histogram2d with weights and as a density, as numpy's", "[selection]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto x = td::from<double>({0, 1, 2, 3, 4, 5}, space);
  const auto y = td::from<double>({5, 4, 3, 2, 1, 0.5}, space);
  const auto w = td::from<int>({1, 2, 3, 4, 5, 6}, space);
  // numpy: histogram2d(x, y, bins=[2, 3], weights=w)[0] (float64, whatever the weights).
  const auto hw = td::histogram2d(x, y, {2, 3}, w);
  static_assert(std::is_same_v<decltype(hw), const td::tensor<double, 2, TestType>>);
  CHECK(hw.shape() == td::shape<2>{2, 3});
  CHECK(values(hw) == std::vector<double>{0, 3, 3, 11, 4, 0});
  CHECK(values(td::histogram2d(x, y, 2, {{0, 4}, {0, 2}}, w)) == std::vector<double>{0, 0, 0, 9});
  CHECK(values(td::histogram2d(x, y, td::from<double>({0, 2, 6}, space), td::from<int>({0, 1, 5}, space),
                               td::cast<float>(w))) == std::vector<double>{0, 3, 6, 12});
  // Points and weights of any rank, views: x and y as 2 x 3, the weights' rows reversed
  // (the points (3, 2) and (4, 1) now weigh 6 and 5).
  const auto x23 = td::reshape(x, {2, 3}), y23 = td::reshape(y, {2, 3});
  CHECK(values(td::histogram2d(x23, y23, 2, {{0, 4}, {0, 2}}, td::flip(td::reshape(w, {2, 3}), 1))) ==
        std::vector<double>{0, 0, 0, 11});
  // Against a plain loop over random points, in double.
  const auto xs = testing::random_values<double>(20001, -0.1, 1.1, 31), ys = testing::random_values<double>(20001, 0, 3, 32);
  const auto ws = testing::random_values<double>(20001, -1, 2, 33);
  std::vector<double> want(3 * 4, 0);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (xs[i] < 0 || xs[i] > 1) continue;
    const auto bx = std::min<std::size_t>(2, std::size_t(xs[i] * 3)), by = std::min<std::size_t>(3, std::size_t(ys[i] / 0.75));
    want[bx * 4 + by] += ws[i];
  }
  const auto got = values(td::histogram2d(td::from(xs, {20001}, space), td::from(ys, {20001}, space), {3, 4},
                                          {{0, 1}, {0, 3}}, td::from(ws, {20001}, space)));
  REQUIRE(got.size() == want.size());
  for (std::size_t k = 0; k < want.size(); ++k) CHECK(got[k] == Catch::Approx(want[k]).epsilon(1e-12).margin(1e-9));
  // density=True: counts or sums over each cell's area and the total.
  const auto near = [](const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t k = 0; k < a.size(); ++k)
      if (!(a[k] == Catch::Approx(b[k]).epsilon(1e-14))) return false;
    return true;
  };
  const auto d = td::histogram2d_density(x, y, {2, 3});
  static_assert(std::is_same_v<decltype(d), const td::tensor<double, 2, TestType>>);
  CHECK(near(values(d), {0, 1 / 22.5, 2 / 22.5, 2 / 22.5, 1 / 22.5, 0}));
  CHECK(near(values(td::histogram2d_density(x, y, {2, 3}, w)),
             {0, 0.03809523809523809, 0.03809523809523809, 0.13968253968253969, 0.050793650793650794, 0}));
  CHECK(near(values(td::histogram2d_density(x, y, td::from<double>({0, 2, 6}, space), td::from<int>({0, 1, 5}, space))),
             {0, 0.041666666666666664, 0.041666666666666664, 0.03125}));
  CHECK(near(values(td::histogram2d_density(x, y, 2, {{0, 4}, {0, 2}}, w)), {0, 0, 0, 0.5}));
  CHECK(td::histogram2d_density(x, y).shape() == td::shape<2>{10, 10});
  // Nothing in range: NaNs, as numpy's (which warns).
  for (double v : values(td::histogram2d_density(td::zeros<double>({0}, space), td::zeros<double>({0}, space), 2)))
    CHECK(std::isnan(v));
  CHECK_THROWS_AS(td::histogram2d(x, y, {2, 3}, td::ones<double>({5}, space)), td::shape_error);
  CHECK_THROWS_WITH(td::histogram2d(x, y, 2, td::ones<double>({5}, space)), testing::contains("weights of shape"));
  CHECK_THROWS_WITH(td::histogram2d_density(x, y, {0, 3}, {{0, 1}, {0, 1}}), testing::contains("at least one bin"));
  CHECK_THROWS_WITH(td::histogram2d_density(x, y, td::from<double>({0, 2, 1}, space), td::from<int>({0, 1}, space)),
                    testing::contains("increase monotonically"));
}

TEMPLATE_TEST_CASE("put_along_axis writes along an axis, as numpy's", "[selection]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto m = td::from<double>({{10, 30, 20}, {60, 40, 50}}, space);
  // numpy: put_along_axis(b, [[1], [0]], 99, 1).
  auto b = td::tensor<double, 2, TestType>(m);
  td::put_along_axis(b, td::from<int>({{1}, {0}}, space), 99.0, 1);
  CHECK(values(b) == std::vector<double>{10, 99, 20, 99, 40, 50});
  // Values per row; negative indices; along axis 0 with the indices broadcast.
  b = m;
  td::put_along_axis(b, td::from<std::int64_t>({{-1}, {0}}, space), td::from<double>({{7}, {8}}, space), 1);
  CHECK(values(b) == std::vector<double>{10, 30, 7, 8, 40, 50});
  b = m;
  td::put_along_axis(b, td::from<int>({{1, 0, 1}}, space), td::from<double>({{1, 2, 3}}, space), 0);
  CHECK(values(b) == std::vector<double>{10, 2, 20, 1, 40, 3});
  // The round trip with argsort: writing the sorted rows back where they came from.
  const auto data = testing::random_values<float>(6 * 9, -1, 1, 21);
  const auto t = td::from(data, {6, 9}, space);
  const auto order = td::argsort(t, 1);
  auto back = td::zeros<float>({6, 9}, space);
  td::put_along_axis(back, order, td::take_along_axis(t, order, 1), 1);
  CHECK(td::array_equal(back, t));
  // Into a transposed view, values from an expression.
  auto tt = td::zeros<float>({9, 6}, space);
  td::put_along_axis(td::transpose(tt), order, td::take_along_axis(t, order, 1) * 2.f, 1);
  CHECK(td::array_equal(tt, td::transpose(t) * 2.f));
  // Bad indices and shapes throw before anything is written.
  b = m;
  CHECK_THROWS_WITH(td::put_along_axis(b, td::from<int>({{0, 3}}, space), 1.0, 1), testing::contains("index 3"));
  CHECK_THROWS_AS(td::put_along_axis(b, td::zeros<int>({3, 1}, space), 1.0, 1), td::shape_error);
  CHECK_THROWS_AS(td::put_along_axis(b, td::zeros<int>({2, 1}, space), td::zeros<double>({2, 3}, space), 1),
                  td::shape_error);
  CHECK(td::array_equal(b, m));
}

TEMPLATE_TEST_CASE("ravel_multi_index is unravel_index's inverse", "[selection]", TANDEM_TEST_SPACES) {
  const TestType space{};
  CHECK(td::ravel_multi_index({1, 2, 3}, {2, 3, 4}) == 23);  // numpy: 23
  CHECK(td::ravel_multi_index({0, 0}, {1, 1}) == 0);
  CHECK_THROWS_WITH(td::ravel_multi_index({1, 3}, {2, 3}), testing::contains("coordinate 3 of axis 1"));
  CHECK_THROWS_AS(td::ravel_multi_index({-1, 0}, {2, 3}), td::index_error);
  // numpy: ravel_multi_index(([0, 1, 1], [2, 0, 2]), (2, 3)) = [2, 3, 5].
  const auto r = td::from<int>({0, 1, 1}, space);
  const auto c = td::from<std::int64_t>({2, 0, 2}, space);
  CHECK(values(td::ravel_multi_index({r.view(), r.view()}, {2, 3})) == std::vector<double>{0, 4, 4});
  CHECK(values(td::ravel_multi_index({r, td::from<int>({2, 0, 2}, space)}, {2, 3})) == std::vector<double>{2, 3, 5});
  // The round trip through unravel_index, coordinates broadcast (a column against a row).
  const auto flat = td::arange<td::index_t>(0, 60, 1, space);
  const auto coords = td::unravel_index(flat, {3, 4, 5});
  CHECK(td::array_equal(td::ravel_multi_index(coords, {3, 4, 5}), flat));
  const auto col = td::from<int>({{0}, {1}}, space), row = td::from<int>({{0, 1, 2}}, space);
  CHECK(values(td::ravel_multi_index({col * 1, row * 1}, {2, 3})) == std::vector<double>{0, 1, 2, 3, 4, 5});
  CHECK_THROWS_WITH(td::ravel_multi_index({c, c}, {3, 2}), testing::contains("axis 1"));
}

TEMPLATE_TEST_CASE("trim_zeros trims leading and trailing zeros", "[selection]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto a = td::from<int>({0, 0, 1, 0, 2, 0}, space);
  CHECK(values(td::trim_zeros(a)) == std::vector<double>{1, 0, 2});
  CHECK(values(td::trim_zeros(a, "f")) == std::vector<double>{1, 0, 2, 0});
  CHECK(values(td::trim_zeros(a, "B")) == std::vector<double>{0, 0, 1, 0, 2});
  CHECK(values(td::trim_zeros(a, "")) == values(a));
  CHECK(td::trim_zeros(td::zeros<float>({4}, space)).size() == 0);
  CHECK(td::trim_zeros(td::zeros<float>({0}, space)).size() == 0);
  const auto f = td::from<float>({0.f, -0.f, std::nanf(""), 0.f}, space);  // -0 is zero, NaN is not
  const auto t = td::trim_zeros(f);
  CHECK((t.size() == 1 && std::isnan(td::to_vector(t)[0])));
  CHECK(values(td::trim_zeros(td::flip(a) * 2)) == std::vector<double>{4, 0, 2});
  CHECK(values(td::trim_zeros(td::flip(a), "b")) == std::vector<double>{0, 2, 0, 1});  // a reversed view
  CHECK(values(td::trim_zeros(td::flip(a), "f")) == std::vector<double>{2, 0, 1, 0, 0});
  CHECK_THROWS_WITH(td::trim_zeros(a, "fx"), testing::contains("'f'"));
}

#if !TANDEM_HAS_CUDA
// The device backend's compaction (Thrust's count_if and copy_if) is what a GPU runs.
// Where the device is emulated, the device space compacts with the host's code, so
// Thrust's version is run here directly, on Thrust's TBB system, against a plain loop
// and against the host's.

TEST_CASE("Thrust's compaction on its TBB system agrees with a plain loop", "[selection]") {
  for (const td::index_t n : {td::index_t(0), td::index_t(1), td::index_t(7), td::index_t(4095),
                              td::index_t(4097), td::index_t(300001)}) {
    const auto pred = [](td::index_t i) { return (i * 2654435761u) % 5 < 2; };
    const auto val = [](td::index_t i) { return double(i) * 0.5 - 3; };
    std::vector<double> want;
    for (td::index_t i = 0; i < n; ++i)
      if (pred(i)) want.push_back(val(i));
    std::vector<double> thrust_out, host_out;
    td::index_t thrust_count = -1;
    td::detail::thrust_selector<td::device_space>::select<double>(n, pred, val, [&](td::index_t count) {
      thrust_count = count;
      thrust_out.resize(std::size_t(count));
      return thrust_out.data();
    });
    td::detail::host_selector::select<double>(n, pred, val, [&](td::index_t count) {
      host_out.resize(std::size_t(count));
      return host_out.data();
    });
    CAPTURE(n);
    CHECK(thrust_count == td::index_t(want.size()));
    CHECK(thrust_out == want);
    CHECK(host_out == want);
  }
}
#endif
