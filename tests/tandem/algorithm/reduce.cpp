// Reductions, whole and along an axis, against double-precision loops.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "support/test_support.hpp"

using testing::values;

namespace {

struct max_abs_op {
  TANDEM_HD float operator()(float a, float b) const {
    const float x = a < 0 ? -a : a, y = b < 0 ? -b : b;
    return x < y ? y : x;
  }
};
struct plus_int {
  TANDEM_HD int operator()(int a, int b) const { return a + b; }
};

template <class Space>
td::tensor<double, 3, Space> random_cube(unsigned seed) {
  return td::from(testing::random_values<double>(4 * 5 * 6, -1, 1, seed), {4, 5, 6}, Space{});
}

}  // namespace

TEMPLATE_TEST_CASE("whole reductions of floats", "[reduce]", TANDEM_TEST_SPACES) {
  const std::size_t n = 100003;
  const auto host_values = testing::random_values<float>(n, -1, 2, 11);
  auto a = td::from(host_values, {static_cast<td::index_t>(n)}, TestType{});
  double sum = 0, sq = 0, mn = 1e300, mx = -1e300;
  td::index_t imin = 0, imax = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double v = host_values[i];
    sum += v;
    sq += v * v;
    if (v < mn) mn = v, imin = static_cast<td::index_t>(i);
    if (v > mx) mx = v, imax = static_cast<td::index_t>(i);
  }
  const float s = td::sum(a);
  static_assert(std::is_same_v<decltype(td::sum(a)), float>);
  CHECK(s == Catch::Approx(sum).epsilon(1e-6));
  CHECK(td::mean(a) == Catch::Approx(sum / n).epsilon(1e-6));
  CHECK(td::min(a) == static_cast<float>(mn));
  CHECK(td::max(a) == static_cast<float>(mx));
  CHECK(td::argmin(a) == imin);
  CHECK(td::argmax(a) == imax);
  CHECK(td::norm(a) == Catch::Approx(std::sqrt(sq)).epsilon(1e-6));
  CHECK(td::dot(a, a) == Catch::Approx(sq).epsilon(1e-6));
  CHECK(td::sum(a * a) == Catch::Approx(sq).epsilon(1e-6));  // an expression, reduced in one pass
  CHECK(td::reduce(a, 0.f, max_abs_op{}) == static_cast<float>(std::max(std::abs(mn), std::abs(mx))));
  auto small = td::from<double>({1.5, -2, 4}, TestType{});
  CHECK(td::prod(small) == -12.0);
}

TEMPLATE_TEST_CASE("whole reductions of integers and bools", "[reduce]", TANDEM_TEST_SPACES) {
  auto i = td::arange<std::int32_t>(1, 11, 1, TestType{});
  static_assert(std::is_same_v<decltype(td::sum(i)), std::int32_t>);
  CHECK(td::sum(i) == 55);
  CHECK(td::prod(i) == 3628800);
  CHECK(td::min(i) == 1);
  CHECK(td::max(i) == 10);
  static_assert(std::is_same_v<decltype(td::mean(i)), double>);
  CHECK(td::mean(i) == 5.5);
  CHECK(td::norm(i) == Catch::Approx(std::sqrt(385.0)));
  CHECK(td::reduce(i, 100, plus_int{}) == 155);
  auto l = td::full<std::int64_t>({3}, std::int64_t(1) << 40, TestType{});
  CHECK(td::sum(l) == 3 * (std::int64_t(1) << 40));
  auto mask = td::from<bool>({true, false, true, true}, TestType{});
  static_assert(std::is_same_v<decltype(td::sum(mask)), td::index_t>);
  CHECK(td::sum(mask) == 3);
  CHECK_FALSE(td::all(mask));
  CHECK(td::any(mask));
  CHECK(td::all(i > 0));
  CHECK_FALSE(td::any(i > 10));
  CHECK(td::mean(mask) == 0.75);
  CHECK(td::argmax(td::from<int>({3, 9, 9, 1}, TestType{})) == 1);  // first occurrence
  CHECK(td::argmin(td::from<int>({3, 1, 9, 1}, TestType{})) == 1);
}

TEMPLATE_TEST_CASE("reductions of empty tensors", "[reduce]", TANDEM_TEST_SPACES) {
  auto e = td::zeros<float>({0}, TestType{});
  CHECK(td::sum(e) == 0.f);
  CHECK(td::prod(e) == 1.f);
  CHECK(std::isnan(td::mean(e)));
  CHECK(td::all(e > 0.f));
  CHECK_FALSE(td::any(e > 0.f));
  CHECK(td::norm(e) == 0.f);
  CHECK(td::reduce(e, 5.f, max_abs_op{}) == 5.f);
  CHECK_THROWS_AS(td::min(e), td::shape_error);
  CHECK_THROWS_WITH(td::max(e), testing::contains("max of an empty tensor (shape [0])"));
  CHECK_THROWS_AS(td::argmin(e), td::shape_error);
  CHECK_THROWS_AS(td::argmax(e), td::shape_error);
}

TEMPLATE_TEST_CASE("NaN propagates through min and max; argmin finds the first NaN", "[reduce]", TANDEM_TEST_SPACES) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto a = td::from<double>({3, nan, -1, nan}, TestType{});
  CHECK(std::isnan(td::min(a)));
  CHECK(std::isnan(td::max(a)));
  CHECK(std::isnan(td::sum(a)));
  CHECK(td::argmin(a) == 1);
  CHECK(td::argmax(a) == 1);
  auto inf = td::from<float>({std::numeric_limits<float>::infinity(), 1.f}, TestType{});
  CHECK(td::argmax(inf) == 0);
  CHECK(td::max(inf) == std::numeric_limits<float>::infinity());

  // Long operands: one NaN anywhere (a block's first lanes, its main loop, its tail, the
  // last chunk) makes the whole max and min, and its row's, NaN, and nanmax and nanmin
  // skip it; the others stay exact; in floats and doubles.
  const auto long_operands = [](auto zero) {
    using T = decltype(zero);
    const td::index_t rows = 40, cols = 3001;  // 3001: blocks of 256 with tails
    auto h = testing::random_values<T>(std::size_t(rows * cols), -5.0, 5.0, 91);
    for (const td::index_t at : {td::index_t(3), td::index_t(17), td::index_t(2 * cols + 250),
                                 td::index_t(7 * cols + 3000), td::index_t(rows * cols - 1)}) {
      auto with_nan = h;
      with_nan[std::size_t(at)] = std::numeric_limits<T>::quiet_NaN();
      const auto m = td::from(with_nan, {rows, cols}, TestType{});
      CHECK(std::isnan(td::max(m)));
      CHECK(std::isnan(td::min(m)));
      T whole_hi = -1e30f, whole_lo = 1e30f;
      for (std::size_t i = 0; i < h.size(); ++i)
        if (i != std::size_t(at)) {
          whole_hi = std::max(whole_hi, h[i]);
          whole_lo = std::min(whole_lo, h[i]);
        }
      CHECK(td::nanmax(m) == whole_hi);
      CHECK(td::nanmin(m) == whole_lo);
      const auto rmax = td::to_vector(td::max(m, 1)), rmin = td::to_vector(td::min(m, 1));
      const auto rnanmax = td::to_vector(td::nanmax(m, 1)), rnanmin = td::to_vector(td::nanmin(m, 1));
      std::size_t wrong = 0;
      for (td::index_t r = 0; r < rows; ++r) {
        T hi = -1e30f, lo = 1e30f;
        for (td::index_t c = 0; c < cols; ++c)
          if (r * cols + c != at) {
            hi = std::max(hi, h[std::size_t(r * cols + c)]);
            lo = std::min(lo, h[std::size_t(r * cols + c)]);
          }
        const bool nan_row = r == at / cols;
        wrong += nan_row ? !(std::isnan(rmax[std::size_t(r)]) && std::isnan(rmin[std::size_t(r)]))
                         : (rmax[std::size_t(r)] != hi || rmin[std::size_t(r)] != lo);
        wrong += rnanmax[std::size_t(r)] != hi || rnanmin[std::size_t(r)] != lo;
      }
      CHECK(wrong == 0);
    }
    const auto clean = td::from(h, {rows * cols}, TestType{});
    CHECK(td::max(clean) == *std::max_element(h.begin(), h.end()));
    CHECK(td::min(clean) == *std::min_element(h.begin(), h.end()));
  };
  long_operands(0.f);
  long_operands(0.0);
}

TEMPLATE_TEST_CASE("argmax and argmin: ties, signed zeros and NaNs across blocks", "[reduce]", TANDEM_TEST_SPACES) {
  // Values from {-2, -1, -0, +0, 1, 2} (many ties, in every block of 256), and NaNs at
  // chosen places: every answer is the first NaN, else the first position of the
  // extreme, -0 and +0 tying, whole, along rows of several lengths, and through a
  // strided view. The reference is a plain loop.
  using S = TestType;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const auto first = [](const std::vector<float>& x, bool larger) {
    std::size_t best = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (std::isnan(x[i])) return td::index_t(i);
      if (larger ? x[i] > x[best] : x[i] < x[best]) best = i;
    }
    return td::index_t(best);
  };
  const auto pick = testing::random_values<double>(70001, 0, 6, 5);
  const float palette[6] = {-2.f, -1.f, -0.f, 0.f, 1.f, 2.f};
  std::vector<float> base(pick.size());
  for (std::size_t i = 0; i < pick.size(); ++i) base[i] = palette[std::size_t(pick[i]) % 6];
  struct shape_case {
    td::index_t rows, cols;
  };
  for (const shape_case sc : {shape_case{1, 1}, shape_case{3, 31}, shape_case{5, 32}, shape_case{4, 256},
                              shape_case{3, 257}, shape_case{2, 1000}, shape_case{1, 70001}}) {
    for (int variant = 0; variant < 5; ++variant) {
      const td::index_t n = sc.rows * sc.cols;
      std::vector<float> h(base.begin(), base.begin() + n);
      if (variant == 1) {  // only zeros of both signs: the first element wins either way
        for (td::index_t i = 0; i < n; ++i) h[std::size_t(i)] = (i * 7) % 3 == 0 ? -0.f : 0.f;
      } else if (variant == 2) {  // a NaN late in each row, another after it
        for (td::index_t r = 0; r < sc.rows; ++r) {
          h[std::size_t(r * sc.cols + sc.cols * 3 / 4)] = nan;
          h[std::size_t(r * sc.cols + sc.cols - 1)] = nan;
        }
      } else if (variant == 3) {  // the extremes only in the last block, after ties earlier
        for (td::index_t i = n - n / 7; i < n; i += 3) h[std::size_t(i)] = (i % 2) ? 3.f : -3.f;
      } else if (variant == 4) {  // increasing: every block beats the one before
        for (td::index_t i = 0; i < n; ++i) h[std::size_t(i)] = float(i % 2 ? i : -i);
      }
      INFO(sc.rows << " x " << sc.cols << ", variant " << variant);
      const auto a = td::from(h, {sc.rows, sc.cols}, S{});
      CHECK(td::argmax(a) == first(h, true));
      CHECK(td::argmin(a) == first(h, false));
      std::vector<td::index_t> want_max, want_min;
      for (td::index_t r = 0; r < sc.rows; ++r) {
        const std::vector<float> row(h.begin() + r * sc.cols, h.begin() + (r + 1) * sc.cols);
        want_max.push_back(first(row, true));
        want_min.push_back(first(row, false));
      }
      CHECK(td::to_vector(td::argmax(a, 1)) == want_max);
      CHECK(td::to_vector(td::argmin(a, 1)) == want_min);
      // The same lanes down a leading axis (dense columns, then a strided view of them).
      const auto at = td::eval(td::transpose(a));
      CHECK(td::to_vector(td::argmax(at, 0)) == want_max);
      CHECK(td::to_vector(td::argmin(at, 0)) == want_min);
      CHECK(td::to_vector(td::argmax(td::transpose(a), 0)) == want_max);
      if (variant != 2) {  // as integers (no NaN): positions and values of one width
        const auto ints = [&](auto zero) {
          using I = decltype(zero);
          const auto ai = td::eval(td::cast<I>(at));
          std::vector<td::index_t> imax, imin;
          for (td::index_t r = 0; r < sc.rows; ++r) {
            std::vector<float> row;
            for (td::index_t j = 0; j < sc.cols; ++j) row.push_back(float(I(h[std::size_t(r * sc.cols + j)])));
            imax.push_back(first(row, true));
            imin.push_back(first(row, false));
          }
          CHECK(td::to_vector(td::argmax(ai, 0)) == imax);
          CHECK(td::to_vector(td::argmin(ai, 0)) == imin);
        };
        ints(std::int64_t{});
        ints(std::int32_t{});
      }
      // Every other column (a gathered view), whole and along rows.
      const auto v = td::slice(a, td::all, td::range(0, sc.cols, 2));
      std::vector<float> hv;
      std::vector<td::index_t> vmax, vmin;
      for (td::index_t r = 0; r < sc.rows; ++r) {
        std::vector<float> row;
        for (td::index_t j = 0; j < sc.cols; j += 2) row.push_back(h[std::size_t(r * sc.cols + j)]);
        vmax.push_back(first(row, true));
        vmin.push_back(first(row, false));
        hv.insert(hv.end(), row.begin(), row.end());
      }
      CHECK(td::argmax(v) == first(hv, true));
      CHECK(td::argmin(v) == first(hv, false));
      CHECK(td::to_vector(td::argmax(v, 1)) == vmax);
      CHECK(td::to_vector(td::argmin(v, 1)) == vmin);
    }
  }
}

TEMPLATE_TEST_CASE("reductions along each axis", "[reduce]", TANDEM_TEST_SPACES) {
  auto c = random_cube<TestType>(5);
  const auto cv = values(c);
  const td::index_t E[3] = {4, 5, 6};
  auto at = [&](td::index_t i, td::index_t j, td::index_t k) { return cv[(i * 5 + j) * 6 + k]; };
  for (int axis = 0; axis < 3; ++axis) {
    auto s = td::sum(c, axis);
    auto m = td::mean(c, axis - 3);  // negative axes count from the end
    auto lo = td::min(c, axis);
    auto hi = td::max(c, axis);
    auto am = td::argmax(c, axis);
    auto an = td::argmin(c, axis);
    auto nr = td::norm(c, axis);
    auto pr = td::prod(c, axis);
    static_assert(std::is_same_v<decltype(s), td::tensor<double, 2, TestType>>);
    static_assert(std::is_same_v<decltype(am), td::tensor<td::index_t, 2, TestType>>);
    const auto sv = values(s), mv = values(m), lv = values(lo), hv = values(hi), amv = values(am), anv = values(an),
               nv = values(nr), pv = values(pr);
    const int a1 = axis == 0 ? 1 : 0, a2 = axis == 2 ? 1 : 2;
    td::index_t o = 0;
    for (td::index_t p = 0; p < E[a1]; ++p)
      for (td::index_t q = 0; q < E[a2]; ++q, ++o) {
        double sum = 0, sq = 0, prod = 1, mn = 1e300, mx = -1e300;
        td::index_t imn = 0, imx = 0;
        for (td::index_t k = 0; k < E[axis]; ++k) {
          td::index_t idx[3];
          idx[axis] = k;
          idx[a1] = p;
          idx[a2] = q;
          const double v = at(idx[0], idx[1], idx[2]);
          sum += v, sq += v * v, prod *= v;
          if (v < mn) mn = v, imn = k;
          if (v > mx) mx = v, imx = k;
        }
        CHECK(sv[o] == Catch::Approx(sum).margin(1e-12));
        CHECK(mv[o] == Catch::Approx(sum / static_cast<double>(E[axis])).margin(1e-12));
        CHECK(lv[o] == mn);
        CHECK(hv[o] == mx);
        CHECK(amv[o] == static_cast<double>(imx));
        CHECK(anv[o] == static_cast<double>(imn));
        CHECK(nv[o] == Catch::Approx(std::sqrt(sq)).epsilon(1e-12));
        CHECK(pv[o] == Catch::Approx(prod).epsilon(1e-12));
      }
  }
}

TEMPLATE_TEST_CASE("reductions along a leading axis, a tile of outputs at a time", "[reduce]", TANDEM_TEST_SPACES) {
  using S = TestType;
  // Narrow and odd last extents (8, 16, 17, 45) and leading extents past one pairwise
  // block (300), against double loops and, bit for bit, against the same lanes reduced
  // along the last axis of a permuted view (one lane per output).
  for (const td::index_t cols : {8, 16, 17, 45}) {
    for (const td::index_t rows : {1, 7, 300}) {
      const auto host = testing::random_values<float>(std::size_t(rows * cols), -1.0, 1.0,
                                                      static_cast<unsigned>(rows * 100 + cols));
      auto m = td::from(host, {rows, cols}, S{});
      auto s = td::sum(m, 0);
      auto lo = td::min(m, 0);
      auto hi = td::max(m, 0);
      auto am = td::argmax(m, 0);
      auto an = td::argmin(m, 0);
      auto mn = td::mean(m * 2.f + 1.f, 0);  // an expression operand
      const auto sv = td::to_vector(s), lv = td::to_vector(lo), hv = td::to_vector(hi);
      const auto amv = td::to_vector(am), anv = td::to_vector(an);
      const auto mv = td::to_vector(mn);
      for (td::index_t j = 0; j < cols; ++j) {
        double sum = 0, sum2 = 0, smallest = 1e300, largest = -1e300;
        td::index_t imin = 0, imax = 0;
        for (td::index_t i = 0; i < rows; ++i) {
          const double v = host[std::size_t(i * cols + j)];
          sum += v;
          sum2 += 2.0 * static_cast<float>(v) + 1.0;
          if (v < smallest) smallest = v, imin = i;
          if (v > largest) largest = v, imax = i;
        }
        INFO("rows " << rows << " cols " << cols << " column " << j);
        CHECK(sv[std::size_t(j)] == Catch::Approx(sum).margin(1e-5));
        CHECK(mv[std::size_t(j)] == Catch::Approx(sum2 / double(rows)).margin(1e-5));
        CHECK(lv[std::size_t(j)] == smallest);
        CHECK(hv[std::size_t(j)] == largest);
        CHECK(amv[std::size_t(j)] == imax);
        CHECK(anv[std::size_t(j)] == imin);
      }
      const auto lanes = td::to_vector(td::sum(td::transpose(m), 1));
      CHECK(lanes == sv);  // the same bits
    }
  }
  // Rank 3 along the middle axis, a strided view, NaNs and ties, bools.
  const auto host = testing::random_values<double>(3 * 50 * 20, 0.0, 1.0, 9);
  auto c = td::from(host, {3, 50, 20}, S{});
  CHECK(td::to_vector(td::sum(c, 1)) == td::to_vector(td::sum(td::permute(c, {0, 2, 1}), 2)));
  CHECK(td::to_vector(td::max(c, 0)) == td::to_vector(td::max(td::permute(c, {1, 2, 0}), 2)));
  auto every_other = td::slice(c, td::all, td::all, td::range(0, 20, 2));  // shape [3, 50, 10]
  const auto eo = td::to_vector(td::sum(every_other, 1));
  for (td::index_t a = 0; a < 3; ++a)
    for (td::index_t k = 0; k < 10; ++k) {
      double sum = 0;
      for (td::index_t b = 0; b < 50; ++b) sum += host[std::size_t((a * 50 + b) * 20 + 2 * k)];
      CHECK(eo[std::size_t(a * 10 + k)] == Catch::Approx(sum).margin(1e-12));
    }
  const float nan = std::numeric_limits<float>::quiet_NaN();
  auto t = td::from<float>({{1, 5, 2, 2, 0, 0, 0, 0, 9}, {1, nan, 3, 2, 0, 0, 0, 0, 9}, {0, 5, nan, 2, 0, 0, 0, 0, 9}}, S{});
  CHECK(td::to_vector(td::argmax(t, 0)) == std::vector<td::index_t>{0, 1, 2, 0, 0, 0, 0, 0, 0});
  CHECK(td::to_vector(td::argmin(t, 0)) == std::vector<td::index_t>{2, 1, 2, 0, 0, 0, 0, 0, 0});
  const auto tmax = td::to_vector(td::max(t, 0));
  CHECK(std::isnan(tmax[1]));
  CHECK(std::isnan(tmax[2]));
  CHECK(tmax[8] == 9.f);
  CHECK(td::to_vector(td::any(t > 4.f, 0)) == std::vector<bool>{false, true, false, false, false, false, false, false, true});
  CHECK(td::to_vector(td::all(t > 0.5f, 0)) == std::vector<bool>{false, false, false, true, false, false, false, false, true});
}

TEMPLATE_TEST_CASE("reductions along a leading axis of tall and wide operands", "[reduce][layout]",
                   TANDEM_TEST_SPACES) {
  using S = TestType;
  // Tall operands with few outputs split the axis into segments of whole pairwise
  // subtrees (a shorter last segment, or none); wide ones need several tiles of
  // outputs (4096 floats, 2048 doubles, 1024 argmax pairs). Every result must be the
  // bits of one lane per output (the last axis of the transposed operand) and match
  // double loops.
  struct case_t {
    td::index_t rows, cols;
  };
  for (const case_t c : {case_t{5000, 64}, case_t{4096, 8}, case_t{3000, 8}, case_t{4000, 12}, case_t{2049, 3}, case_t{700, 1}}) {
    INFO("shape " << c.rows << "x" << c.cols);
    const auto host = testing::random_values<float>(std::size_t(c.rows * c.cols), -1.0, 1.0,
                                                    static_cast<unsigned>(c.rows + c.cols));
    auto m = td::from(host, {c.rows, c.cols}, S{});
    const auto sv = td::to_vector(td::sum(m, 0));
    const auto ev = td::to_vector(td::sum(m * 2.f - 1.f, 0));  // through the row readers
    const auto hv = td::to_vector(td::max(m, 0));
    const auto av = td::to_vector(td::argmin(m, 0));
    CHECK(sv == td::to_vector(td::sum(td::transpose(m), 1)));
    CHECK(ev == td::to_vector(td::sum(td::transpose(m) * 2.f - 1.f, 1)));
    CHECK(hv == td::to_vector(td::max(td::transpose(m), 1)));
    CHECK(av == td::to_vector(td::argmin(td::transpose(m), 1)));
    for (td::index_t j = 0; j < c.cols; ++j) {
      double sum = 0, sum2 = 0, largest = -1e300, smallest = 1e300;
      td::index_t imin = 0;
      for (td::index_t i = 0; i < c.rows; ++i) {
        const float v = host[std::size_t(i * c.cols + j)];
        sum += v;
        sum2 += double(v * 2.f - 1.f);
        largest = std::max(largest, double(v));
        if (v < smallest) smallest = v, imin = i;
      }
      INFO("column " << j);
      CHECK(sv[std::size_t(j)] == Catch::Approx(sum).margin(1e-3));
      CHECK(ev[std::size_t(j)] == Catch::Approx(sum2).margin(1e-3));
      CHECK(hv[std::size_t(j)] == largest);
      CHECK(av[std::size_t(j)] == imin);
    }
  }
  // Several tiles: doubles 3 rows by 4100 columns, argmax pairs 40 by 2100, float sums of
  // 600 by 8200 with a NaN in the last tile, and a rank-3 operand along its middle axis.
  const auto hd = testing::random_values<double>(3 * 4100, -1.0, 1.0, 31);
  auto d = td::from(hd, {3, 4100}, S{});
  const auto dv = td::to_vector(td::mean(d, 0));
  for (td::index_t j = 0; j < 4100; ++j)
    CHECK(dv[std::size_t(j)] == Catch::Approx((hd[std::size_t(j)] + hd[std::size_t(4100 + j)] +
                                               hd[std::size_t(8200 + j)]) / 3.0).epsilon(1e-14));
  const auto ha = testing::random_values<float>(40 * 2100, 0.0, 1.0, 32);
  auto a = td::from(ha, {40, 2100}, S{});
  const auto amv = td::to_vector(td::argmax(a, 0));
  CHECK(amv == td::to_vector(td::argmax(td::transpose(a), 1)));
  for (td::index_t j = 0; j < 2100; j += 7) {
    td::index_t best = 0;
    for (td::index_t i = 1; i < 40; ++i)
      if (ha[std::size_t(i * 2100 + j)] > ha[std::size_t(best * 2100 + j)]) best = i;
    CHECK(amv[std::size_t(j)] == best);
  }
  auto hw = testing::random_values<float>(600 * 8200, -1.0, 1.0, 33);
  hw[std::size_t(123 * 8200 + 8199)] = std::numeric_limits<float>::quiet_NaN();
  auto w = td::from(hw, {600, 8200}, S{});
  const auto wv = td::to_vector(td::sum(w, 0));
  const auto wm = td::to_vector(td::max(w, 0));
  const auto wl = td::to_vector(td::sum(td::transpose(w), 1));
  CHECK(std::equal(wv.begin(), wv.end() - 1, wl.begin()));  // the last column holds the NaN
  CHECK(std::isnan(wl[8199]));
  CHECK(std::isnan(wv[8199]));
  CHECK(std::isnan(wm[8199]));
  for (td::index_t j = 0; j < 8199; j += 97) {
    double sum = 0;
    for (td::index_t i = 0; i < 600; ++i) sum += hw[std::size_t(i * 8200 + j)];
    CHECK(wv[std::size_t(j)] == Catch::Approx(sum).margin(1e-3));
  }
  const auto hc = testing::random_values<float>(2 * 3000 * 5, -1.0, 1.0, 34);
  auto cube = td::from(hc, {2, 3000, 5}, S{});
  const auto cv = td::to_vector(td::sum(cube, 1));
  CHECK(cv == td::to_vector(td::sum(td::permute(cube, {0, 2, 1}), 2)));
  for (td::index_t p = 0; p < 2; ++p)
    for (td::index_t k = 0; k < 5; ++k) {
      double sum = 0;
      for (td::index_t i = 0; i < 3000; ++i) sum += hc[std::size_t((p * 3000 + i) * 5 + k)];
      CHECK(cv[std::size_t(p * 5 + k)] == Catch::Approx(sum).margin(1e-3));
    }
}

TEMPLATE_TEST_CASE("order-free reductions along a leading axis combine rows in order", "[reduce][layout]",
                   TANDEM_TEST_SPACES) {
  using S = TestType;
  // max, argmax/argmin, any/all and integer sums combine each row straight into one
  // accumulator per output, in tiles, tall axes split into segments: ties must go to the
  // first row, integer sums must wrap as a loop's do, and a NaN must win wherever it is.
  for (const td::index_t rows : {td::index_t(7), td::index_t(3000), td::index_t(9000)}) {
    const td::index_t cols = rows == 7 ? 5000 : 6;
    INFO("shape " << rows << "x" << cols);
    std::vector<std::int32_t> hi(std::size_t(rows * cols));
    std::vector<float> hf(hi.size());
    for (std::size_t k = 0; k < hi.size(); ++k) {
      hi[k] = std::int32_t((k * 2654435761u) % 2000000011u) - 1000000000;  // sums overflow 32 bits
      hf[k] = float((k * 40503u) % 7u);                                      // many ties
    }
    const td::index_t nan_row = rows - 2, nan_col = cols - 1;
    hf[std::size_t(nan_row * cols + nan_col)] = std::numeric_limits<float>::quiet_NaN();
    const auto mi = td::from(hi, {rows, cols}, S{});
    const auto mf = td::from(hf, {rows, cols}, S{});
    const auto si = td::to_vector(td::sum(mi, 0));
    const auto amax = td::to_vector(td::argmax(mf, 0));
    const auto amin = td::to_vector(td::argmin(mf, 0));
    const auto mx = td::to_vector(td::max(mf, 0));
    const auto any6 = td::to_vector(td::any(mf > 5.5f, 0));
    const auto all1 = td::to_vector(td::all(mf > 0.5f, 0));
    for (td::index_t j = 0; j < cols; ++j) {
      std::uint32_t wrapped = 0;
      td::index_t best = 0, worst = 0;
      bool nan = false, some = false, every = true;
      for (td::index_t i = 0; i < rows; ++i) {
        const std::size_t k = std::size_t(i * cols + j);
        wrapped += std::uint32_t(hi[k]);
        const float v = hf[k];
        if (std::isnan(v)) {
          if (!nan) best = worst = i;
          nan = true;
        } else if (!nan) {
          if (v > hf[std::size_t(best * cols + j)]) best = i;
          if (v < hf[std::size_t(worst * cols + j)]) worst = i;
        }
        some = some || v > 5.5f;
        every = every && v > 0.5f;
      }
      CHECK(si[std::size_t(j)] == std::int32_t(wrapped));
      CHECK(amax[std::size_t(j)] == best);
      CHECK(amin[std::size_t(j)] == worst);
      if (nan)
        CHECK(std::isnan(mx[std::size_t(j)]));
      else
        CHECK(mx[std::size_t(j)] == hf[std::size_t(best * cols + j)]);
      CHECK(any6[std::size_t(j)] == some);
      CHECK(all1[std::size_t(j)] == every);
    }
  }
}

TEMPLATE_TEST_CASE("reductions along the last axis read strided and broadcast rows", "[reduce][layout]",
                   TANDEM_TEST_SPACES) {
  using S = TestType;
  const td::index_t rows = 5, cols = 37;
  const auto hm = testing::random_values<float>(std::size_t(rows * cols), -1.0, 1.0, 21);
  const auto hc = testing::random_values<float>(std::size_t(rows), -1.0, 1.0, 22);
  const auto hr = testing::random_values<float>(std::size_t(cols), 0.5, 2.0, 23);
  auto m = td::from(hm, {rows, cols}, S{});
  auto col = td::from(hc, {rows, 1}, S{});
  auto row = td::from(hr, {cols}, S{});
  auto at = [&](td::index_t i, td::index_t j) { return double(hm[std::size_t(i * cols + j)]); };

  const auto s = td::to_vector(td::sum(m + col, 1));              // a column broadcast: step 0
  const auto x = td::to_vector(td::max(m * row, 1));              // a row broadcast
  const auto a = td::to_vector(td::argmin(td::slice(m, td::all, td::range(1, cols, 3)), 1));  // step 3
  for (td::index_t i = 0; i < rows; ++i) {
    double sum = 0, largest = -1e300, smallest = 1e300;
    td::index_t imin = 0;
    for (td::index_t j = 0; j < cols; ++j) {
      sum += double(static_cast<float>(at(i, j) + double(hc[std::size_t(i)])));
      largest = std::max(largest, double(static_cast<float>(at(i, j) * double(hr[std::size_t(j)]))));
    }
    for (td::index_t k = 0, j = 1; j < cols; ++k, j += 3)
      if (at(i, j) < smallest) smallest = at(i, j), imin = k;
    INFO("row " << i);
    CHECK(s[std::size_t(i)] == Catch::Approx(sum).margin(1e-5));
    CHECK(x[std::size_t(i)] == Catch::Approx(largest).margin(1e-6));
    CHECK(a[std::size_t(i)] == imin);
  }
  // Along the last axis of a transposed view (the rows of the source's columns).
  const auto mt = td::to_vector(td::mean(td::transpose(m) - 1.f, 1));
  REQUIRE(mt.size() == std::size_t(cols));
  for (td::index_t j = 0; j < cols; ++j) {
    double sum = 0;
    for (td::index_t i = 0; i < rows; ++i) sum += double(static_cast<float>(at(i, j) - 1.0));
    CHECK(mt[std::size_t(j)] == Catch::Approx(sum / double(rows)).margin(1e-6));
  }
}

TEMPLATE_TEST_CASE("reductions along the last axis of dense rows, evenly spaced or not", "[reduce][layout]",
                   TANDEM_TEST_SPACES) {
  using S = TestType;
  // A cube of (4, 6, 300) floats: rows long enough for pairwise blocks and accumulators.
  const td::index_t d0 = 4, d1 = 6, d2 = 300;
  const auto h = testing::random_values<float>(std::size_t(d0 * d1 * d2), -1.0, 1.0, 41);
  const auto c = td::from(h, {d0, d1, d2}, S{});
  const auto at = [&](td::index_t i, td::index_t j, td::index_t k) { return h[std::size_t((i * d1 + j) * d2 + k)]; };
  // Checks sum, argmax and max along the last axis of v, whose (i, j, k) is the cube's
  // (i0 + i * si, j0 + j * sj, k0 + k), against loops (sum in double), and the sum's bits
  // against the dense copy's.
  const auto check = [&](const auto& v, td::index_t i0, td::index_t si, td::index_t j0, td::index_t sj,
                         td::index_t k0) {
    const auto sums = td::to_vector(td::sum(v, 2));
    const auto args = td::to_vector(td::argmax(v, -1));
    const auto tops = td::to_vector(td::max(v, 2, td::keepdims));
    const td::index_t n0 = v.extent(0), n1 = v.extent(1), len = v.extent(2);
    REQUIRE(sums.size() == std::size_t(n0 * n1));
    REQUIRE(tops.size() == sums.size());
    std::size_t wrong = 0;
    for (td::index_t i = 0; i < n0; ++i)
      for (td::index_t j = 0; j < n1; ++j) {
        double sum = 0;
        float top = -2;
        td::index_t arg = 0;
        for (td::index_t k = 0; k < len; ++k) {
          const float x = at(i0 + i * si, j0 + j * sj, k0 + k);
          sum += x;
          if (x > top) top = x, arg = k;
        }
        const std::size_t o = std::size_t(i * n1 + j);
        wrong += std::abs(sums[o] - sum) > 1e-4 || args[o] != arg || tops[o] != top;
      }
    CHECK(wrong == 0);
    const td::tensor<float, 3, S> dense = v;
    CHECK(td::to_vector(td::sum(v, 2)) == td::to_vector(td::sum(dense, 2)));
  };
  check(c, 0, 1, 0, 1, 0);                                                                   // the whole cube
  check(td::slice(c, td::all, td::all, td::range(5, 290)), 0, 1, 0, 1, 5);                   // rows cut short
  check(td::slice(c, td::range(1, 4, 2), td::all, td::all), 1, 2, 0, 1, 0);                 // every other plane
  check(td::slice(c, td::all, td::range(0, 6, 2), td::all), 0, 1, 0, 2, 0);                 // every other row
  check(td::slice(c, td::range(0, 3), td::range(1, 4), td::range(0, 7)), 0, 1, 1, 1, 0);     // rows not evenly spaced
  check(td::flip(c, 1), 0, 1, 5, -1, 0);                                                     // rows in reverse
  // Rows of 16 and of 1, many of them.
  const auto many = td::reshape(td::arange<double>(16 * 5000, S{}), {5000, 16});
  const auto rs = td::to_vector(td::sum(many, 1));
  std::size_t wrong = 0;
  for (td::index_t r = 0; r < 5000; ++r) wrong += rs[std::size_t(r)] != double(16 * 16 * r + 120);
  CHECK(wrong == 0);
  CHECK(td::to_vector(td::sum(td::reshape(many, {80000, 1}), 1)) == td::to_vector(td::reshape(many, {80000})));
}

TEMPLATE_TEST_CASE("whole reductions of strided views, one step apart or not", "[reduce][layout]",
                   TANDEM_TEST_SPACES) {
  using S = TestType;
  // Long enough for several parallel chunks and many pairwise blocks at every step.
  const td::index_t n = 5 * 24 * 1031;
  const auto h = testing::random_values<float>(std::size_t(n), -1.0, 2.0, 31);
  const auto a = td::from(h, {n}, S{});
  const auto check = [&](const auto& v, const std::vector<td::index_t>& offsets) {
    double sum = 0, sq = 0, mn = 1e300, mx = -1e300;
    td::index_t imin = 0, imax = 0;
    for (std::size_t i = 0; i < offsets.size(); ++i) {
      const double x = h[std::size_t(offsets[i])];
      sum += x;
      sq += x * x;
      if (x < mn) mn = x, imin = td::index_t(i);
      if (x > mx) mx = x, imax = td::index_t(i);
    }
    REQUIRE(v.size() == td::index_t(offsets.size()));
    CHECK(td::sum(v) == Catch::Approx(sum).epsilon(1e-6));
    CHECK(td::norm(v) == Catch::Approx(std::sqrt(sq)).epsilon(1e-6));
    CHECK(td::min(v) == static_cast<float>(mn));
    CHECK(td::max(v) == static_cast<float>(mx));
    CHECK(td::argmin(v) == imin);
    CHECK(td::argmax(v) == imax);
    // The same pairwise tree as the values copied densely: the same bits.
    const td::tensor<float, std::remove_cvref_t<decltype(v)>::rank, S> dense = v;
    CHECK(td::sum(v) == td::sum(dense));
    CHECK(td::mean(v) == td::mean(dense));
  };
  for (td::index_t step : {2, 3, 4, 5, 17}) {
    INFO("step " << step);
    std::vector<td::index_t> offsets;
    for (td::index_t i = 1; i < n; i += step) offsets.push_back(i);
    check(td::slice(a, td::range(1, n, step)), offsets);
  }
  const td::index_t rows = 5 * 24, cols = 1031;
  const auto m = td::reshape(a, {rows, cols});
  {
    INFO("every other row, whole: not one step");
    std::vector<td::index_t> offsets;
    for (td::index_t i = 0; i < rows; i += 2)
      for (td::index_t j = 0; j < cols; ++j) offsets.push_back(i * cols + j);
    check(td::slice(m, td::range(0, rows, 2), td::all), offsets);
  }
  {
    INFO("a transposed matrix: not one step");
    std::vector<td::index_t> offsets;
    for (td::index_t j = 0; j < cols; ++j)
      for (td::index_t i = 0; i < rows; ++i) offsets.push_back(i * cols + j);
    check(td::transpose(m), offsets);
  }
  {
    INFO("rows of 12 read at step 3 and 4, with a dimension of one: one step (3 and 4) over rows");
    const auto c = td::reshape(a, {n / 12, 1, 12});
    for (td::index_t step : {3, 4}) {
      std::vector<td::index_t> offsets;
      for (td::index_t i = 0; i < n; i += step) offsets.push_back(i);
      check(td::slice(c, td::all, td::all, td::range(0, 12, step)), offsets);
    }
    std::vector<td::index_t> offsets;  // step 5 over rows of 12: not one step
    for (td::index_t r = 0; r < n / 12; ++r)
      for (td::index_t j = 0; j < 12; j += 5) offsets.push_back(r * 12 + j);
    check(td::slice(c, td::all, td::all, td::range(0, 12, 5)), offsets);
  }
  {
    INFO("expressions with broadcast and transposed operands, and var, read row by row");
    const auto col = td::slice(m, td::all, td::range(0, 1));   // [rows, 1]: broadcast along rows
    const auto row = td::slice(m, 7, td::all);                // [cols]: broadcast down the columns
    const auto e = m * col - row;
    double sum = 0;
    float mn = 1e30f;
    td::index_t imin = 0;
    for (td::index_t i = 0; i < rows; ++i)
      for (td::index_t j = 0; j < cols; ++j) {
        const float x = h[std::size_t(i * cols + j)] * h[std::size_t(i * cols)] - h[std::size_t(7 * cols + j)];
        sum += x;
        if (x < mn) mn = x, imin = i * cols + j;
      }
    CHECK(td::sum(e) == Catch::Approx(sum).epsilon(1e-5));
    CHECK(td::min(e) == mn);
    CHECK(td::argmin(e) == imin);
    const td::tensor<float, 2, S> dense = e;
    CHECK(td::sum(e) == td::sum(dense));
    const auto t = td::transpose(m);
    double mean = 0, m2 = 0;
    for (float x : h) mean += x;
    mean /= double(n);
    for (float x : h) m2 += (x - mean) * (x - mean);
    CHECK(td::var(t) == Catch::Approx(m2 / double(n)).epsilon(1e-5));
    CHECK(td::var(t) == td::var(m));  // in memory order, as numpy
    CHECK(td::sum(t) == td::sum(m));
    CHECK(td::sum(t + td::transpose(m)) == td::sum(td::tensor<float, 2, S>(t + t)));
  }
}

TEMPLATE_TEST_CASE("axis reductions of expressions, bools and edge shapes", "[reduce]", TANDEM_TEST_SPACES) {
  auto m = td::from<int>({{1, 2, 3}, {4, 5, 6}}, TestType{});
  CHECK(values(td::sum(m, 1)) == std::vector<double>{6, 15});
  CHECK(values(td::sum(m * 2, 0)) == std::vector<double>{10, 14, 18});
  CHECK(values(td::sum(td::transpose(m), 1)) == std::vector<double>{5, 7, 9});
  CHECK(td::to_vector(td::all(m > 1, 1)) == std::vector<bool>{false, true});
  CHECK(td::to_vector(td::any(m > 5, 0)) == std::vector<bool>{false, false, true});
  CHECK(values(td::sum(m > 2, 1)) == std::vector<double>{1, 3});
  CHECK(values(td::reduce(m, 0, plus_int{}, 0)) == std::vector<double>{5, 7, 9});
  auto v = td::arange<float>(4, TestType{});
  auto s0 = td::sum(v, 0);  // rank 1 → rank 0
  static_assert(decltype(s0)::rank == 0);
  CHECK(values(s0) == std::vector<double>{6});
  auto empty_axis = td::zeros<float>({3, 0}, TestType{});
  CHECK(values(td::sum(empty_axis, 1)) == std::vector<double>{0, 0, 0});
  CHECK(values(td::prod(empty_axis, 1)) == std::vector<double>{1, 1, 1});
  CHECK(td::sum(empty_axis, 0).size() == 0);
  CHECK_THROWS_AS(td::max(empty_axis, 1), td::shape_error);
  CHECK_THROWS_AS(td::sum(m, 2), td::index_error);
  CHECK_THROWS_WITH(td::sum(m, -3), testing::contains("axis -3 is out of range for a tensor of rank 2"));
  CHECK_THROWS_WITH(td::dot(v, td::ones<float>({3}, TestType{})), testing::contains("[4] and [3]"));
}

TEMPLATE_TEST_CASE("float sums are pairwise-accurate for 2^24 elements in any thread count", "[reduce][accuracy]",
                   TANDEM_TEST_SPACES) {
  const std::size_t n = std::size_t(1) << 24;
  const auto host_values = testing::random_values<float>(n, 0, 1, 2024);
  double reference = 0;
  for (float x : host_values) reference += x;
  auto a = td::from(host_values, {static_cast<td::index_t>(n)}, TestType{});
  float first = 0;
  for (int threads : {1, 2, 4}) {
    testing::threads_scope limit(threads);
    const float s = td::sum(a);
    const double rel = std::abs(s - reference) / reference;
    INFO("threads " << threads << " sum " << s << " reference " << reference << " relative error " << rel);
    CHECK(rel < 1e-6);
    if (threads == 1) first = s;
    CHECK(s == first);  // the chunking does not depend on the thread count
  }
  // A strided (non-contiguous) read of the same data is as accurate.
  auto strided = td::slice(td::reshape(a, {-1, 2}), td::all, 0);
  double ref_even = 0;
  for (std::size_t i = 0; i < n; i += 2) ref_even += host_values[i];
  CHECK(std::abs(td::sum(strided) - ref_even) / ref_even < 1e-6);
}

TEMPLATE_TEST_CASE("reductions of permuted and reversed views", "[reduce]", TANDEM_TEST_SPACES) {
  // A view whose closest axis is not its last is reduced in its memory's order. Along an
  // axis every lane keeps its own arithmetic: the bits of the same reduction of the
  // view's dense copy, whose values a double loop checks. A whole sum is that of the
  // memory as laid out (numpy's order); argmax still counts positions row-major.
  using S = TestType;
  // Every element the same (NaN where both are), and the same number of them.
  const auto same = [](const auto& a, const auto& b) {
    const auto x = td::to_vector(a), y = td::to_vector(b);
    std::size_t wrong = x.size() != y.size();
    for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) wrong += !(x[i] == y[i] || (x[i] != x[i] && y[i] != y[i]));
    return wrong;
  };
  const td::shape<3> cs{3, 45, 150};
  auto hv = testing::random_values<float>(std::size_t(cs.size()), -1.0, 1.0, 93);
  hv[std::size_t((1 * 45 + 20) * 150 + 7)] = 2.f;  // ties for the largest, to check which comes first
  hv[std::size_t((2 * 45 + 3) * 150 + 140)] = 2.f;
  hv[std::size_t((0 * 45 + 44) * 150 + 7)] = 2.f;
  const auto cube = td::from(hv, {cs[0], cs[1], cs[2]}, S{});
  const td::index_t perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (const auto& p : perms)
    for (const bool flipped : {false, true}) {
      const auto v = td::permute(cube, p);
      const auto w = flipped ? td::flip(v, 1) : v;
      const td::tensor<float, 3, S> dense = w;
      const auto dv = td::to_vector(dense);
      const auto ext = w.shape();
      INFO("axes " << p[0] << p[1] << p[2] << (flipped ? " reversed along 1" : ""));
      for (int axis = 0; axis < 3; ++axis) {
        INFO("along " << axis);
        CHECK(same(td::sum(w, axis), td::sum(dense, axis)) == 0);
        CHECK(same(td::max(w, axis), td::max(dense, axis)) == 0);
        CHECK(same(td::argmax(w, axis), td::argmax(dense, axis)) == 0);
        CHECK(same(td::argmin(w, axis), td::argmin(dense, axis)) == 0);
        CHECK(same(td::var(w, axis), td::var(dense, axis)) == 0);
        CHECK(same(td::mean(w, axis, td::keepdims), td::mean(dense, axis, td::keepdims)) == 0);
        // Expressions over the view: an operand lying close along another axis than
        // the last is moved last, each lane's arithmetic kept.
        CHECK(same(td::sum(2.f * w, axis), td::sum(2.f * dense, axis)) == 0);
        CHECK(same(td::argmin(w - 0.5f, axis), td::argmin(dense - 0.5f, axis)) == 0);
        CHECK(same(td::any(w > 0.99f, axis), td::any(dense > 0.99f, axis)) == 0);
        CHECK(same(td::mean(td::abs(w), axis), td::mean(td::abs(dense), axis)) == 0);
        // The values, from the copy's elements.
        const auto sums = td::to_vector(td::sum(w, axis));
        const auto args = td::to_vector(td::argmax(w, axis));
        std::size_t wrong = 0, o = 0;
        for (td::index_t i = 0; i < ext[0]; ++i)
          for (td::index_t j = 0; j < ext[1]; ++j)
            for (td::index_t k = 0; k < ext[2]; ++k) {
              const td::index_t at[3] = {i, j, k};
              if (at[axis] != 0) continue;
              double s = 0;
              float best = -1e30f;
              td::index_t arg = 0;
              for (td::index_t q = 0; q < ext[axis]; ++q) {
                td::index_t idx[3] = {i, j, k};
                idx[axis] = q;
                const float x = dv[std::size_t((idx[0] * ext[1] + idx[1]) * ext[2] + idx[2])];
                s += x;
                if (x > best) best = x, arg = q;
              }
              wrong += std::abs(sums[o] - s) > 1e-4 * (1 + std::abs(s));
              wrong += args[o] != arg;
              ++o;
            }
        CHECK(o == sums.size());
        CHECK(wrong == 0);
      }
      double total = 0;
      for (float x : hv) total += x;
      CHECK(td::sum(w) == td::sum(cube));  // the same memory, in its order
      CHECK(td::sum(2.f * w) == Catch::Approx(2 * total).epsilon(1e-5));
      CHECK(td::mean(w * w) == Catch::Approx(td::dot(cube, cube) / double(hv.size())).epsilon(1e-5));
      CHECK(td::sum(w) == Catch::Approx(total).epsilon(1e-5));
      CHECK(td::max(w) == 2.f);
      CHECK(td::argmax(w) == td::index_t(std::max_element(dv.begin(), dv.end()) - dv.begin()));
      CHECK(td::argmin(w) == td::index_t(std::min_element(dv.begin(), dv.end()) - dv.begin()));
    }
  // Operands of two layouts in one expression, and a broadcast one: the values, and the
  // bits of the same reduction of the expression's dense copy.
  const auto qv = testing::random_values<float>(70 * 70, -1.0, 1.0, 94);
  const auto q = td::from(qv, {70, 70}, S{});
  const auto qt = td::transpose(q);
  const auto row = td::slice(q, 3, td::all);
  for (int axis = 0; axis < 2; ++axis) {
    INFO("q + 3 q^T along " << axis);
    const td::tensor<float, 2, S> e = q + 3.f * qt;
    CHECK(same(td::sum(q + 3.f * qt, axis), td::sum(e, axis)) == 0);
    CHECK(same(td::argmax(3.f * qt + q, axis), td::argmax(e, axis)) == 0);
    CHECK(same(td::sum(qt * row, axis), td::sum(td::tensor<float, 2, S>(qt * row), axis)) == 0);
    const auto sums = td::to_vector(td::sum(q + 3.f * qt, axis));
    std::size_t wrong = 0;
    for (std::size_t o = 0; o < 70; ++o) {
      double want = 0;
      for (std::size_t k = 0; k < 70; ++k) {
        const std::size_t i = axis == 0 ? k : o, j = axis == 0 ? o : k;
        want += double(qv[i * 70 + j]) + 3.0 * double(qv[j * 70 + i]);
      }
      wrong += std::abs(sums[o] - want) > 1e-4 * (1 + std::abs(want));
    }
    CHECK(wrong == 0);
  }
  // A whole reduction of an expression over a transposed operand reads it in that
  // operand's memory order: for a matrix, the bits of the same over the matrix.
  CHECK(td::sum(2.f * qt) == td::sum(2.f * q));
  CHECK(td::dot(qt, qt) == td::dot(q, q));
  // A whole argmax with NaNs and ties across lanes of a transposed view: the first NaN
  // row-major, else the first largest.
  std::vector<float> nv(12 * 40, 0.f);
  nv[5 * 40 + 3] = 1.f;  // nt(3, 5) below
  nv[2 * 40 + 7] = 1.f;  // nt(7, 2)
  const auto nt = td::transpose(td::from(nv, {12, 40}, S{}));  // (40, 12)
  CHECK(td::argmax(nt) == 3 * 12 + 5);
  CHECK(td::argmin(nt) == 0);
  nv[9 * 40 + 30] = std::numeric_limits<float>::quiet_NaN();  // nt(30, 9)
  nv[1 * 40 + 31] = std::numeric_limits<float>::quiet_NaN();  // nt(31, 1)
  const auto nn = td::transpose(td::from(nv, {12, 40}, S{}));
  CHECK(td::argmax(nn) == 30 * 12 + 9);
  CHECK(td::argmin(nn) == 30 * 12 + 9);
  CHECK(td::argmax(2.f * nt) == 3 * 12 + 5);  // an expression over a transposed operand
  CHECK(td::argmax(nn - 1.f) == 30 * 12 + 9);
  // Ignoring NaNs: the first largest or smallest number, row-major, ties included.
  CHECK(td::nanargmax(nn) == 3 * 12 + 5);
  CHECK(td::nanargmin(nn) == 0);
  CHECK(td::nanargmax(nn * -1.f) == 0);
  CHECK(td::nanargmin(nn * -1.f) == 3 * 12 + 5);
  CHECK(testing::values(td::nanargmax(nn, 0)) == testing::values(td::argmax(nt, 0)));
  // A broadcast view (stride 0), and its transpose: the broadcast axis stays in place.
  const auto five = td::from<float>({0.5f, -2.f, 3.f, 3.f, 1.f}, S{});
  const auto wide = td::broadcast_to(five, {4, 5});  // strides (0, 1)
  CHECK(testing::values(td::sum(wide, 0)) == std::vector<double>{2, -8, 12, 12, 4});
  CHECK(testing::values(td::sum(wide, 1)) == std::vector<double>{5.5, 5.5, 5.5, 5.5});
  CHECK(td::sum(wide) == 22.f);
  CHECK(td::argmax(wide) == 2);
  const auto tall = td::transpose(wide);  // [5, 4], strides (1, 0)
  CHECK(testing::values(td::max(tall, 1)) == std::vector<double>{0.5, -2, 3, 3, 1});
  CHECK(testing::values(td::argmax(tall, 0)) == std::vector<double>{2, 2, 2, 2});
  CHECK(td::argmax(tall) == 2 * 4);
  CHECK(testing::values(td::cumsum(tall, 1)) ==
        std::vector<double>{0.5, 1, 1.5, 2, -2, -4, -6, -8, 3, 6, 9, 12, 3, 6, 9, 12, 1, 2, 3, 4});
  // A reversed axis that is reduced keeps its order (the first of ties is the view's).
  const auto r = td::flip(cube, 2);
  const td::tensor<float, 3, S> rd = r;
  CHECK(testing::values(td::argmax(r, 2)) == testing::values(td::argmax(rd, 2)));
  CHECK(testing::values(td::sum(r, 2)) == testing::values(td::sum(rd, 2)));
}

TEMPLATE_TEST_CASE("reductions along short rows", "[reduce]", TANDEM_TEST_SPACES) {
  // Rows shorter than 32 are folded one element after the other; on CPU cores several
  // rows go together. Each row gets a plain loop's bits, whatever its neighbours.
  using S = TestType;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (const td::index_t len : {1, 2, 3, 7, 16, 31})
    for (const td::index_t rows : {1, 15, 16, 17, 100, 530}) {  // 530: var's tasks take 512
      INFO("rows of " << len << ", " << rows << " of them");
      auto hv = testing::random_values<float>(std::size_t(rows * 40), -1.0, 1.0, unsigned(len * 1000 + rows));
      if (rows > 3) hv[std::size_t(3 * 40 + len / 2)] = nan;
      std::vector<std::int32_t> iv(hv.size());
      for (std::size_t i = 0; i < hv.size(); ++i) iv[i] = std::int32_t(hv[i] == hv[i] ? hv[i] * 1e9f : 7.f);
      const auto m = td::from(hv, {rows, 40}, S{});
      const auto mi = td::from(iv, {rows, 40}, S{});
      const auto v = td::slice(m, td::all, td::range(0, len));  // rows of len, 40 apart
      const auto vi = td::slice(mi, td::all, td::range(0, len));
      const auto sums = td::to_vector(td::sum(v, 1)), maxs = td::to_vector(td::max(v, 1)),
                 means = td::to_vector(td::mean(v, 1));
      const auto isums = td::to_vector(td::sum(vi, 1));
      const auto dense_mins = td::to_vector(td::min(td::tensor<float, 2, S>(v), -1));
      const auto args = td::to_vector(td::argmax(v, 1)), iargs = td::to_vector(td::argmin(vi, 1));
      const auto vars = td::to_vector(td::var(v, 1));
      std::size_t wrong = 0;
      for (td::index_t r = 0; r < rows; ++r) {  // each row's var as the whole var of that row
        const float want = td::var(td::slice(v, r, td::all));
        wrong += !(vars[std::size_t(r)] == want || (want != want && vars[std::size_t(r)] != vars[std::size_t(r)]));
        td::index_t best = 0, ibest = 0;
        for (td::index_t i = 1; i < len; ++i) {
          const float x = hv[std::size_t(r * 40 + i)], b = hv[std::size_t(r * 40 + best)];
          if (b == b && (x != x || x > b)) best = i;
          if (iv[std::size_t(r * 40 + i)] < iv[std::size_t(r * 40 + ibest)]) ibest = i;
        }
        wrong += args[std::size_t(r)] != best;
        wrong += iargs[std::size_t(r)] != ibest;
      }
      for (td::index_t r = 0; r < rows; ++r) {
        const float* row = hv.data() + r * 40;
        float s = row[0], mx = row[0], mn = row[0];
        std::int32_t is = iv[std::size_t(r * 40)];
        for (td::index_t i = 1; i < len; ++i) {
          s += row[i];
          mx = mx != mx || row[i] != row[i] ? nan : std::max(mx, row[i]);
          mn = mn != mn || row[i] != row[i] ? nan : std::min(mn, row[i]);
          is = std::int32_t(std::uint32_t(is) + std::uint32_t(iv[std::size_t(r * 40 + i)]));  // wraps as td::sum does
        }
        const auto same = [](float a, float b) { return a == b || (a != a && b != b); };
        wrong += !same(sums[std::size_t(r)], s);
        wrong += !same(maxs[std::size_t(r)], mx);
        wrong += !same(dense_mins[std::size_t(r)], mn);
        wrong += !same(means[std::size_t(r)], s / float(len));
        wrong += isums[std::size_t(r)] != is;
      }
      CHECK(wrong == 0);
    }
}
