#pragma once
/// \file random/generator.hpp
/// `td::random::generator`: uniform, normal and integer tensors in any space.
///
/// \code
/// td::random::generator g{42};
/// auto u = g.uniform<float>({1 << 20}, td::device);            // [0, 1)
/// auto n = g.normal<double>({256, 256}, td::host, 0.0, 2.0);   // mean 0, stddev 2
/// auto k = g.integers<int>({100}, td::device, 1, 7);           // dice: [1, 7)
/// \endcode
/// Counter-based: element i of the c-th call is Philox-4x32-10 of the counter
/// (i, c) under the key `seed`, so values depend on (seed, call number, element index)
/// alone: bitwise the same on host and device and for any number of threads. Each call
/// advances the call number, so consecutive calls differ. Not safe to share between
/// threads without a lock, as std engines are not.

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include <cuda/std/cmath>

#include "../algorithm/for_each.hpp"
#include "../config.hpp"
#include "../error.hpp"
#include "../shape.hpp"
#include "../space.hpp"
#include "../tensor.hpp"
#include "philox.hpp"

namespace tandem::random {
namespace detail {

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
#if TANDEM_DEVICE_CODE
  if constexpr (sizeof(T) <= 4)
    return __fadd_rn(lo, __fmul_rn(width, u));
  else
    return __dadd_rn(lo, __dmul_rn(width, u));
#else
  return lo + width * u;
#endif
}

template <class T>
struct uniform_dist {
  T lo, hi;
  TANDEM_HD T operator()(const words4& r) const {
    const T x = scale_and_shift(lo, hi - lo, unit_interval<T>(r, 0));
    return x < hi ? x : lo;  // rounding can reach hi when the interval is wide; keep [lo, hi)
  }
};

/// Box-Muller: one normal value from two uniform ones.
template <class T>
struct normal_dist {
  T mean, stddev;
  TANDEM_HD T operator()(const words4& r) const {
    constexpr int step = sizeof(T) <= 4 ? 1 : 2;
    const T u1 = T(1) - unit_interval<T>(r, 0);  // (0, 1]: the log is finite
    const T u2 = unit_interval<T>(r, step);
    const T radius = ::cuda::std::sqrt(T(-2) * ::cuda::std::log(u1));
    return mean + stddev * radius * ::cuda::std::cos(T(6.283185307179586476925286766559) * u2);
  }
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

template <class T, class Dist>
struct random_fill {
  T* out;
  Dist dist;
  std::uint32_t key0, key1, call0, call1;
  TANDEM_HD void operator()(index_t i) const {
    const auto u = static_cast<std::uint64_t>(i);
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
    static_assert(std::is_floating_point_v<T>, "tandem: uniform draws floating-point values; use integers()");
    if (!(lo < hi))
      throw error("tandem: uniform: lo (" + std::to_string(lo) + ") must be below hi (" + std::to_string(hi) + ")");
    return fill<T>(extents, space_tag, detail::uniform_dist<T>{lo, hi});
  }
  template <class T, std::size_t R, space S>
  tensor<T, R, S> uniform(const index_t (&extents)[R], S space_tag, T lo = T(0), T hi = T(1)) {
    return uniform<T>(tandem::detail::to_shape(extents), space_tag, lo, hi);
  }

  /// Normally distributed values (Box-Muller).
  template <class T, std::size_t R, space S>
  tensor<T, R, S> normal(const shape<R>& extents, S space_tag, T mean = T(0), T stddev = T(1)) {
    static_assert(std::is_floating_point_v<T>, "tandem: normal draws floating-point values");
    if (!(stddev >= T(0)))
      throw error("tandem: normal: stddev (" + std::to_string(stddev) + ") must be non-negative");
    return fill<T>(extents, space_tag, detail::normal_dist<T>{mean, stddev});
  }
  template <class T, std::size_t R, space S>
  tensor<T, R, S> normal(const index_t (&extents)[R], S space_tag, T mean = T(0), T stddev = T(1)) {
    return normal<T>(tandem::detail::to_shape(extents), space_tag, mean, stddev);
  }

  /// Integers drawn uniformly from [lo, hi), as numpy's integers.
  template <class T, std::size_t R, space S>
  tensor<T, R, S> integers(const shape<R>& extents, S space_tag, T lo, T hi) {
    static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>, "tandem: integers draws integer values");
    if (!(lo < hi))
      throw error("tandem: integers: lo (" + std::to_string(lo) + ") must be below hi (" + std::to_string(hi) + ")");
    const auto range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
    return fill<T>(extents, space_tag, detail::integer_dist<T>{lo, range});
  }
  template <class T, std::size_t R, space S>
  tensor<T, R, S> integers(const index_t (&extents)[R], S space_tag, T lo, T hi) {
    return integers<T>(tandem::detail::to_shape(extents), space_tag, lo, hi);
  }

  std::uint64_t seed() const { return seed_; }
  /// How many tensors this generator has drawn: the call number of the next one.
  std::uint64_t calls() const { return calls_; }

 private:
  template <class T, std::size_t R, class S, class Dist>
  tensor<T, R, S> fill(const shape<R>& extents, S space_tag, const Dist& dist) {
    tensor<T, R, S> out(extents, uninitialized);
    const std::uint64_t call = calls_++;
    for_each(space_tag, out.size(),
             detail::random_fill<T, Dist>{out.data(), dist, static_cast<std::uint32_t>(seed_),
                                          static_cast<std::uint32_t>(seed_ >> 32), static_cast<std::uint32_t>(call),
                                          static_cast<std::uint32_t>(call >> 32)});
    return out;
  }

  std::uint64_t seed_;
  std::uint64_t calls_ = 0;
};

}  // namespace tandem::random
