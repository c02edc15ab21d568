// Expressions: operators, broadcasting, elementwise functions, map, fused evaluation.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "support/test_support.hpp"

using testing::values;

namespace {

struct saxpy {
  float a;
  TANDEM_HD float operator()(float x, float y) const { return a * x + y; }
};
struct fused_five {
  TANDEM_HD double operator()(double a, double b, double c, double d, double e) const {
    return a * b + c / d - e;
  }
};

template <class Space, class T>
td::tensor<T, 1, Space> random_tensor(std::size_t n, double lo, double hi, unsigned seed) {
  auto v = testing::random_values<T>(n, lo, hi, seed);
  return td::from(v, {static_cast<td::index_t>(n)}, Space{});
}

}  // namespace

TEMPLATE_TEST_CASE("arithmetic operators against a double loop", "[expr]", TANDEM_TEST_SPACES) {
  const std::size_t n = 1000;
  auto a = random_tensor<TestType, float>(n, -2, 2, 1);
  auto b = random_tensor<TestType, float>(n, 0.5, 3, 2);
  td::tensor<float, 1, TestType> c = a + 2.0f * b - a / b * (-a);
  const auto av = values(a), bv = values(b), cv = values(c);
  for (std::size_t i = 0; i < n; ++i) {
    const double expect = av[i] + 2.0 * bv[i] - av[i] / bv[i] * (-av[i]);
    CHECK(cv[i] == Catch::Approx(expect).epsilon(1e-5));
  }
  // Scalars on either side, each operator.
  CHECK(values(td::eval(10.f - a))[3] == Catch::Approx(10.0 - av[3]));
  CHECK(values(td::eval(1.f / b))[4] == Catch::Approx(1.0 / bv[4]));
  // A float tensor with a double scalar stays float, as numpy keeps float32.
  auto keep = td::eval(a * 2.0);
  static_assert(std::is_same_v<td::value_of_t<decltype(keep)>, float>);
  // An integer tensor with a floating scalar becomes floating.
  auto i = td::arange<int>(4, TestType{});
  auto promoted = td::eval(i * 0.5);
  static_assert(std::is_same_v<td::value_of_t<decltype(promoted)>, double>);
  CHECK(values(promoted) == std::vector<double>{0, 0.5, 1, 1.5});
}

TEMPLATE_TEST_CASE("integer and 64-bit arithmetic", "[expr]", TANDEM_TEST_SPACES) {
  auto a = td::from<std::int32_t>({7, -7, 100, 0}, TestType{});
  auto b = td::from<std::int32_t>({2, 2, -3, 5}, TestType{});
  CHECK(values(td::eval(a / b)) == std::vector<double>{3, -3, -33, 0});
  CHECK(values(td::eval(a * b + 1)) == std::vector<double>{15, -13, -299, 1});
  auto big = td::from<std::int64_t>({std::int64_t(1) << 40, 3}, TestType{});
  auto r = td::eval(big * 2 - 1);
  CHECK(td::to_vector(r) == std::vector<std::int64_t>{(std::int64_t(1) << 41) - 1, 5});
}

TEMPLATE_TEST_CASE("comparisons and logical operators give bool", "[expr]", TANDEM_TEST_SPACES) {
  auto a = td::from<float>({1, 2, 3, 4}, TestType{});
  auto b = td::from<float>({4, 2, 1, 4}, TestType{});
  auto lt = td::eval(a < b);
  static_assert(std::is_same_v<td::value_of_t<decltype(lt)>, bool>);
  CHECK(td::to_vector(lt) == std::vector<bool>{true, false, false, false});
  CHECK(td::to_vector(td::eval(a <= b)) == std::vector<bool>{true, true, false, true});
  CHECK(td::to_vector(td::eval(a > b)) == std::vector<bool>{false, false, true, false});
  CHECK(td::to_vector(td::eval(a >= b)) == std::vector<bool>{false, true, true, true});
  CHECK(td::to_vector(td::eval(a == b)) == std::vector<bool>{false, true, false, true});
  CHECK(td::to_vector(td::eval(a != b)) == std::vector<bool>{true, false, true, false});
  CHECK(td::to_vector(td::eval((a > 1.f) && (b > 1.f))) == std::vector<bool>{false, true, false, true});
  CHECK(td::to_vector(td::eval((a > 3.f) || (b < 2.f))) == std::vector<bool>{false, false, true, true});
  CHECK(td::to_vector(td::eval(!(a == b))) == std::vector<bool>{true, false, true, false});
  auto mask = td::from<bool>({true, false, true, true}, TestType{});
  CHECK(td::to_vector(td::eval(mask && (a < 4.f))) == std::vector<bool>{true, false, true, false});
}

TEMPLATE_TEST_CASE("numpy broadcasting edge cases", "[expr]", TANDEM_TEST_SPACES) {
  auto col = td::from<double>({{1}, {2}, {3}}, TestType{});     // [3, 1]
  auto row = td::from<double>({10, 20, 30, 40}, TestType{});    // [4]
  auto grid = td::eval(col + row);
  CHECK(grid.shape() == td::shape<2>{3, 4});
  CHECK(values(grid) == std::vector<double>{11, 21, 31, 41, 12, 22, 32, 42, 13, 23, 33, 43});
  td::tensor<double, 0, TestType> scalar_tensor;
  scalar_tensor = 5.0;
  CHECK(values(td::eval(row * scalar_tensor)) == std::vector<double>{50, 100, 150, 200});
  auto one = td::from<double>({2}, TestType{});  // [1] stretches to [4]
  CHECK(values(td::eval(row - one)) == std::vector<double>{8, 18, 28, 38});
  auto cube = td::zeros<double>({2, 1, 4}, TestType{});
  auto mid = td::from<double>({{1}, {2}, {3}}, TestType{});  // [3, 1] → [2, 3, 4]
  auto b3 = td::eval(cube + mid + row);
  CHECK(b3.shape() == td::shape<3>{2, 3, 4});
  CHECK(values(b3)[23] == 43.0);
  auto empty_rows = td::zeros<double>({0, 4}, TestType{});
  auto e = td::eval(empty_rows + row);
  CHECK(e.shape() == td::shape<2>{0, 4});
  auto bad = td::zeros<double>({5}, TestType{});
  CHECK_THROWS_AS(td::eval(grid + bad), td::shape_error);
  CHECK_THROWS_WITH(td::eval(grid + bad), testing::contains("cannot broadcast [3, 4] with [5]"));
  // A view keeps its shape and the expression broadcasts into it...
  auto target = td::zeros<double>({2, 4}, TestType{});
  td::slice(target, td::all, td::all) = row;
  CHECK(values(target) == std::vector<double>{10, 20, 30, 40, 10, 20, 30, 40});
  // ...while a tensor takes the expression's shape.
  target = grid * 1.0;
  CHECK(target.shape() == td::shape<2>{3, 4});
}

TEMPLATE_TEST_CASE("elementwise functions against std::", "[expr]", TANDEM_TEST_SPACES) {
  auto x = random_tensor<TestType, double>(257, 0.1, 3.0, 3);
  const auto xv = values(x);
  const auto ex = values(td::exp(x)), lg = values(td::log(x)), sq = values(td::sqrt(x));
  const auto sn = values(td::sin(x)), cs = values(td::cos(x)), th = values(td::tanh(x - 1.5));
  const auto ab = values(td::abs(1.5 - x)), pw = values(td::pow(x, 2.5)), pw2 = values(td::pow(2.0, x));
  for (std::size_t i = 0; i < xv.size(); ++i) {
    CHECK(ex[i] == Catch::Approx(std::exp(xv[i])).epsilon(1e-14));
    CHECK(lg[i] == Catch::Approx(std::log(xv[i])).epsilon(1e-14));
    CHECK(sq[i] == Catch::Approx(std::sqrt(xv[i])).epsilon(1e-14));
    CHECK(sn[i] == Catch::Approx(std::sin(xv[i])).margin(1e-14));
    CHECK(cs[i] == Catch::Approx(std::cos(xv[i])).margin(1e-14));
    CHECK(th[i] == Catch::Approx(std::tanh(xv[i] - 1.5)).margin(1e-14));
    CHECK(ab[i] == Catch::Approx(std::abs(1.5 - xv[i])).margin(1e-15));
    CHECK(pw[i] == Catch::Approx(std::pow(xv[i], 2.5)).epsilon(1e-13));
    CHECK(pw2[i] == Catch::Approx(std::pow(2.0, xv[i])).epsilon(1e-13));
  }
  auto xf = td::eval(td::cast<float>(x));
  const auto ef = values(td::exp(xf));
  for (std::size_t i = 0; i < xv.size(); ++i) CHECK(ef[i] == Catch::Approx(std::exp(float(xv[i]))).epsilon(1e-6));
  CHECK(values(td::abs(td::from<int>({-3, 0, 4}, TestType{}))) == std::vector<double>{3, 0, 4});
}

TEMPLATE_TEST_CASE("maximum, minimum, clamp, where and cast", "[expr]", TANDEM_TEST_SPACES) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto a = td::from<double>({1, 5, nan, -2}, TestType{});
  auto b = td::from<double>({3, 4, 0, nan}, TestType{});
  const auto mx = values(td::maximum(a, b)), mn = values(td::minimum(a, b));
  CHECK(mx[0] == 3);
  CHECK(mx[1] == 5);
  CHECK(std::isnan(mx[2]));
  CHECK(std::isnan(mx[3]));
  CHECK(mn[0] == 1);
  CHECK(mn[1] == 4);
  CHECK(std::isnan(mn[2]));
  CHECK(values(td::maximum(td::arange<int>(5, TestType{}), 2)) == std::vector<double>{2, 2, 2, 3, 4});
  auto r = td::linspace<float>(-2.f, 2.f, 5, TestType{});
  CHECK(values(td::clamp(r, -1.f, 1.5f)) == std::vector<double>{-1, -1, 0, 1, 1.5});
  CHECK(values(td::where(r > 0.f, r, 0.f)) == std::vector<double>{0, 0, 0, 1, 2});
  CHECK(values(td::where(r > 0.f, 1.f, r * 2.f)) == std::vector<double>{-4, -2, 0, 1, 1});
  auto c = td::eval(td::cast<int>(r * 1.5f));
  static_assert(std::is_same_v<td::value_of_t<decltype(c)>, int>);
  CHECK(values(c) == std::vector<double>{-3, -1, 0, 1, 3});
  auto as_bool = td::eval(td::cast<bool>(td::arange<int>(3, TestType{})));
  CHECK(td::to_vector(as_bool) == std::vector<bool>{false, true, true});
}

TEMPLATE_TEST_CASE("map applies user functors, fused and broadcast", "[expr]", TANDEM_TEST_SPACES) {
  auto x = td::arange<float>(6, TestType{});
  auto y = td::ones<float>({2, 6}, TestType{});
  auto y2 = td::eval(td::map(saxpy{2.f}, x, y));
  CHECK(y2.shape() == td::shape<2>{2, 6});
  CHECK(values(y2) == std::vector<double>{1, 3, 5, 7, 9, 11, 1, 3, 5, 7, 9, 11});
  auto z = td::eval(td::map(saxpy{-1.f}, x * 2.f, 10.f));
  CHECK(values(z) == std::vector<double>{10, 8, 6, 4, 2, 0});
  auto d = td::cast<double>(x);
  auto five = td::eval(td::map(fused_five{}, d, d + 1.0, 3.0, d + 2.0, d));
  const auto fv = values(five);
  for (int i = 0; i < 6; ++i) CHECK(fv[i] == Catch::Approx(i * (i + 1.0) + 3.0 / (i + 2.0) - i));
#if TANDEM_HAS_CUDA
  auto lam = td::eval(td::map([] TANDEM_HD(float v) { return v * v; }, x));
#else
  auto lam = td::eval(td::map([](float v) { return v * v; }, x));
#endif
  CHECK(values(lam) == std::vector<double>{0, 1, 4, 9, 16, 25});
}

TEMPLATE_TEST_CASE("expressions built from temporaries own them", "[expr]", TANDEM_TEST_SPACES) {
  auto e = td::arange<float>(5, TestType{}) * 2.f + td::ones<float>({5}, TestType{});
  auto copy_of_e = e;  // copying an expression does not copy its owned tensors' data
  td::tensor<float, 1, TestType> out = e;
  CHECK(values(out) == std::vector<double>{1, 3, 5, 7, 9});
  CHECK(values(copy_of_e) == std::vector<double>{1, 3, 5, 7, 9});
  auto nested = td::sqrt(td::exp(td::zeros<double>({3}, TestType{})) * 4.0);
  CHECK(values(nested) == std::vector<double>{2, 2, 2});
}

TEMPLATE_TEST_CASE("non-contiguous operands and destinations", "[expr]", TANDEM_TEST_SPACES) {
  auto m = td::reshape(td::arange<double>(12, TestType{}), {3, 4});
  auto t = td::eval(td::transpose(m) * 2.0 + 1.0);  // strided read
  CHECK(t.shape() == td::shape<2>{4, 3});
  const auto tv = values(t);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j) CHECK(tv[i * 3 + j] == (j * 4 + i) * 2.0 + 1.0);
  auto dst = td::zeros<double>({4, 6}, TestType{});
  // A view assigned to a view of its type rebinds it (as std::span); td::copy writes.
  td::copy(td::transpose(m), td::slice(dst, td::all, td::range(0, 6, 2)));  // strided write and read
  const auto dv = values(dst);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j) {
      CHECK(dv[i * 6 + 2 * j] == j * 4 + i);
      CHECK(dv[i * 6 + 2 * j + 1] == 0);
    }
  // Larger than the serial threshold, so the parallel strided paths run too.
  auto big = td::reshape(td::arange<float>(512 * 300, TestType{}), {512, 300});
  auto bt = td::eval(td::transpose(big) + 0.f);
  auto back = td::eval(td::transpose(bt) - big);
  CHECK(td::max(td::abs(back)) == 0.f);
  CHECK(values(td::slice(bt, 299, td::range(0, 2))) == std::vector<double>{299, 599});
}

TEMPLATE_TEST_CASE("expressions over transposed and permuted operands, in tiles", "[expr][layout]",
                   TANDEM_TEST_SPACES) {
  // An operand whose close axis is not the destination's rows makes a CPU assignment go
  // tile by tile: every element must still land, whatever the extents (not multiples of
  // the tile, extents of 1), the other operands (dense, broadcast, scalars), the element
  // types, the destination (a strided view) and the signs of the strides.
  using S = TestType;
  const td::index_t r = 70, c = 45;
  const auto h = testing::random_values<double>(std::size_t(r * c), -4, 4, 21);
  const auto m = td::from(h, {r, c}, S{});                   // [70, 45]
  const auto w = td::from(testing::random_values<double>(std::size_t(c * r), -4, 4, 22), {c, r}, S{});
  const auto wv = values(w);
  const auto row = td::from(testing::random_values<double>(std::size_t(r), -1, 1, 23), {r}, S{});
  const auto rv = values(row);
  {
    const td::tensor<double, 2, S> out = td::transpose(m) * 2.0 + w - row;  // [45, 70]
    const auto ov = values(out);
    std::size_t wrong = 0;
    for (td::index_t i = 0; i < c; ++i)
      for (td::index_t j = 0; j < r; ++j)
        wrong += ov[std::size_t(i * r + j)] !=
                 h[std::size_t(j * c + i)] * 2.0 + wv[std::size_t(i * r + j)] - rv[std::size_t(j)];
    CHECK(wrong == 0);
  }
  {
    INFO("flipped rows of a transpose, into every other column of a wider destination, as floats");
    auto dst = td::zeros<float>({c, 2 * r}, S{});
    auto every_other = td::slice(dst, td::all, td::range(0, 2 * r, 2));
    every_other = td::cast<float>(td::flip(td::transpose(m), 0) + 1.0);
    const auto dv = values(dst);
    std::size_t wrong = 0;
    for (td::index_t i = 0; i < c; ++i)
      for (td::index_t j = 0; j < 2 * r; ++j) {
        const double want = j % 2 ? 0.0 : double(float(h[std::size_t((j / 2) * c + (c - 1 - i))] + 1.0));
        wrong += dv[std::size_t(i * 2 * r + j)] != want;
      }
    CHECK(wrong == 0);
  }
  {
    INFO("a permuted cube of ints, its fast axis moved to the front, plus a dense operand");
    const td::index_t a0 = 3, a1 = 33, a2 = 40;
    auto cube = td::reshape(td::arange<int>(a0 * a1 * a2, S{}), {a0, a1, a2});
    const auto p = td::permute(cube, {2, 0, 1});  // [40, 3, 33]: close along axis 0
    const auto dense = td::reshape(td::arange<int>(a2 * a0 * a1, S{}), {a2, a0, a1});
    const td::tensor<int, 3, S> out = p * 3 - dense;
    const auto ov = values(out);
    std::size_t wrong = 0;
    for (td::index_t i = 0; i < a2; ++i)
      for (td::index_t j = 0; j < a0; ++j)
        for (td::index_t k = 0; k < a1; ++k) {
          const double cube_at = double((j * a1 + k) * a2 + i);
          wrong += ov[std::size_t((i * a0 + j) * a1 + k)] != cube_at * 3 - double((i * a0 + j) * a1 + k);
        }
    CHECK(wrong == 0);
  }
  {
    INFO("every operand close along the tiles' other axis (or broadcast along it): computed along it");
    const auto mt = td::transpose(m);  // [45, 70]
    auto dst = td::zeros<float>({c, 2 * r}, S{});
    auto every_other = td::slice(dst, td::all, td::range(1, 2 * r, 2));
    every_other = td::cast<float>(td::where(mt > 0.5, mt * 2.0, row) - 1.0);  // row: [70], step 0 down the rows
    const auto dv = values(dst);
    std::size_t wrong = 0;
    for (td::index_t i = 0; i < c; ++i)
      for (td::index_t j = 0; j < 2 * r; ++j) {
        const double x = h[std::size_t((j / 2) * c + i)];
        const double want = j % 2 == 0 ? 0.0 : double(float((x > 0.5 ? x * 2.0 : rv[std::size_t(j / 2)]) - 1.0));
        wrong += dv[std::size_t(i * 2 * r + j)] != want;
      }
    CHECK(wrong == 0);
  }
  {
    INFO("computed along the tiles' other axis into a dense destination (stored in 16-byte blocks)");
    const auto col = td::reshape(row, {r, 1});
    const td::tensor<double, 2, S> d2 = td::transpose(m) * 2.0 - td::transpose(col);  // [45, 70]
    const td::tensor<float, 2, S> f2 = td::cast<float>(td::transpose(m)) + 0.5f;
    const auto dv = values(d2), fv = values(f2);
    std::size_t wrong = 0;
    for (td::index_t i = 0; i < c; ++i)
      for (td::index_t j = 0; j < r; ++j) {
        const double x = h[std::size_t(j * c + i)];
        wrong += dv[std::size_t(i * r + j)] != x * 2.0 - rv[std::size_t(j)];
        wrong += fv[std::size_t(i * r + j)] != double(float(x) + 0.5f);
      }
    CHECK(wrong == 0);
    const td::index_t e0 = 5, e1 = 37, e2 = 6;
    const auto cube = td::reshape(td::arange<std::int64_t>(e0 * e1 * e2, S{}), {e0, e1, e2});
    const td::tensor<std::int64_t, 3, S> q = td::permute(cube, {2, 0, 1}) * 3 + 1;  // [6, 5, 37]
    const auto qv = values(q);
    wrong = 0;
    for (td::index_t i = 0; i < e2; ++i)
      for (td::index_t j = 0; j < e0; ++j)
        for (td::index_t k = 0; k < e1; ++k)
          wrong += qv[std::size_t((i * e0 + j) * e1 + k)] != double(((j * e1 + k) * e2 + i) * 3 + 1);
    CHECK(wrong == 0);
  }
  {
    INFO("extents of one: a [1, 45] row of a transpose and a [45, 1] column");
    const td::tensor<double, 2, S> one_row = td::slice(td::transpose(m), td::range(3, 4), td::all) + 0.0;
    const td::tensor<double, 2, S> one_col = td::slice(td::transpose(m), td::all, td::range(5, 6)) + 0.0;
    const auto orv = values(one_row), ocv = values(one_col);
    for (td::index_t j = 0; j < r; ++j) CHECK(orv[std::size_t(j)] == h[std::size_t(j * c + 3)]);
    for (td::index_t i = 0; i < c; ++i) CHECK(ocv[std::size_t(i)] == h[std::size_t(5 * c + i)]);
  }
}

TEMPLATE_TEST_CASE("assignments into transposed and permuted destinations", "[expr][layout]", TANDEM_TEST_SPACES) {
  // A destination whose axes are not in memory order is written with its axes, and the
  // operands', reordered: every element must land where the view says, from dense,
  // transposed, broadcast and scalar operands, for any permutation and extents.
  using S = TestType;
  const td::index_t r = 70, c = 45;
  const auto h = testing::random_values<double>(std::size_t(r * c), -4, 4, 31);
  const auto m = td::from(h, {r, c}, S{});  // [70, 45]
  {
    INFO("transpose(dst) = m, = transpose of a transpose, = an expression with a broadcast row");
    auto dst = td::zeros<double>({c, r}, S{});
    auto dt = td::transpose(dst);  // [70, 45], close along axis 0
    dt = m;
    auto dv = values(dst);
    std::size_t wrong = 0;
    for (td::index_t i = 0; i < r; ++i)
      for (td::index_t j = 0; j < c; ++j) wrong += dv[std::size_t(j * r + i)] != h[std::size_t(i * c + j)];
    CHECK(wrong == 0);
    const auto mt = td::eval(td::transpose(m));  // [45, 70]
    dt = td::transpose(mt) * 2.0 - td::slice(m, 4, td::all) + 1.0;
    dv = values(dst);
    wrong = 0;
    for (td::index_t i = 0; i < r; ++i)
      for (td::index_t j = 0; j < c; ++j)
        wrong += dv[std::size_t(j * r + i)] != h[std::size_t(i * c + j)] * 2.0 - h[std::size_t(4 * c + j)] + 1.0;
    CHECK(wrong == 0);
    dt = 7.5;
    CHECK(values(dst) == std::vector<double>(std::size_t(r * c), 7.5));
  }
  {
    INFO("every permutation of a cube as the destination, from a dense cube of ints");
    const td::index_t n0 = 3, n1 = 33, n2 = 40;
    const auto src = td::reshape(td::arange<int>(n0 * n1 * n2, S{}), {n0, n1, n2});
    const td::index_t perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (const auto& p : perms) {
      // A buffer laid out as [n_p0, n_p1, n_p2]; its view permuted back has src's shape.
      const td::index_t ext[3] = {n0, n1, n2};
      auto buf = td::zeros<int>({ext[p[0]], ext[p[1]], ext[p[2]]}, S{});
      td::index_t inverse[3] = {};
      for (td::index_t d = 0; d < 3; ++d) inverse[p[d]] = d;
      auto dst = td::permute(buf.view(), inverse);  // dst(i, j, k) at buf's (idx[p[0]], idx[p[1]], idx[p[2]])
      REQUIRE(dst.shape() == src.shape());
      dst = src * 2 + 1;
      const auto bv = values(buf);
      std::size_t wrong = 0;
      for (td::index_t i = 0; i < n0; ++i)
        for (td::index_t j = 0; j < n1; ++j)
          for (td::index_t k = 0; k < n2; ++k) {
            const td::index_t idx[3] = {i, j, k};
            const std::size_t at = std::size_t((idx[p[0]] * ext[p[1]] + idx[p[1]]) * ext[p[2]] + idx[p[2]]);
            wrong += bv[at] != double(((i * n1 + j) * n2 + k) * 2 + 1);
          }
      CHECK(wrong == 0);
    }
  }
}

TEMPLATE_TEST_CASE("large contiguous expressions take the parallel fast path", "[expr]", TANDEM_TEST_SPACES) {
  const td::index_t n = (1 << 20) + 3;
  auto a = td::arange<std::int64_t>(n, TestType{});
  td::tensor<std::int64_t, 1, TestType> b = a * 3 - 1;
  const auto bv = td::to_vector(b);
  bool all_right = true;
  for (td::index_t i = 0; i < n; ++i) all_right = all_right && bv[i] == 3 * i - 1;
  CHECK(all_right);
}

TEMPLATE_TEST_CASE("rank-4 broadcasting and reduction against loops", "[expr]", TANDEM_TEST_SPACES) {
  // [2, 1, 3, 1] * [4, 1, 5] + [5] -> [2, 4, 3, 5]
  auto a = td::reshape(td::arange<double>(6, TestType{}), {2, 1, 3, 1});
  auto b = td::reshape(td::arange<double>(20, TestType{}), {4, 1, 5});
  auto c = td::from<double>({0.5, 1.5, 2.5, 3.5, 4.5}, TestType{});
  auto r = td::eval(a * b + c);
  CHECK(r.shape() == td::shape<4>{2, 4, 3, 5});
  auto s3 = td::sum(a * b + c, 3);
  CHECK(s3.shape() == td::shape<3>{2, 4, 3});
  const auto rv = testing::values(r), sv = testing::values(s3);
  bool right = true;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 3; ++k) {
        double row = 0;
        for (int l = 0; l < 5; ++l) {
          const double expect = (i * 3 + k) * double(j * 5 + l) + (l + 0.5);
          right = right && rv[((i * 4 + j) * 3 + k) * 5 + l] == expect;
          row += expect;
        }
        right = right && sv[(i * 4 + j) * 3 + k] == Catch::Approx(row);
      }
  CHECK(right);
}

namespace {
/// out[1 : n + 1] = a * 3 - 1 over a T output of at least the bytes from which host loops
/// store past the caches (so that path runs), starting one element past a cache line.
/// Every element is checked against a loop, and the elements on either side untouched.
template <class Space, class T>
void check_large_assignment() {
  const std::size_t bytes = std::min<std::size_t>(td::detail::stream_store_bytes(), std::size_t(1) << 28);
  const td::index_t n = static_cast<td::index_t>(bytes / sizeof(T)) + 4099;
  std::vector<T> host(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = static_cast<T>(i % 61);
  const auto a = td::from(host, {n}, Space{});
  auto out = td::full<T>({n + 2}, T(7), Space{});
  auto inside = td::slice(out, td::range(1, n + 1));
  inside = a * T(3) - T(1);
  const std::vector<T> got = td::to_vector(out);
  std::size_t wrong = 0, first = 0;
  for (std::size_t i = 0; i < host.size(); ++i)
    if (got[i + 1] != static_cast<T>(host[i] * T(3) - T(1)) && wrong++ == 0) first = i;
  INFO("first wrong element " << first << " of " << n);
  CHECK(wrong == 0);
  CHECK(got.front() == T(7));
  CHECK(got.back() == T(7));
}
}  // namespace

TEMPLATE_TEST_CASE("a large assignment, stored past the caches, writes every element and no other",
                   "[expr][assign]", TANDEM_TEST_SPACES) {
  check_large_assignment<TestType, float>();
  check_large_assignment<TestType, double>();
  check_large_assignment<TestType, std::int16_t>();
}
