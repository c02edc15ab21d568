// numpy's element-wise vocabulary (expr/math.hpp, expr/operators.hpp): the float
// functions against the C library in double, the rounding, sign and classification
// functions, the divisions and the bitwise operators against hand-computed values and
// numpy's own results, closeness, and the same functions through strided views.
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>


#include "support/test_support.hpp"

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();
const double qnan = std::numeric_limits<double>::quiet_NaN();

/// Same value, NaN matching NaN, zeros matching in sign; within rel * |want| + abs.
bool near(double got, double want, double rel, double abs) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want) || want == 0) return got == want && std::signbit(got) == std::signbit(want);
  return std::fabs(got - want) <= rel * std::fabs(want) + abs;
}

template <class X>
void check_all(const std::string& what, const X& expr, const std::vector<double>& want, double rel, double abs) {
  const std::vector<double> got = testing::values(expr);
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO(what << " element " << i << ": got " << got[i] << ", want " << want[i]);
    CHECK(near(got[i], want[i], rel, abs));
  }
}

// Inputs where the function is defined (domain) plus the special values.
const std::vector<double> wide = {-3.7, -1.0, -0.25, -0.0, 0.0, 0.3, 1.0, 2.5, 10.0, inf, -inf, qnan};
const std::vector<double> unit = {-1.0, -0.9, -0.5, -0.0, 0.0, 0.1, 0.5, 0.99, 1.0, qnan};
const std::vector<double> positive = {0.0, 1e-3, 0.5, 1.0, 1.5, 2.0, 7.25, 1e6, inf, qnan};
const std::vector<double> small = {-20.0, -3.5, -1.0, -1e-6, 0.0, 1e-6, 0.7, 3.0, 20.0, inf, -inf, qnan};

}  // namespace

#define UNARY(fn, inputs)                                                                  \
  do {                                                                                     \
    std::vector<double> want_d, want_f;                                                    \
    for (double v : inputs) {                                                              \
      want_d.push_back(std::fn(v));                                                        \
      want_f.push_back(double(std::fn(float(v))));                                         \
    }                                                                                      \
    const auto xd = td::from(inputs, {td::index_t(inputs.size())}, TestType{});            \
    const auto xf = td::eval(td::cast<float>(xd));                                         \
    check_all(#fn " double", td::fn(xd), want_d, 4e-15, 1e-300);                           \
    check_all(#fn " float", td::fn(xf), want_f, 6e-7, 1e-37);                              \
    static_assert(std::is_same_v<td::value_of_t<decltype(td::fn(xf))>, float>);           \
  } while (0)

TEMPLATE_TEST_CASE("numpy's float functions agree with the C library", "[math]", TANDEM_TEST_SPACES) {
  UNARY(tan, wide);
  UNARY(asin, unit);
  UNARY(acos, unit);
  UNARY(atan, wide);
  UNARY(sinh, small);
  UNARY(cosh, small);
  UNARY(asinh, wide);
  UNARY(acosh, positive);  // below 1 they give NaN, as the C library does
  UNARY(atanh, unit);
  UNARY(exp2, small);
  UNARY(expm1, small);
  UNARY(log2, positive);
  UNARY(log10, positive);
  UNARY(log1p, wide);
  UNARY(cbrt, wide);
  UNARY(erf, small);
  UNARY(erfc, small);
  UNARY(lgamma, wide);

  // Integers compute in double, as numpy's float64.
  const auto i = td::from<int>({-8, 0, 27}, TestType{});
  static_assert(std::is_same_v<td::value_of_t<decltype(td::cbrt(i))>, double>);
  check_all("cbrt int", td::cbrt(i), {std::cbrt(-8.0), 0.0, std::cbrt(27.0)}, 4e-16, 0);
  // The 16-bit floats compute in float and round back.
  const auto h = td::from<td::half>({td::half(0.5f), td::half(2.0f)}, TestType{});
  static_assert(std::is_same_v<td::value_of_t<decltype(td::log2(h))>, td::half>);
  CHECK(testing::values(td::log2(h)) == std::vector<double>{-1.0, 1.0});
}
#undef UNARY

namespace {
/// floor, ceil, trunc and round of every value against the C library's floor, ceil,
/// trunc and nearbyint, bit for bit (so signs of zero count), in F.
template <class F, class S>
void check_rounding_bits(const std::vector<F>& in, S space) {
  const auto x = td::from(in, {td::index_t(in.size())}, space);
  const auto fl = td::to_vector(td::floor(x)), ce = td::to_vector(td::ceil(x)), tr = td::to_vector(td::trunc(x)),
             ro = td::to_vector(td::round(x));
  auto same = [](F a, F b) { return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b)); };
  int wrong = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const F v = in[i];
    if (!same(fl[i], std::floor(v)) || !same(ce[i], std::ceil(v)) || !same(tr[i], std::trunc(v)) ||
        !same(ro[i], std::nearbyint(v))) {
      if (++wrong <= 5) FAIL_CHECK("rounding of " << v << ": floor " << fl[i] << " ceil " << ce[i] << " trunc " << tr[i]
                                                  << " round " << ro[i]);
    }
  }
  CHECK(wrong == 0);
}
template <class F>
std::vector<F> rounding_cases() {
  const F big = sizeof(F) == 4 ? F(8388608.0f) : F(4503599627370496.0);  // 2^23 or 2^52: spacing 1
  std::vector<F> v = {F(0), -F(0), F(0.5), F(-0.5), F(1.5), F(-1.5), F(2.5), F(-2.5), F(0.7), F(-0.7), F(0.3), F(-0.3),
                      big, -big, big - F(0.5), -(big - F(0.5)), big + F(1), -(big + F(1)), big / 2 + F(0.5),
                      std::nextafter(F(0.5), F(0)), std::nextafter(F(-0.5), F(0)), std::nextafter(F(1), F(2)),
                      std::numeric_limits<F>::denorm_min(), -std::numeric_limits<F>::denorm_min(),
                      std::numeric_limits<F>::max(), std::numeric_limits<F>::lowest(),
                      std::numeric_limits<F>::infinity(), -std::numeric_limits<F>::infinity(),
                      std::numeric_limits<F>::quiet_NaN()};
  std::mt19937_64 gen(42);
  std::uniform_real_distribution<double> draw(-1, 1);
  for (int e = -4; e < (sizeof(F) == 4 ? 28 : 56); ++e)
    for (int k = 0; k < 40; ++k) v.push_back(F(std::ldexp(draw(gen), e)));
  for (int k = 0; k < 200; ++k) v.push_back(F(std::floor(draw(gen) * 1000) + 0.5));  // ties
  return v;
}
}  // namespace

TEMPLATE_TEST_CASE("floor, ceil, trunc and round agree with the C library bit for bit", "[math]",
                   TANDEM_TEST_SPACES) {
  check_rounding_bits(rounding_cases<float>(), TestType{});
  check_rounding_bits(rounding_cases<double>(), TestType{});
}

TEMPLATE_TEST_CASE("rounding, sign and the classifications", "[math]", TANDEM_TEST_SPACES) {
  const std::vector<double> in = {-2.5, -1.5, -0.5, -0.0, 0.5, 1.5, 2.5, 2.7, -2.7, 1e300, inf, qnan};
  const auto x = td::from(in, {td::index_t(in.size())}, TestType{});
  // round and rint: half to even, as numpy's round; -0.5 gives -0.
  const std::vector<double> even = {-2, -2, -0.0, -0.0, 0.0, 2, 2, 3, -3, 1e300, inf, qnan};
  check_all("round", td::round(x), even, 0, 0);
  check_all("rint", td::rint(x), even, 0, 0);
  check_all("round float", td::round(td::cast<float>(x)),
            {-2, -2, -0.0, -0.0, 0.0, 2, 2, 3, -3, inf, inf, qnan}, 0, 0);  // 1e300 is inf in float
  check_all("floor", td::floor(x), {-3, -2, -1, -0.0, 0.0, 1, 2, 2, -3, 1e300, inf, qnan}, 0, 0);
  check_all("ceil", td::ceil(x), {-2, -1, -0.0, -0.0, 1, 2, 3, 3, -2, 1e300, inf, qnan}, 0, 0);
  check_all("trunc", td::trunc(x), {-2, -1, -0.0, -0.0, 0.0, 1, 2, 2, -2, 1e300, inf, qnan}, 0, 0);
  check_all("sign", td::sign(x), {-1, -1, -1, 0.0, 1, 1, 1, 1, -1, 1, 1, qnan}, 0, 0);
  check_all("square", td::square(x), {6.25, 2.25, 0.25, 0.0, 0.25, 2.25, 6.25, 2.7 * 2.7, 2.7 * 2.7, inf, inf, qnan},
            1e-16, 0);
  check_all("reciprocal", td::reciprocal(x),
            {-0.4, -1 / 1.5, -2, -inf, 2, 1 / 1.5, 0.4, 1 / 2.7, -1 / 2.7, 1e-300, 0.0, qnan}, 1e-16, 0);
  CHECK(td::to_vector(td::isnan(x)) ==
        std::vector<bool>{false, false, false, false, false, false, false, false, false, false, false, true});
  CHECK(td::to_vector(td::isinf(x)) ==
        std::vector<bool>{false, false, false, false, false, false, false, false, false, false, true, false});
  CHECK(td::to_vector(td::isfinite(x)) ==
        std::vector<bool>{true, true, true, true, true, true, true, true, true, true, false, false});
  CHECK(td::to_vector(td::signbit(x)) ==
        std::vector<bool>{true, true, true, true, false, false, false, false, true, false, false, false});
  static_assert(std::is_same_v<td::value_of_t<decltype(td::isnan(x))>, bool>);

  // Integers keep their type and value through the rounding functions.
  const auto i = td::from<std::int32_t>({INT32_MIN, -3, 0, 5, INT32_MAX}, TestType{});
  static_assert(std::is_same_v<td::value_of_t<decltype(td::round(i))>, std::int32_t>);
  CHECK(testing::values(td::floor(i)) == testing::values(i));
  CHECK(testing::values(td::round(i)) == testing::values(i));
  CHECK(testing::values(td::sign(i)) == std::vector<double>{-1, -1, 0, 1, 1});
  CHECK(td::to_vector(td::isnan(i)) == std::vector<bool>(5, false));
  CHECK(td::to_vector(td::isfinite(i)) == std::vector<bool>(5, true));
  CHECK(td::to_vector(td::signbit(i)) == std::vector<bool>{true, true, false, false, false});
  // square wraps as multiplication does; reciprocal divides as `/` does (0 for 0).
  CHECK(testing::values(td::square(td::from<std::int32_t>({46341, -3}, TestType{}))) ==
        std::vector<double>{double(std::int32_t(std::uint32_t(46341) * 46341u)), 9});
  CHECK(testing::values(td::reciprocal(td::from<int>({1, -1, 2, 0}, TestType{}))) ==
        std::vector<double>{1, -1, 0, 0});
  // The 16-bit floats: half to even as well.
  const auto h = td::from<td::half>({td::half(0.5f), td::half(1.5f), td::half(-2.5f)}, TestType{});
  CHECK(testing::values(td::round(h)) == std::vector<double>{0, 2, -2});
}

TEMPLATE_TEST_CASE("round to decimals, as numpy's round(a, decimals)", "[math]", TANDEM_TEST_SPACES) {
  using S = TestType;
  // Expected values are numpy 2.4's, bit for bit: the scaling and the division happen in
  // the element type (float32 2.675f rounds to 2.68f: 267.5f after the product).
  const std::vector<double> in = {2.675, 1.005, -0.125, 0.5, 1.5, 2.5, 123.456, inf, -0.0001, 1e300, 1250, 1350};
  const auto x = td::from(in, {td::index_t(in.size())}, S{});
  check_all("round 2", td::round(x, 2), {2.68, 1.0, -0.12, 0.5, 1.5, 2.5, 123.46, inf, -0.0, 1e300, 1250, 1350}, 0, 0);
  check_all("round -2", td::round(x, -2), {0.0, 0.0, -0.0, 0.0, 0.0, 0.0, 100, inf, -0.0, 1e300, 1200, 1400}, 0, 0);
  check_all("round 0", td::round(x, 0), {3, 1, -0.0, 0.0, 2, 2, 123, inf, -0.0, 1e300, 1250, 1350}, 0, 0);
  const auto f = td::from<float>({2.675f, 1.005f, -0.125f, 123.456f, -0.0001f, 1e30f, 3e38f}, S{});
  const auto fr = td::to_vector(td::round(f, 2));
  static_assert(std::is_same_v<td::value_of_t<decltype(td::round(f, 2))>, float>);
  CHECK(fr == std::vector<float>{0x1.570a3ep+1f, 1.0f, -0x1.eb851ep-4f, 0x1.edd70ap+6f, -0.0f, 0x1.93e594p+99f, INFINITY});
  CHECK(std::signbit(fr[4]));
  // Integers: themselves for decimals >= 0; through double below, ties to even.
  const auto i = td::from<std::int32_t>({1250, 1350, -1250, -1351, INT32_MAX}, S{});
  static_assert(std::is_same_v<td::value_of_t<decltype(td::round(i, -2))>, std::int32_t>);
  CHECK(testing::values(td::round(i, -2)) == std::vector<double>{1200, 1400, -1200, -1400, 2147483600});
  CHECK(testing::values(td::round(i, 1)) == testing::values(i));
  CHECK(td::to_vector(td::round(td::from<std::int64_t>({12345678901234567LL}, S{}), -1)) ==
        std::vector<std::int64_t>{12345678901234570LL});
  // Complex numbers round each part (numpy: [1.5+2.2j, -0.1-3.8j]).
  using zd = td::complex<double>;
  const auto z = td::from(std::vector<zd>{zd(1.5, 2.25), zd(-0.125, -3.75)}, {2}, S{});
  const auto zr = td::to_vector(td::round(z, 1));
  CHECK((zr[0].real() == 1.5 && zr[0].imag() == 2.2 && zr[1].real() == -0.1 && zr[1].imag() == -3.8));
  // Past 10^308 the factor is infinite, as numpy's: NaN (numpy warns).
  check_all("round 400", td::round(td::from<double>({5.5, -5.5}, S{}), 400), {qnan, qnan}, 0, 0);
  check_all("round INT_MIN", td::round(td::from<double>({5.5, 0.0}, S{}), INT32_MIN), {qnan, qnan}, 0, 0);
  // Lazy and fused like the rest, over a strided view.
  const auto m = td::reshape(td::from(in, {td::index_t(in.size())}, S{}), {3, 4});
  CHECK(testing::values(td::eval(td::round(td::transpose(m), 1) * 10)) ==
        testing::values(td::eval(td::rint(td::transpose(m) * 10.0))));
}

TEMPLATE_TEST_CASE("nan_to_num, as numpy's", "[math]", TANDEM_TEST_SPACES) {
  using S = TestType;
  const auto x = td::from<double>({qnan, inf, -inf, 1.5, -0.0}, S{});
  const double dmax = std::numeric_limits<double>::max();
  check_all("defaults", td::nan_to_num(x), {0.0, dmax, -dmax, 1.5, -0.0}, 0, 0);
  check_all("given", td::nan_to_num(x, -1, 9, -9), {-1, 9, -9, 1.5, -0.0}, 0, 0);
  check_all("only posinf", td::nan_to_num(x, 0, 7), {0.0, 7, -dmax, 1.5, -0.0}, 0, 0);
  const double fmax = std::numeric_limits<float>::max();
  check_all("float", td::nan_to_num(td::cast<float>(x)), {0.0, fmax, -fmax, 1.5, -0.0}, 0, 0);
  check_all("half", td::nan_to_num(td::cast<td::half>(x)), {0.0, 65504, -65504, 1.5, -0.0}, 0, 0);
  const auto i = td::from<int>({INT32_MIN, 0, 7}, S{});
  CHECK(testing::values(td::nan_to_num(i, 5)) == testing::values(i));
  using zd = td::complex<double>;
  const auto z = td::to_vector(td::nan_to_num(td::from(std::vector<zd>{zd(qnan, inf), zd(2, -inf)}, {2}, S{})));
  CHECK((z[0].real() == 0 && z[0].imag() == dmax && z[1].real() == 2 && z[1].imag() == -dmax));
}

TEMPLATE_TEST_CASE("two-argument float functions", "[math]", TANDEM_TEST_SPACES) {
  const std::vector<double> a = {1.0, -1.0, -1.0, 0.0, -0.0, 3.0, inf, -2.5, qnan, 1e200};
  const std::vector<double> b = {1.0, 1.0, -1.0, -1.0, -1.0, 4.0, 2.0, inf, 1.0, 1e200};
  const auto x = td::from(a, {td::index_t(a.size())}, TestType{});
  const auto y = td::from(b, {td::index_t(b.size())}, TestType{});
  std::vector<double> w_atan2, w_hypot, w_copysign;
  for (std::size_t i = 0; i < a.size(); ++i) {
    w_atan2.push_back(std::atan2(a[i], b[i]));
    w_hypot.push_back(std::hypot(a[i], b[i]));
    w_copysign.push_back(std::copysign(a[i], b[i]));
  }
  check_all("atan2", td::atan2(x, y), w_atan2, 4e-16, 0);
  check_all("hypot", td::hypot(x, y), w_hypot, 4e-16, 0);
  check_all("copysign", td::copysign(x, y), w_copysign, 0, 0);
  check_all("copysign scalar", td::copysign(2.0, y), {2, 2, -2, -2, -2, 2, 2, 2, 2, 2}, 0, 0);

  // logaddexp: log(exp(a) + exp(b)) without overflow; equal infinities stay.
  const auto p = td::from<double>({0.0, 1000.0, -1000.0, inf, -inf, 5.0, qnan, inf}, TestType{});
  const auto q = td::from<double>({0.0, 1000.0, -1001.0, inf, -inf, -inf, 1.0, -inf}, TestType{});
  check_all("logaddexp", td::logaddexp(p, q),
            {std::log(2.0), 1000 + std::log(2.0), -1000 + std::log1p(std::exp(-1.0)), inf, -inf, 5.0, qnan, inf},
            4e-16, 0);
  check_all("logaddexp float", td::logaddexp(td::cast<float>(p), td::cast<float>(q)),
            {double(std::log(2.0f)), double(1000.0f + std::log(2.0f)),
             double(-1000.0f + std::log1p(std::exp(-1.0f))), inf, -inf, 5.0, qnan, inf},
            2e-7, 0);

  // logical_xor gives bool.
  CHECK(td::to_vector(td::logical_xor(x > 0.0, y > 0.0)) ==
        std::vector<bool>{false, true, false, false, false, false, false, true, true, false});
}

TEMPLATE_TEST_CASE("remainder, floor_divide and fmod on floats match numpy", "[math]", TANDEM_TEST_SPACES) {
  // numpy 2.4's own results for these pairs (float64, then float32).
  const std::vector<double> a = {7.5, -7.5, 7.5, -7.5, 0.0, -0.0, 3.0, -3.0, inf, 3.0, -3.0, 1e300, 5.0, -5.0, 0.0, 0.1, -1e-300};
  const std::vector<double> b = {2.0, 2.0, -2.0, -2.0, 3.0, 3.0, -0.5, inf, 3.0, inf, inf, 1e-300, 0.0, 0.0, 0.0, 0.01, 1e300};
  const auto x = td::from(a, {td::index_t(a.size())}, TestType{});
  const auto y = td::from(b, {td::index_t(b.size())}, TestType{});
  check_all("remainder", td::remainder(x, y),
            {1.5, 0.5, -0.5, -1.5, 0.0, 0.0, -0.0, inf, qnan, 3.0, inf, 4.891554850853602e-301, qnan, qnan, qnan,
             3.469446951953614e-18, 1e+300},
            0, 0);
  check_all("%", x % y,
            {1.5, 0.5, -0.5, -1.5, 0.0, 0.0, -0.0, inf, qnan, 3.0, inf, 4.891554850853602e-301, qnan, qnan, qnan,
             3.469446951953614e-18, 1e+300},
            0, 0);
  check_all("floor_divide", td::floor_divide(x, y),
            {3.0, -4.0, -4.0, 3.0, 0.0, -0.0, -6.0, -1.0, qnan, 0.0, -1.0, inf, inf, -inf, qnan, 10.0, -1.0}, 0, 0);
  check_all("fmod", td::fmod(x, y),
            {1.5, -1.5, 1.5, -1.5, 0.0, -0.0, 0.0, -3.0, qnan, 3.0, -3.0, 4.891554850853602e-301, qnan, qnan, qnan,
             3.469446951953614e-18, -1e-300},
            0, 0);
  const auto xf = td::eval(td::cast<float>(x));
  const auto yf = td::eval(td::cast<float>(y));
  check_all("remainder float", td::remainder(xf, yf),
            {1.5, 0.5, -0.5, -1.5, 0.0, 0.0, -0.0, inf, qnan, 3.0, inf, qnan, qnan, qnan, qnan, 3.725290298461914e-09, 0.0},
            0, 0);
  check_all("floor_divide float", td::floor_divide(xf, yf),
            {3.0, -4.0, -4.0, 3.0, 0.0, -0.0, -6.0, -1.0, qnan, 0.0, -1.0, inf, inf, -inf, qnan, 10.0, -0.0}, 0, 0);
  // A scalar divisor takes the tensor's type.
  static_assert(std::is_same_v<td::value_of_t<decltype(xf % 2.0)>, float>);
  check_all("% scalar", xf % 2.0, {1.5, 0.5, 1.5, 0.5, 0.0, 0.0, 1.0, 1.0, qnan, 1.0, 1.0, qnan, 1.0, 1.0, 0.0, 0.1f, 0.0},
            0, 0);
}

TEMPLATE_TEST_CASE("integer remainder, floor_divide and fmod: Python's signs, no undefined behaviour", "[math]",
                   TANDEM_TEST_SPACES) {
  std::vector<std::int32_t> a, b;
  for (std::int32_t p : {INT32_MIN, INT32_MIN + 1, -20, -7, -6, -1, 0, 1, 5, 6, 7, 20, INT32_MAX})
    for (std::int32_t q : {INT32_MIN, -7, -2, -1, 0, 1, 2, 3, 7, INT32_MAX}) {
      a.push_back(p);
      b.push_back(q);
    }
  const td::index_t n = td::index_t(a.size());
  const auto x = td::from(a, {n}, TestType{});
  const auto y = td::from(b, {n}, TestType{});
  static_assert(std::is_same_v<td::value_of_t<decltype(x % y)>, std::int32_t>);
  const auto r = td::to_vector(x % y);
  const auto q = td::to_vector(td::floor_divide(x, y));
  const auto f = td::to_vector(td::fmod(x, y));
  for (td::index_t i = 0; i < n; ++i) {
    const std::int64_t p = a[std::size_t(i)], d = b[std::size_t(i)];
    INFO(p << " and " << d);
    if (d == 0) {  // documented: a zero divisor gives 0 for all three
      CHECK(r[std::size_t(i)] == 0);
      CHECK(q[std::size_t(i)] == 0);
      CHECK(f[std::size_t(i)] == 0);
      continue;
    }
    // The floored quotient, and the remainder with the divisor's sign, in 64 bits.
    std::int64_t fq = p / d;
    if (p % d != 0 && ((p < 0) != (d < 0))) --fq;
    const std::int64_t fr = p - fq * d;
    CHECK(r[std::size_t(i)] == fr);
    CHECK(f[std::size_t(i)] == p % d);
    if (fq > INT32_MAX)  // INT32_MIN // -1: wraps to INT32_MIN, as numpy's does
      CHECK(q[std::size_t(i)] == INT32_MIN);
    else
      CHECK(q[std::size_t(i)] == fq);
  }
  // Unsigned operands: plain division.
  const auto u = td::from<std::uint32_t>({7u, 4000000000u}, TestType{});
  CHECK(testing::values(u % 3u) == std::vector<double>{1, 4000000000.0 - 3 * 1333333333.0});
  CHECK(testing::values(td::floor_divide(u, 3u)) == std::vector<double>{2, 1333333333});
}

TEMPLATE_TEST_CASE("bitwise operators and shifts", "[math]", TANDEM_TEST_SPACES) {
  const auto a = td::from<std::int32_t>({12, -1, 0, INT32_MIN, 5}, TestType{});
  const auto b = td::from<std::int32_t>({10, 7, -1, 1, 3}, TestType{});
  CHECK(testing::values(a & b) == std::vector<double>{8, 7, 0, 0, 1});
  CHECK(testing::values(a | b) == std::vector<double>{14, -1, -1, double(INT32_MIN) + 1, 7});
  CHECK(testing::values(a ^ b) == std::vector<double>{6, -8, -1, double(INT32_MIN) + 1, 6});
  CHECK(testing::values(~a) == std::vector<double>{-13, 0, -1, INT32_MAX, -6});
  CHECK(testing::values(a & 4) == std::vector<double>{4, 4, 0, 0, 4});

  // Shifts: past the width or by a negative amount give 0 (or -1 for x >> y of a
  // negative x), as numpy defines them; left shifts wrap.
  const auto x = td::from<std::int32_t>({1, 1, 1, 1, -8, -8, 8, -8, 3}, TestType{});
  const auto s = td::from<std::int32_t>({3, 31, 32, -1, 1, 40, 40, -1, 30}, TestType{});
  CHECK(testing::values(x << s) == std::vector<double>{8, INT32_MIN, 0, 0, -16, 0, 0, 0, double(INT32_MIN) + (1 << 30)});
  CHECK(testing::values(x >> s) == std::vector<double>{0, 0, 0, 0, -4, -1, 0, -1, 0});
  const auto w = td::from<std::int64_t>({1}, TestType{});
  CHECK(testing::values(w << 40) == std::vector<double>{1099511627776.0});
  CHECK(testing::values(w << 64) == std::vector<double>{0});
  const auto u = td::from<std::uint8_t>({0, 255}, TestType{});
  // Types narrower than int promote first, as C++ does (documented).
  static_assert(std::is_same_v<td::value_of_t<decltype(~u)>, int>);
  CHECK(testing::values(~u) == std::vector<double>{-1, -256});

  // bool with bool stays bool; ~ on bool is logical not, as numpy's.
  const auto p = td::from<bool>({true, true, false, false}, TestType{});
  const auto q = td::from<bool>({true, false, true, false}, TestType{});
  static_assert(std::is_same_v<td::value_of_t<decltype(p & q)>, bool>);
  CHECK(td::to_vector(p & q) == std::vector<bool>{true, false, false, false});
  CHECK(td::to_vector(p | q) == std::vector<bool>{true, true, true, false});
  CHECK(td::to_vector(p ^ q) == std::vector<bool>{false, true, true, false});
  CHECK(td::to_vector(~p) == std::vector<bool>{false, false, true, true});
}

TEMPLATE_TEST_CASE("isclose, allclose and array_equal", "[math]", TANDEM_TEST_SPACES) {
  const auto a = td::from<double>({1.0, 1.0, 0.0, 1e-9, inf, inf, qnan, 100.0}, TestType{});
  const auto b = td::from<double>({1.0 + 1e-6, 1.0 + 1e-4, 1e-9, 0.0, inf, -inf, qnan, 100.001}, TestType{});
  CHECK(td::to_vector(td::isclose(a, b)) == std::vector<bool>{true, false, true, true, true, false, false, true});
  CHECK(td::to_vector(td::isclose(a, b, 0.0, 0.0)) ==
        std::vector<bool>{false, false, false, false, true, false, false, false});
  CHECK(td::to_vector(td::isclose(a, b, 1e-3)) == std::vector<bool>{true, true, true, true, true, false, false, true});
  CHECK_FALSE(td::allclose(a, b));
  CHECK(td::allclose(td::from<float>({1.f, 2.f}, TestType{}), td::from<float>({1.f, 2.000001f}, TestType{})));
  // Broadcasting, and an operand that does not broadcast.
  const auto m = td::full<float>({2, 3}, 2.f, TestType{});
  CHECK(td::allclose(m, 2.0f));
  CHECK(td::allclose(m, td::from<float>({2.f, 2.f, 2.f}, TestType{})));
  CHECK_THROWS_AS(td::allclose(m, td::from<float>({2.f, 2.f}, TestType{})), td::shape_error);
  // array_equal: shapes and values; NaN is unequal; other shapes or ranks give false.
  const auto i = td::from<int>({{1, 2}, {3, 4}}, TestType{});
  CHECK(td::array_equal(i, td::from<int>({{1, 2}, {3, 4}}, TestType{})));
  CHECK_FALSE(td::array_equal(i, td::from<int>({{1, 2}, {3, 5}}, TestType{})));
  CHECK_FALSE(td::array_equal(i, td::from<int>({{1, 2, 3, 4}}, TestType{})));
  CHECK_FALSE(td::array_equal(i, td::from<int>({1, 2, 3, 4}, TestType{})));
  CHECK(td::array_equal(i, td::from<double>({{1, 2}, {3, 4}}, TestType{})));
  CHECK_FALSE(td::array_equal(a, a));  // a holds a NaN
  CHECK(td::array_equal(td::zeros<float>({0, 3}, TestType{}), td::zeros<float>({0, 3}, TestType{})));
}

TEMPLATE_TEST_CASE("the new functions read strided and broadcast operands", "[math]", TANDEM_TEST_SPACES) {
  const auto vals = testing::random_values<float>(6 * 5, -4, 4, 31);
  const auto m = td::from(vals, {6, 5}, TestType{});
  const auto t = td::transpose(m);                                     // 5 x 6, strided
  const auto s = td::slice(m, td::range(0, 6, 2), td::range(1, 5, 2));  // 3 x 2, stepped
  const auto dense_t = td::eval(t + 0.f);
  const auto dense_s = td::eval(s + 0.f);
  CHECK(testing::values(td::floor(t)) == testing::values(td::floor(dense_t)));
  CHECK(testing::values(td::remainder(t, 1.5f)) == testing::values(td::remainder(dense_t, 1.5f)));
  CHECK(testing::values(td::atan2(s, td::slice(m, td::range(0, 3), td::range(0, 2)))) ==
        testing::values(td::atan2(dense_s, td::eval(td::slice(m, td::range(0, 3), td::range(0, 2)) + 0.f))));
  // A row broadcast against a column.
  const auto row = td::from<int>({1, 2, 3}, TestType{});
  const auto col = td::from<int>({{1}, {2}}, TestType{});
  CHECK(testing::values(row << col) == std::vector<double>{2, 4, 6, 4, 8, 12});
  CHECK(testing::values(td::floor_divide(row, col)) == std::vector<double>{1, 2, 3, 0, 1, 1});
  // Empty operands give empty results.
  CHECK(td::eval(td::round(td::zeros<float>({0}, TestType{}))).size() == 0);
}

TEMPLATE_TEST_CASE("more of numpy's element-wise functions, against numpy's values", "[math]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // fmax and fmin ignore a NaN (NaN only when both are); equal operands give the
  // second (numpy's vector loop; its scalar loop for short arrays gives the first).
  const auto a = td::from<double>({1.0, -1.0, qnan, 0.0, -0.0, 3.0, inf, -2.5, qnan, -inf}, space);
  const auto b = td::from<double>({2.0, qnan, 1.0, -0.0, 0.0, 3.0, -inf, -2.5, qnan, 5.0}, space);
  check_all("fmax", td::fmax(a, b), {2.0, -1.0, 1.0, -0.0, 0.0, 3.0, inf, -2.5, qnan, 5.0}, 0, 0);
  check_all("fmin", td::fmin(a, b), {1.0, -1.0, 1.0, -0.0, 0.0, 3.0, -inf, -2.5, qnan, -inf}, 0, 0);
  check_all("fmax scalar", td::fmax(a, 0.5), {1.0, 0.5, 0.5, 0.5, 0.5, 3.0, inf, 0.5, 0.5, 0.5}, 0, 0);
  check_all("heaviside", td::heaviside(a, 0.5), {1.0, 0.0, qnan, 0.5, 0.5, 1.0, 1.0, 0.0, qnan, 0.0}, 0, 0);
  // logaddexp2: log2(2^x + 2^y), equal arguments x + 1.
  const auto p = td::from<double>({0.0, 1000.0, -1000.0, inf, -inf, 5.0, qnan, inf, 3.0}, space);
  const auto q = td::from<double>({0.0, 1000.0, -1001.0, inf, -inf, -inf, 1.0, -inf, 4.0}, space);
  check_all("logaddexp2", td::logaddexp2(p, q),
            {1.0, 1001.0, -999.4150374992788, inf, -inf, 5.0, qnan, inf, 4.584962500721156}, 4e-16, 0);
  check_all("logaddexp2 float", td::logaddexp2(td::cast<float>(p), td::cast<float>(q)),
            {1.0, 1001.0, -999.4150390625, inf, -inf, 5.0, qnan, inf, 4.584962368011475}, 2e-7, 0);
  // Angles and sinc: numpy's factors and formula, in double and in float.
  const auto deg = td::from<double>({0.0, 90.0, 180.0, -45.0, inf, qnan}, space);
  check_all("deg2rad", td::deg2rad(deg),
            {0.0, 1.5707963267948966, 3.141592653589793, -0.7853981633974483, inf, qnan}, 0, 0);
  check_all("radians float", td::radians(td::cast<float>(deg)),
            {0.0, 1.5707963705062866, 3.1415927410125732, -0.7853981852531433, inf, qnan}, 0, 0);
  const auto rad = td::from<double>({0.0, 3.141592653589793, -1.0, inf, qnan}, space);
  check_all("rad2deg", td::rad2deg(rad), {0.0, 180.0, -57.29577951308232, inf, qnan}, 0, 0);
  check_all("degrees float", td::degrees(td::cast<float>(rad)), {0.0, 180.0, -57.2957763671875, inf, qnan}, 0, 0);
  const auto s = td::from<double>({0.0, 0.5, 1.0, -1.5, 2.25, 1e-10, inf, qnan}, space);
  check_all("sinc", td::sinc(s),
            {1.0, 0.6366197723675814, 3.8981718325193755e-17, -0.2122065907891938, 0.10003514623967844, 1.0, qnan,
             qnan},
            4e-16, 0);
  check_all("sinc float", td::sinc(td::cast<float>(s)),
            {1.0, 0.6366197466850281, -2.7827534054836178e-08, -0.21220658719539642, 0.10003514587879181, 1.0, qnan,
             qnan},
            2e-7, 0);
  static_assert(std::is_same_v<td::value_of_t<decltype(td::sinc(td::from<int>({0}, space)))>, double>);
  check_all("sinc int", td::sinc(td::from<int>({0, 1, 2, -3}, space)),
            {1.0, 3.8981718325193755e-17, -3.8981718325193755e-17, 3.8981718325193755e-17}, 4e-16, 0);
  const auto infs = td::from<double>({inf, -inf, qnan, 1.0, 0.0}, space);
  CHECK(td::to_vector(td::isposinf(infs)) == std::vector<bool>{true, false, false, false, false});
  CHECK(td::to_vector(td::isneginf(infs)) == std::vector<bool>{false, true, false, false, false});
  CHECK(td::to_vector(td::isposinf(td::from<int>({1, -1}, space))) == std::vector<bool>{false, false});
  check_all("fix", td::fix(td::from<double>({-1.5, 2.5, -0.3, inf, qnan, -0.0}, space)),
            {-1.0, 2.0, -0.0, inf, qnan, -0.0}, 0, 0);
  // Integers: gcd and lcm non-negative (|INT_MIN| wraps, as numpy's), power by squaring
  // wrapping, a negative exponent the integer part of 1 / x^n (numpy raises instead).
  const auto i = td::from<std::int32_t>({-12, 0, 0, 7, INT32_MIN, 12, 5}, space);
  const auto j = td::from<std::int32_t>({18, 0, 5, -21, 0, -8, -3}, space);
  CHECK(testing::values(td::gcd(i, j)) == std::vector<double>{6, 0, 5, 7, INT32_MIN, 4, 1});
  CHECK(testing::values(td::lcm(i, j)) == std::vector<double>{36, 0, 0, 21, 0, 24, 15});
  CHECK(testing::values(td::gcd(i, 8)) == std::vector<double>{4, 8, 8, 1, 8, 4, 1});
  const auto base = td::from<std::int32_t>({2, 3, -2, 0, 5, 7, 2, 1, -1, -1, 0}, space);
  const auto expo = td::from<std::int32_t>({31, 40, 3, 0, 0, 2, -1, -5, -3, -2, -1}, space);
  static_assert(std::is_same_v<td::value_of_t<decltype(td::power(base, expo))>, std::int32_t>);
  CHECK(testing::values(td::power(base, expo)) ==
        std::vector<double>{INT32_MIN, 689956897, -8, 1, 1, 49, 0, 1, -1, 1, 0});
  CHECK(testing::values(td::pow(base, 2)) == std::vector<double>{4, 9, 4, 0, 25, 49, 4, 1, 1, 1, 0});
  const auto fp = td::float_power(td::from<std::int32_t>({2, 3, -8, 4}, space), td::from<double>({3, -1, 2, 0.5}, space));
  static_assert(std::is_same_v<td::value_of_t<decltype(fp)>, double>);
  check_all("float_power", fp, {8.0, 0.3333333333333333, 64.0, 2.0}, 0, 0);
  static_assert(std::is_same_v<td::value_of_t<decltype(td::float_power(td::cast<float>(a), 2))>, double>);
  // nextafter in double, float and half (one step of each type's spacing).
  const auto from_v = td::from<double>({1.0, 1.0, 0.0, 0.0, -0.0, inf, qnan, 2.0}, space);
  const auto to_v = td::from<double>({2.0, 0.0, 1.0, -1.0, 1.0, 0.0, 1.0, 2.0}, space);
  check_all("nextafter", td::nextafter(from_v, to_v),
            {1.0000000000000002, 0.9999999999999999, 5e-324, -5e-324, 5e-324, 1.7976931348623157e+308, qnan, 2.0}, 0,
            0);
  check_all("nextafter float", td::nextafter(td::cast<float>(from_v), td::cast<float>(to_v)),
            {1.0000001192092896, 0.9999999403953552, 1.401298464324817e-45, -1.401298464324817e-45,
             1.401298464324817e-45, 3.4028234663852886e+38, qnan, 2.0},
            0, 0);
  const auto hf = td::eval(td::cast<td::half>(td::from<double>({1.0, 1.0, 0.0, 0.0, -0.0, inf, qnan, 2.0, -1.0}, space)));
  const auto ht = td::eval(td::cast<td::half>(td::from<double>({2.0, 0.0, 1.0, -1.0, 1.0, 0.0, 1.0, 2.0, -2.0}, space)));
  check_all("nextafter half", td::nextafter(hf, ht),
            {1.0009765625, 0.99951171875, 5.960464477539063e-08, -5.960464477539063e-08, 5.960464477539063e-08,
             65504.0, qnan, 2.0, -1.0009765625},
            0, 0);
  const auto ld = td::ldexp(td::from<double>({1.5, -1.0, 3.0, 1.0, 0.0}, space),
                            td::from<std::int64_t>({3, -1, 1100, -1100, 5}, space));
  check_all("ldexp", ld, {12.0, -0.5, inf, 0.0, 0.0}, 0, 0);
  const auto ldf = td::ldexp(td::from<float>({1.5f, -1.0f}, space), 3);
  static_assert(std::is_same_v<td::value_of_t<decltype(ldf)>, float>);
  check_all("ldexp float", ldf, {12.0, -8.0}, 0, 0);
  const auto bc = td::bitwise_count(td::from<std::int32_t>({-7, 0, 255, INT32_MIN, INT32_MAX}, space));
  static_assert(std::is_same_v<td::value_of_t<decltype(bc)>, std::uint8_t>);
  CHECK(testing::values(bc) == std::vector<double>{3, 0, 8, 1, 31});
  // divide and true_divide are numpy's true division (double for integers), where `/`
  // divides two integers as integers.
  const auto num = td::from<std::int32_t>({7, -7, 1, 0}, space), den = td::from<std::int32_t>({2, 2, 0, 0}, space);
  check_all("divide", td::divide(num, den), {3.5, -3.5, inf, qnan}, 0, 0);
  check_all("true_divide", td::true_divide(num, 2), {3.5, -3.5, 0.5, 0.0}, 0, 0);
  CHECK(testing::values(num / den) == std::vector<double>{3, -3, 0, 0});
  // numpy's names for the operators and for clamp, max and min.
  CHECK(testing::values(td::add(num, den)) == testing::values(num + den));
  CHECK(testing::values(td::subtract(num, 1)) == testing::values(num - 1));
  CHECK(testing::values(td::multiply(2, num)) == testing::values(2 * num));
  CHECK(testing::values(td::mod(num, 3)) == std::vector<double>{1, 2, 1, 0});
  CHECK(testing::values(td::negative(num)) == std::vector<double>{-7, 7, -1, 0});
  CHECK(testing::values(td::positive(num)) == std::vector<double>{7, -7, 1, 0});
  CHECK(testing::values(td::absolute(num)) == std::vector<double>{7, 7, 1, 0});
  CHECK(td::to_vector(td::equal(num, den)) == std::vector<bool>{false, false, false, true});
  CHECK(td::to_vector(td::not_equal(num, 0)) == std::vector<bool>{true, true, true, false});
  CHECK(td::to_vector(td::less(num, den)) == std::vector<bool>{false, true, false, false});
  CHECK(td::to_vector(td::less_equal(num, den)) == std::vector<bool>{false, true, false, true});
  CHECK(td::to_vector(td::greater(num, 3000000000LL)) == std::vector<bool>{false, false, false, false});
  CHECK(td::to_vector(td::greater_equal(num, den)) == std::vector<bool>{true, false, true, true});
  CHECK(td::to_vector(td::logical_and(num, den)) == std::vector<bool>{true, true, false, false});
  CHECK(td::to_vector(td::logical_or(num, den)) == std::vector<bool>{true, true, true, false});
  CHECK(td::to_vector(td::logical_not(num)) == std::vector<bool>{false, false, false, true});
  CHECK(testing::values(td::bitwise_and(num, 6)) == testing::values(num & 6));
  CHECK(testing::values(td::bitwise_or(num, den)) == testing::values(num | den));
  CHECK(testing::values(td::bitwise_xor(num, den)) == testing::values(num ^ den));
  CHECK(testing::values(td::invert(num)) == std::vector<double>{-8, 6, -2, -1});
  CHECK(testing::values(td::bitwise_not(num)) == testing::values(~num));
  CHECK(testing::values(td::left_shift(num, 2)) == std::vector<double>{28, -28, 4, 0});
  CHECK(testing::values(td::right_shift(num, 1)) == std::vector<double>{3, -4, 0, 0});
  using Z = td::complex<double>;
  CHECK(testing::complex_values(td::conjugate(td::from<Z>({Z(1, 2)}, space))) ==
        std::vector<std::complex<double>>{{1, -2}});
  check_all("clip", td::clip(a, -1.0, 2.0), {1.0, -1.0, qnan, 0.0, -0.0, 2.0, 2.0, -1.0, qnan, -1.0}, 0, 0);
  const auto m = td::from<double>({{1, 5, 2}, {7, -1, 3}}, space);
  CHECK(td::amax(m) == 7.0);
  CHECK(td::amin(m) == -1.0);
  CHECK(testing::values(td::amax(m, 1)) == std::vector<double>{5, 7});
  CHECK(td::amin(m, 0, td::keepdims).shape() == td::shape<2>{1, 3});
}

TEMPLATE_TEST_CASE("i0, the modified Bessel function of order 0, as numpy's", "[math]", TANDEM_TEST_SPACES) {
  // numpy's values, to about its own accuracy (numpy evaluates Chebyshev series).
  const auto x = td::from<double>({0.0, 1.0, -2.5, 8.0, 10.0, 29.0, 31.0, 100.0, 700.0, 720.0, qnan}, TestType{});
  check_all("i0", td::i0(x),
            {1.0, 1.2660658777520082, 3.289839144050123, 427.56411572180474, 2815.716628466254, 292520631785.69086,
             2089962966491.9038, 1.0737517071310738e+42, 1.5295933476718735e+302, inf, qnan},
            4e-15, 0);
  static_assert(std::is_same_v<td::value_of_t<decltype(td::i0(td::from<int>({1}, TestType{})))>, double>);
}

