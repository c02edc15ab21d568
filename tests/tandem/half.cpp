// td::half and td::bfloat16: conversions against a nearest-value search over every
// value of the format, arithmetic against double results rounded once, reductions
// (accumulating in float) and matmul against double loops, in every space.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <vector>

#include "support/test_support.hpp"

namespace {

template <class T>
std::uint16_t bits_of(T x) {
  return std::bit_cast<std::uint16_t>(x);
}
template <class T>
T from_bits(std::uint16_t u) {
  return std::bit_cast<T>(u);
}
template <class T>
double to_double(T x) {
  return static_cast<double>(static_cast<float>(x));
}

/// A 16-bit format described by its exponent and fraction widths, with every finite
/// non-negative value in a table ordered by value (which is the order of the bits).
struct format_model {
  int exp_bits, frac_bits;
  std::vector<double> table;

  format_model(int e, int f) : exp_bits(e), frac_bits(f) {
    for (unsigned b = 0; b < exp_max() << frac_bits; ++b) table.push_back(value(static_cast<std::uint16_t>(b)));
  }
  unsigned exp_max() const { return (1u << exp_bits) - 1; }
  int bias() const { return (1 << (exp_bits - 1)) - 1; }

  /// The value of a bit pattern, from the IEEE definition.
  double value(std::uint16_t b) const {
    const bool negative = b >> (exp_bits + frac_bits);
    const unsigned e = (b >> frac_bits) & exp_max();
    const unsigned m = b & ((1u << frac_bits) - 1);
    double v;
    if (e == exp_max())
      v = m ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    else if (e == 0)
      v = std::ldexp(double(m), 1 - bias() - frac_bits);
    else
      v = std::ldexp(double(m + (1u << frac_bits)), int(e) - bias() - frac_bits);
    return negative ? -v : v;
  }

  /// The bits of the value nearest to x, ties to the even pattern; overflow to infinity.
  std::uint16_t nearest(double x) const {
    const auto sign = static_cast<std::uint16_t>(std::signbit(x) ? 1u << (exp_bits + frac_bits) : 0u);
    const double a = std::fabs(x);
    const double top = table.back(), step = table.back() - table[table.size() - 2];
    if (a >= top + step / 2) return std::uint16_t(sign | (exp_max() << frac_bits));
    const auto hi = std::upper_bound(table.begin(), table.end(), a);
    std::size_t i = static_cast<std::size_t>(hi - table.begin()) - 1;  // table[i] <= a
    if (i + 1 < table.size()) {
      const double below = a - table[i], above = table[i + 1] - a;
      if (above < below || (above == below && (i & 1))) ++i;
    } else if (a - table[i] > step / 2 || (a - table[i] == step / 2 && (i & 1))) {
      return std::uint16_t(sign | (exp_max() << frac_bits));
    }
    return std::uint16_t(sign | i);
  }
};

const format_model& model_of_bits(int exp_bits) {
  static const format_model binary16(5, 10), bf16(8, 7);
  return exp_bits == 5 ? binary16 : bf16;
}
template <class T>
const format_model& model() {
  static_assert(std::is_same_v<T, td::half> || std::is_same_v<T, td::bfloat16> || sizeof(T) == 2);
  if constexpr (std::is_same_v<T, td::half>)
    return model_of_bits(5);
  else if constexpr (std::is_same_v<T, td::bfloat16>)
    return model_of_bits(8);
  else
    return model_of_bits(T::format::exp_bits);
}

/// The floats where rounding is hardest: every value of the format, every midpoint
/// between neighbours and the floats just either side of each midpoint, the overflow
/// threshold, and random bit patterns.
std::vector<float> hard_floats(const format_model& f) {
  std::vector<float> out;
  for (std::size_t i = 0; i < f.table.size(); ++i) {
    out.push_back(static_cast<float>(f.table[i]));
    const double next = i + 1 < f.table.size() ? f.table[i + 1] : 2 * f.table[i] - f.table[i - 1];
    const auto mid = static_cast<float>((f.table[i] + next) / 2);  // exact in float
    out.insert(out.end(), {mid, std::nextafter(mid, 0.f), std::nextafter(mid, 1e30f)});
  }
  std::mt19937 gen(5);
  for (int i = 0; i < 100000; ++i) {
    out.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(gen())));
  }
  const std::size_t n = out.size();
  for (std::size_t i = 0; i < n; ++i) out.push_back(-out[i]);
  out.insert(out.end(), {0.f, -0.f, std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                         std::numeric_limits<float>::max(), std::numeric_limits<float>::denorm_min()});
  return out;
}

/// Every pattern widens to its value, narrowing rounds to nearest even from float and
/// from double, and NaN stays NaN.
template <class T>
void check_conversions() {
  const format_model& f = model<T>();
  std::size_t bad_widen = 0, bad_float = 0, bad_double = 0;
  for (unsigned b = 0; b < 65536; ++b) {
    const double want = f.value(static_cast<std::uint16_t>(b));
    const float got = static_cast<float>(from_bits<T>(static_cast<std::uint16_t>(b)));
    if (std::isnan(want) ? !std::isnan(got) : (double(got) != want || std::signbit(got) != std::signbit(want)))
      ++bad_widen;
  }
  for (const float x : hard_floats(f)) {
    if (std::isnan(x)) continue;
    if (bits_of(T(x)) != f.nearest(x)) ++bad_float;
  }
  // Doubles just beside each midpoint, closer than float can resolve: rounding through
  // float first would land on the midpoint and round to even instead.
  for (std::size_t i = 0; i + 1 < f.table.size(); ++i) {
    const double mid = (f.table[i] + f.table[i + 1]) / 2;
    for (const double x : {mid, mid * (1 + 0x1p-40), mid * (1 - 0x1p-40), -mid * (1 + 0x1p-40)})
      if (bits_of(T(x)) != f.nearest(x)) ++bad_double;
  }
  CHECK(bad_widen == 0);
  CHECK(bad_float == 0);
  CHECK(bad_double == 0);
  const T nan = T(std::numeric_limits<float>::quiet_NaN());
  CHECK(std::isnan(static_cast<float>(nan)));
  CHECK(std::isnan(static_cast<float>(T(-std::numeric_limits<double>::quiet_NaN()))));
  CHECK(T(std::int64_t(-3)) == T(-3.f));
  CHECK(static_cast<float>(T(7)) == 7.f);
}

/// Values exactly representable in T, drawn in [lo, hi).
template <class T>
std::vector<T> random_of(std::size_t n, double lo, double hi, unsigned seed) {
  std::vector<T> out;
  for (const double v : testing::random_values<double>(n, lo, hi, seed)) out.push_back(T(v));
  return out;
}
template <class T>
std::vector<double> as_doubles(const std::vector<T>& v) {
  std::vector<double> out;
  for (const T x : v) out.push_back(to_double(x));
  return out;
}
/// One unit in the last place of T at the magnitude of x.
template <class T>
double ulp(double x) {
  const int frac = model<T>().frac_bits;
  int e = 0;
  std::frexp(x, &e);
  return std::ldexp(1.0, std::max(e - 1, 2 - model<T>().bias()) - frac);
}

/// + - * / sqrt give the correctly rounded result (the exact result rounded once), so
/// host, emulated device and GPU all agree bit for bit.
template <class T, class Space>
void check_arithmetic() {
  const std::size_t n = 1000;
  const auto xs = random_of<T>(n, -8, 8, 1), ys = random_of<T>(n, 0.25, 4, 2);
  const auto x = td::from(xs, {td::index_t(n)}, Space{}), y = td::from(ys, {td::index_t(n)}, Space{});
  td::tensor<T, 1, Space> sum = x + y, diff = x - y, product = x * y, quotient = x / y, root = td::sqrt(y),
                          neg = -x, scaled = x * 0.5;
  static_assert(std::is_same_v<td::value_of_t<decltype(x * 0.5)>, T>, "a scalar takes the tensor's type");
  static_assert(std::is_same_v<td::value_of_t<decltype(x + 1)>, T>);
  const auto s = td::to_vector(sum), d = td::to_vector(diff), p = td::to_vector(product), q = td::to_vector(quotient),
             r = td::to_vector(root), ng = td::to_vector(neg), sc = td::to_vector(scaled);
  const format_model& f = model<T>();
  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double a = to_double(xs[i]), b = to_double(ys[i]);
    bad += bits_of(s[i]) != f.nearest(a + b);
    bad += bits_of(d[i]) != f.nearest(a - b);
    bad += bits_of(p[i]) != f.nearest(a * b);
    bad += bits_of(q[i]) != f.nearest(a / b);
    bad += bits_of(r[i]) != f.nearest(std::sqrt(b));
    bad += bits_of(ng[i]) != f.nearest(-a);
    bad += bits_of(sc[i]) != f.nearest(a * 0.5);
  }
  CHECK(bad == 0);

  // Comparisons give bool; a NaN is unordered.
  const auto less = td::to_vector(td::eval(x < y));
  for (std::size_t i = 0; i < n; ++i) bad += less[i] != (to_double(xs[i]) < to_double(ys[i]));
  CHECK(bad == 0);
  const auto with_nan = td::from(std::vector<T>{T(1.f), T(std::numeric_limits<float>::quiet_NaN())}, {2}, Space{});
  CHECK(td::to_vector(td::eval(with_nan == with_nan)) == std::vector<bool>{true, false});
  CHECK(td::to_vector(td::eval(with_nan != with_nan)) == std::vector<bool>{false, true});
}

/// Mixed element types meet in the wider one; functions compute in float and round once.
template <class T, class Space>
void check_mixed_and_functions() {
  const auto xs = random_of<T>(257, 0.5, 3, 3);
  const auto ws = testing::random_values<float>(257, -1, 1, 4);
  const auto x = td::from(xs, {257}, Space{});
  const auto w = td::from(ws, {257}, Space{});
  const auto mixed = td::eval(x + w);
  static_assert(std::is_same_v<td::value_of_t<decltype(mixed)>, float>, "half with float gives float");
  static_assert(std::is_same_v<td::value_of_t<decltype(x * td::cast<double>(w))>, double>);
  static_assert(std::is_same_v<td::value_of_t<decltype(x + td::cast<int>(w))>, T>, "half with int stays half");
  const auto m = td::to_vector(mixed);
  const auto e = td::to_vector(td::eval(td::exp(x)));
  const auto mx = td::to_vector(td::eval(td::maximum(x, T(1.5f))));
  const auto cl = td::to_vector(td::eval(td::clamp(x, 1, 2)));
  const auto wh = td::to_vector(td::eval(td::where(x > T(1), x, T(0))));
  const auto ab = td::to_vector(td::eval(td::abs(-x)));
  const auto as_int = td::to_vector(td::eval(td::cast<int>(x)));
  const auto back = td::to_vector(td::eval(td::cast<T>(w)));
  const format_model& f = model<T>();
  std::size_t bad = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const double a = to_double(xs[i]);
    bad += m[i] != static_cast<float>(a) + ws[i];
    bad += std::fabs(to_double(e[i]) - std::exp(a)) > ulp<T>(std::exp(a));  // float exp, rounded once
    bad += to_double(mx[i]) != std::max(a, 1.5);
    bad += to_double(cl[i]) != std::clamp(a, 1.0, 2.0);
    bad += to_double(wh[i]) != (a > 1 ? a : 0.0);
    bad += to_double(ab[i]) != a;
    bad += as_int[i] != static_cast<int>(a);
    bad += bits_of(back[i]) != f.nearest(ws[i]);
  }
  CHECK(bad == 0);
}

/// Sums, means, norms and dot products accumulate in float; min, max, argmin and argmax
/// compare in the type itself.
template <class T, class Space>
void check_reductions() {
  const std::size_t n = 5000;
  const auto xs = random_of<T>(n, -1, 2, 7);
  const auto x = td::from(xs, {td::index_t(n)}, Space{});
  double sum = 0, sq = 0;
  for (const T v : xs) sum += to_double(v), sq += to_double(v) * to_double(v);
  static_assert(std::is_same_v<decltype(td::sum(x)), T>, "the element type is kept");
  // float accumulation of n values in [-1, 2): far below one unit of T in error, so
  // the result is the double sum rounded, or a neighbour when the sum lies near a midpoint.
  CHECK(std::fabs(to_double(td::sum(x)) - sum) <= ulp<T>(sum));
  CHECK(std::fabs(to_double(td::mean(x)) - sum / n) <= ulp<T>(sum / n));
  CHECK(std::fabs(to_double(td::norm(x)) - std::sqrt(sq)) <= ulp<T>(std::sqrt(sq)));
  CHECK(std::fabs(to_double(td::dot(x, x)) - sq) <= ulp<T>(sq));
  const auto mn = std::min_element(xs.begin(), xs.end(), [](T a, T b) { return to_double(a) < to_double(b); });
  const auto mxe = std::max_element(xs.begin(), xs.end(), [](T a, T b) { return to_double(a) < to_double(b); });
  CHECK(bits_of(td::min(x)) == bits_of(*mn));
  CHECK(bits_of(td::max(x)) == bits_of(*mxe));
  CHECK(td::argmin(x) == mn - xs.begin());
  CHECK(td::argmax(x) == mxe - xs.begin());
  CHECK(bits_of(td::sum(td::zeros<T>({0}, Space{}))) == 0);

  // Partial sums past the largest finite half (65504) stay finite in float: a sum in
  // half itself would overflow to infinity here.
  if constexpr (std::is_same_v<T, td::half>) {
    const float big = 60000.f;
    const auto v = td::from(std::vector<T>{T(big), T(big), T(-big), T(-big)}, {4}, Space{});
    CHECK(to_double(td::sum(v)) == 0.0);
    CHECK(to_double(td::mean(td::slice(v, td::range(0, 2)))) == double(big));
  }

  // Along an axis: rows of a 3 x 400 matrix.
  const auto ms = random_of<T>(3 * 400, 0, 1, 8);
  const auto mat = td::from(ms, {3, 400}, Space{});
  const auto rows = td::to_vector(td::sum(mat, 1));
  const auto means = td::to_vector(td::mean(mat, 1));
  const auto maxes = td::to_vector(td::max(mat, 1));
  for (std::size_t r = 0; r < 3; ++r) {
    double s = 0, hi = -1;
    for (std::size_t c = 0; c < 400; ++c) s += to_double(ms[r * 400 + c]), hi = std::max(hi, to_double(ms[r * 400 + c]));
    CHECK(std::fabs(to_double(rows[r]) - s) <= ulp<T>(s));
    CHECK(std::fabs(to_double(means[r]) - s / 400) <= ulp<T>(s / 400));
    CHECK(to_double(maxes[r]) == hi);
  }
  // NaN propagates through min and max, and argmax reports it.
  const auto with_nan = td::from(std::vector<T>{T(1), T(std::numeric_limits<float>::quiet_NaN()), T(3)}, {3}, Space{});
  CHECK(std::isnan(to_double(td::max(with_nan))));
  CHECK(td::argmax(with_nan) == 1);
}

/// matmul in T against a double triple loop of the same (exactly representable) inputs:
/// float accumulation, then one rounding to T.
template <class T, class Space>
void check_matmul() {
  const td::index_t m = 33, k = 70, n = 17;
  const auto as = random_of<T>(std::size_t(m * k), -1, 1, 9), bs = random_of<T>(std::size_t(k * n), -1, 1, 10);
  const auto a = td::from(as, {m, k}, Space{}), b = td::from(bs, {k, n}, Space{});
  const auto bt = td::eval(td::transpose(b));  // (n, k): its transpose is read in place
  auto check = [&](const std::vector<T>& got, const char* what) {
    INFO(what);
    REQUIRE(got.size() == std::size_t(m * n));
    std::size_t bad = 0;
    for (td::index_t i = 0; i < m; ++i)
      for (td::index_t j = 0; j < n; ++j) {
        double c = 0, bound = 0;
        for (td::index_t p = 0; p < k; ++p) {
          const double x = to_double(as[std::size_t(i * k + p)]) * to_double(bs[std::size_t(p * n + j)]);
          c += x, bound += std::fabs(x);
        }
        const double err = std::fabs(to_double(got[std::size_t(i * n + j)]) - c);
        bad += err > ulp<T>(c) + 2.0 * double(k) * 0x1p-24 * bound;
      }
    CHECK(bad == 0);
  };
  check(td::to_vector(td::matmul(a, b)), "matrix x matrix");
  check(td::to_vector(td::matmul(a, td::transpose(bt))), "matrix x transposed view");
  td::tensor<T, 2, Space> out({m, n});
  td::matmul(a, b, out);
  check(td::to_vector(out), "into out");

  // Rank 2 x rank 1, and a batch of three sharing b.
  const auto xv = td::from(std::vector<T>(bs.begin(), bs.begin() + k), {k}, Space{});
  const auto y = td::to_vector(td::matmul(a, xv));
  std::size_t bad = 0;
  for (td::index_t i = 0; i < m; ++i) {
    double c = 0, bound = 0;
    for (td::index_t p = 0; p < k; ++p) {
      const double t = to_double(as[std::size_t(i * k + p)]) * to_double(bs[std::size_t(p)]);
      c += t, bound += std::fabs(t);
    }
    bad += std::fabs(to_double(y[std::size_t(i)]) - c) > ulp<T>(c) + 2.0 * double(k) * 0x1p-24 * bound;
  }
  CHECK(bad == 0);
  const auto batch = td::from(std::vector<T>(as.begin(), as.end()), {1, m, k}, Space{});
  const auto c3 = td::matmul(batch, b);
  CHECK(c3.shape() == td::shape<3>{1, m, n});
  check(td::to_vector(c3), "batched");
  CHECK_THROWS_AS(td::matmul(a, a), td::shape_error);
}

/// Sorts, argsort, unique and row sorts of values with duplicates, both zeros,
/// infinities and NaNs, against std::stable_sort of the same values as doubles.
template <class T, class Space>
void check_sort() {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  std::vector<double> ds;
  std::mt19937 gen(12);
  for (int i = 0; i < 300; ++i) ds.push_back(0.5 * (int(gen() % 41) - 20));
  for (const double v : {nan, -0.0, 0.0, inf, -inf, nan, 0.0}) ds.insert(ds.begin() + std::ptrdiff_t(gen() % ds.size()), v);
  std::vector<T> xs;
  for (const double v : ds) xs.push_back(T(v));
  const auto n = td::index_t(xs.size());
  const auto nan_last = [](double a, double b) { return !std::isnan(a) && (std::isnan(b) || a < b); };
  auto same = [](const std::vector<T>& got, const std::vector<double>& want) {
    if (got.size() != want.size()) return false;
    for (std::size_t i = 0; i < got.size(); ++i) {
      const double g = to_double(got[i]);
      if (std::isnan(want[i]) ? !std::isnan(g) : g != want[i]) return false;
    }
    return true;
  };

  std::vector<double> up = ds;
  std::stable_sort(up.begin(), up.end(), nan_last);
  auto t = td::from(xs, {n}, Space{});
  td::sort(t);
  CHECK(same(td::to_vector(t), up));

  std::vector<double> down = ds;
  std::stable_sort(down.begin(), down.end(), [](double a, double b) { return !std::isnan(a) && (std::isnan(b) || a > b); });
  auto t2 = td::from(xs, {n}, Space{});
  td::sort(t2, td::descending);
  CHECK(same(td::to_vector(t2), down));

  std::vector<td::index_t> order(xs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = td::index_t(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](td::index_t a, td::index_t b) { return nan_last(ds[std::size_t(a)], ds[std::size_t(b)]); });
  CHECK(td::to_vector(td::argsort(td::from(xs, {n}, Space{}))) == order);
  auto keys = td::from(xs, {n}, Space{});
  auto payload = td::arange<td::index_t>(n, Space{});
  td::sort_by_key(keys, payload);
  CHECK(same(td::to_vector(keys), up));
  CHECK(td::to_vector(payload) == order);

  std::vector<double> distinct;
  for (const double v : up)
    if (distinct.empty() || !(v == distinct.back() || (std::isnan(v) && std::isnan(distinct.back()))))
      distinct.push_back(v);
  CHECK(same(td::to_vector(td::unique(td::from(xs, {n}, Space{}))), distinct));

  // Each row of a 3 x 50 block, along the last axis.
  auto rows = td::from(std::vector<T>(xs.begin(), xs.begin() + 150), {3, 50}, Space{});
  td::sort(rows, -1);
  const auto sorted_rows = td::to_vector(rows);
  for (std::size_t r = 0; r < 3; ++r) {
    std::vector<double> want(ds.begin() + std::ptrdiff_t(r * 50), ds.begin() + std::ptrdiff_t(r * 50 + 50));
    std::stable_sort(want.begin(), want.end(), nan_last);
    CHECK(same(std::vector<T>(sorted_rows.begin() + std::ptrdiff_t(r * 50), sorted_rows.begin() + std::ptrdiff_t(r * 50 + 50)),
               want));
  }
}

/// uniform and normal draws: bitwise the same in every space, in range, with the
/// expected moments.
template <class T, class Space>
void check_random() {
  const td::index_t n = 200000;
  td::random::generator on_host{5}, here{5};
  const auto hu = td::to_vector(on_host.uniform<T>({n}, td::host, T(-2), T(3)));
  const auto su = td::to_vector(here.uniform<T>({n}, Space{}, T(-2), T(3)));
  const auto hn = td::to_vector(on_host.normal<T>({n}, td::host, T(1), T(2)));
  const auto sn = td::to_vector(here.normal<T>({n}, Space{}, T(1), T(2)));
  std::size_t differ = 0, outside = 0;
  double sum = 0, sq = 0, nsum = 0, nsq = 0;
  for (std::size_t i = 0; i < hu.size(); ++i) {
    differ += bits_of(hu[i]) != bits_of(su[i]);
    differ += bits_of(hn[i]) != bits_of(sn[i]);
    const double u = to_double(su[i]), z = to_double(sn[i]);
    outside += !(u >= -2 && u < 3);
    sum += u, sq += u * u, nsum += z, nsq += z * z;
  }
  CHECK(differ == 0);
  CHECK(outside == 0);
  const double mean = sum / double(n), var = sq / double(n) - mean * mean;
  CHECK(mean == Catch::Approx(0.5).margin(0.02));         // (lo + hi) / 2; sd of the mean 0.003
  CHECK(var == Catch::Approx(25.0 / 12).epsilon(0.02));  // (hi - lo)^2 / 12
  const double nmean = nsum / double(n), nvar = nsq / double(n) - nmean * nmean;
  CHECK(nmean == Catch::Approx(1.0).margin(0.02));
  CHECK(nvar == Catch::Approx(4.0).epsilon(0.02));
  // Every value of [0, 1) that rounding of a 24-bit uniform float can produce; none equal to 1.
  td::random::generator g{9};
  const auto unit = td::to_vector(g.uniform<T>({n}, Space{}));
  CHECK(std::all_of(unit.begin(), unit.end(), [](T x) { return to_double(x) >= 0 && to_double(x) < 1; }));
}

}  // namespace

TEST_CASE("16-bit floats convert as IEEE says (every pattern and midpoint)", "[half]") {
  check_conversions<td::half>();
  check_conversions<td::bfloat16>();
#if TANDEM_HAS_CUDA
  // tandem's own type (used without nvcc) agrees with CUDA's here, too.
  check_conversions<td::detail::narrow_float<td::detail::binary16_format>>();
  check_conversions<td::detail::narrow_float<td::detail::bfloat16_format>>();
#endif
}

TEST_CASE("16-bit floats: hand-computed patterns and limits", "[half]") {
  CHECK(bits_of(td::half(1.f)) == 0x3C00);
  CHECK(bits_of(td::half(-2.f)) == 0xC000);
  CHECK(bits_of(td::half(0.1)) == 0x2E66);
  CHECK(bits_of(td::half(65504.f)) == 0x7BFF);     // the largest finite
  CHECK(bits_of(td::half(65519.f)) == 0x7BFF);     // below the overflow midpoint
  CHECK(bits_of(td::half(65520.f)) == 0x7C00);     // the midpoint rounds to infinity
  CHECK(bits_of(td::half(0x1p-24f)) == 0x0001);    // the smallest subnormal
  CHECK(bits_of(td::half(0x1p-25f)) == 0x0000);    // half of it: a tie, to even (zero)
  CHECK(bits_of(td::half(0x3p-26f)) == 0x0001);    // three quarters: up
  CHECK(bits_of(td::half(1 + 0x1p-11f)) == 0x3C00);  // tie between 1 and 1 + 2^-10: even
  CHECK(bits_of(td::half(1 + 0x3p-11f)) == 0x3C02);  // tie: up to the even pattern
  CHECK(bits_of(td::half(-0.f)) == 0x8000);
  CHECK(bits_of(td::bfloat16(1.f)) == 0x3F80);
  CHECK(bits_of(td::bfloat16(3.140625f)) == 0x4049);
  CHECK(bits_of(td::bfloat16(1 + 0x1p-8f)) == 0x3F80);
  CHECK(bits_of(td::bfloat16(1 + 0x3p-8f)) == 0x3F82);
  CHECK(bits_of(td::bfloat16(std::numeric_limits<float>::max())) == 0x7F80);  // rounds past the largest
  CHECK(static_cast<float>(td::bfloat16(0x1p-133f)) == 0x1p-133f);            // a bfloat16 subnormal
#if !TANDEM_HAS_CUDA
  using hl = std::numeric_limits<td::half>;
  CHECK(static_cast<float>(hl::max()) == 65504.f);
  CHECK(static_cast<float>(hl::lowest()) == -65504.f);
  CHECK(static_cast<float>(hl::min()) == 0x1p-14f);
  CHECK(static_cast<float>(hl::denorm_min()) == 0x1p-24f);
  CHECK(static_cast<float>(hl::epsilon()) == 0x1p-10f);
  CHECK(std::isinf(static_cast<float>(hl::infinity())));
  CHECK(std::isnan(static_cast<float>(hl::quiet_NaN())));
  CHECK(static_cast<float>(std::numeric_limits<td::bfloat16>::epsilon()) == 0x1p-7f);
  CHECK(static_cast<float>(std::numeric_limits<td::bfloat16>::max()) == 0x1.fep127f);
#endif
}

TEMPLATE_TEST_CASE("16-bit arithmetic is correctly rounded in every space", "[half]", TANDEM_TEST_SPACES) {
  check_arithmetic<td::half, TestType>();
  check_arithmetic<td::bfloat16, TestType>();
}

TEMPLATE_TEST_CASE("16-bit floats mix with other types and go through functions", "[half]", TANDEM_TEST_SPACES) {
  check_mixed_and_functions<td::half, TestType>();
  check_mixed_and_functions<td::bfloat16, TestType>();
}

TEMPLATE_TEST_CASE("16-bit reductions accumulate in float", "[half]", TANDEM_TEST_SPACES) {
  check_reductions<td::half, TestType>();
  check_reductions<td::bfloat16, TestType>();
}

TEMPLATE_TEST_CASE("16-bit matmul accumulates in float", "[half]", TANDEM_TEST_SPACES) {
  check_matmul<td::half, TestType>();
  check_matmul<td::bfloat16, TestType>();
}

TEMPLATE_TEST_CASE("16-bit floats sort with NaNs last", "[half]", TANDEM_TEST_SPACES) {
  check_sort<td::half, TestType>();
  check_sort<td::bfloat16, TestType>();
}

TEMPLATE_TEST_CASE("16-bit random numbers agree across spaces", "[half]", TANDEM_TEST_SPACES) {
  check_random<td::half, TestType>();
  check_random<td::bfloat16, TestType>();
}

TEMPLATE_TEST_CASE("16-bit tensors are created, copied, scanned and printed", "[half]", TANDEM_TEST_SPACES) {
  const auto r = td::arange<td::half>(5, TestType{});
  CHECK(testing::values(td::cast<float>(r)) == std::vector<double>{0, 1, 2, 3, 4});
  const auto o = td::ones<td::bfloat16>({2, 2}, TestType{});
  CHECK(td::sum(o) == td::bfloat16(4));
  const auto z = td::zeros<td::half>({3}, TestType{});
  CHECK(testing::values(td::cast<double>(z)) == std::vector<double>{0, 0, 0});
  const auto l = td::from<td::half>({{0.5, 1.5}, {-2, 1024}}, TestType{});
  const auto h = td::to(td::host, l);
  CHECK(static_cast<float>(h(1, 1)) == 1024.f);
  std::ostringstream os;
  os << l;
  CHECK(os.str() == "[[0.5, 1.5],\n [-2, 1024]]");
  // Scans keep the element type and add in it; these sums are exact in half.
  const auto cs = td::cumsum(td::arange<td::half>(60, TestType{}));
  static_assert(std::is_same_v<td::value_of_t<decltype(cs)>, td::half>);
  const auto csv = testing::values(td::cast<double>(cs));
  for (std::size_t i = 0; i < 60; ++i) CHECK(csv[i] == double(i * (i + 1) / 2));
  auto f = td::full<td::half>({4}, td::half(2.5f), TestType{});
  f = f * td::half(2);
  CHECK(testing::values(td::cast<float>(f)) == std::vector<double>{5, 5, 5, 5});
}
