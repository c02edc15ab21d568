#pragma once
/// \file expr/functors.hpp
/// The TANDEM_HD functors behind the operators and elementwise functions.

#include <cstdint>
#include <type_traits>

#include "../backend/portable.hpp"
#include "../config.hpp"
#include "../half.hpp"

namespace tandem::detail {

/// Two element types that C++ cannot combine directly: a 16-bit float with another type
/// (CUDA's __half + float is ambiguous). Both sides are converted to
/// common_element_t first.
template <class X, class Y>
inline constexpr bool must_meet_v = (is_reduced_float_v<X> || is_reduced_float_v<Y> || is_complex_v<X> ||
                                     is_complex_v<Y>) &&
                                    !std::is_same_v<X, Y>;

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
TANDEM_BINARY_FUNCTOR(logical_xor_fn, static_cast<bool>(x) != static_cast<bool>(y))

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

/// NaN test that is a constant `false` for integers; a complex number is NaN when either
/// part is (numpy's isnan).
template <class X>
TANDEM_HD constexpr bool is_nan(X x) {
  if constexpr (is_complex_v<X>)
    return x.real() != x.real() || x.imag() != x.imag();
  else if constexpr (is_floating_v<X>)
    return x != x;
  else
    return false;
}

/// numpy's maximum (Larger) and minimum: a NaN in either operand gives NaN.
template <bool Larger>
struct extreme_fn {
  static constexpr bool rolled_lanes = true;  // core/pairwise.hpp: vectorizes kept rolled
  static constexpr bool wide_vectors = true;  // compares and selects: backend/host/loops.hpp
  template <class X, class Y>
  TANDEM_HD constexpr auto operator()(X x, Y y) const {
    using R = common_element_t<X, Y>;
    const R a = convert<R>(x), b = convert<R>(y);
    // Equal operands give b, as numpy's maximum and minimum do on x86 (maximum(-0., 0.)
    // is +0, maximum(0., -0.) is -0). A NaN b loses every comparison, so m is b then; a
    // NaN a is taken explicitly. This form vectorizes (a max or min, an unordered
    // compare, a blend).
    const R m = (Larger ? b < a : a < b) ? a : b;
    return is_nan(a) ? a : m;
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
    if constexpr (is_complex_v<X>)
      return ::tandem::detail::pstd::hypot(x.real(), x.imag());  // |z|, a real number
    else if constexpr (std::is_same_v<X, bool> || std::is_unsigned_v<X>)
      return x;
    else if constexpr (std::is_integral_v<X>)
      return x < 0 ? static_cast<X>(subtract(X(0), x)) : x;  // abs(INT_MIN) wraps to INT_MIN, as numpy's
    else if constexpr (is_reduced_float_v<X>)
      return static_cast<X>(::tandem::detail::pstd::fabs(static_cast<float>(x)));
    else
      return ::tandem::detail::pstd::fabs(x);
  }
};
// ---- floating-point functions -------------------------------------------------------
/// The type a floating-point function of X computes in: X itself for float and double,
/// float for the 16-bit floats (the result is rounded back), double for integers and
/// bool (numpy's float64).
template <class X>
using math_t = std::conditional_t<
    is_reduced_float_v<X>, float, std::conditional_t<std::is_floating_point_v<X> || is_complex_v<X>, X, double>>;
/// What such a function gives: X for a 16-bit float, else math_t<X>.
template <class X>
using math_result_t = std::conditional_t<is_reduced_float_v<X>, X, math_t<X>>;

/// The complex forms of the math functions, called unqualified so that the complex
/// type's own (libcu++'s) are found where it is declared. A function numpy does not
/// define for complex numbers fails to compile with a message naming it.
namespace complex_math {
template <class Z>
inline constexpr bool no_complex_form = false;
#define TANDEM_COMPLEX_FORM(fn)                 \
  template <class Z>                            \
  TANDEM_HD Z fn(const Z& z) {                  \
    return complex_##fn(z);                     \
  }
#define TANDEM_REAL_ONLY(fn)                                                                    \
  template <class Z>                                                                            \
  TANDEM_HD Z fn(const Z& z) {                                                                  \
    static_assert(no_complex_form<Z>, "tandem: td::" #fn " takes real operands only (numpy has " \
                                      "no complex " #fn ")");                                   \
    return z;                                                                                   \
  }
template <class Z> TANDEM_HD auto complex_exp(const Z& z) { return exp(z); }
template <class Z> TANDEM_HD auto complex_log(const Z& z) { return log(z); }
template <class Z> TANDEM_HD auto complex_sqrt(const Z& z) { return sqrt(z); }
template <class Z> TANDEM_HD auto complex_sin(const Z& z) { return sin(z); }
template <class Z> TANDEM_HD auto complex_cos(const Z& z) { return cos(z); }
template <class Z> TANDEM_HD auto complex_tan(const Z& z) { return tan(z); }
template <class Z> TANDEM_HD auto complex_sinh(const Z& z) { return sinh(z); }
template <class Z> TANDEM_HD auto complex_cosh(const Z& z) { return cosh(z); }
template <class Z> TANDEM_HD auto complex_tanh(const Z& z) { return tanh(z); }
template <class Z> TANDEM_HD auto complex_asin(const Z& z) { return asin(z); }
template <class Z> TANDEM_HD auto complex_acos(const Z& z) { return acos(z); }
template <class Z> TANDEM_HD auto complex_atan(const Z& z) { return atan(z); }
template <class Z> TANDEM_HD auto complex_asinh(const Z& z) { return asinh(z); }
template <class Z> TANDEM_HD auto complex_acosh(const Z& z) { return acosh(z); }
template <class Z> TANDEM_HD auto complex_atanh(const Z& z) { return atanh(z); }
template <class Z> TANDEM_HD auto complex_log10(const Z& z) { return log10(z); }
template <class Z> TANDEM_HD Z complex_pow(const Z& z, const Z& w) { return pow(z, w); }
/// log2 z = log z / log 2, and 2^z = exp(z log 2), as numpy computes them.
template <class Z> TANDEM_HD auto complex_log2(const Z& z) {
  return log(z) / typename Z::value_type(0.69314718055994530942);
}
template <class Z> TANDEM_HD auto complex_exp2(const Z& z) {
  return exp(z * typename Z::value_type(0.69314718055994530942));
}
/// exp(z) - 1 and log(1 + z) (not the cancellation-free forms numpy uses near 0).
template <class Z> TANDEM_HD auto complex_expm1(const Z& z) { return exp(z) - Z(1); }
template <class Z> TANDEM_HD auto complex_log1p(const Z& z) { return log(Z(1) + z); }
TANDEM_COMPLEX_FORM(exp) TANDEM_COMPLEX_FORM(log) TANDEM_COMPLEX_FORM(sqrt)
TANDEM_COMPLEX_FORM(sin) TANDEM_COMPLEX_FORM(cos) TANDEM_COMPLEX_FORM(tan)
TANDEM_COMPLEX_FORM(sinh) TANDEM_COMPLEX_FORM(cosh) TANDEM_COMPLEX_FORM(tanh)
TANDEM_COMPLEX_FORM(asin) TANDEM_COMPLEX_FORM(acos) TANDEM_COMPLEX_FORM(atan)
TANDEM_COMPLEX_FORM(asinh) TANDEM_COMPLEX_FORM(acosh) TANDEM_COMPLEX_FORM(atanh)
TANDEM_COMPLEX_FORM(log10) TANDEM_COMPLEX_FORM(log2) TANDEM_COMPLEX_FORM(exp2)
TANDEM_COMPLEX_FORM(expm1) TANDEM_COMPLEX_FORM(log1p)
TANDEM_REAL_ONLY(cbrt) TANDEM_REAL_ONLY(erf) TANDEM_REAL_ONLY(erfc)
#undef TANDEM_COMPLEX_FORM
#undef TANDEM_REAL_ONLY
}  // namespace complex_math

// ---- the parts of complex numbers --------------------------------------------------
// As numpy's: real and conj of a real operand return it, imag gives zeros of its type,
// angle gives 0 or pi (for negative values) in math_t.

struct real_fn {
  template <class X>
  TANDEM_HD constexpr auto operator()(X x) const {
    if constexpr (is_complex_v<X>)
      return x.real();
    else
      return x;
  }
};
struct imag_fn {
  template <class X>
  TANDEM_HD constexpr auto operator()(X x) const {
    if constexpr (is_complex_v<X>)
      return x.imag();
    else
      return X(0);
  }
};
struct conj_fn {
  template <class X>
  TANDEM_HD constexpr X operator()(X x) const {
    if constexpr (is_complex_v<X>)
      return X(x.real(), -x.imag());
    else
      return x;
  }
};
/// The argument of z in (-pi, pi], atan2(imag, real), as numpy's angle.
struct angle_fn {
  template <class X>
  TANDEM_HD auto operator()(X x) const {
    if constexpr (is_complex_v<X>) {
      return ::tandem::detail::pstd::atan2(x.imag(), x.real());
    } else {
      using M = math_t<X>;
      return static_cast<math_result_t<X>>(::tandem::detail::pstd::atan2(M(0), static_cast<M>(x)));
    }
  }
};

/// A function of one floating-point argument, through math_t.
/// A complex argument takes the complex function (found by argument-dependent lookup,
/// as libcu++ declares it beside its complex type); numpy has no complex form of the
/// functions marked real_only.
#define TANDEM_MATH_FUNCTOR(name, fn)                                                        \
  struct name {                                                                              \
    template <class X>                                                                       \
    TANDEM_HD auto operator()(X x) const {                                                   \
      if constexpr (is_complex_v<X>) {                                                       \
        return complex_math::fn(x);                                                          \
      } else {                                                                               \
        return static_cast<math_result_t<X>>(::tandem::detail::pstd::fn(static_cast<math_t<X>>(x))); \
      }                                                                                      \
    }                                                                                        \
  };
TANDEM_MATH_FUNCTOR(exp_fn, exp)
TANDEM_MATH_FUNCTOR(log_fn, log)
TANDEM_MATH_FUNCTOR(sqrt_fn, sqrt)
TANDEM_MATH_FUNCTOR(sin_fn, sin)
TANDEM_MATH_FUNCTOR(cos_fn, cos)
TANDEM_MATH_FUNCTOR(tanh_fn, tanh)
TANDEM_MATH_FUNCTOR(tan_fn, tan)
TANDEM_MATH_FUNCTOR(asin_fn, asin)
TANDEM_MATH_FUNCTOR(acos_fn, acos)
TANDEM_MATH_FUNCTOR(atan_fn, atan)
TANDEM_MATH_FUNCTOR(sinh_fn, sinh)
TANDEM_MATH_FUNCTOR(cosh_fn, cosh)
TANDEM_MATH_FUNCTOR(asinh_fn, asinh)
TANDEM_MATH_FUNCTOR(acosh_fn, acosh)
TANDEM_MATH_FUNCTOR(atanh_fn, atanh)
TANDEM_MATH_FUNCTOR(exp2_fn, exp2)
TANDEM_MATH_FUNCTOR(expm1_fn, expm1)
TANDEM_MATH_FUNCTOR(log2_fn, log2)
TANDEM_MATH_FUNCTOR(log10_fn, log10)
TANDEM_MATH_FUNCTOR(log1p_fn, log1p)
TANDEM_MATH_FUNCTOR(cbrt_fn, cbrt)
TANDEM_MATH_FUNCTOR(erf_fn, erf)
TANDEM_MATH_FUNCTOR(erfc_fn, erfc)
#undef TANDEM_MATH_FUNCTOR

/// log |Gamma(x)|. On the host through lgamma_r where the C library has it: lgamma
/// itself writes the global signgam, which parallel loops would race on.
struct lgamma_fn {
  template <class X>
  TANDEM_HD auto operator()(X x) const {
    using M = math_t<X>;
#if !TANDEM_DEVICE_CODE && defined(__GLIBC__)
    int sign = 0;
    if constexpr (std::is_same_v<M, float>)
      return static_cast<math_result_t<X>>(::lgammaf_r(static_cast<M>(x), &sign));
    else
      return static_cast<math_result_t<X>>(::lgamma_r(static_cast<M>(x), &sign));
#else
    return static_cast<math_result_t<X>>(::tandem::detail::pstd::lgamma(static_cast<M>(x)));
#endif
  }
};

/// Rounding in a form that vectorizes on CPU cores with SSE2 alone (std::floor and its
/// kin are a library call per element there without SSE4.1's roundps, 2.4x slower than
/// a + b at 2^24; and GCC does not vectorize std::floor even under AVX2 while
/// -ftrapping-math, the default, holds): adding and subtracting 2^23 (2^52 for double)
/// rounds |x| below it to an integer, to nearest with ties to even (the default rounding
/// mode, which rint follows too); floor and ceil then correct by one. A larger |x|, an
/// infinity or a NaN adds and subtracts zero instead, and so comes back as it was; signs
/// of zero are as std's (ceil(-0.5) is -0). Choices are made with sign bits and masks,
/// not comparisons and branches: with -ftrapping-math the compiler may not turn a branch
/// around floating-point operations into a select, and so would not vectorize. Choosing
/// the addend rather than the result, and for float by an integer compare of the bits,
/// takes 11 vector operations for floor where choosing the result took 15 (2^16 floats in
/// cache, AVX2: floor 8.2 -> 5.6 us, rint 5.7 -> 3.7, a * 2 2.4). GPUs round in one
/// instruction, and -ffast-math would fold the addition away, so both take std's
/// functions.
#if TANDEM_DEVICE_CODE || defined(__FAST_MATH__)
#  define TANDEM_ROUND_BY_ADDING 0
#else
#  define TANDEM_ROUND_BY_ADDING 1
#endif
template <class M>
using float_bits_t = std::conditional_t<sizeof(M) == 4, std::uint32_t, std::uint64_t>;
/// All ones when d's sign bit is set, else zero.
template <class M>
TANDEM_HD float_bits_t<M> sign_mask(M d) {
  using U = float_bits_t<M>;
  return U(0) - (pstd::bit_cast<U>(d) >> (8 * sizeof(U) - 1));
}
/// 1 when d < 0, else 0 (d is never -0 where this is used: x - x is +0).
template <class M>
TANDEM_HD M one_if_negative(M d) {
  using U = float_bits_t<M>;
  return pstd::bit_cast<M>(pstd::bit_cast<U>(M(1)) & sign_mask(d));
}
template <class M>
TANDEM_HD M rint_value(M x) {
#if TANDEM_ROUND_BY_ADDING
  using U = float_bits_t<M>;
  using S = std::make_signed_t<U>;
  constexpr M big = sizeof(M) == 4 ? M(8388608.0f) : M(4503599627370496.0);
  constexpr U sign_bit = U(1) << (8 * sizeof(U) - 1);
  const U bits = pstd::bit_cast<U>(x);
  const U magnitude = bits & ~sign_bit;  // |x|'s bits; a NaN's compare above big's
  U small;                               // all ones where |x| < big
  if constexpr (sizeof(M) == 4)
    small = U(0) - U(S(magnitude) < S(pstd::bit_cast<U>(big)));  // one pcmpgtd
  else  // SSE2 has no 64-bit compare: the sign of |x| - big (false for NaN)
    small = sign_mask(pstd::bit_cast<M>(magnitude) - big);
  const M add = pstd::bit_cast<M>(pstd::bit_cast<U>(big) & small);
  const M r = (pstd::bit_cast<M>(magnitude) + add) - add;
  return pstd::bit_cast<M>(pstd::bit_cast<U>(r) | (bits & sign_bit));
#else
  return pstd::rint(x);
#endif
}
template <class M>
TANDEM_HD M floor_value(M x) {
#if TANDEM_ROUND_BY_ADDING
  const M r = rint_value(x);
  return r - one_if_negative(x - r);
#else
  return pstd::floor(x);
#endif
}
template <class M>
TANDEM_HD M ceil_value(M x) {
#if TANDEM_ROUND_BY_ADDING
  const M r = rint_value(x);
  return pstd::copysign(r + one_if_negative(r - x), x);
#else
  return pstd::ceil(x);
#endif
}
template <class M>
TANDEM_HD M trunc_value(M x) {
#if TANDEM_ROUND_BY_ADDING
  return pstd::copysign(floor_value(pstd::fabs(x)), x);
#else
  return pstd::trunc(x);
#endif
}
#undef TANDEM_ROUND_BY_ADDING

/// Rounding to an integral value: integers and bool are returned as they are (numpy
/// keeps their type too); floats through math_t.
#define TANDEM_ROUNDING_FUNCTOR(name, fn)                                                    \
  struct name {                                                                              \
    static constexpr bool wide_vectors = true;                                               \
    template <class X>                                                                       \
    TANDEM_HD auto operator()(X x) const {                                                   \
      if constexpr (std::is_integral_v<X>)                                                   \
        return x;                                                                            \
      else                                                                                   \
        return static_cast<X>(::tandem::detail::fn##_value(static_cast<math_t<X>>(x)));     \
    }                                                                                        \
  };
TANDEM_ROUNDING_FUNCTOR(floor_fn, floor)
TANDEM_ROUNDING_FUNCTOR(ceil_fn, ceil)
TANDEM_ROUNDING_FUNCTOR(trunc_fn, trunc)
// rint rounds in the current rounding mode, which is to nearest, ties to even (numpy's
// round and rint both do this).
TANDEM_ROUNDING_FUNCTOR(rint_fn, rint)
#undef TANDEM_ROUNDING_FUNCTOR

/// numpy's round(x, decimals): rint(x * 10^d) / 10^d for d >= 0, rint(x / 10^-d) * 10^-d
/// for d < 0, in x's own math type as numpy computes it (float32 rounds 2.675f to 2.68,
/// where the same value in double gives 2.67). Integers are themselves for d >= 0 and go
/// through double otherwise, as numpy's (round(1250, -2) is 1200, ties to even; the
/// conversion back saturates, see docs/api.md); complex numbers round each part.
struct round_decimals_fn {
  static constexpr bool wide_vectors = true;
  int decimals;
  double factor;  // 10^|decimals|
  template <class M>
  TANDEM_HD M scaled(M v) const {
    const M f = static_cast<M>(factor);
    return decimals >= 0 ? rint_value(v * f) / f : rint_value(v / f) * f;
  }
  template <class X>
  TANDEM_HD auto operator()(X x) const {
    if constexpr (is_complex_v<X>) {
      return X(scaled(x.real()), scaled(x.imag()));
    } else if constexpr (std::is_integral_v<X>) {
      return decimals >= 0 ? x : convert<X>(scaled(static_cast<double>(x)));
    } else {
      return static_cast<X>(scaled(static_cast<math_t<X>>(x)));
    }
  }
};

/// numpy's nan_to_num: NaN to `nan`, +inf to `posinf`, -inf to `neginf` (the public
/// function fills in numpy's defaults: 0 and the type's largest and lowest finite
/// values); integers and finite values pass; complex numbers part by part; the 16-bit
/// floats through float.
struct nan_to_num_fn {
  static constexpr bool wide_vectors = true;
  double nan, posinf, neginf;
  template <class M>
  TANDEM_HD M replace(M v) const {
    const M big = M(posinf), small = M(neginf), zero = M(nan);
    return v != v ? zero : (v - v != v - v ? (v > M(0) ? big : small) : v);  // inf - inf is NaN
  }
  template <class X>
  TANDEM_HD X operator()(X x) const {
    if constexpr (is_complex_v<X>)
      return X(replace(x.real()), replace(x.imag()));
    else if constexpr (std::is_integral_v<X>)
      return x;
    else
      return static_cast<X>(replace(static_cast<math_t<X>>(x)));
  }
};

/// numpy's sign: -1, 0 or 1 in X's type; NaN for NaN; +0 for either zero.
struct sign_fn {
  template <class X>
  TANDEM_HD constexpr X operator()(X x) const {
    if constexpr (is_complex_v<X>) {  // numpy 2's: z / |z|, and 0 for 0
      const auto m = ::tandem::detail::pstd::hypot(x.real(), x.imag());
      return m == 0 ? X(0) : X(x.real() / m, x.imag() / m);
    } else if constexpr (std::is_same_v<X, bool>)
      return x;
    else if constexpr (std::is_unsigned_v<X>)
      return static_cast<X>(x > 0 ? 1 : 0);
    else if constexpr (std::is_integral_v<X>)
      return static_cast<X>((x > 0) - (x < 0));
    else {
      const math_t<X> v = static_cast<math_t<X>>(x);
      return static_cast<X>(v > 0 ? math_t<X>(1) : (v < 0 ? math_t<X>(-1) : (v == 0 ? math_t<X>(0) : v)));
    }
  }
};
/// x * x (integers wrap as multiply does).
struct square_fn {
  template <class X>
  TANDEM_HD constexpr auto operator()(X x) const {
    if constexpr (is_reduced_float_v<X>)
      return static_cast<X>(static_cast<float>(x) * static_cast<float>(x));
    else
      return multiply(x, x);
  }
};
/// 1 / x; integers divide as `/` does (1, -1 or 0; 0 for a zero divisor).
struct reciprocal_fn {
  template <class X>
  TANDEM_HD constexpr auto operator()(X x) const {
    if constexpr (is_reduced_float_v<X>)
      return static_cast<X>(1.0f / static_cast<float>(x));
    else
      return divide(X(1), x);
  }
};

/// The floating-point classifications, as bool; integers are finite numbers, negative
/// when signed and below zero.
template <class X>
TANDEM_HD constexpr bool is_negative_integer(X x) {
  if constexpr (std::is_signed_v<X>) return x < 0;
  else return false;
}
/// A complex number is infinite when either part is, finite when both are (numpy's
/// rule); numpy has no signbit of one.
template <class X>
inline constexpr bool no_complex_classification = false;
TANDEM_HD constexpr bool either(bool a, bool b) { return a || b; }
TANDEM_HD constexpr bool both_of(bool a, bool b) { return a && b; }
#define TANDEM_CLASSIFY_FUNCTOR(name, fn, integer, complex_form, both)                        \
  struct name {                                                                              \
    template <class X>                                                                       \
    TANDEM_HD constexpr bool operator()(X x) const {                                         \
      namespace ps = ::tandem::detail::pstd;                                                 \
      if constexpr (is_complex_v<X>) {                                                       \
        static_assert(complex_form || no_complex_classification<X>,                          \
                      "tandem: td::" #fn " takes real operands only (numpy has no complex " #fn ")"); \
        return both(ps::fn(x.real()), ps::fn(x.imag()));                                     \
      } else if constexpr (is_floating_v<X>) {                                               \
        return ps::fn(static_cast<math_t<X>>(x));                                            \
      } else {                                                                               \
        return integer;                                                                      \
      }                                                                                      \
    }                                                                                        \
  };
TANDEM_CLASSIFY_FUNCTOR(isinf_fn, isinf, false, true, either)
TANDEM_CLASSIFY_FUNCTOR(isfinite_fn, isfinite, true, true, both_of)
TANDEM_CLASSIFY_FUNCTOR(signbit_fn, signbit, is_negative_integer(x), false, either)
#undef TANDEM_CLASSIFY_FUNCTOR
struct isnan_fn {
  template <class X>
  TANDEM_HD constexpr bool operator()(X x) const {
    return is_nan(x);
  }
};

/// A function of two floating-point arguments, computed in math_t of the type they
/// meet in (common_element_t).
#define TANDEM_MATH_FUNCTOR2(name, fn)                                                       \
  struct name {                                                                              \
    template <class X, class Y>                                                              \
    TANDEM_HD auto operator()(X x, Y y) const {                                              \
      using C = common_element_t<X, Y>;                                                      \
      using M = math_t<C>;                                                                   \
      return static_cast<math_result_t<C>>(::tandem::detail::pstd::fn(convert<M>(x), convert<M>(y))); \
    }                                                                                        \
  };
TANDEM_MATH_FUNCTOR2(atan2_fn, atan2)
TANDEM_MATH_FUNCTOR2(hypot_fn, hypot)
TANDEM_MATH_FUNCTOR2(copysign_fn, copysign)
#undef TANDEM_MATH_FUNCTOR2

/// numpy's power of two integers, in the type they promote to, by repeated squaring
/// (wrapping, as numpy's does). numpy refuses a negative exponent with an error, which
/// an element-wise kernel cannot raise: here it gives the integer part of 1 / x^-y, the
/// value C's division would (1 for x = 1, +-1 for x = -1, 0 otherwise, 0 also for x = 0,
/// as a division by zero gives).
template <class X, class Y>
TANDEM_HD constexpr auto integer_power(X x, Y y) {
  using C = promoted_t<X, Y>;
  using U = std::make_unsigned_t<C>;
  const C base = static_cast<C>(x), e = static_cast<C>(y);
  if (e < C(0)) {
    if (base == C(1)) return C(1);
    if constexpr (std::is_signed_v<C>) {
      if (base == C(-1)) return static_cast<C>((static_cast<U>(e) & U(1)) != 0 ? -1 : 1);
    }
    return C(0);
  }
  U result = 1, b = static_cast<U>(base);
  for (U n = static_cast<U>(e); n != 0; n >>= 1) {
    if ((n & U(1)) != 0) result = static_cast<U>(result * b);
    b = static_cast<U>(b * b);
  }
  return static_cast<C>(result);
}

struct pow_fn {
  template <class X, class Y>
  TANDEM_HD auto operator()(X x, Y y) const {
    if constexpr (must_meet_v<X, Y>) {
      using C = common_element_t<X, Y>;
      return (*this)(convert<C>(x), convert<C>(y));
    } else if constexpr (is_reduced_float_v<X>) {
      return static_cast<X>(::tandem::detail::pstd::pow(static_cast<float>(x), static_cast<float>(y)));
    } else if constexpr (is_complex_v<X>) {
      return complex_math::complex_pow(x, y);
    } else if constexpr (std::is_integral_v<X> && std::is_integral_v<Y>) {
      return integer_power(x, y);
    } else {
      return ::tandem::detail::pstd::pow(x, y);
    }
  }
};

/// log(exp(x) + exp(y)) without overflow, as numpy computes it: equal arguments
/// (infinities among them) give x + log 2, NaN gives NaN; Base2, numpy's logaddexp2:
/// log2(2^x + 2^y), equal arguments x + 1 (log1p scaled by log2(e), as numpy's).
template <bool Base2>
struct log_add_exp_fn {
  /// log_base(1 + base^d), for d <= 0.
  template <class M>
  TANDEM_HD static M tail(M d) {
    namespace ps = ::tandem::detail::pstd;
    if constexpr (Base2)
      return ps::log1p(ps::exp2(d)) * M(1.44269504088896340736);
    else
      return ps::log1p(ps::exp(d));
  }
  template <class X, class Y>
  TANDEM_HD auto operator()(X x, Y y) const {
    using C = common_element_t<X, Y>;
    using M = math_t<C>;
    const M a = convert<M>(x), b = convert<M>(y);
    M r;
    if (a == b) {
      r = a + (Base2 ? M(1) : M(0.69314718055994530942));
    } else {
      const M d = a - b;
      if (d > 0)
        r = a + tail(-d);
      else if (d <= 0)
        r = b + tail(d);
      else
        r = d;  // NaN
    }
    return static_cast<math_result_t<C>>(r);
  }
};
using logaddexp_fn = log_add_exp_fn<false>;
using logaddexp2_fn = log_add_exp_fn<true>;

// ---- more of numpy's element-wise functions ----------------------------------------

/// numpy's fmax and fmin: a NaN loses to a number (NaN only when both are); equal
/// operands give the second, as maximum and minimum do (numpy's own choice between
/// -0. and 0. depends on the array's length: its vector loop gives the second, its
/// scalar loop for short arrays the first).
template <bool Larger>
struct nan_ignoring_extreme_fn {
  template <class X, class Y>
  TANDEM_HD constexpr auto operator()(X x, Y y) const {
    using R = common_element_t<X, Y>;
    static_assert(!is_complex_v<R>, "tandem: td::fmax and td::fmin take real operands");
    const R a = convert<R>(x), b = convert<R>(y);
    if (is_nan(b)) return a;
    if (is_nan(a)) return b;
    return (Larger ? b < a : a < b) ? a : b;
  }
};
using fmax_fn = nan_ignoring_extreme_fn<true>;
using fmin_fn = nan_ignoring_extreme_fn<false>;

/// numpy's heaviside(x, h0): 0 below zero, h0 at zero, 1 above, NaN for a NaN x; in the
/// floating type the two meet in (math_t).
struct heaviside_fn {
  template <class X, class Y>
  TANDEM_HD auto operator()(X x, Y h0) const {
    using C = common_element_t<X, Y>;
    using M = math_t<C>;
    static_assert(!is_complex_v<M>, "tandem: td::heaviside takes real operands");
    const M a = convert<M>(x);
    const M r = a < M(0) ? M(0) : (a > M(0) ? M(1) : (a == M(0) ? convert<M>(h0) : a));
    return static_cast<math_result_t<C>>(r);
  }
};

/// numpy's float_power: x^y in double (complex<double> for complex operands), whatever
/// the operands' types.
struct float_power_fn {
  template <class X, class Y>
  TANDEM_HD auto operator()(X x, Y y) const {
    if constexpr (is_complex_v<X> || is_complex_v<Y>) {
      using Z = typename rebind_complex<std::conditional_t<is_complex_v<X>, X, Y>, double>::type;
      return complex_math::complex_pow(convert<Z>(x), convert<Z>(y));
    } else {
      return ::tandem::detail::pstd::pow(convert<double>(x), convert<double>(y));
    }
  }
};

/// numpy's gcd and lcm of two integers, in the type they promote to: non-negative
/// (gcd(0, 0) and lcm(0, x) are 0); |min| wraps to min, as numpy's does.
template <class C>
TANDEM_HD constexpr C integer_magnitude(C a) {
  if constexpr (std::is_signed_v<C>)
    return a < C(0) ? static_cast<C>(static_cast<std::make_unsigned_t<C>>(0) - static_cast<std::make_unsigned_t<C>>(a))
                    : a;
  else
    return a;
}
template <class C>
TANDEM_HD constexpr C gcd_values(C a, C b) {
  using U = std::make_unsigned_t<C>;
  U p = static_cast<U>(integer_magnitude(a)), q = static_cast<U>(integer_magnitude(b));
  while (q != 0) {
    const U t = static_cast<U>(p % q);
    p = q;
    q = t;
  }
  return static_cast<C>(p);
}
struct gcd_fn {
  template <class X, class Y>
  TANDEM_HD constexpr auto operator()(X x, Y y) const {
    static_assert(std::is_integral_v<X> && std::is_integral_v<Y>, "tandem: td::gcd takes integer operands");
    using C = promoted_t<X, Y>;
    return gcd_values(static_cast<C>(x), static_cast<C>(y));
  }
};
struct lcm_fn {
  template <class X, class Y>
  TANDEM_HD constexpr auto operator()(X x, Y y) const {
    static_assert(std::is_integral_v<X> && std::is_integral_v<Y>, "tandem: td::lcm takes integer operands");
    using C = promoted_t<X, Y>;
    using U = std::make_unsigned_t<C>;
    const C a = static_cast<C>(x), b = static_cast<C>(y), g = gcd_values(a, b);
    if (g == C(0)) return C(0);
    const U r = static_cast<U>(static_cast<U>(integer_magnitude(a)) / static_cast<U>(g)) *
                static_cast<U>(integer_magnitude(b));
    return static_cast<C>(r);
  }
};

/// The next representable value after x toward y (numpy's nextafter), in their
/// floating type; the 16-bit floats step by their own spacing.
struct nextafter_fn {
  template <class X, class Y>
  TANDEM_HD auto operator()(X x, Y y) const {
    using C = common_element_t<X, Y>;
    static_assert(!is_complex_v<C>, "tandem: td::nextafter takes real operands");
    if constexpr (is_reduced_float_v<C>) {  // on the 16 bits: one step of the bit pattern
      const C a = convert<C>(x), b = convert<C>(y);
      const float fa = static_cast<float>(a), fb = static_cast<float>(b);
      if (fa != fa || fb != fb) return C(fa + fb);  // NaN
      if (fa == fb) return b;
      std::uint16_t bits = ::tandem::detail::pstd::bit_cast<std::uint16_t>(a);
      if (fa == 0.0f) {
        bits = static_cast<std::uint16_t>(fb > 0.0f ? 1u : 0x8001u);
      } else if ((fa < fb) == (fa > 0.0f)) {
        bits = static_cast<std::uint16_t>(bits + 1u);
      } else {
        bits = static_cast<std::uint16_t>(bits - 1u);
      }
      return ::tandem::detail::pstd::bit_cast<C>(bits);
    } else {
      using M = math_t<C>;
      return ::tandem::detail::pstd::nextafter(convert<M>(x), convert<M>(y));
    }
  }
};

/// x * 2^n (numpy's ldexp): x in its floating type, n an integer (clamped to int's range,
/// which already overflows or underflows every type).
struct ldexp_fn {
  template <class X, class N>
  TANDEM_HD auto operator()(X x, N n) const {
    static_assert(std::is_integral_v<N>, "tandem: td::ldexp's exponent is an integer");
    static_assert(!is_complex_v<X>, "tandem: td::ldexp takes a real x");
    using M = math_t<X>;
    const long long e = static_cast<long long>(n);
    const int k = e > 100000 ? 100000 : (e < -100000 ? -100000 : static_cast<int>(e));
    return static_cast<math_result_t<X>>(::tandem::detail::pstd::ldexp(static_cast<M>(x), k));
  }
};

/// Degrees to radians and back, as numpy's: x times pi / 180 (180 / pi), the factor in
/// the computing type.
template <bool ToRadians>
struct angle_unit_fn {
  template <class X>
  TANDEM_HD auto operator()(X x) const {
    using M = math_t<X>;
    static_assert(!is_complex_v<M>, "tandem: td::deg2rad and td::rad2deg take real operands");
    const M pi = M(3.14159265358979323846), factor = ToRadians ? pi / M(180) : M(180) / pi;
    return static_cast<math_result_t<X>>(static_cast<M>(x) * factor);
  }
};
using deg2rad_fn = angle_unit_fn<true>;
using rad2deg_fn = angle_unit_fn<false>;

/// numpy's sinc: sin(pi x) / (pi x), 1 at 0 (numpy puts 1e-20 in place of 0), pi and the
/// arithmetic in the computing type.
struct sinc_fn {
  template <class X>
  TANDEM_HD auto operator()(X x) const {
    using M = math_t<X>;
    static_assert(!is_complex_v<M>, "tandem: td::sinc takes real operands");
    const M v = static_cast<M>(x), y = M(3.14159265358979323846) * (v == M(0) ? M(1.0e-20) : v);
    return static_cast<math_result_t<X>>(::tandem::detail::pstd::sin(y) / y);
  }
};

/// numpy's isposinf and isneginf (bool): false for integers; real operands only.
template <bool Positive>
struct signed_infinity_fn {
  template <class X>
  TANDEM_HD constexpr bool operator()(X x) const {
    static_assert(!is_complex_v<X>, "tandem: td::isposinf and td::isneginf take real operands");
    if constexpr (is_floating_v<X>) {
      const math_t<X> v = static_cast<math_t<X>>(x);
      return Positive ? v > math_t<X>(0) && v - v != v - v : v < math_t<X>(0) && v - v != v - v;
    } else {
      return false;
    }
  }
};
using isposinf_fn = signed_infinity_fn<true>;
using isneginf_fn = signed_infinity_fn<false>;

/// The modified Bessel function of the first kind, order 0 (numpy's i0), in double: its
/// power series sum ((x/2)^k / k!)^2 up to |x| = 30, the asymptotic series of e^|x| /
/// sqrt(2 pi |x|) beyond (infinite past |x| ~ 709.8, where e^|x| overflows, as numpy's).
TANDEM_HD inline double bessel_i0(double x) {
  namespace ps = ::tandem::detail::pstd;
  const double a = x < 0 ? -x : x;
  if (a <= 30.0) {
    const double q = a * a / 4.0;
    double term = 1.0, sum = 1.0;
    for (int k = 1; k < 200 && term > sum * 1e-17; ++k) {
      term = term * q / (double(k) * double(k));
      sum += term;
    }
    return sum;
  }
  if (a != a) return a;
  double term = 1.0, sum = 1.0;
  for (int k = 1; k < 30; ++k) {  // ((2k - 1)!!)^2 / (k! (8a)^k), summed while they shrink
    term = term * (2.0 * k - 1.0) * (2.0 * k - 1.0) / (double(k) * 8.0 * a);
    sum += term;
  }
  return ps::exp(a) * (sum / ps::sqrt(2.0 * 3.141592653589793 * a));
}
struct i0_fn {
  template <class X>
  TANDEM_HD auto operator()(X x) const {
    static_assert(!is_complex_v<X>, "tandem: td::i0 takes real operands (numpy refuses complex ones)");
    return static_cast<math_result_t<X>>(bessel_i0(static_cast<double>(static_cast<math_t<X>>(x))));
  }
};

/// The argument itself (numpy's positive).
struct positive_fn {
  template <class X>
  TANDEM_HD constexpr X operator()(X x) const {
    return x;
  }
};

/// numpy's true division (divide, true_divide): in the floating type the operands meet
/// in (double for integers), where `/` divides two integers as integers.
struct true_divide_fn {
  template <class X, class Y>
  TANDEM_HD auto operator()(X x, Y y) const {
    using C = common_element_t<X, Y>;
    using M = math_t<C>;
    if constexpr (is_reduced_float_v<C>)
      return static_cast<C>(convert<M>(x) / convert<M>(y));
    else
      return convert<M>(x) / convert<M>(y);
  }
};

/// numpy's bitwise_count: the number of 1 bits of |x|, as uint8.
struct bitwise_count_fn {
  template <class X>
  TANDEM_HD constexpr std::uint8_t operator()(X x) const {
    static_assert(std::is_integral_v<X>, "tandem: td::bitwise_count takes integer or bool operands");
    using U = std::make_unsigned_t<std::conditional_t<std::is_same_v<X, bool>, unsigned char, X>>;
    U v = static_cast<U>(integer_magnitude(x));
    std::uint8_t c = 0;
    for (; v != 0; v = static_cast<U>(v & (v - 1))) ++c;
    return c;
  }
};

// ---- integer and floating division, numpy's way ------------------------------------
/// C's fmod: the sign of the dividend. Integers: a zero divisor gives 0, and MIN % -1
/// gives 0 (C++ leaves both undefined).
template <class X, class Y>
TANDEM_HD constexpr auto fmod_values(X x, Y y) {
  if constexpr (std::is_integral_v<X> && std::is_integral_v<Y>) {
    using C = promoted_t<X, Y>;
    const C a = static_cast<C>(x), b = static_cast<C>(y);
    if (b == C(0)) return C(0);
    if constexpr (std::is_signed_v<C>) {
      if (b == C(-1)) return C(0);
    }
    return static_cast<C>(a % b);
  } else {
    using C = common_element_t<X, Y>;
    using M = math_t<C>;
    return static_cast<math_result_t<C>>(::tandem::detail::pstd::fmod(convert<M>(x), convert<M>(y)));
  }
}
/// numpy's divmod of two floats: the floored quotient and the remainder with the
/// divisor's sign, computed from fmod so that q * b + r == a as nearly as floats allow.
template <class M>
struct float_divmod {
  M quotient, remainder;
};
template <class M>
TANDEM_HD float_divmod<M> divmod_float(M a, M b) {
  namespace ps = ::tandem::detail::pstd;
  M mod = ps::fmod(a, b);
  if (b == M(0)) return {a / b, mod};  // inf, -inf or NaN; fmod gave NaN
  M div = (a - mod) / b;
  if (mod != M(0)) {
    if ((b < M(0)) != (mod < M(0))) {
      mod += b;
      div -= M(1);
    }
  } else {
    mod = ps::copysign(M(0), b);
  }
  M floordiv;
  if (div != M(0)) {
    floordiv = ps::floor(div);
    if (div - floordiv > M(0.5)) floordiv += M(1);
  } else {
    floordiv = ps::copysign(M(0), a / b);
  }
  return {floordiv, mod};
}
/// numpy's remainder (Python's %): the sign of the divisor.
template <class X, class Y>
TANDEM_HD constexpr auto remainder_values(X x, Y y) {
  if constexpr (std::is_integral_v<X> && std::is_integral_v<Y>) {
    using C = promoted_t<X, Y>;
    const C b = static_cast<C>(y);
    C r = fmod_values(x, y);
    if constexpr (std::is_signed_v<C>) {
      if (r != C(0) && ((r < C(0)) != (b < C(0)))) r = static_cast<C>(r + b);
    }
    return r;
  } else {
    using C = common_element_t<X, Y>;
    using M = math_t<C>;
    return static_cast<math_result_t<C>>(divmod_float(convert<M>(x), convert<M>(y)).remainder);
  }
}
/// numpy's floor_divide (Python's //): the quotient rounded toward minus infinity.
/// Integers: a zero divisor gives 0, MIN // -1 wraps to MIN.
template <class X, class Y>
TANDEM_HD constexpr auto floor_divide_values(X x, Y y) {
  if constexpr (std::is_integral_v<X> && std::is_integral_v<Y>) {
    using C = promoted_t<X, Y>;
    const C a = static_cast<C>(x), b = static_cast<C>(y);
    C q = divide(a, b);
    if constexpr (std::is_signed_v<C>) {
      // fmod_values is 0 for a zero divisor and for -1, so q stays as divide gave it there.
      if (fmod_values(a, b) != C(0) && ((a < C(0)) != (b < C(0)))) q = static_cast<C>(q - 1);
    }
    return q;
  } else {
    using C = common_element_t<X, Y>;
    using M = math_t<C>;
    return static_cast<math_result_t<C>>(divmod_float(convert<M>(x), convert<M>(y)).quotient);
  }
}

// ---- bitwise operators, on integers and bool ---------------------------------------
template <class X, class Y>
inline constexpr bool bitwise_operands_v = std::is_integral_v<X> && std::is_integral_v<Y>;
/// bool with bool stays bool (numpy's logical result); other integers promote as C++ does.
template <class X, class Y>
using bitwise_t = std::conditional_t<std::is_same_v<X, bool> && std::is_same_v<Y, bool>, bool, promoted_t<X, Y>>;

#define TANDEM_BITWISE_FUNCTOR(name, op)                                                     \
  struct name {                                                                              \
    template <class X, class Y>                                                              \
    TANDEM_HD constexpr auto operator()(X x, Y y) const {                                    \
      static_assert(bitwise_operands_v<X, Y>, "tandem: & | ^ << >> take integer or bool operands"); \
      using C = bitwise_t<X, Y>;                                                             \
      return static_cast<C>(static_cast<C>(x) op static_cast<C>(y));                         \
    }                                                                                        \
  };
TANDEM_BITWISE_FUNCTOR(bit_and_fn, &)
TANDEM_BITWISE_FUNCTOR(bit_or_fn, |)
TANDEM_BITWISE_FUNCTOR(bit_xor_fn, ^)
#undef TANDEM_BITWISE_FUNCTOR
struct bit_not_fn {
  template <class X>
  TANDEM_HD constexpr auto operator()(X x) const {
    static_assert(std::is_integral_v<X>, "tandem: ~ takes an integer or bool operand");
    if constexpr (std::is_same_v<X, bool>)
      return !x;  // numpy's ~ on bool is logical not
    else
      return static_cast<promoted_t<X, X>>(~static_cast<promoted_t<X, X>>(x));
  }
};
/// x << y and x >> y in the type x and y promote to. A shift by a negative amount or by
/// the width or more gives 0 (x >> y of a negative x: -1), as numpy defines it; left
/// shifts are computed unsigned, so they wrap.
struct shift_left_fn {
  template <class X, class Y>
  TANDEM_HD constexpr auto operator()(X x, Y y) const {
    static_assert(bitwise_operands_v<X, Y>, "tandem: & | ^ << >> take integer or bool operands");
    using C = promoted_t<X, Y>;
    using U = std::make_unsigned_t<C>;
    const C b = static_cast<C>(y);
    if (b < C(0) || static_cast<U>(b) >= sizeof(C) * 8) return C(0);
    return static_cast<C>(static_cast<U>(static_cast<U>(static_cast<C>(x)) << static_cast<U>(b)));
  }
};
struct shift_right_fn {
  template <class X, class Y>
  TANDEM_HD constexpr auto operator()(X x, Y y) const {
    static_assert(bitwise_operands_v<X, Y>, "tandem: & | ^ << >> take integer or bool operands");
    using C = promoted_t<X, Y>;
    using U = std::make_unsigned_t<C>;
    const C a = static_cast<C>(x), b = static_cast<C>(y);
    if (b < C(0) || static_cast<U>(b) >= sizeof(C) * 8) return a < C(0) ? C(-1) : C(0);
    return static_cast<C>(a >> b);  // arithmetic for signed C (C++20)
  }
};

// ---- closeness --------------------------------------------------------------------
/// numpy's isclose: |a - b| <= atol + rtol * |b| for finite values, equality for
/// infinities, false for NaN; computed in math_t of the common type.
struct isclose_fn {
  double rtol, atol;
  template <class X, class Y>
  TANDEM_HD bool operator()(X x, Y y) const {
    using M = math_t<common_element_t<X, Y>>;
    namespace ps = ::tandem::detail::pstd;
    const M a = convert<M>(x), b = convert<M>(y);
    if constexpr (is_complex_v<M>) {  // |a - b| <= atol + rtol |b| with complex magnitudes
      using P = real_part_t<M>;
      const bool finite = ps::isfinite(a.real()) && ps::isfinite(a.imag()) && ps::isfinite(b.real()) &&
                          ps::isfinite(b.imag());
      if (finite)
        return ps::hypot(a.real() - b.real(), a.imag() - b.imag()) <=
               static_cast<P>(atol) + static_cast<P>(rtol) * ps::hypot(b.real(), b.imag());
      return a == b;
    } else {
      if (ps::isfinite(a) && ps::isfinite(b))
        return ps::fabs(a - b) <= static_cast<M>(atol) + static_cast<M>(rtol) * ps::fabs(b);
      return a == b;
    }
  }
};

TANDEM_BINARY_FUNCTOR(fmod_fn, fmod_values(x, y))
TANDEM_BINARY_FUNCTOR(remainder_fn, remainder_values(x, y))
TANDEM_BINARY_FUNCTOR(floor_divide_fn, floor_divide_values(x, y))
#undef TANDEM_BINARY_FUNCTOR

}  // namespace tandem::detail
