// Complex element types (complex.hpp): creation and copies, arithmetic with complex, real
// and scalar operands and the types they meet in, the parts and the complex functions,
// sums, products and means, conversions, strided views and printing. References are
// std::complex<double> loops and hand-computed values.
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "support/test_support.hpp"

namespace {

using cf = td::complex<float>;
using cd = td::complex<double>;
using ref = std::complex<double>;

template <class Z>
ref z_ref(const Z& z) {
  return testing::as_complex(z);
}

/// Within rel * |want| + abs of want, parts NaN where want's are.
bool z_near(const ref& got, const ref& want, double rel, double abs = 0) {
  if (std::isnan(want.real()) || std::isnan(want.imag()))
    return std::isnan(got.real()) == std::isnan(want.real()) && std::isnan(got.imag()) == std::isnan(want.imag());
  return std::abs(got - want) <= rel * std::abs(want) + abs;
}

template <class X>
std::vector<ref> z_values(const X& x) {
  return testing::complex_values(x);
}

template <class Z>
std::vector<Z> z_sample(std::size_t n, unsigned seed) {
  const auto re = testing::random_values<double>(n, -2, 2, seed);
  const auto im = testing::random_values<double>(n, -2, 2, seed + 100);
  std::vector<Z> out;
  using P = typename Z::value_type;
  for (std::size_t i = 0; i < n; ++i) out.emplace_back(static_cast<P>(re[i]), static_cast<P>(im[i]));
  return out;
}

template <class X>
std::string z_print(const X& x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

}  // namespace

TEMPLATE_TEST_CASE("complex tensors are created, copied and read back", "[complex]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto z = td::from<cf>({{cf(1, 2), cf(3, -0.5f)}, {cf(0, 0), cf(-4, 8)}}, space);
  static_assert(std::is_same_v<td::value_of_t<decltype(z)>, cf>);
  CHECK(td::to_vector(z) == std::vector<cf>{cf(1, 2), cf(3, -0.5f), cf(0, 0), cf(-4, 8)});
  CHECK(td::to_vector(td::zeros<cd>({3}, space)) == std::vector<cd>(3, cd(0, 0)));
  CHECK(td::to_vector(td::ones<cf>({2}, space)) == std::vector<cf>(2, cf(1, 0)));
  CHECK(td::to_vector(td::full<cd>({2}, cd(1, -1), space)) == std::vector<cd>(2, cd(1, -1)));
  const auto h = td::to(td::host, z);
  CHECK(td::to_vector(h) == td::to_vector(z));
  CHECK(td::to_vector(td::transpose(z)) == std::vector<cf>{cf(1, 2), cf(0, 0), cf(3, -0.5f), cf(-4, 8)});
  CHECK(td::to_vector(td::flip(z, 1)) == std::vector<cf>{cf(3, -0.5f), cf(1, 2), cf(-4, 8), cf(0, 0)});
  // The layout of two floats, real part first (what FFT libraries read).
  const auto v = td::to_vector(z);
  const float* parts = reinterpret_cast<const float*>(v.data());
  CHECK((parts[0] == 1.f && parts[1] == 2.f && parts[2] == 3.f && parts[3] == -0.5f));
}

TEMPLATE_TEST_CASE("complex arithmetic against std::complex<double>", "[complex]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const std::size_t n = 1000;
  const auto zv = z_sample<cf>(n, 1), wv = z_sample<cf>(n, 2);
  const auto xv = testing::random_values<float>(n, -3, 3, 3);
  const auto z = td::from(zv, {td::index_t(n)}, space), w = td::from(wv, {td::index_t(n)}, space);
  const auto x = td::from(xv, {td::index_t(n)}, space);
  const auto r = td::eval(z * w + z / w - 2.f * z + x * z - w / x + cf(0.5f, -1) - (-z));
  static_assert(std::is_same_v<td::value_of_t<decltype(r)>, cf>);
  const auto got = z_values(r);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const ref a = z_ref(zv[i]), b = z_ref(wv[i]), c = xv[i];
    const ref want = a * b + a / b - 2.0 * a + c * a - b / c + ref(0.5, -1) + a;
    if (!z_near(got[i], want, 1e-4, 1e-4)) ++wrong;
  }
  CHECK(wrong == 0);
  // Equality, element by element.
  CHECK(testing::values(z == z) == std::vector<double>(n, 1.0));
  CHECK(testing::values(z != w)[0] == 1.0);
  // Hand values: (1+2j)(3-j) = 5+5j, (1+2j)(1-j) = 3+j, i^2 = -1; (1+2j)/(1-j) = -0.5+1.5j.
  const auto a = td::from<cd>({cd(1, 2), cd(1, 2), cd(0, 1)}, space);
  const auto b = td::from<cd>({cd(3, -1), cd(1, -1), cd(0, 1)}, space);
  CHECK(td::to_vector(td::eval(a * b)) == std::vector<cd>{cd(5, 5), cd(3, 1), cd(-1, 0)});
  CHECK(td::to_vector(td::eval(a / b))[1] == cd(-0.5, 1.5));
}

TEMPLATE_TEST_CASE("complex types meet as numpy's do", "[complex]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto z = td::from<cf>({cf(1, 1)}, space);
  const auto zd = td::from<cd>({cd(1, 1)}, space);
  const auto f = td::from<float>({2.f}, space);
  const auto d = td::from<double>({2.0}, space);
  const auto i = td::from<int>({2}, space);
  const auto h = td::from<td::half>({td::half(2.f)}, space);
  static_assert(std::is_same_v<td::value_of_t<decltype(z * f)>, cf>);
  static_assert(std::is_same_v<td::value_of_t<decltype(z * d)>, cd>);
  static_assert(std::is_same_v<td::value_of_t<decltype(z * zd)>, cd>);
  static_assert(std::is_same_v<td::value_of_t<decltype(z * h)>, cf>);
  static_assert(std::is_same_v<td::value_of_t<decltype(z + 1.0)>, cf>);  // a scalar takes z's type
  static_assert(std::is_same_v<td::value_of_t<decltype(f * cd(0, 1))>, cf>);
  static_assert(std::is_same_v<td::value_of_t<decltype(d * cf(0, 1))>, cd>);
  static_assert(std::is_same_v<td::value_of_t<decltype(i * cf(0, 1))>, cd>);
  CHECK(td::to_vector(td::eval(z * d)) == std::vector<cd>{cd(2, 2)});
  CHECK(td::to_vector(td::eval(z * h)) == std::vector<cf>{cf(2, 2)});
  CHECK(td::to_vector(td::eval(i * cf(0, 1))) == std::vector<cd>{cd(0, 2)});
  CHECK(td::to_vector(td::eval(f * cd(0.5, 1))) == std::vector<cf>{cf(1, 2)});
  // Conversions: to a real type the real part is kept (numpy's astype); from one, the
  // imaginary part is 0.
  CHECK(td::to_vector(td::cast<float>(td::from<cf>({cf(1.5f, 9), cf(-2, -7)}, space))) == std::vector<float>{1.5f, -2});
  CHECK(td::to_vector(td::cast<int>(td::from<cd>({cd(3.7, 1)}, space))) == std::vector<int>{3});
  CHECK(td::to_vector(td::cast<cd>(td::from<float>({1.5f}, space))) == std::vector<cd>{cd(1.5, 0)});
  CHECK(td::to_vector(td::cast<cf>(td::from<int>({-3}, space))) == std::vector<cf>{cf(-3, 0)});
}

TEMPLATE_TEST_CASE("the parts of complex numbers, and of real ones", "[complex]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const double pi = 3.14159265358979323846;
  const auto z = td::from<cd>({cd(3, 4), cd(-1, 0), cd(0, -2), cd(-1, -0.0), cd(0, 0)}, space);
  CHECK(testing::values(td::real(z)) == std::vector<double>{3, -1, 0, -1, 0});
  CHECK(testing::values(td::imag(z)) == std::vector<double>{4, 0, -2, -0.0, 0});
  CHECK(td::to_vector(td::eval(td::conj(z))) == std::vector<cd>{cd(3, -4), cd(-1, -0.0), cd(0, 2), cd(-1, 0), cd(0, -0.0)});
  const auto a = td::eval(td::abs(z));
  static_assert(std::is_same_v<td::value_of_t<decltype(a)>, double>);
  CHECK(td::to_vector(a) == std::vector<double>{5, 1, 2, 1, 0});
  const auto ang = testing::values(td::angle(z));
  CHECK(ang[0] == Catch::Approx(std::atan2(4.0, 3.0)));
  CHECK(ang[1] == Catch::Approx(pi));
  CHECK(ang[2] == Catch::Approx(-pi / 2));
  CHECK(ang[3] == Catch::Approx(-pi));  // the sign of -0 picks -pi, as numpy's angle
  CHECK(ang[4] == 0);
  // A real operand: real and conj give it back, imag zeros of its type, angle 0 or pi.
  const auto x = td::from<float>({2.f, -3.f, 0.f}, space);
  static_assert(std::is_same_v<td::value_of_t<decltype(td::imag(x))>, float>);
  CHECK(testing::values(td::real(x)) == std::vector<double>{2, -3, 0});
  CHECK(testing::values(td::imag(x)) == std::vector<double>{0, 0, 0});
  CHECK(testing::values(td::conj(x)) == std::vector<double>{2, -3, 0});
  const auto xa = testing::values(td::angle(x));
  CHECK(xa[0] == 0);
  CHECK(xa[1] == Catch::Approx(pi).epsilon(1e-6));
  // polar inverts abs and angle; its scalars take the operand's type.
  const auto back = z_values(td::polar(td::abs(z), td::angle(z)));
  const auto want = z_values(z);
  for (std::size_t i = 0; i < want.size(); ++i) CHECK(z_near(back[i], want[i], 1e-12, 1e-12));
  const auto unit = td::eval(td::polar(2.f, td::from<float>({0.f, float(pi / 2)}, space)));
  static_assert(std::is_same_v<td::value_of_t<decltype(unit)>, cf>);
  const auto u = z_values(unit);
  CHECK(z_near(u[0], ref(2, 0), 1e-6, 1e-6));
  CHECK(z_near(u[1], ref(0, 2), 1e-6, 1e-6));
}

TEMPLATE_TEST_CASE("complex functions against std::complex<double>", "[complex]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const std::size_t n = 200;
  const auto zv = z_sample<cd>(n, 7);
  const auto z = td::from(zv, {td::index_t(n)}, space);
  const auto zf = td::cast<cf>(z);
  struct z_case {
    const char* what;
    std::vector<ref> got;
    ref (*want)(const ref&);
    double rel;
  };
  const std::vector<z_case> cases = {
      {"exp", z_values(td::exp(z)), [](const ref& a) { return std::exp(a); }, 1e-13},
      {"log", z_values(td::log(z)), [](const ref& a) { return std::log(a); }, 1e-13},
      {"sqrt", z_values(td::sqrt(z)), [](const ref& a) { return std::sqrt(a); }, 1e-13},
      {"sin", z_values(td::sin(z)), [](const ref& a) { return std::sin(a); }, 1e-13},
      {"cos", z_values(td::cos(z)), [](const ref& a) { return std::cos(a); }, 1e-13},
      {"tanh", z_values(td::tanh(z)), [](const ref& a) { return std::tanh(a); }, 1e-12},
      {"arcsinh", z_values(td::asinh(z)), [](const ref& a) { return std::asinh(a); }, 1e-12},
      {"log10", z_values(td::log10(z)), [](const ref& a) { return std::log10(a); }, 1e-13},
      {"log2", z_values(td::log2(z)), [](const ref& a) { return std::log(a) / std::log(2.0); }, 1e-13},
      {"exp2", z_values(td::exp2(z)), [](const ref& a) { return std::pow(ref(2), a); }, 1e-12},
      {"z^2.5", z_values(td::pow(z, 2.5)), [](const ref& a) { return std::pow(a, ref(2.5)); }, 1e-12},
      {"float exp", z_values(td::exp(zf)), [](const ref& a) { return std::exp(a); }, 1e-5},
      {"float sqrt", z_values(td::sqrt(zf)), [](const ref& a) { return std::sqrt(a); }, 1e-6},
  };
  for (const auto& c : cases) {
    std::size_t wrong = 0, first = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (!z_near(c.got[i], c.want(z_ref(zv[i])), c.rel, c.rel) && wrong++ == 0) first = i;
    INFO(c.what << ": first wrong element " << first);
    CHECK(wrong == 0);
  }
  // Hand values: sqrt(-4) = 2j, exp(i pi) = -1, log(-1) = i pi.
  const auto special = z_values(td::sqrt(td::from<cd>({cd(-4, 0)}, space)));
  CHECK(z_near(special[0], ref(0, 2), 1e-15));
  const double pi = 3.14159265358979323846;
  CHECK(z_near(z_values(td::exp(td::from<cd>({cd(0, pi)}, space)))[0], ref(-1, 0), 1e-15, 1e-15));
  CHECK(z_near(z_values(td::log(td::from<cd>({cd(-1, 0)}, space)))[0], ref(0, pi), 1e-15));
}

TEMPLATE_TEST_CASE("sums, products and means of complex tensors", "[complex]", TANDEM_TEST_SPACES) {
  const TestType space{};
  for (const std::size_t n : {std::size_t(1), std::size_t(5), std::size_t(100003)}) {
    const auto zv = z_sample<cd>(n, unsigned(n));
    const auto z = td::from(zv, {td::index_t(n)}, space);
    ref sum = 0;
    for (const auto& v : zv) sum += z_ref(v);
    const cd s = td::sum(z);
    static_assert(std::is_same_v<decltype(td::sum(z)), cd>);
    INFO("n = " << n);
    CHECK(z_near(z_ref(s), sum, 1e-12, 1e-12));
    CHECK(z_near(z_ref(td::mean(z)), sum / double(n), 1e-12, 1e-12));
    const cf sf = td::sum(td::cast<cf>(z));
    CHECK(z_near(z_ref(sf), sum, 1e-4, 1e-3));
  }
  // Products: (1+j)(1-j)(2j) = 4j.
  const auto p = td::from<cf>({cf(1, 1), cf(1, -1), cf(0, 2)}, space);
  CHECK(td::prod(p) == cf(0, 4));
  // Along an axis: [[1+j, 3-j], [2j, -2]] -> rows [4, -2+2j], means [2, -1+1j].
  const auto m = td::from<cd>({{cd(1, 1), cd(3, -1)}, {cd(0, 2), cd(-2, 0)}}, space);
  CHECK(td::to_vector(td::sum(m, 1)) == std::vector<cd>{cd(4, 0), cd(-2, 2)});
  CHECK(td::to_vector(td::mean(m, 1)) == std::vector<cd>{cd(2, 0), cd(-1, 1)});
  CHECK(td::to_vector(td::sum(m, 0)) == std::vector<cd>{cd(1, 3), cd(1, -1)});
  // Through a strided view and an expression.
  CHECK(td::sum(td::flip(td::transpose(m), 0)) == cd(2, 2));
  CHECK(td::sum(m * cd(0, 1)) == cd(-2, 2));
  // The mean of nothing is nan+nanj, as numpy's; along an axis too.
  const cd none = td::mean(td::zeros<cd>({0}, space));
  CHECK((std::isnan(none.real()) && std::isnan(none.imag())));
  const auto lanes = td::to_vector(td::mean(td::zeros<cf>({2, 0}, space), 1));
  CHECK((lanes.size() == 2 && std::isnan(lanes[1].real()) && std::isnan(lanes[1].imag())));
}

TEMPLATE_TEST_CASE("complex tensors print as numpy writes them", "[complex][print]", TANDEM_TEST_SPACES) {
  const TestType space{};
  CHECK(z_print(td::from<cf>({cf(1, 2), cf(3, -0.5f)}, space)) == "[1+2j, 3-0.5j]");
  CHECK(z_print(td::from<cd>({{cd(0, -0.0), cd(-1.5, 0)}}, space)) == "[[0-0j, -1.5+0j]]");
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(z_print(td::from<cd>({cd(inf, -inf), cd(nan, -nan)}, space)) == "[inf-infj, nan+nanj]");
}

TEMPLATE_TEST_CASE("dot, vdot and norm of complex operands", "[complex]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto a = td::from<cd>({cd(1, 2), cd(3, -1)}, space);
  const auto b = td::from<cd>({cd(0, 1), cd(2, 2)}, space);
  // dot does not conjugate: (1+2j)j + (3-j)(2+2j) = (-2+j) + (8+4j) = 6+5j.
  CHECK(td::dot(a, b) == cd(6, 5));
  // vdot conjugates its first operand: (1-2j)j + (3+j)(2+2j) = (2+j) + (4+8j) = 6+9j.
  CHECK(td::vdot(a, b) == cd(6, 9));
  CHECK(td::vdot(a, a) == cd(15, 0));  // |a|^2
  // Shapes may differ when the element counts agree (each operand is taken flat).
  const auto m = td::from<cd>({{cd(1, 2)}, {cd(3, -1)}}, space);
  CHECK(td::vdot(m, b) == cd(6, 9));
  CHECK(td::vdot(td::transpose(m), b * 1.0) == cd(6, 9));
  CHECK_THROWS_AS(td::vdot(a, td::zeros<cd>({3}, space)), td::shape_error);
  // Real operands: the plain dot product.
  CHECK(td::vdot(td::from<float>({1, 2}, space), td::from<float>({3, 4}, space)) == 11.f);
  // norm is sqrt(sum |z|^2), a real number: sqrt(5 + 10).
  const auto nrm = td::norm(a);
  static_assert(std::is_same_v<decltype(nrm), const double>);
  CHECK(nrm == Catch::Approx(std::sqrt(15.0)));
  CHECK(testing::values(td::norm(m, 0))[0] == Catch::Approx(std::sqrt(15.0)));
}

namespace {
/// numpy's order of complex numbers: none of the parts NaN, then the imaginary part
/// only, the real part only, both; within each, by real part, then imaginary part
/// (descending: larger first, the NaN classes still last).
bool z_before(const ref& a, const ref& b, bool desc) {
  const auto nan_class = [](const ref& z) { return (std::isnan(z.real()) ? 2 : 0) + (std::isnan(z.imag()) ? 1 : 0); };
  if (nan_class(a) != nan_class(b)) return nan_class(a) < nan_class(b);
  const auto part = [desc](double x, double y) {  // -1: x first, 1: y first, 0: tie (NaNs tie)
    if (std::isnan(x) || std::isnan(y) || x == y) return 0;
    return (desc ? x > y : x < y) ? -1 : 1;
  };
  const int r = part(a.real(), b.real());
  return r != 0 ? r < 0 : part(a.imag(), b.imag()) < 0;
}
bool z_same(const ref& a, const ref& b) {
  const auto same = [](double x, double y) { return (std::isnan(x) && std::isnan(y)) || x == y; };
  return same(a.real(), b.real()) && same(a.imag(), b.imag());
}
}  // namespace

TEMPLATE_TEST_CASE("complex numbers sort in numpy's order", "[complex][sort]",
                   TANDEM_TEST_SPACES) {
  const TestType space{};
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto z = td::from<cd>({cd(3, 1), cd(1, 2), cd(1, nan), cd(nan, 0), cd(1, -1), cd(nan, nan), cd(-2, 5), cd(nan, -3)},
                        space);
  const auto order = td::to_vector(td::argsort(z));
  // numpy: np.argsort([3+1j, 1+2j, 1+nanj, nan+0j, 1-1j, nan+nanj, -2+5j, nan-3j], kind='stable')
  CHECK(order == std::vector<td::index_t>{6, 4, 1, 0, 2, 7, 3, 5});
  td::sort(z);
  const std::vector<ref> want = {{-2, 5}, {1, -1}, {1, 2}, {3, 1}, {1, nan}, {nan, -3}, {nan, 0}, {nan, nan}};
  const auto got = z_values(z);
  for (std::size_t i = 0; i < want.size(); ++i) {
    INFO("element " << i);
    CHECK(z_same(got[i], want[i]));
  }
  // Random values with many ties in the real part, both directions, against a stable sort.
  for (const bool desc : {false, true}) {
    const std::size_t n = 5000;
    auto v = z_sample<cf>(n, 11);
    for (std::size_t i = 0; i < n; ++i) v[i] = cf(std::round(v[i].real()), v[i].imag());  // ties
    v[7] = cf(float(nan), 0);
    v[70] = cf(0, float(nan));
    v[700] = cf(float(nan), float(nan));
    v[701] = cf(-3, float(nan));
    v[702] = cf(float(nan), -4);
    std::vector<std::size_t> idx(n);
    for (std::size_t i = 0; i < n; ++i) idx[i] = i;
    std::stable_sort(idx.begin(), idx.end(),
                     [&](std::size_t a, std::size_t b) { return z_before(z_ref(v[a]), z_ref(v[b]), desc); });
    auto t = td::from(v, {td::index_t(n)}, space);
    const auto ord = td::to_vector(td::argsort(t, desc ? td::descending : td::ascending));
    td::sort(t, desc ? td::descending : td::ascending);
    const auto sorted = z_values(t);
    std::size_t wrong_order = 0, wrong_value = 0;
    for (std::size_t i = 0; i < n; ++i) {
      wrong_order += ord[i] != td::index_t(idx[i]);
      wrong_value += !z_same(sorted[i], z_ref(v[idx[i]]));
    }
    INFO("descending " << desc);
    CHECK(wrong_order == 0);
    CHECK(wrong_value == 0);
  }
  // Each row (the last axis), and along axis 0 through a strided lane.
  auto m = td::from<cd>({{cd(2, 0), cd(1, 5), cd(1, -5)}, {cd(0, 1), cd(0, 0), cd(-1, 9)}}, space);
  td::sort(m);
  CHECK(td::to_vector(m) == std::vector<cd>{cd(1, -5), cd(1, 5), cd(2, 0), cd(-1, 9), cd(0, 0), cd(0, 1)});
  td::sort(m, 0);
  CHECK(td::to_vector(m) == std::vector<cd>{cd(-1, 9), cd(0, 0), cd(0, 1), cd(1, -5), cd(1, 5), cd(2, 0)});
}

namespace {
/// C = A B for row-major A (m x k) and B (k x n), in std::complex<double>, batch by batch.
std::vector<ref> z_matmul_ref(const std::vector<ref>& a, const std::vector<ref>& b, std::size_t batch, std::size_t m,
                              std::size_t k, std::size_t n) {
  std::vector<ref> c(batch * m * n);
  for (std::size_t q = 0; q < batch; ++q)
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        ref s = 0;
        for (std::size_t p = 0; p < k; ++p) s += a[(q * m + i) * k + p] * b[(q * k + p) * n + j];
        c[(q * m + i) * n + j] = s;
      }
  return c;
}

template <class Z, class Got>
std::size_t z_mismatches(const Got& got, const std::vector<ref>& want, double rel) {
  const auto g = z_values(got);
  if (g.size() != want.size()) return want.size() + 1;
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < g.size(); ++i) wrong += !z_near(g[i], want[i], rel, rel);
  return wrong;
}
}  // namespace

TEMPLATE_TEST_CASE("complex matrix products against a double loop", "[complex][matmul]", TANDEM_TEST_SPACES) {
  const TestType space{};
  testing::for_each_gemm<TestType>([&] {
    const std::size_t m = 37, k = 23, n = 19;
    const auto av = z_sample<cd>(m * k, 1), bv = z_sample<cd>(k * n, 2);
    std::vector<ref> ar, br;
    for (const auto& v : av) ar.push_back(z_ref(v));
    for (const auto& v : bv) br.push_back(z_ref(v));
    const auto a = td::from(av, {td::index_t(m), td::index_t(k)}, space);
    const auto b = td::from(bv, {td::index_t(k), td::index_t(n)}, space);
    const auto want = z_matmul_ref(ar, br, 1, m, k, n);
    CHECK(z_mismatches<cd>(td::matmul(a, b), want, 1e-12) == 0);
    // complex64, and a transposed (dense-column) operand: (B^T)^T = B.
    const auto af = td::eval(td::cast<cf>(a)), bf = td::eval(td::cast<cf>(b));
    const auto bt = td::eval(td::transpose(bf));
    CHECK(z_mismatches<cf>(td::matmul(af, td::transpose(bt)), want, 2e-5) == 0);
    // A strided operand that no BLAS reads in place (every other column) goes through a copy.
    const auto wide = td::from(z_sample<cd>(m * 2 * k, 3), {td::index_t(m), td::index_t(2 * k)}, space);
    const auto every_other = td::slice(wide, td::all, td::range(0, 2 * td::index_t(k), 2));
    std::vector<ref> er;
    for (const auto& v : td::to_vector(every_other)) er.push_back(z_ref(v));
    CHECK(z_mismatches<cd>(td::matmul(every_other, b), z_matmul_ref(er, br, 1, m, k, n), 1e-12) == 0);
    // Matrix times vector, and batches of matrices (rank 3).
    const auto x = td::slice(b, td::all, 0);
    std::vector<ref> xr;
    for (std::size_t p = 0; p < k; ++p) xr.push_back(br[p * n]);
    CHECK(z_mismatches<cd>(td::matmul(a, x), z_matmul_ref(ar, xr, 1, m, k, 1), 1e-12) == 0);
    const std::size_t batch = 3;
    const auto qa = z_sample<cd>(batch * 5 * 4, 4), qb = z_sample<cd>(batch * 4 * 6, 5);
    std::vector<ref> qar, qbr;
    for (const auto& v : qa) qar.push_back(z_ref(v));
    for (const auto& v : qb) qbr.push_back(z_ref(v));
    const auto ta = td::from(qa, {td::index_t(batch), 5, 4}, space), tb = td::from(qb, {td::index_t(batch), 4, 6}, space);
    CHECK(z_mismatches<cd>(td::matmul(ta, tb), z_matmul_ref(qar, qbr, batch, 5, 4, 6), 1e-12) == 0);
    // Hand values: [[1, i], [0, 2]] [[i], [1]] = [[2i], [2]].
    const auto h = td::matmul(td::from<cd>({{cd(1, 0), cd(0, 1)}, {cd(0, 0), cd(2, 0)}}, space),
                              td::from<cd>({{cd(0, 1)}, {cd(1, 0)}}, space));
    CHECK(td::to_vector(h) == std::vector<cd>{cd(0, 2), cd(2, 0)});
    // An empty inner dimension gives zeros.
    CHECK(td::to_vector(td::matmul(td::zeros<cf>({2, 0}, space), td::zeros<cf>({0, 3}, space))) ==
          std::vector<cf>(6, cf(0, 0)));
  });
}

TEMPLATE_TEST_CASE("complex numbers through the rest of the vocabulary", "[complex]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const auto z = td::from<cd>({cd(3, 4), cd(0, 0), cd(-2, 0), cd(inf, 1), cd(1, nan)}, space);
  // Classification, as numpy: infinite when a part is, finite when both are, NaN when either is.
  CHECK(testing::values(td::isinf(z)) == std::vector<double>{0, 0, 0, 1, 0});
  CHECK(testing::values(td::isfinite(z)) == std::vector<double>{1, 1, 1, 0, 0});
  CHECK(testing::values(td::isnan(z)) == std::vector<double>{0, 0, 0, 0, 1});
  // sign is z / |z| (numpy 2), 0 for 0.
  const auto s = z_values(td::sign(td::slice(z, td::range(0, 3))));
  CHECK(z_near(s[0], ref(0.6, 0.8), 1e-15));
  CHECK(s[1] == ref(0, 0));
  CHECK(s[2] == ref(-1, 0));
  // isclose with complex magnitudes: |a - b| <= atol + rtol |b|; infinities equal only to themselves.
  const auto a = td::from<cd>({cd(1, 1), cd(1, 1), cd(inf, 0), cd(nan, 0)}, space);
  const auto b = td::from<cd>({cd(1, 1 + 1e-9), cd(1, 1.1), cd(inf, 0), cd(nan, 0)}, space);
  CHECK(testing::values(td::isclose(a, b)) == std::vector<double>{1, 0, 1, 0});
  CHECK(td::allclose(a * 2.0, a + a) == false);  // the NaN
  CHECK(td::allclose(td::slice(a, td::range(0, 3)), td::slice(a, td::range(0, 3))));
  CHECK(td::array_equal(td::slice(z, td::range(0, 3)), td::from<cd>({cd(3, 4), cd(0, 0), cd(-2, 0)}, space)));
  // Scans, where, and the copying functions.
  const auto w = td::from<cf>({cf(1, 2), cf(3, -1), cf(0, 1)}, space);
  CHECK(td::to_vector(td::cumsum(w)) == std::vector<cf>{cf(1, 2), cf(4, 1), cf(4, 2)});
  CHECK(td::to_vector(td::cumprod(w)) == std::vector<cf>{cf(1, 2), cf(5, 5), cf(-5, 5)});
  CHECK(td::to_vector(td::eval(td::where(td::real(w) > 0.5f, w, cf(9, 9)))) ==
        std::vector<cf>{cf(1, 2), cf(3, -1), cf(9, 9)});
  CHECK(td::to_vector(td::concatenate({w.view(), td::flip(w)})) ==
        std::vector<cf>{cf(1, 2), cf(3, -1), cf(0, 1), cf(0, 1), cf(3, -1), cf(1, 2)});
  CHECK(td::to_vector(td::pad(w, {{1, 0}})) == std::vector<cf>{cf(0, 0), cf(1, 2), cf(3, -1), cf(0, 1)});
  CHECK(td::to_vector(td::roll(w, 1)) == std::vector<cf>{cf(0, 1), cf(1, 2), cf(3, -1)});
  CHECK(td::count_nonzero(w) == 3);
}
