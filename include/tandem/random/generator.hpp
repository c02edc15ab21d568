#pragma once
/// \file random/generator.hpp
/// `td::random::generator`: uniform, normal and integer tensors in any space, numpy's
/// other distributions (gamma, beta, poisson, binomial, ...), permutation and choice.
///
/// \code
/// td::random::generator g{42};
/// auto u = g.uniform<float>({1 << 20}, td::device);            // [0, 1)
/// auto n = g.normal<double>({256, 256}, td::host, 0.0, 2.0);   // mean 0, stddev 2
/// auto k = g.integers<int>({100}, td::device, 1, 7);           // dice: [1, 7)
/// auto k2 = g.integers(1, 7, {100}, td::device);                // numpy's order works too
/// auto x = g.normal<double>({8});                              // no space: host memory
/// auto h = g.uniform<td::half>({1024}, td::device);             // drawn in float, rounded
/// auto gm = g.gamma({1000}, td::device, 2.0, 0.5);              // numpy's gamma(shape, scale)
/// auto c = g.poisson({1000}, td::host, 4.0);                    // std::int64_t counts
/// \endcode
/// Counter-based: element i of the c-th call is Philox-4x32-10 of the counter
/// (i, c) under the key `seed`, so values depend on (seed, call number, element index)
/// alone: bitwise the same on host and device and for any number of threads. Each call
/// advances the call number, so consecutive calls differ. Not safe to share between
/// threads without a lock, as std engines are not.

#include <cstddef>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>
#include <type_traits>

#include "../algorithm/for_each.hpp"
#include "../algorithm/searching.hpp"
#include "../algorithm/sort.hpp"
#include "../backend/portable.hpp"
#include "../config.hpp"
#include "../error.hpp"
#include "../half.hpp"
#include "../shape.hpp"
#include "../space.hpp"
#include "../tensor.hpp"
#include "philox.hpp"

namespace tandem::random {
namespace detail {
using ::tandem::detail::add_rn;
using ::tandem::detail::mul_rn;
using ::tandem::detail::is_complex_v;
using ::tandem::detail::real_part_t;

/// [0, 1) with 24 random bits (float) or 53 (double).
template <class T>
TANDEM_HD T unit_interval(const words4& r, int word) {
  if constexpr (sizeof(T) <= 4) {
    return static_cast<T>(static_cast<float>(r.w[word] >> 8) * (1.0f / 16777216.0f));
  } else {
    const std::uint64_t bits = (std::uint64_t(r.w[word]) << 32 | r.w[word + 1]) >> 11;
    return static_cast<T>(static_cast<double>(bits) * (1.0 / 9007199254740992.0));
  }
}

/// lo + width * u, rounded twice, never fused into one FMA: nvcc contracts a * b + c by
/// default, and the host and the device must round alike.
template <class T>
TANDEM_HD T scale_and_shift(T lo, T width, T u) {
  return add_rn(lo, mul_rn(width, u));
}

/// The 16-bit float just below x (toward minus infinity).
template <class T>
TANDEM_HD T next_below(T x) {
  auto b = ::tandem::detail::pstd::bit_cast<std::uint16_t>(x);
  b = static_cast<std::uint16_t>((b & 0x8000u) ? b + 1u : (b == 0 ? 0x8001u : b - 1u));
  return ::tandem::detail::pstd::bit_cast<T>(b);
}

template <class T>
struct uniform_dist {
  T lo, hi;
  bool wide = false;  // hi - lo overflows T: draw in the halved range, then double (exact)
  TANDEM_HD T operator()(const words4& r) const {
    if constexpr (tandem::detail::is_reduced_float_v<T>) {
      // Drawn in float and rounded once; a value that rounds up to hi takes the one below it.
      const float l = static_cast<float>(lo);
      const T x = static_cast<T>(scale_and_shift(l, static_cast<float>(hi) - l, unit_interval<float>(r, 0)));
      return x < hi ? x : next_below(hi);
    } else if (wide) {
      const T l = lo * T(0.5), h = hi * T(0.5);
      const T x = scale_and_shift(l, h - l, unit_interval<T>(r, 0)) * T(2);
      return x < hi ? x : lo;
    } else {
      const T x = scale_and_shift(lo, hi - lo, unit_interval<T>(r, 0));
      return x < hi ? x : lo;  // rounding can reach hi when the interval is wide; keep [lo, hi)
    }
  }
};

/// 1 / n!, rounded in double at compile time.
constexpr double inverse_factorial(int n) {
  double f = 1;
  for (int i = 2; i <= n; ++i) f *= i;
  return 1 / f;
}

// The math of the normal distribution, written once from +, -, *, / and sqrt (each
// rounded correctly by IEEE 754 on the CPU and the GPU) and exact bit operations, so that
// host and device compute the same bits. The libraries' log and cos differ by an ulp or
// two between the two, which a mean far from zero can magnify many times.

/// log(x) for x in (0, 1] (normal numbers): x = 2^e m with m in [1/sqrt 2, sqrt 2), and
/// log m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172, by its series to s^23.
TANDEM_HD inline double portable_log(double x) {
  const std::uint64_t bits = ::tandem::detail::pstd::bit_cast<std::uint64_t>(x);
  int e = static_cast<int>((bits >> 52) & 0x7ff) - 1023;
  double m = ::tandem::detail::pstd::bit_cast<double>((bits & ((std::uint64_t(1) << 52) - 1)) | (std::uint64_t(1023) << 52));
  if (m > 1.4142135623730951) {
    m = m * 0.5;  // exact
    ++e;
  }
  const double s = (m - 1.0) / (m + 1.0);
  const double s2 = mul_rn(s, s);
  double p = 1.0 / 23;
  for (int k = 10; k >= 0; --k) p = add_rn(mul_rn(p, s2), 1.0 / (2 * k + 1));
  return add_rn(mul_rn(static_cast<double>(e), 0.6931471805599453), mul_rn(2.0 * s, p));
}

/// cos z and sin z for |z| <= pi/4, by their Taylor series to z^18 and z^19.
TANDEM_HD inline double cos_series(double z) {
  const double z2 = mul_rn(z, z);
  double p = inverse_factorial(18);
  for (int k = 8; k >= 0; --k) p = add_rn(mul_rn(p, -z2), inverse_factorial(2 * k));
  return p;
}
TANDEM_HD inline double sin_series(double z) {
  const double z2 = mul_rn(z, z);
  double p = inverse_factorial(19);
  for (int k = 8; k >= 0; --k) p = add_rn(mul_rn(p, -z2), inverse_factorial(2 * k + 1));
  return mul_rn(z, p);
}

/// cos(2 pi t) for t in [0, 1): reduced exactly to an angle of at most pi/4.
TANDEM_HD inline double cos_two_pi(double t) {
  constexpr double two_pi = 6.283185307179586;
  const double x = t >= 0.5 ? t - 1.0 : t;  // [-0.5, 0.5), exact
  const double y = x < 0 ? -x : x;          // [0, 0.5]
  if (y <= 0.125) return cos_series(mul_rn(y, two_pi));
  if (y <= 0.375) return sin_series(mul_rn(0.25 - y, two_pi));  // 0.25 - y is exact
  return -cos_series(mul_rn(0.5 - y, two_pi));                   // so is 0.5 - y
}

/// sin(2 pi t) = cos(2 pi (t - 1/4)) for t in [0, 1); the shift is exact.
TANDEM_HD inline double sin_two_pi(double t) { return cos_two_pi(t >= 0.25 ? t - 0.25 : t + 0.75); }

/// Box-Muller: one normal value from two uniform ones, computed in double and rounded
/// once to T. A complex T takes both of the pair Box-Muller makes: the real part from
/// the cosine, the imaginary part from the sine, independent normals with the parts of
/// the mean and the same standard deviation.
template <class T>
struct normal_dist {
  T mean;
  real_part_t<T> stddev;
  TANDEM_HD T operator()(const words4& r) const {
    double u1, u2;  // u1 in (0, 1]: the log is finite
    if constexpr (sizeof(real_part_t<T>) <= 4) {
      u1 = 1.0 - static_cast<double>(r.w[0] >> 8) * (1.0 / 16777216.0);
      u2 = static_cast<double>(r.w[1] >> 8) * (1.0 / 16777216.0);
    } else {
      u1 = 1.0 - unit_interval<double>(r, 0);
      u2 = unit_interval<double>(r, 2);
    }
    const double radius = ::tandem::detail::pstd::sqrt(mul_rn(-2.0, portable_log(u1)));
    const double sd = static_cast<double>(stddev);
    if constexpr (is_complex_v<T>) {
      using P = real_part_t<T>;
      const double re = add_rn(static_cast<double>(mean.real()), mul_rn(sd, mul_rn(radius, cos_two_pi(u2))));
      const double im = add_rn(static_cast<double>(mean.imag()), mul_rn(sd, mul_rn(radius, sin_two_pi(u2))));
      return T(static_cast<P>(re), static_cast<P>(im));
    } else {
      const double z = mul_rn(radius, cos_two_pi(u2));
      return static_cast<T>(add_rn(static_cast<double>(mean), mul_rn(sd, z)));
    }
  }
};

/// Exponentially distributed values of mean `scale`: -scale log(u), u in (0, 1] from 53
/// random bits, in double through portable_log (host and device give the same bits),
/// rounded once to T.
template <class T>
struct exponential_dist {
  double scale;
  TANDEM_HD T operator()(const words4& r) const {
    const double u = 1.0 - unit_interval<double>(r, 0);
    return static_cast<T>(mul_rn(-scale, portable_log(u)));
  }
};

/// exp(x) for any double from + - * / and exact scaling by powers of two, as
/// portable_log: x = k ln 2 + r with |r| <= ln(2) / 2 (ln 2 in two parts, so k ln2_hi is
/// exact), e^r by its Taylor series to r^13, times 2^k.
TANDEM_HD inline double portable_exp(double x) {
  if (x != x) return x;
  if (x > 709.782712893384) return ::tandem::detail::pstd::bit_cast<double>(std::uint64_t(0x7ff0000000000000));
  if (x < -745.1332191019412) return 0.0;
  constexpr double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
  const double k = ::tandem::detail::pstd::floor(add_rn(mul_rn(x, 1.4426950408889634), 0.5));
  const double r = add_rn(add_rn(x, -mul_rn(k, ln2_hi)), -mul_rn(k, ln2_lo));
  double p = inverse_factorial(13);
  for (int j = 12; j >= 0; --j) p = add_rn(mul_rn(p, r), inverse_factorial(j));
  int e = static_cast<int>(k);
  const auto two_to = [](int n) {  // 2^n for -1022 <= n <= 1023, exactly
    return ::tandem::detail::pstd::bit_cast<double>(static_cast<std::uint64_t>(n + 1023) << 52);
  };
  if (e > 1023) {
    p = mul_rn(p, 2.0);
    --e;
  }
  if (e < -1022) return mul_rn(mul_rn(p, two_to(e + 600)), two_to(-600));  // one rounding: the last
  return mul_rn(p, two_to(e));
}

/// e^x - 1, accurate near 0 (its Taylor series to x^13 for |x| < ln(2) / 2), as expm1.
TANDEM_HD inline double portable_expm1(double x) {
  if (!(x > -0.34657359027997264 && x < 0.34657359027997264)) return add_rn(portable_exp(x), -1.0);
  double p = inverse_factorial(13);
  for (int j = 12; j >= 1; --j) p = add_rn(mul_rn(p, x), inverse_factorial(j));
  return mul_rn(p, x);
}

/// Uniform values for a distribution that draws as many as it needs (rejection
/// sampling): the element's own 128 random bits first, then blocks each Philox of the one
/// before under a fixed key, so every space draws the same sequence.
struct unit_stream {
  words4 block;
  int next = 0;
  /// [0, 1) from 53 random bits.
  TANDEM_HD double operator()() {
    if (next == 4) {
      block = philox4x32_10(block, 0x6A09E667u, 0xBB67AE85u);
      next = 0;
    }
    const double u = unit_interval<double>(block, next);
    next += 2;
    return u;
  }
  /// (0, 1]: a logarithm's operand.
  TANDEM_HD double open_below() { return 1.0 - (*this)(); }
  /// (0, 1): drawn again at 0.
  TANDEM_HD double open() {
    double u = (*this)();
    while (u == 0) u = (*this)();
    return u;
  }
};

/// A standard normal value from two of the stream's (Box-Muller's cosine half).
TANDEM_HD inline double standard_normal(unit_stream& s) {
  const double u1 = s.open_below(), u2 = s();
  return mul_rn(::tandem::detail::pstd::sqrt(mul_rn(-2.0, portable_log(u1))), cos_two_pi(u2));
}

/// A Gamma(a, 1) value by Marsaglia and Tsang's method ("A simple method for generating
/// gamma variables", ACM TOMS 2000): d = a - 1/3, c = 1 / sqrt(9 d) for a >= 1; a < 1
/// draws Gamma(a + 1) times u^(1/a). The constants come from the host (gamma_constants).
struct gamma_constants {
  double a, d, c;
  bool boost;  // a < 1
};
inline gamma_constants make_gamma_constants(double a) {
  const bool boost = a < 1;
  const double d = (boost ? a + 1 : a) - 1.0 / 3.0;
  return {a, d, 1.0 / std::sqrt(9.0 * d), boost};
}
TANDEM_HD inline double standard_gamma(const gamma_constants& g, unit_stream& s) {
  if (g.a == 0) return 0.0;
  double value = 0;
  for (;;) {
    double x, v;
    do {
      x = standard_normal(s);
      v = add_rn(1.0, mul_rn(g.c, x));
    } while (v <= 0);
    v = mul_rn(mul_rn(v, v), v);
    const double u = s.open_below(), x2 = mul_rn(x, x);
    if (u < add_rn(1.0, -mul_rn(0.0331, mul_rn(x2, x2))) ||
        portable_log(u) < add_rn(mul_rn(0.5, x2), mul_rn(g.d, add_rn(add_rn(1.0, -v), portable_log(v))))) {
      value = mul_rn(g.d, v);
      break;
    }
  }
  if (g.boost) value = mul_rn(value, portable_exp(portable_log(s.open_below()) / g.a));
  return value;
}

/// log(k!) in double: exactly computed k! through portable_log for k <= 18, Stirling's
/// series to k^-7 beyond (its error under 3e-15 there).
TANDEM_HD inline double log_factorial(double k) {
  if (k <= 18) {
    double f = 1;
    for (double i = 2; i <= k; i += 1) f = mul_rn(f, i);
    return portable_log(f) ;
  }
  const double r = 1.0 / k, r2 = mul_rn(r, r);
  double series = -1.0 / 1680;
  series = add_rn(mul_rn(series, r2), 1.0 / 1260);
  series = add_rn(mul_rn(series, r2), -1.0 / 360);
  series = add_rn(mul_rn(series, r2), 1.0 / 12);
  return add_rn(add_rn(add_rn(mul_rn(add_rn(k, 0.5), portable_log(k)), -k), 0.9189385332046728),
                mul_rn(series, r));
}

/// The continuous distributions that are a function of one uniform value u in (0, 1)
/// (numpy's formulas), with two parameters: a location and a scale, or a shape.
enum class transform_kind { lognormal, laplace, logistic, gumbel, weibull, pareto, rayleigh, cauchy };

template <class T, transform_kind Kind>
struct transform_dist {
  double p, q;  // (mean, sigma), (loc, scale), (a, unused), (scale, unused)
  TANDEM_HD T operator()(const words4& r) const {
    unit_stream s{r};
    double x = 0;
    if constexpr (Kind == transform_kind::lognormal) {
      x = portable_exp(add_rn(p, mul_rn(q, standard_normal(s))));
    } else if constexpr (Kind == transform_kind::laplace) {
      // numpy's: u < 1/2 gives loc + scale log(2u), else loc - scale log(2 (1 - u)).
      const double u = s.open();
      x = u >= 0.5 ? add_rn(p, -mul_rn(q, portable_log(mul_rn(2.0, add_rn(1.0, -u)))))
                   : add_rn(p, mul_rn(q, portable_log(mul_rn(2.0, u))));
    } else if constexpr (Kind == transform_kind::logistic) {
      const double u = s.open();
      x = add_rn(p, mul_rn(q, portable_log(u / add_rn(1.0, -u))));
    } else if constexpr (Kind == transform_kind::gumbel) {
      const double u = 1.0 - s.open();  // (0, 1)
      x = add_rn(p, -mul_rn(q, portable_log(-portable_log(u))));
    } else if constexpr (Kind == transform_kind::weibull) {  // (-log u)^(1/a)
      const double e = -portable_log(s.open_below());
      x = p == 0 || e == 0 ? 0.0 : portable_exp(portable_log(e) / p);
    } else if constexpr (Kind == transform_kind::pareto) {  // numpy's Lomax: expm1(E / a)
      x = portable_expm1(-portable_log(s.open_below()) / p);
    } else if constexpr (Kind == transform_kind::rayleigh) {
      x = mul_rn(p, ::tandem::detail::pstd::sqrt(mul_rn(-2.0, portable_log(s.open_below()))));
    } else {  // cauchy: cot(pi t) for t uniform in (0, 1), the angle of a uniform direction
      const double t = s.open() * 0.5;
      x = cos_two_pi(t) / sin_two_pi(t);
    }
    return static_cast<T>(x);
  }
};

/// Gamma(shape, scale) values, and the distributions made of gammas: beta (X / (X + Y)),
/// chi-square (2 Gamma(df / 2)), Student's t (a normal over sqrt(chi-square / df)).
enum class gamma_kind { gamma, beta, chisquare, student };
template <class T, gamma_kind Kind>
struct gamma_dist {
  gamma_constants g, h;  // h: beta's second shape
  double scale;          // gamma's scale; Student's df
  TANDEM_HD T operator()(const words4& r) const {
    unit_stream s{r};
    double x;
    if constexpr (Kind == gamma_kind::gamma) {
      x = mul_rn(scale, standard_gamma(g, s));
    } else if constexpr (Kind == gamma_kind::chisquare) {
      x = mul_rn(2.0, standard_gamma(g, s));
    } else if constexpr (Kind == gamma_kind::beta) {
      const double a = standard_gamma(g, s), b = standard_gamma(h, s);
      x = a + b == 0 ? (g.a >= h.a ? 1.0 : 0.0) : a / add_rn(a, b);
    } else {
      const double z = standard_normal(s), c = mul_rn(2.0, standard_gamma(g, s));
      x = z / ::tandem::detail::pstd::sqrt(c / scale);
    }
    return static_cast<T>(x);
  }
};

/// One proposal of Hoermann's transformed rejection (PTRS and BTRS alike): u uniform in
/// [-1/2, 1/2), v in (0, 1], us = 1/2 - |u|, and the candidate floor((2a / us + b) u + c).
struct rejection_proposal {
  double u, v, us, k;
};
TANDEM_HD inline rejection_proposal transformed_rejection(double a, double b, double c, unit_stream& s) {
  rejection_proposal p;
  p.u = add_rn(s(), -0.5);
  p.v = s.open_below();
  p.us = add_rn(0.5, -(p.u < 0 ? -p.u : p.u));
  p.k = ::tandem::detail::pstd::floor(add_rn(mul_rn(add_rn(mul_rn(2.0, a) / p.us, b), p.u), c));
  return p;
}

/// Poisson values of mean lam: Knuth's product of uniform values below 10 (exp(-lam)
/// from the host), Hoermann's transformed rejection PTRS ("The transformed rejection
/// method for generating Poisson random variables", 1993) from 10, as numpy's.
struct poisson_constants {
  double lam, exp_neg_lam, slam, loglam, a, b, inv_alpha, vr;
};
inline poisson_constants make_poisson_constants(double lam) {
  poisson_constants c{lam, std::exp(-lam), std::sqrt(lam), std::log(lam), 0, 0, 0, 0};
  c.b = 0.931 + 2.53 * c.slam;
  c.a = -0.059 + 0.02483 * c.b;
  c.inv_alpha = 1.1239 + 1.1328 / (c.b - 3.4);
  c.vr = 0.9277 - 3.6224 / (c.b - 2);
  return c;
}
template <class I>
struct poisson_dist {
  poisson_constants c;
  TANDEM_HD I operator()(const words4& r) const {
    unit_stream s{r};
    if (c.lam == 0) return I(0);
    if (c.lam < 10) {
      double prod = 1;
      I k = 0;
      for (;;) {
        prod = mul_rn(prod, s.open_below());
        if (prod <= c.exp_neg_lam) return k;
        ++k;
      }
    }
    const double log_inv_alpha = portable_log(c.inv_alpha);
    for (;;) {
      const auto [u, v, us, k] = transformed_rejection(c.a, c.b, c.lam + 0.43, s);
      (void)u;
      if (us >= 0.07 && v <= c.vr) return static_cast<I>(k);
      if (k < 0 || (us < 0.013 && v > us)) continue;
      const double lhs = add_rn(add_rn(portable_log(v), log_inv_alpha), -portable_log(add_rn(c.a / mul_rn(us, us), c.b)));
      const double rhs = add_rn(add_rn(-c.lam, mul_rn(k, c.loglam)), -log_factorial(k));
      if (lhs <= rhs) return static_cast<I>(k);
    }
  }
};

/// Binomial values of n trials with probability p: for p > 1/2 n minus those of 1 - p;
/// inversion while n p < 30 (numpy's threshold), else Hoermann's BTRS ("The generation
/// of binomial random variates", 1993).
struct binomial_constants {
  double n, p;
  bool flip;
  double q, qn, bound;                                    // inversion
  double spq, b, a, c, vr, alpha, lpq, m, h;             // BTRS
};
inline binomial_constants make_binomial_constants(std::int64_t trials, double prob) {
  binomial_constants k{};
  k.n = static_cast<double>(trials);
  k.flip = prob > 0.5;
  k.p = k.flip ? 1 - prob : prob;
  k.q = 1 - k.p;
  k.qn = std::exp(k.n * std::log1p(-k.p));
  const double np = k.n * k.p;
  k.bound = std::min(k.n, np + 10.0 * std::sqrt(np * k.q + 1));
  k.spq = std::sqrt(np * k.q);
  k.b = 1.15 + 2.53 * k.spq;
  k.a = -0.0873 + 0.0248 * k.b + 0.01 * k.p;
  k.c = np + 0.5;
  k.vr = 0.92 - 4.2 / k.b;
  k.alpha = (2.83 + 5.1 / k.b) * k.spq;
  k.lpq = std::log(k.p / k.q);
  k.m = std::floor((k.n + 1) * k.p);
  return k;
}
template <class I>
struct binomial_dist {
  binomial_constants k;
  TANDEM_HD I operator()(const words4& r) const {
    unit_stream s{r};
    double x = 0;
    if (k.p == 0 || k.n == 0) {
      x = 0;
    } else if (mul_rn(k.n, k.p) < 30) {
      double px = k.qn, u = s();
      while (u > px) {
        x = add_rn(x, 1.0);
        if (x > k.bound) {
          x = 0;
          px = k.qn;
          u = s();
        } else {
          u = add_rn(u, -px);
          px = mul_rn(mul_rn(add_rn(k.n, -add_rn(x, -1.0)), k.p), px) / mul_rn(x, k.q);
        }
      }
    } else {
      const double h = add_rn(log_factorial(k.m), log_factorial(add_rn(k.n, -k.m)));
      for (;;) {
        const auto [u, v, us, j] = transformed_rejection(k.a, k.b, k.c, s);
        (void)u;
        if (j < 0 || j > k.n) continue;
        if ((us >= 0.07 && v <= k.vr) ||
            portable_log(mul_rn(v, k.alpha) / add_rn(k.a / mul_rn(us, us), k.b)) <=
                add_rn(add_rn(add_rn(h, -log_factorial(j)), -log_factorial(add_rn(k.n, -j))),
                       mul_rn(add_rn(j, -k.m), k.lpq))) {
          x = j;
          break;
        }
      }
    }
    return static_cast<I>(k.flip ? add_rn(k.n, -x) : x);
  }
};

/// Geometric values (trials to the first success, from 1) of probability p: numpy's
/// inversion, ceil(log(u) / log(1 - p)), with log1p(-p) from the host (-inf for p = 1:
/// every value 1); the largest I where that overflows.
template <class I>
struct geometric_dist {
  double log_q;
  double limit;  // 2^digits of I: the values from there are I's largest
  I most;
  TANDEM_HD I operator()(const words4& r) const {
    unit_stream s{r};
    const double k = ::tandem::detail::pstd::ceil(portable_log(s.open_below()) / log_q);
    return k < 1 ? I(1) : k >= limit ? most : static_cast<I>(k);
  }
};

/// 64 random bits: permutation's sort keys.
struct key_dist {
  TANDEM_HD std::uint64_t operator()(const words4& r) const { return std::uint64_t(r.w[0]) << 32 | r.w[1]; }
};

/// [lo, lo + range): multiply-shift on 32 random bits for ranges up to 2^32 (bias
/// below range / 2^32), a 64-bit remainder beyond.
template <class T>
struct integer_dist {
  T lo;
  std::uint64_t range;
  TANDEM_HD T operator()(const words4& r) const {
    std::uint64_t offset;
    if (range <= (std::uint64_t(1) << 32))
      offset = (std::uint64_t(r.w[0]) * range) >> 32;
    else
      offset = (std::uint64_t(r.w[0]) << 32 | r.w[1]) % range;
    return static_cast<T>(static_cast<std::uint64_t>(lo) + offset);
  }
};

/// out[i] from the counter (first + i, call): `first` is the global flat index of out[0]
/// (a distributed tensor's block; 0 otherwise).
template <class T, class Dist>
struct random_fill_kernel {
  T* out;
  Dist dist;
  std::uint32_t key0, key1, call0, call1;
  index_t first = 0;
  TANDEM_HD void operator()(index_t i) const {
    const auto u = static_cast<std::uint64_t>(first + i);
    out[i] = dist(philox4x32_10(words4{{static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(u >> 32), call0, call1}},
                                key0, key1));
  }
};

}  // namespace detail

class generator {
 public:
  explicit generator(std::uint64_t seed = 0) : seed_(seed) {}

  /// Values drawn uniformly from [lo, hi).
  template <class T, std::size_t R, space S>
  tensor<T, R, S> uniform(const shape<R>& extents, S space_tag, T lo = T(0), T hi = T(1)) {
    return fill<T>(extents, space_tag, uniform_of(lo, hi));
  }
  template <class T, std::size_t R, space S>
  tensor<T, R, S> uniform(const index_t (&extents)[R], S space_tag, T lo = T(0), T hi = T(1)) {
    return uniform<T>(tandem::detail::to_shape(extents), space_tag, lo, hi);
  }

  /// Normally distributed values (Box-Muller). For td::complex elements the real and
  /// imaginary parts are independent normals, each with stddev (a real number: its
  /// imaginary part must be 0) around the mean's part; numpy's standard complex normal,
  /// variance 1 in all, is stddev = sqrt(0.5).
  template <class T, std::size_t R, space S>
  tensor<T, R, S> normal(const shape<R>& extents, S space_tag, T mean = T(0), T stddev = T(1)) {
    return fill<T>(extents, space_tag, normal_of(mean, stddev));
  }
  template <class T, std::size_t R, space S>
  tensor<T, R, S> normal(const index_t (&extents)[R], S space_tag, T mean = T(0), T stddev = T(1)) {
    return normal<T>(tandem::detail::to_shape(extents), space_tag, mean, stddev);
  }

  /// Integers drawn uniformly from [lo, hi), as numpy's integers.
  template <class T, std::size_t R, space S>
  tensor<T, R, S> integers(const shape<R>& extents, S space_tag, T lo, T hi) {
    return fill<T>(extents, space_tag, integers_of(lo, hi));
  }
  template <class T, std::size_t R, space S>
  tensor<T, R, S> integers(const index_t (&extents)[R], S space_tag, T lo, T hi) {
    return integers<T>(tandem::detail::to_shape(extents), space_tag, lo, hi);
  }

  // Without a space: host memory, as for the creation functions. The same values as
  // with td::host (the call advances the generator the same way).
  template <class T, std::size_t R>
  tensor<T, R> uniform(const shape<R>& extents, T lo = T(0), T hi = T(1)) {
    return uniform<T>(extents, host_space{}, lo, hi);
  }
  template <class T, std::size_t R>
  tensor<T, R> uniform(const index_t (&extents)[R], T lo = T(0), T hi = T(1)) {
    return uniform<T>(extents, host_space{}, lo, hi);
  }
  template <class T, std::size_t R>
  tensor<T, R> normal(const shape<R>& extents, T mean = T(0), T stddev = T(1)) {
    return normal<T>(extents, host_space{}, mean, stddev);
  }
  template <class T, std::size_t R>
  tensor<T, R> normal(const index_t (&extents)[R], T mean = T(0), T stddev = T(1)) {
    return normal<T>(extents, host_space{}, mean, stddev);
  }
  template <class T, std::size_t R>
  tensor<T, R> integers(const shape<R>& extents, T lo, T hi) { return integers<T>(extents, host_space{}, lo, hi); }
  template <class T, std::size_t R>
  tensor<T, R> integers(const index_t (&extents)[R], T lo, T hi) { return integers<T>(extents, host_space{}, lo, hi); }

  // numpy's argument order, rng.uniform(lo, hi, size), rng.normal(loc, scale, size) and
  // rng.integers(lo, hi, size): the two parameters, then the shape and the space (host
  // when omitted). The element type is the parameters' unless given, so
  // g.integers(1, 7, {100}) is int and g.uniform<float>(-1, 1, {8}) float; the values are
  // those of the shape-first spellings.
#define TANDEM_NUMPY_ORDER(name)                                                                  \
  template <class T, std::size_t R, space S = host_space>                                         \
  tensor<T, R, S> name(T a, T b, const shape<R>& extents, S space_tag = {}) {                     \
    return name<T>(extents, space_tag, a, b);                                                     \
  }                                                                                               \
  template <class T, std::size_t R, space S = host_space>                                         \
  tensor<T, R, S> name(T a, T b, const index_t (&extents)[R], S space_tag = {}) {                 \
    return name<T>(tandem::detail::to_shape(extents), space_tag, a, b);                           \
  }
  TANDEM_NUMPY_ORDER(uniform)
  TANDEM_NUMPY_ORDER(normal)
  TANDEM_NUMPY_ORDER(integers)
#undef TANDEM_NUMPY_ORDER

  // Distributed (td::dist, <tandem/dist.hpp>): `group` is a td::dist::communicator and
  // the result a td::dist::tensor whose blocks hold exactly the values the call without
  // the group gives (element i's counter is its global flat index), on any number of
  // ranks. Every rank makes the call (each advances its generator alike).
  template <class T, class G, std::size_t R, space S>
    requires tandem::detail::is_group_v<G>
  auto uniform(const G& group, const index_t (&extents)[R], S space_tag, T lo = T(0), T hi = T(1)) {
    return fill_group<T>(group, tandem::detail::to_shape(extents), space_tag, uniform_of(lo, hi));
  }
  template <class T, class G, std::size_t R>
    requires tandem::detail::is_group_v<G>
  auto uniform(const G& group, const index_t (&extents)[R], T lo = T(0), T hi = T(1)) {
    return uniform<T>(group, extents, host_space{}, lo, hi);
  }
  template <class T, class G, std::size_t R, space S>
    requires tandem::detail::is_group_v<G>
  auto normal(const G& group, const index_t (&extents)[R], S space_tag, T mean = T(0), T stddev = T(1)) {
    return fill_group<T>(group, tandem::detail::to_shape(extents), space_tag, normal_of(mean, stddev));
  }
  template <class T, class G, std::size_t R>
    requires tandem::detail::is_group_v<G>
  auto normal(const G& group, const index_t (&extents)[R], T mean = T(0), T stddev = T(1)) {
    return normal<T>(group, extents, host_space{}, mean, stddev);
  }
  template <class T, class G, std::size_t R, space S>
    requires tandem::detail::is_group_v<G>
  auto integers(const G& group, const index_t (&extents)[R], S space_tag, T lo, T hi) {
    return fill_group<T>(group, tandem::detail::to_shape(extents), space_tag, integers_of(lo, hi));
  }

  /// Exponentially distributed values with mean `scale` (numpy's exponential), float or
  /// double; scale must be non-negative.
  template <class T, std::size_t R, space S>
  tensor<T, R, S> exponential(const shape<R>& extents, S space_tag, T scale = T(1)) {
    static_assert(std::is_floating_point_v<T>, "tandem: exponential draws float or double values");
    if (!(scale >= T(0))) throw error("tandem: exponential: scale (" + number(scale) + ") must be non-negative");
    return fill<T>(extents, space_tag, detail::exponential_dist<T>{static_cast<double>(scale)});
  }
  template <class T, std::size_t R, space S>
  tensor<T, R, S> exponential(const index_t (&extents)[R], S space_tag, T scale = T(1)) {
    return exponential<T>(tandem::detail::to_shape(extents), space_tag, scale);
  }
  template <class T, std::size_t R>
  tensor<T, R> exponential(const index_t (&extents)[R], T scale = T(1)) {
    return exponential<T>(tandem::detail::to_shape(extents), host_space{}, scale);
  }

  // numpy's other distributions, each in three spellings as exponential: (shape<R>,
  // space, parameters...), (braced extents, space, parameters...), (braced extents,
  // parameters...) for the host. The real-valued ones draw float or double (the
  // parameters' type unless named) and compute in double; the counting ones draw
  // integers (std::int64_t unless named, numpy's int64). Parameters numpy refuses throw
  // td::error naming them.
#define TANDEM_DISTRIBUTION(Out, name, params, args)                                                  \
  template <Out, std::size_t R, space S>                                                              \
  tensor<T, R, S> name(const shape<R>& extents, S space_tag TANDEM_PARAMS params) {                   \
    return fill<T>(extents, space_tag, name##_of<T>(TANDEM_ARGS args));                               \
  }                                                                                                   \
  template <Out, std::size_t R, space S>                                                              \
  tensor<T, R, S> name(const index_t (&extents)[R], S space_tag TANDEM_PARAMS params) {               \
    return fill<T>(tandem::detail::to_shape(extents), space_tag, name##_of<T>(TANDEM_ARGS args));     \
  }                                                                                                   \
  template <Out, std::size_t R>                                                                       \
  tensor<T, R> name(const index_t (&extents)[R] TANDEM_PARAMS params) {                               \
    return fill<T>(tandem::detail::to_shape(extents), host_space{}, name##_of<T>(TANDEM_ARGS args));  \
  }
#define TANDEM_PARAMS(...) __VA_OPT__(, ) __VA_ARGS__
#define TANDEM_ARGS(...) __VA_ARGS__
  /// exp of normal values with `mean` and `sigma` (numpy's lognormal).
  TANDEM_DISTRIBUTION(class T = double, lognormal, (T mean = T(0), T sigma = T(1)), (mean, sigma))
  /// Laplace (double exponential) values around loc, of `scale`.
  TANDEM_DISTRIBUTION(class T = double, laplace, (T loc = T(0), T scale = T(1)), (loc, scale))
  /// Logistic values around loc, of `scale`.
  TANDEM_DISTRIBUTION(class T = double, logistic, (T loc = T(0), T scale = T(1)), (loc, scale))
  /// Gumbel (extreme value type I) values of mode loc and `scale`.
  TANDEM_DISTRIBUTION(class T = double, gumbel, (T loc = T(0), T scale = T(1)), (loc, scale))
  /// Weibull values of shape a (scale 1): (-log u)^(1/a).
  TANDEM_DISTRIBUTION(class T = double, weibull, (T a), (a))
  /// Pareto II (Lomax) values of shape a, as numpy's pareto: add 1 and multiply by x_m
  /// for the classical Pareto.
  TANDEM_DISTRIBUTION(class T = double, pareto, (T a), (a))
  /// Rayleigh values of `scale`.
  TANDEM_DISTRIBUTION(class T = double, rayleigh, (T scale = T(1)), (scale))
  /// Standard Cauchy (Lorentz) values.
  TANDEM_DISTRIBUTION(class T = double, standard_cauchy, (), ())
  /// Gamma values of shape k and `scale` (numpy's gamma(shape, scale)).
  TANDEM_DISTRIBUTION(class T = double, gamma, (T k, T scale = T(1)), (k, scale))
  /// Beta values of shapes a and b.
  TANDEM_DISTRIBUTION(class T = double, beta, (T a, T b), (a, b))
  /// Chi-square values of df degrees of freedom.
  TANDEM_DISTRIBUTION(class T = double, chisquare, (T df), (df))
  /// Student's t values of df degrees of freedom.
  TANDEM_DISTRIBUTION(class T = double, standard_t, (T df), (df))
  /// Poisson counts of mean lam (numpy's poisson(lam)).
  TANDEM_DISTRIBUTION(class T = std::int64_t, poisson, (double lam = 1.0), (lam))
  /// Binomial counts: successes in n trials of probability p.
  TANDEM_DISTRIBUTION(class T = std::int64_t, binomial, (std::int64_t n, double p), (n, p))
  /// Geometric counts: the trials up to and including the first success, probability p.
  TANDEM_DISTRIBUTION(class T = std::int64_t, geometric, (double p), (p))
#undef TANDEM_ARGS
#undef TANDEM_PARAMS
#undef TANDEM_DISTRIBUTION

  /// numpy's choice: `count` elements drawn from the rank-1 operand `a` (or from 0, ...,
  /// n - 1 for an integer n), with replacement unless `replace` is false (then distinct
  /// positions: the first `count` of a permutation; count <= a's size). With
  /// probabilities p (rank 1, one per element, non-negative, summing to 1 within
  /// sqrt(epsilon) as numpy checks), with replacement only.
  template <operand A>
  auto choice(const A& a, index_t count, bool replace = true) {
    static_assert(rank_of_v<A> == 1, "tandem: choice draws from a rank-1 operand");
    const index_t n = a.shape()[0];
    return take(a, choice_positions(n, count, replace, space_of_t<A>{}));
  }
  template <space S = host_space>
  tensor<index_t, 1, S> choice(index_t n, index_t count, bool replace = true, S space_tag = {}) {
    return choice_positions(n, count, replace, space_tag);
  }
  template <operand A, operand P>
  auto choice(const A& a, index_t count, const P& p) {
    return choice(a, count, true, p);
  }
  /// With probabilities and without replacement (numpy's choice(a, count, replace=False,
  /// p=p)): `count` distinct positions, each next one drawn with probability
  /// proportional to p among those left, as numpy's; there must be at least `count`
  /// non-zero probabilities. Drawn at once as the `count` smallest of E_i / p_i (E_i
  /// exponential; Efraimidis and Spirakis, "Weighted random sampling with a reservoir",
  /// IPL 2006), in their order, so the stream is tandem's own, not numpy's.
  template <operand A, operand P>
  auto choice(const A& a, index_t count, bool replace, const P& p) {
    static_assert(rank_of_v<A> == 1 && rank_of_v<P> == 1, "tandem: choice draws from a rank-1 operand with rank-1 p");
    using S = typename tandem::detail::spaces_must_match<space_of_t<A>, space_of_t<P>>::type;
    const index_t n = a.shape()[0];
    if (p.shape()[0] != n)
      throw shape_error("tandem: choice: " + std::to_string(p.shape()[0]) + " probabilities for " + std::to_string(n) +
                        " elements");
    if (count < 0) throw shape_error("tandem: choice: count must be non-negative, got " + std::to_string(count));
    if (n == 0) {
      if (count == 0) return take(a, tensor<index_t, 1, S>(shape<1>{0}));
      throw error("tandem: choice: cannot draw from an empty operand");
    }
    const tensor<double, 1, S> cdf = cumsum(cast<double>(p));
    const std::vector<double> pv = to_vector(cast<double>(p));
    index_t nonzero = 0;
    for (std::size_t i = 0; i != pv.size(); ++i) {
      if (!(pv[i] >= 0) || !std::isfinite(pv[i]))
        throw error("tandem: choice: probability " + std::to_string(i) + " is " + std::to_string(pv[i]) +
                    "; probabilities are non-negative and finite");
      nonzero += pv[i] > 0;
    }
    const double total = to_vector(tandem::detail::along(cdf.view(), 0, n - 1, 1))[0];
    if (std::abs(total - 1.0) > std::sqrt(std::numeric_limits<double>::epsilon()))
      throw error("tandem: choice: probabilities sum to " + std::to_string(total) + ", not 1");
    if (!replace) {
      if (count > nonzero)
        throw error("tandem: choice: cannot take " + std::to_string(count) + " distinct elements without replacement: " +
                    std::to_string(nonzero) + " of the probabilities are non-zero");
      // E_i / p_i (infinite where p_i is 0) in increasing order: a stable sort, so the
      // same positions in every space.
      const tensor<double, 1, S> keys = exponential<double>(shape<1>{n}, S{}) / cast<double>(p);
      const auto order = argsort(keys);
      return take(a, tandem::detail::along(order.view(), 0, 0, count));
    }
    const auto u = uniform<double>(shape<1>{count}, S{}, 0.0, 1.0) * total;
    // The first element whose cumulative probability exceeds u (searchsorted right),
    // kept below n where rounding leaves the total under u.
    const auto pos = eval(minimum(searchsorted(cdf, u, side::right), n - 1));
    return take(a, pos);
  }

  /// A random permutation of 0, 1, ..., n - 1 (numpy's permutation(n)): the indices in
  /// the order of 64-bit random keys (a stable sort, so the same in every space).
  template <space S = host_space>
  tensor<index_t, 1, S> permutation(index_t n, S space_tag = {}) {
    if (n < 0) throw shape_error("tandem: permutation: n must be non-negative, got " + std::to_string(n));
    const auto keys = fill<std::uint64_t>(shape<1>{n}, space_tag, detail::key_dist{});
    return argsort(keys);
  }

  /// numpy's permutation(x): a copy of x with its slices along `axis` (0: the rows) in a
  /// random order, the order permutation(n) gives (n the axis' length), in x's space.
  template <operand X>
  auto permutation(const X& x, index_t axis = 0) {
    static_assert(rank_of_v<X> >= 1, "tandem: permutation(x) shuffles the slices of an operand of rank 1 or more");
    const std::size_t ax = tandem::detail::normalize_axis(axis, rank_of_v<X>, "permutation");
    return take(x, permutation(x.shape()[ax], space_of_t<X>{}), axis);
  }

  /// numpy's permuted(x, axis): a copy of x with each lane along `axis` shuffled on its
  /// own (permutation(x, axis) moves whole slices instead); without an axis, every
  /// element shuffled among all (numpy's axis=None). Each lane is ordered by 64-bit
  /// random keys (a stable sort, the same in every space), in x's space.
  template <operand X>
  auto permuted(const X& x, index_t axis) {
    constexpr std::size_t R = rank_of_v<X>;
    static_assert(R >= 1, "tandem: permuted(x, axis) shuffles the lanes of an operand of rank 1 or more");
    (void)tandem::detail::normalize_axis(axis, R, "permuted");
    const auto keys = fill<std::uint64_t>(x.shape(), space_of_t<X>{}, detail::key_dist{});
    return take_along_axis(x, argsort(keys, axis), axis);
  }
  template <operand X>
  auto permuted(const X& x) {
    using V = std::remove_const_t<value_of_t<X>>;
    using S = space_of_t<X>;
    const tensor<V, rank_of_v<X>, S> dense = x;
    tensor<V, 1, S> shuffled =
        take(tensor_view<const V, 1, S>(dense.data(), shape<1>{dense.size()}), permutation(dense.size(), S{}));
    return std::move(shuffled).reshape_into(x.shape());
  }

  /// numpy's shuffle(x): x's slices along `axis` (0: the rows) in a random order, in
  /// place (x a tensor or a writable view; views of x see the new order), as
  /// permutation(x, axis) would order them.
  template <class X>
  void shuffle(X&& x, index_t axis = 0) {
    const auto shuffled = permutation(x, axis);
    if constexpr (tandem::detail::is_tensor_v<std::remove_cvref_t<X>>)
      x.view() = shuffled;
    else
      x = shuffled;
  }

  std::uint64_t seed() const { return seed_; }
  /// How many tensors this generator has drawn: the call number of the next one.
  std::uint64_t calls() const { return calls_; }

 private:
  template <class T>
  static std::string number(T x) {
    return std::to_string(tandem::detail::convert<double>(x));
  }

  // Each distribution's checks (td::error naming the bad argument) and its functor.
  template <class T>
  static detail::uniform_dist<T> uniform_of(T lo, T hi) {
    static_assert(tandem::detail::is_floating_v<T>,
                  "tandem: uniform draws floating-point values (float, double, td::half, td::bfloat16); use "
                  "integers() for integer types");
    if (!(lo < hi))
      throw error("tandem: uniform: lo (" + number(lo) + ") must be below hi (" + number(hi) + ")");
    const double l = tandem::detail::convert<double>(lo), h = tandem::detail::convert<double>(hi);
    if (!std::isfinite(l) || !std::isfinite(h))  // numpy refuses an infinite range too
      throw error("tandem: uniform: the range [" + number(lo) + ", " + number(hi) + ") is not finite");
    bool wide = false;
    if constexpr (!tandem::detail::is_reduced_float_v<T>) wide = !std::isfinite(hi - lo);
    return {lo, hi, wide};
  }
  template <class T>
  static detail::normal_dist<T> normal_of(T mean, T stddev) {
    static_assert(tandem::detail::is_floating_v<T> || tandem::detail::is_complex_v<T>,
                  "tandem: normal draws floating-point values (float, double, td::half, td::bfloat16, "
                  "td::complex)");
    using P = tandem::detail::real_part_t<T>;
    P sd;
    if constexpr (tandem::detail::is_complex_v<T>) {
      if (stddev.imag() != P(0))
        throw error("tandem: normal: stddev (" + number(stddev.real()) + " + " + number(stddev.imag()) +
                    "j) must be a real number");
      sd = stddev.real();
    } else {
      sd = stddev;
    }
    if (!(sd >= P(0)))
      throw error("tandem: normal: stddev (" + number(sd) + ") must be non-negative");
    return {mean, sd};
  }
  template <class T>
  static detail::integer_dist<T> integers_of(T lo, T hi) {
    static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>, "tandem: integers draws integer values");
    if (!(lo < hi))
      throw error("tandem: integers: lo (" + std::to_string(lo) + ") must be below hi (" + std::to_string(hi) + ")");
    return {lo, static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo)};
  }

  template <class T>
  static void check_real() {
    static_assert(std::is_floating_point_v<T>, "tandem: this distribution draws float or double values");
  }
  static void require(bool ok, const char* dist, const std::string& what) {
    if (!ok) throw error(std::string("tandem: ") + dist + ": " + what);
  }
  template <class T, detail::transform_kind Kind>
  static detail::transform_dist<T, Kind> transform_of(double p, double q) {
    check_real<T>();
    return {p, q};
  }
  template <class T>
  static auto lognormal_of(T mean, T sigma) {
    require(sigma >= T(0), "lognormal", "sigma (" + number(sigma) + ") must be non-negative");
    return transform_of<T, detail::transform_kind::lognormal>(mean, sigma);
  }
#define TANDEM_LOCATION_SCALE(name)                                                              \
  template <class T>                                                                             \
  static auto name##_of(T loc, T scale) {                                                        \
    require(scale >= T(0), #name, "scale (" + number(scale) + ") must be non-negative");         \
    return transform_of<T, detail::transform_kind::name>(loc, scale);                            \
  }
  TANDEM_LOCATION_SCALE(laplace)
  TANDEM_LOCATION_SCALE(logistic)
  TANDEM_LOCATION_SCALE(gumbel)
#undef TANDEM_LOCATION_SCALE
  template <class T>
  static auto weibull_of(T a) {
    require(a >= T(0), "weibull", "a (" + number(a) + ") must be non-negative");
    return transform_of<T, detail::transform_kind::weibull>(a, 0);
  }
  template <class T>
  static auto pareto_of(T a) {
    require(a > T(0), "pareto", "a (" + number(a) + ") must be positive");
    return transform_of<T, detail::transform_kind::pareto>(a, 0);
  }
  template <class T>
  static auto rayleigh_of(T scale) {
    require(scale >= T(0), "rayleigh", "scale (" + number(scale) + ") must be non-negative");
    return transform_of<T, detail::transform_kind::rayleigh>(scale, 0);
  }
  template <class T>
  static auto standard_cauchy_of() {
    return transform_of<T, detail::transform_kind::cauchy>(0, 0);
  }
  template <class T>
  static detail::gamma_dist<T, detail::gamma_kind::gamma> gamma_of(T k, T scale) {
    check_real<T>();
    require(k >= T(0), "gamma", "shape (" + number(k) + ") must be non-negative");
    require(scale >= T(0), "gamma", "scale (" + number(scale) + ") must be non-negative");
    return {detail::make_gamma_constants(double(k)), {}, double(scale)};
  }
  template <class T>
  static detail::gamma_dist<T, detail::gamma_kind::beta> beta_of(T a, T b) {
    check_real<T>();
    require(a > T(0) && b > T(0), "beta", "a (" + number(a) + ") and b (" + number(b) + ") must be positive");
    return {detail::make_gamma_constants(double(a)), detail::make_gamma_constants(double(b)), 1.0};
  }
  template <class T>
  static detail::gamma_dist<T, detail::gamma_kind::chisquare> chisquare_of(T df) {
    check_real<T>();
    require(df > T(0), "chisquare", "df (" + number(df) + ") must be positive");
    return {detail::make_gamma_constants(double(df) / 2), {}, 1.0};
  }
  template <class T>
  static detail::gamma_dist<T, detail::gamma_kind::student> standard_t_of(T df) {
    check_real<T>();
    require(df > T(0), "standard_t", "df (" + number(df) + ") must be positive");
    return {detail::make_gamma_constants(double(df) / 2), {}, double(df)};
  }
  template <class I>
  static detail::poisson_dist<I> poisson_of(double lam) {
    static_assert(std::is_integral_v<I> && !std::is_same_v<I, bool>, "tandem: poisson draws integer values");
    // numpy's limit: larger means make the rejection's numbers lose their integers.
    require(lam >= 0 && lam <= 1e18, "poisson", "lam (" + std::to_string(lam) + ") must lie in [0, 1e18]");
    return {detail::make_poisson_constants(lam)};
  }
  template <class I>
  static detail::binomial_dist<I> binomial_of(std::int64_t n, double p) {
    static_assert(std::is_integral_v<I> && !std::is_same_v<I, bool>, "tandem: binomial draws integer values");
    require(n >= 0, "binomial", "n (" + std::to_string(n) + ") must be non-negative");
    require(p >= 0 && p <= 1, "binomial", "p (" + std::to_string(p) + ") must lie in [0, 1]");
    require(static_cast<double>(n) <= static_cast<double>(std::numeric_limits<I>::max()), "binomial",
            "n (" + std::to_string(n) + ") does not fit the element type");
    return {detail::make_binomial_constants(n, p)};
  }
  template <class I>
  static detail::geometric_dist<I> geometric_of(double p) {
    static_assert(std::is_integral_v<I> && !std::is_same_v<I, bool>, "tandem: geometric draws integer values");
    require(p > 0 && p <= 1, "geometric", "p (" + std::to_string(p) + ") must lie in (0, 1]");
    return {std::log1p(-p), std::ldexp(1.0, std::numeric_limits<I>::digits), std::numeric_limits<I>::max()};
  }

  /// choice's positions: uniform integers in [0, n), or the first count of a permutation.
  template <class S>
  tensor<index_t, 1, S> choice_positions(index_t n, index_t count, bool replace, S space_tag) {
    if (n < 0 || count < 0)
      throw shape_error("tandem: choice: sizes must be non-negative, got " + std::to_string(n) + " elements and count " +
                        std::to_string(count));
    if (count == 0) return tensor<index_t, 1, S>(shape<1>{0});
    if (n == 0) throw error("tandem: choice: cannot draw from an empty operand");
    if (replace) return integers<index_t>(shape<1>{count}, space_tag, index_t(0), n);
    if (count > n)
      throw error("tandem: choice: cannot take " + std::to_string(count) + " distinct elements of " + std::to_string(n) +
                  " without replacement");
    const auto all = permutation(n, space_tag);
    return tensor<index_t, 1, S>(tandem::detail::along(all.view(), 0, 0, count));
  }

  template <class T, std::size_t R, class S, class Dist>
  tensor<T, R, S> fill(const shape<R>& extents, S space_tag, const Dist& dist) {
    tensor<T, R, S> out(extents, uninitialized);
    const std::uint64_t call = calls_++;
    for_each(space_tag, out.size(),
             detail::random_fill_kernel<T, Dist>{out.data(), dist, static_cast<std::uint32_t>(seed_),
                                          static_cast<std::uint32_t>(seed_ >> 32), static_cast<std::uint32_t>(call),
                                          static_cast<std::uint32_t>(call >> 32)});
    return out;
  }

  /// A distributed tensor of `extents` over `group`, each block filled with the values
  /// of its global indices. dist_block (td::dist, found through the group's namespace)
  /// makes the tensor and hands each block's storage and first global index to fill.
  template <class T, class G, std::size_t R, class S, class Dist>
  auto fill_group(const G& group, const shape<R>& extents, S space_tag, const Dist& dist) {
    const std::uint64_t call = calls_++;
    const std::uint64_t seed = seed_;
    return dist_block<T>(group, extents, space_tag, [&](T* out, index_t count, index_t first) {
      for_each(space_tag, count,
               detail::random_fill_kernel<T, Dist>{out, dist, static_cast<std::uint32_t>(seed),
                                                   static_cast<std::uint32_t>(seed >> 32),
                                                   static_cast<std::uint32_t>(call),
                                                   static_cast<std::uint32_t>(call >> 32), first});
    });
  }

  std::uint64_t seed_;
  std::uint64_t calls_ = 0;
};

}  // namespace tandem::random
