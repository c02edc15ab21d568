#pragma once
/// \file expr/math.hpp
/// Elementwise functions: numpy's unary and binary math (abs exp log sqrt sin cos tanh
/// and the rest of numpy's list, the rounding functions, the classifications),
/// pow, maximum, minimum, the divisions (fmod remainder floor_divide), isclose, clamp,
/// where and cast. Each returns a lazy expression, as the operators do.
///
/// \code
/// auto y = td::where(x > 0.f, td::sqrt(x), 0.f);     // one pass
/// auto z = td::clamp(td::cast<double>(i), 0.0, 1.0);
/// \endcode

#include <limits>
#include <optional>
#include <type_traits>
#include <utility>

#include "functors.hpp"
#include "operators.hpp"

namespace tandem {

#define TANDEM_UNARY_FUNCTION(name, functor)                           \
  template <operand A>                                                 \
  auto name(A&& a) {                                                   \
    return detail::make_map(detail::functor{}, std::forward<A>(a));    \
  }
TANDEM_UNARY_FUNCTION(abs, abs_fn)  // |z| (a real result) for complex operands
TANDEM_UNARY_FUNCTION(real, real_fn)
TANDEM_UNARY_FUNCTION(imag, imag_fn)
TANDEM_UNARY_FUNCTION(conj, conj_fn)
TANDEM_UNARY_FUNCTION(angle, angle_fn)
TANDEM_UNARY_FUNCTION(exp, exp_fn)
TANDEM_UNARY_FUNCTION(log, log_fn)
TANDEM_UNARY_FUNCTION(sqrt, sqrt_fn)
TANDEM_UNARY_FUNCTION(sin, sin_fn)
TANDEM_UNARY_FUNCTION(cos, cos_fn)
TANDEM_UNARY_FUNCTION(tanh, tanh_fn)
TANDEM_UNARY_FUNCTION(tan, tan_fn)
TANDEM_UNARY_FUNCTION(asin, asin_fn)
TANDEM_UNARY_FUNCTION(acos, acos_fn)
TANDEM_UNARY_FUNCTION(atan, atan_fn)
TANDEM_UNARY_FUNCTION(sinh, sinh_fn)
TANDEM_UNARY_FUNCTION(cosh, cosh_fn)
TANDEM_UNARY_FUNCTION(asinh, asinh_fn)
TANDEM_UNARY_FUNCTION(acosh, acosh_fn)
TANDEM_UNARY_FUNCTION(atanh, atanh_fn)
TANDEM_UNARY_FUNCTION(exp2, exp2_fn)
TANDEM_UNARY_FUNCTION(expm1, expm1_fn)
TANDEM_UNARY_FUNCTION(log2, log2_fn)
TANDEM_UNARY_FUNCTION(log10, log10_fn)
TANDEM_UNARY_FUNCTION(log1p, log1p_fn)
TANDEM_UNARY_FUNCTION(cbrt, cbrt_fn)
TANDEM_UNARY_FUNCTION(erf, erf_fn)
TANDEM_UNARY_FUNCTION(erfc, erfc_fn)
TANDEM_UNARY_FUNCTION(lgamma, lgamma_fn)
TANDEM_UNARY_FUNCTION(square, square_fn)
TANDEM_UNARY_FUNCTION(reciprocal, reciprocal_fn)
TANDEM_UNARY_FUNCTION(sign, sign_fn)
TANDEM_UNARY_FUNCTION(floor, floor_fn)
TANDEM_UNARY_FUNCTION(ceil, ceil_fn)
TANDEM_UNARY_FUNCTION(trunc, trunc_fn)
TANDEM_UNARY_FUNCTION(rint, rint_fn)
TANDEM_UNARY_FUNCTION(round, rint_fn)  // half to even, as numpy's round
TANDEM_UNARY_FUNCTION(isnan, isnan_fn)
TANDEM_UNARY_FUNCTION(isinf, isinf_fn)
TANDEM_UNARY_FUNCTION(isfinite, isfinite_fn)
TANDEM_UNARY_FUNCTION(signbit, signbit_fn)
TANDEM_UNARY_FUNCTION(isposinf, isposinf_fn)
TANDEM_UNARY_FUNCTION(isneginf, isneginf_fn)
TANDEM_UNARY_FUNCTION(deg2rad, deg2rad_fn)
TANDEM_UNARY_FUNCTION(radians, deg2rad_fn)
TANDEM_UNARY_FUNCTION(rad2deg, rad2deg_fn)
TANDEM_UNARY_FUNCTION(degrees, rad2deg_fn)
TANDEM_UNARY_FUNCTION(sinc, sinc_fn)
TANDEM_UNARY_FUNCTION(i0, i0_fn)  // modified Bessel function of order 0, numpy's i0
TANDEM_UNARY_FUNCTION(fix, trunc_fn)  // numpy's fix: toward zero, the type kept
// numpy's names for what the operators and the functions above already do:
TANDEM_UNARY_FUNCTION(absolute, abs_fn)
TANDEM_UNARY_FUNCTION(conjugate, conj_fn)
TANDEM_UNARY_FUNCTION(negative, negate_fn)
TANDEM_UNARY_FUNCTION(positive, positive_fn)
TANDEM_UNARY_FUNCTION(logical_not, logical_not_fn)
TANDEM_UNARY_FUNCTION(invert, bit_not_fn)
TANDEM_UNARY_FUNCTION(bitwise_not, bit_not_fn)
TANDEM_UNARY_FUNCTION(bitwise_invert, bit_not_fn)
TANDEM_UNARY_FUNCTION(bitwise_count, bitwise_count_fn)
#undef TANDEM_UNARY_FUNCTION

/// numpy's nan_to_num: NaN becomes `nan` (0 by default), +inf `posinf` and -inf
/// `neginf` (by default the element type's largest and lowest finite values, as numpy);
/// lazy like the other element-wise functions. Integers pass unchanged.
template <operand A>
auto nan_to_num(A&& a, double nan = 0.0, std::optional<double> posinf = std::nullopt,
                std::optional<double> neginf = std::nullopt) {
  using P = detail::real_part_t<value_of_t<A>>;
  double largest = 0;
  if constexpr (std::is_same_v<P, half>)
    largest = 65504.0;
  else if constexpr (std::is_same_v<P, bfloat16>)
    largest = 0x1.fep127;
  else if constexpr (std::is_floating_point_v<P>)
    largest = static_cast<double>(std::numeric_limits<P>::max());
  return detail::make_map(detail::nan_to_num_fn{nan, posinf.value_or(largest), neginf.value_or(-largest)},
                          std::forward<A>(a));
}

/// numpy's round(a, decimals): to `decimals` places after the point (before it when
/// negative), half to even; see detail::round_decimals_fn.
template <operand A>
auto round(A&& a, int decimals) {
  double factor = 1;
  // Exact to 10^22; infinite past 10^308, where numpy's factor is too.
  for (long long k = decimals < 0 ? -static_cast<long long>(decimals) : decimals; k > 0 && factor <= 1e308; --k)
    factor *= 10;
  return detail::make_map(detail::round_decimals_fn{decimals, factor}, std::forward<A>(a));
}

#define TANDEM_BINARY_FUNCTION(name, functor)                                               \
  template <class A, class B>                                                               \
    requires binary_operands<A, B>                                                          \
  auto name(A&& a, B&& b) {                                                                 \
    return detail::make_binary(detail::functor{}, std::forward<A>(a), std::forward<B>(b));  \
  }
TANDEM_BINARY_FUNCTION(atan2, atan2_fn)
TANDEM_BINARY_FUNCTION(hypot, hypot_fn)
TANDEM_BINARY_FUNCTION(copysign, copysign_fn)
TANDEM_BINARY_FUNCTION(logaddexp, logaddexp_fn)
TANDEM_BINARY_FUNCTION(fmod, fmod_fn)            // the sign of the dividend, as C's fmod
TANDEM_BINARY_FUNCTION(remainder, remainder_fn)  // the sign of the divisor, as numpy's (and %)
TANDEM_BINARY_FUNCTION(floor_divide, floor_divide_fn)
TANDEM_BINARY_FUNCTION(logical_xor, logical_xor_fn)
TANDEM_BINARY_FUNCTION(logaddexp2, logaddexp2_fn)
TANDEM_BINARY_FUNCTION(fmax, fmax_fn)  // NaN-ignoring maximum and minimum
TANDEM_BINARY_FUNCTION(fmin, fmin_fn)
TANDEM_BINARY_FUNCTION(heaviside, heaviside_fn)
TANDEM_BINARY_FUNCTION(float_power, float_power_fn)  // in double
TANDEM_BINARY_FUNCTION(gcd, gcd_fn)
TANDEM_BINARY_FUNCTION(lcm, lcm_fn)
TANDEM_BINARY_FUNCTION(nextafter, nextafter_fn)
TANDEM_BINARY_FUNCTION(divide, true_divide_fn)  // numpy's true division: double for integers
TANDEM_BINARY_FUNCTION(true_divide, true_divide_fn)
// numpy's names for the operators:
TANDEM_BINARY_FUNCTION(add, plus_fn)
TANDEM_BINARY_FUNCTION(subtract, minus_fn)
TANDEM_BINARY_FUNCTION(multiply, multiplies_fn)
TANDEM_BINARY_FUNCTION(power, pow_fn)
TANDEM_BINARY_FUNCTION(mod, remainder_fn)
TANDEM_BINARY_FUNCTION(logical_and, logical_and_fn)
TANDEM_BINARY_FUNCTION(logical_or, logical_or_fn)
TANDEM_BINARY_FUNCTION(bitwise_and, bit_and_fn)
TANDEM_BINARY_FUNCTION(bitwise_or, bit_or_fn)
TANDEM_BINARY_FUNCTION(bitwise_xor, bit_xor_fn)
TANDEM_BINARY_FUNCTION(left_shift, shift_left_fn)
TANDEM_BINARY_FUNCTION(right_shift, shift_right_fn)
TANDEM_BINARY_FUNCTION(bitwise_left_shift, shift_left_fn)
TANDEM_BINARY_FUNCTION(bitwise_right_shift, shift_right_fn)
#undef TANDEM_BINARY_FUNCTION

/// numpy's comparison functions, the operators by name (compared by value, as they do).
#define TANDEM_COMPARISON_FUNCTION(name, functor)                                                   \
  template <class A, class B>                                                                       \
    requires binary_operands<A, B>                                                                  \
  auto name(A&& a, B&& b) {                                                                         \
    return detail::make_binary<true>(detail::functor{}, std::forward<A>(a), std::forward<B>(b));    \
  }
TANDEM_COMPARISON_FUNCTION(equal, equal_fn)
TANDEM_COMPARISON_FUNCTION(not_equal, not_equal_fn)
TANDEM_COMPARISON_FUNCTION(less, less_fn)
TANDEM_COMPARISON_FUNCTION(less_equal, less_equal_fn)
TANDEM_COMPARISON_FUNCTION(greater, greater_fn)
TANDEM_COMPARISON_FUNCTION(greater_equal, greater_equal_fn)
#undef TANDEM_COMPARISON_FUNCTION

/// x * 2^n, numpy's ldexp: x in its floating type (double for integers), n an integer
/// operand or scalar (kept an integer, not converted to x's type).
template <class A, class N>
  requires binary_operands<A, N>
auto ldexp(A&& x, N&& n) {
  return detail::make_map(detail::ldexp_fn{}, std::forward<A>(x), std::forward<N>(n));
}

/// Elementwise closeness, as numpy's isclose: |a - b| <= atol + rtol * |b| (not
/// symmetric: b is the reference), infinities equal only to themselves, NaN to nothing.
template <class A, class B>
  requires binary_operands<A, B>
auto isclose(A&& a, B&& b, double rtol = 1e-5, double atol = 1e-8) {
  return detail::make_binary(detail::isclose_fn{rtol, atol}, std::forward<A>(a), std::forward<B>(b));
}

/// x to the power y, elementwise; either side may be a scalar.
template <class A, class B>
  requires binary_operands<A, B>
auto pow(A&& a, B&& b) {
  return detail::make_binary(detail::pow_fn{}, std::forward<A>(a), std::forward<B>(b));
}
/// The larger of two operands, elementwise; NaN if either is NaN (numpy's maximum).
template <class A, class B>
  requires binary_operands<A, B>
auto maximum(A&& a, B&& b) {
  return detail::make_binary(detail::maximum_fn{}, std::forward<A>(a), std::forward<B>(b));
}
/// The smaller of two operands, elementwise; NaN if either is NaN (numpy's minimum).
template <class A, class B>
  requires binary_operands<A, B>
auto minimum(A&& a, B&& b) {
  return detail::make_binary(detail::minimum_fn{}, std::forward<A>(a), std::forward<B>(b));
}

namespace detail {
/// The type a scalar bound takes next to operand `A`: its element type, as numpy does.
template <class A, class S>
decltype(auto) bound_like(S&& s) {
  return weak_scalar<A>(std::forward<S>(s));
}
}  // namespace detail

/// Limits each element to [lo, hi]; lo and hi may be scalars or operands.
template <operand A, operand_or_scalar L, operand_or_scalar H>
auto clamp(A&& a, L&& lo, H&& hi) {
  return detail::make_map(detail::clamp_fn{}, std::forward<A>(a),
                          detail::bound_like<A>(std::forward<L>(lo)),
                          detail::bound_like<A>(std::forward<H>(hi)));
}
/// numpy's name for clamp: np.clip(a, lo, hi).
template <operand A, operand_or_scalar L, operand_or_scalar H>
auto clip(A&& a, L&& lo, H&& hi) {
  return clamp(std::forward<A>(a), std::forward<L>(lo), std::forward<H>(hi));
}

/// Elementwise choice: x where cond is true, else y. x and y may be scalars.
template <operand C, operand_or_scalar X, operand_or_scalar Y>
auto where(C&& cond, X&& x, Y&& y) {
  if constexpr (scalar<X> && operand<Y>)
    return detail::make_map(detail::where_fn{}, std::forward<C>(cond),
                            detail::weak_scalar<Y>(std::forward<X>(x)), std::forward<Y>(y));
  else if constexpr (scalar<Y> && operand<X>)
    return detail::make_map(detail::where_fn{}, std::forward<C>(cond), std::forward<X>(x),
                            detail::weak_scalar<X>(std::forward<Y>(y)));
  else
    return detail::make_map(detail::where_fn{}, std::forward<C>(cond), std::forward<X>(x),
                            std::forward<Y>(y));
}

/// Converts each element to U.
template <class U, operand A>
auto cast(A&& a) {
  return detail::make_map(detail::cast_fn<U>{}, std::forward<A>(a));
}

}  // namespace tandem
