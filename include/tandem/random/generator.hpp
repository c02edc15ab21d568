#pragma once
/// \file random/generator.hpp
/// `td::random::generator`: uniform, normal and integer tensors in any space.
///
/// \code
/// td::random::generator g{42};
/// auto u = g.uniform<float>({1 << 20}, td::device);            // [0, 1)
/// auto n = g.normal<double>({256, 256}, td::host, 0.0, 2.0);   // mean 0, stddev 2
/// auto k = g.integers<int>({100}, td::device, 1, 7);           // dice: [1, 7)
/// auto k2 = g.integers(1, 7, {100}, td::device);                // numpy's order works too
/// auto x = g.normal<double>({8});                              // no space: host memory
/// auto h = g.uniform<td::half>({1024}, td::device);             // drawn in float, rounded
/// \endcode
/// Counter-based: element i of the c-th call is Philox-4x32-10 of the counter
/// (i, c) under the key `seed`, so values depend on (seed, call number, element index)
/// alone: bitwise the same on host and device and for any number of threads. Each call
/// advances the call number, so consecutive calls differ. Not safe to share between
/// threads without a lock, as std engines are not.

#include <cstddef>
#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

#include "../algorithm/for_each.hpp"
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

  /// A random permutation of 0, 1, ..., n - 1 (numpy's permutation(n)): the indices in
  /// the order of 64-bit random keys (a stable sort, so the same in every space).
  template <space S = host_space>
  tensor<index_t, 1, S> permutation(index_t n, S space_tag = {}) {
    if (n < 0) throw shape_error("tandem: permutation: n must be non-negative, got " + std::to_string(n));
    const auto keys = fill<std::uint64_t>(shape<1>{n}, space_tag, detail::key_dist{});
    return argsort(keys);
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
