#pragma once
/// \file expr/functors.hpp
/// The TANDEM_HD functors behind the operators and elementwise functions.

#include <cuda/std/cmath>
#include <type_traits>

#include "../config.hpp"
#include "../half.hpp"

namespace tandem::detail {

/// Two element types that C++ cannot combine directly: a 16-bit float with another type
/// (CUDA's __half + float is ambiguous). Both sides are converted to
/// common_element_t first.
template <class X, class Y>
inline constexpr bool must_meet = (is_reduced_float_v<X> || is_reduced_float_v<Y>) && !std::is_same_v<X, Y>;

#define TANDEM_BINARY_FUNCTOR(name, expr)                                  \
  struct name {                                                            \
    template <class X, class Y>                                            \
    TANDEM_HD constexpr auto operator()(X x, Y y) const {                  \
      if constexpr (must_meet<X, Y>) {                                     \
        using C = common_element_t<X, Y>;                                  \
        return (*this)(convert<C>(x), convert<C>(y));                      \
      } else {                                                             \
        return expr;                                                       \
      }                                                                    \
    }                                                                      \
  };
TANDEM_BINARY_FUNCTOR(plus_fn, x + y)
TANDEM_BINARY_FUNCTOR(minus_fn, x - y)
TANDEM_BINARY_FUNCTOR(multiplies_fn, x * y)
TANDEM_BINARY_FUNCTOR(divides_fn, x / y)
TANDEM_BINARY_FUNCTOR(equal_fn, x == y)
TANDEM_BINARY_FUNCTOR(not_equal_fn, x != y)
TANDEM_BINARY_FUNCTOR(less_fn, x < y)
TANDEM_BINARY_FUNCTOR(less_equal_fn, x <= y)
TANDEM_BINARY_FUNCTOR(greater_fn, x > y)
TANDEM_BINARY_FUNCTOR(greater_equal_fn, x >= y)
TANDEM_BINARY_FUNCTOR(logical_and_fn, static_cast<bool>(x) && static_cast<bool>(y))
TANDEM_BINARY_FUNCTOR(logical_or_fn, static_cast<bool>(x) || static_cast<bool>(y))
#undef TANDEM_BINARY_FUNCTOR

struct negate_fn {
  template <class X>
  TANDEM_HD constexpr auto operator()(X x) const {
    return -x;
  }
};
struct logical_not_fn {
  template <class X>
  TANDEM_HD constexpr bool operator()(X x) const {
    return !static_cast<bool>(x);
  }
};

/// NaN test that is a constant `false` for integers.
template <class X>
TANDEM_HD constexpr bool is_nan(X x) {
  if constexpr (is_floating_v<X>)
    return x != x;
  else
    return false;
}

/// numpy's maximum (Larger) and minimum: a NaN in either operand gives NaN.
template <bool Larger>
struct extreme_fn {
  template <class X, class Y>
  TANDEM_HD constexpr auto operator()(X x, Y y) const {
    using R = common_element_t<X, Y>;
    const R a = convert<R>(x), b = convert<R>(y);
    const bool take_b = Larger ? a < b : b < a;
    return is_nan(a) ? a : (is_nan(b) ? b : (take_b ? b : a));
  }
};
using maximum_fn = extreme_fn<true>;
using minimum_fn = extreme_fn<false>;
struct clamp_fn {
  template <class X, class L, class H>
  TANDEM_HD constexpr auto operator()(X x, L lo, H hi) const {
    return minimum_fn{}(maximum_fn{}(x, lo), hi);
  }
};
struct where_fn {
  template <class C, class X, class Y>
  TANDEM_HD constexpr common_element_t<X, Y> operator()(C c, X x, Y y) const {
    using R = common_element_t<X, Y>;
    return static_cast<bool>(c) ? convert<R>(x) : convert<R>(y);
  }
};
template <class U>
struct cast_fn {
  template <class X>
  TANDEM_HD constexpr U operator()(X x) const {
    return convert<U>(x);
  }
};

struct abs_fn {
  template <class X>
  TANDEM_HD auto operator()(X x) const {
    if constexpr (std::is_same_v<X, bool> || std::is_unsigned_v<X>)
      return x;
    else if constexpr (std::is_integral_v<X>)
      return x < 0 ? static_cast<X>(-x) : x;
    else if constexpr (is_reduced_float_v<X>)
      return static_cast<X>(::cuda::std::fabs(static_cast<float>(x)));
    else
      return ::cuda::std::fabs(x);
  }
};
// A 16-bit float is computed in float and rounded back.
#define TANDEM_MATH_FUNCTOR(name, fn)                                         \
  struct name {                                                               \
    template <class X>                                                        \
    TANDEM_HD auto operator()(X x) const {                                    \
      if constexpr (is_reduced_float_v<X>)                                    \
        return static_cast<X>(::cuda::std::fn(static_cast<float>(x)));        \
      else                                                                    \
        return ::cuda::std::fn(x);                                            \
    }                                                                         \
  };
TANDEM_MATH_FUNCTOR(exp_fn, exp)
TANDEM_MATH_FUNCTOR(log_fn, log)
TANDEM_MATH_FUNCTOR(sqrt_fn, sqrt)
TANDEM_MATH_FUNCTOR(sin_fn, sin)
TANDEM_MATH_FUNCTOR(cos_fn, cos)
TANDEM_MATH_FUNCTOR(tanh_fn, tanh)
#undef TANDEM_MATH_FUNCTOR
struct pow_fn {
  template <class X, class Y>
  TANDEM_HD auto operator()(X x, Y y) const {
    if constexpr (must_meet<X, Y>) {
      using C = common_element_t<X, Y>;
      return (*this)(convert<C>(x), convert<C>(y));
    } else if constexpr (is_reduced_float_v<X>) {
      return static_cast<X>(::cuda::std::pow(static_cast<float>(x), static_cast<float>(y)));
    } else {
      return ::cuda::std::pow(x, y);
    }
  }
};

}  // namespace tandem::detail
