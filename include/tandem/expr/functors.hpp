#pragma once
/// \file expr/functors.hpp
/// The TANDEM_HD functors behind the operators and elementwise functions.

#include <type_traits>

#include "../backend/portable.hpp"
#include "../config.hpp"
#include "../half.hpp"

namespace tandem::detail {

/// Two element types that C++ cannot combine directly: a 16-bit float with another type
/// (CUDA's __half + float is ambiguous). Both sides are converted to
/// common_element_t first.
template <class X, class Y>
inline constexpr bool must_meet_v = (is_reduced_float_v<X> || is_reduced_float_v<Y>) && !std::is_same_v<X, Y>;

#define TANDEM_BINARY_FUNCTOR(name, expr)                                  \
  struct name {                                                            \
    template <class X, class Y>                                            \
    TANDEM_HD constexpr auto operator()(X x, Y y) const {                  \
      if constexpr (must_meet_v<X, Y>) {                                     \
        using C = common_element_t<X, Y>;                                  \
        return (*this)(convert<C>(x), convert<C>(y));                      \
      } else {                                                             \
        return expr;                                                       \
      }                                                                    \
    }                                                                      \
  };

// ---- integer arithmetic without undefined behaviour --------------------------------
// Signed integers wrap around (two's complement) where C++ leaves overflow undefined,
// as numpy's fixed-width integers do; an integer division by zero gives 0 (numpy's
// result too), and the minimum divided by -1 wraps to the minimum.

/// The type x op y has after C++'s usual promotions.
template <class X, class Y>
using promoted_t = decltype(X() + Y());
template <class X, class Y>
constexpr bool wraps_impl() {
  if constexpr (std::is_integral_v<X> && std::is_integral_v<Y>)
    return std::is_signed_v<promoted_t<X, Y>>;
  else
    return false;  // (promoted_t is not formed: CUDA's __half + float is ambiguous)
}
template <class X, class Y>
inline constexpr bool wraps_v = wraps_impl<X, Y>();

/// x op y in the promoted type; signed results computed in its unsigned twin, which wraps.
template <class X, class Y, class Op>
TANDEM_HD constexpr auto wrapping(X x, Y y, Op op) {
  using C = promoted_t<X, Y>;
  using U = std::make_unsigned_t<C>;
  return static_cast<C>(op(static_cast<U>(static_cast<C>(x)), static_cast<U>(static_cast<C>(y))));
}
struct plain_add_fn {
  template <class U>
  TANDEM_HD constexpr U operator()(U a, U b) const { return static_cast<U>(a + b); }
};
struct plain_subtract_fn {
  template <class U>
  TANDEM_HD constexpr U operator()(U a, U b) const { return static_cast<U>(a - b); }
};
struct plain_multiply_fn {
  template <class U>
  TANDEM_HD constexpr U operator()(U a, U b) const { return static_cast<U>(a * b); }
};

template <class X, class Y>
TANDEM_HD constexpr auto add(X x, Y y) {
  if constexpr (wraps_v<X, Y>) return wrapping(x, y, plain_add_fn{});
  else return x + y;
}
template <class X, class Y>
TANDEM_HD constexpr auto subtract(X x, Y y) {
  if constexpr (wraps_v<X, Y>) return wrapping(x, y, plain_subtract_fn{});
  else return x - y;
}
template <class X, class Y>
TANDEM_HD constexpr auto multiply(X x, Y y) {
  // unsigned short * unsigned short promotes to int and can overflow it: wrap there too.
  if constexpr (wraps_v<X, Y>) return wrapping(x, y, plain_multiply_fn{});
  else return x * y;
}
template <class X, class Y>
TANDEM_HD constexpr auto divide(X x, Y y) {
  if constexpr (std::is_integral_v<X> && std::is_integral_v<Y>) {
    using C = promoted_t<X, Y>;
    const C a = static_cast<C>(x), b = static_cast<C>(y);
    if (b == C(0)) return C(0);
    if constexpr (std::is_signed_v<C>) {
      if (b == C(-1)) return subtract(C(0), a);  // the minimum over -1 wraps
    }
    return static_cast<C>(a / b);
  } else {
    return x / y;
  }
}

TANDEM_BINARY_FUNCTOR(plus_fn, add(x, y))
TANDEM_BINARY_FUNCTOR(minus_fn, subtract(x, y))
TANDEM_BINARY_FUNCTOR(multiplies_fn, multiply(x, y))
TANDEM_BINARY_FUNCTOR(divides_fn, divide(x, y))
TANDEM_BINARY_FUNCTOR(logical_and_fn, static_cast<bool>(x) && static_cast<bool>(y))
TANDEM_BINARY_FUNCTOR(logical_or_fn, static_cast<bool>(x) || static_cast<bool>(y))
#undef TANDEM_BINARY_FUNCTOR

// ---- comparisons by value ----------------------------------------------------------
// As numpy 2 compares: by the mathematical values, whatever the two types are. An
// int32 against an int64 beyond its range, signed against unsigned, and integers
// against floats beyond 2^24 or 2^53 all give the exact answer.

/// How x stands to y; unordered when either is NaN.
enum class order_of : int { less = -1, equal = 0, greater = 1, unordered = 2 };

template <class A>
TANDEM_HD constexpr order_of three_way(A a, A b) {
  return a < b ? order_of::less : (b < a ? order_of::greater : (a == b ? order_of::equal : order_of::unordered));
}
TANDEM_HD constexpr order_of reversed(order_of o) {
  return o == order_of::less ? order_of::greater : (o == order_of::greater ? order_of::less : o);
}

/// An integer (of at most 64 bits) against a double, exactly.
template <class I>
TANDEM_HD constexpr order_of integer_vs_double(I i, double d) {
  if (d != d) return order_of::unordered;
  if constexpr (sizeof(I) < 8) {
    return three_way(static_cast<double>(i), d);  // exact: every such integer is a double
  } else {
    constexpr double two_63 = 9223372036854775808.0;
    constexpr double top = std::is_signed_v<I> ? two_63 : 2 * two_63;
    constexpr double bottom = std::is_signed_v<I> ? -two_63 : 0.0;
    if (d >= top) return order_of::less;
    if (d < bottom) return order_of::greater;
    const double whole = ::tandem::detail::pstd::floor(d);  // in [bottom, top): converts exactly
    const I w = static_cast<I>(whole);
    if (i != w) return i < w ? order_of::less : order_of::greater;
    return d > whole ? order_of::less : order_of::equal;
  }
}

template <class X, class Y>
TANDEM_HD constexpr order_of compare_values(X x, Y y) {
  if constexpr (is_reduced_float_v<X> && std::is_same_v<X, Y>) {
    return three_way(x, y);
  } else if constexpr (is_reduced_float_v<X>) {
    return compare_values(static_cast<float>(x), y);
  } else if constexpr (is_reduced_float_v<Y>) {
    return compare_values(x, static_cast<float>(y));
  } else if constexpr (std::is_same_v<X, bool> || std::is_same_v<Y, bool>) {
    using C = std::conditional_t<std::is_same_v<X, bool>, int, X>;
    using D = std::conditional_t<std::is_same_v<Y, bool>, int, Y>;
    return compare_values(static_cast<C>(x), static_cast<D>(y));
  } else if constexpr (std::is_floating_point_v<X> && std::is_floating_point_v<Y>) {
    using C = std::common_type_t<X, Y>;  // widening is exact
    return three_way(static_cast<C>(x), static_cast<C>(y));
  } else if constexpr (std::is_floating_point_v<Y>) {
    return integer_vs_double(x, static_cast<double>(y));
  } else if constexpr (std::is_floating_point_v<X>) {
    return reversed(integer_vs_double(y, static_cast<double>(x)));
  } else if constexpr (std::is_signed_v<X> == std::is_signed_v<Y>) {
    using C = std::common_type_t<X, Y>;  // the wider of two same-signed types holds both
    return three_way(static_cast<C>(x), static_cast<C>(y));
  } else if constexpr (std::is_signed_v<X>) {
    if (x < 0) return order_of::less;
    return three_way(static_cast<unsigned long long>(x), static_cast<unsigned long long>(y));
  } else {
    if (y < 0) return order_of::greater;
    return three_way(static_cast<unsigned long long>(x), static_cast<unsigned long long>(y));
  }
}

/// Same types compare directly (the common, fast case); others by value.
#define TANDEM_COMPARISON_FUNCTOR(name, op, test)                          \
  struct name {                                                            \
    template <class X, class Y>                                            \
    TANDEM_HD constexpr bool operator()(X x, Y y) const {                  \
      if constexpr (std::is_same_v<X, Y>) {                                \
        return x op y;                                                     \
      } else {                                                             \
        const order_of o = compare_values(x, y);                           \
        return test;                                                       \
      }                                                                    \
    }                                                                      \
  };
TANDEM_COMPARISON_FUNCTOR(equal_fn, ==, o == order_of::equal)
TANDEM_COMPARISON_FUNCTOR(not_equal_fn, !=, o != order_of::equal)
TANDEM_COMPARISON_FUNCTOR(less_fn, <, o == order_of::less)
TANDEM_COMPARISON_FUNCTOR(less_equal_fn, <=, o == order_of::less || o == order_of::equal)
TANDEM_COMPARISON_FUNCTOR(greater_fn, >, o == order_of::greater)
TANDEM_COMPARISON_FUNCTOR(greater_equal_fn, >=, o == order_of::greater || o == order_of::equal)
#undef TANDEM_COMPARISON_FUNCTOR

struct negate_fn {
  template <class X>
  TANDEM_HD constexpr auto operator()(X x) const {
    if constexpr (std::is_integral_v<X>)
      return subtract(X(0), x);  // -INT_MIN wraps to INT_MIN, as numpy's negative does
    else
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
    // A NaN a loses every comparison, so m is a then; a NaN b is taken explicitly. This
    // form vectorizes (a max or min, an unordered compare, a blend).
    const R m = (Larger ? a < b : b < a) ? b : a;
    return is_nan(b) ? b : m;
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
      return x < 0 ? static_cast<X>(subtract(X(0), x)) : x;  // abs(INT_MIN) wraps to INT_MIN, as numpy's
    else if constexpr (is_reduced_float_v<X>)
      return static_cast<X>(::tandem::detail::pstd::fabs(static_cast<float>(x)));
    else
      return ::tandem::detail::pstd::fabs(x);
  }
};
// A 16-bit float is computed in float and rounded back.
#define TANDEM_MATH_FUNCTOR(name, fn)                                         \
  struct name {                                                               \
    template <class X>                                                        \
    TANDEM_HD auto operator()(X x) const {                                    \
      if constexpr (is_reduced_float_v<X>)                                    \
        return static_cast<X>(::tandem::detail::pstd::fn(static_cast<float>(x)));        \
      else                                                                    \
        return ::tandem::detail::pstd::fn(x);                                            \
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
    if constexpr (must_meet_v<X, Y>) {
      using C = common_element_t<X, Y>;
      return (*this)(convert<C>(x), convert<C>(y));
    } else if constexpr (is_reduced_float_v<X>) {
      return static_cast<X>(::tandem::detail::pstd::pow(static_cast<float>(x), static_cast<float>(y)));
    } else {
      return ::tandem::detail::pstd::pow(x, y);
    }
  }
};

}  // namespace tandem::detail
