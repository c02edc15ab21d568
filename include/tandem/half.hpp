#pragma once
/// \file half.hpp
/// 16-bit floating-point element types: `td::half` (IEEE binary16: 5 exponent bits, 10
/// fraction bits) and `td::bfloat16` (8 exponent bits, 7 fraction bits: float's range).
///
/// Under a CUDA compiler they are CUDA's own `__half` and `__nv_bfloat16`, so tensors
/// hand their memory to cuBLAS and to user kernels unchanged. Otherwise they are
/// tandem's `detail::narrow_float`, which converts exactly as CUDA does (round to
/// nearest even, overflow to infinity, subnormals kept, NaN stays NaN) and computes
/// `+ - * /` in float with one rounding, which gives the correctly rounded result.
///
/// \code
/// auto x = td::cast<td::half>(td::arange<float>(8));  // elementwise conversion
/// auto y = td::eval(x * td::half(0.5f) + x);           // half arithmetic
/// td::half s = td::sum(y);                             // accumulates in float
/// float f = static_cast<float>(s);
/// \endcode
/// Both types convert implicitly from and to float, as CUDA's do; mixing a 16-bit
/// value with a float in one C++ expression (`h + 1.0f`) is ambiguous for that reason.
/// Tensor expressions mix them freely: the operands meet in the wider type.

#include <concepts>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "backend/portable.hpp"
#include "config.hpp"

// With F16C enabled at compile time (-mf16c, -march=native on x86 since 2012) tandem's own
// half converts with the CPU's instructions, which loops vectorize (TANDEM_HOST_F16C).

namespace tandem {
namespace detail {

/// An IEEE binary format: exponent and fraction widths, and an unsigned type that holds it.
template <int ExpBits, int FracBits, class Bits>
struct ieee_format {
  using bits_type = Bits;
  static constexpr int exp_bits = ExpBits;
  static constexpr int frac_bits = FracBits;
  static constexpr int bias = (1 << (ExpBits - 1)) - 1;
  static constexpr int exp_max = (1 << ExpBits) - 1;  // the exponent field of inf and NaN
  static constexpr Bits sign_bit = Bits(Bits(1) << (ExpBits + FracBits));
};
using binary16_format = ieee_format<5, 10, std::uint16_t>;
using bfloat16_format = ieee_format<8, 7, std::uint16_t>;
using binary64_format = ieee_format<11, 52, std::uint64_t>;

/// The bits of the Dst value nearest to the Src value with bits `u` (ties to even).
/// Dst is the narrower format. Overflow gives infinity; a NaN stays a NaN (quiet, its
/// leading payload bits kept).
template <class Dst, class Src>
TANDEM_HD constexpr typename Dst::bits_type narrow_bits(typename Src::bits_type u) {
  using D = typename Dst::bits_type;
  constexpr int sf = Src::frac_bits, df = Dst::frac_bits;
  const D sign = (u & Src::sign_bit) ? Dst::sign_bit : D(0);
  const int e = static_cast<int>((u >> sf) & typename Src::bits_type(Src::exp_max));
  std::uint64_t m = static_cast<std::uint64_t>(u) & ((std::uint64_t(1) << sf) - 1);
  const D inf = D(sign | D(D(Dst::exp_max) << df));
  if (e == Src::exp_max) {
    if (m == 0) return inf;
    return D(inf | D(D(1) << (df - 1)) | D(m >> (sf - df)));
  }
  if (e != 0) m |= std::uint64_t(1) << sf;  // the implicit leading bit
  int exp = (e == 0 ? 1 : e) - Src::bias + Dst::bias;  // Dst's exponent field if normal
  if (exp >= Dst::exp_max) return inf;
  int shift = sf - df;
  if (exp < 1) {  // subnormal in Dst: shift further right
    shift += 1 - exp;
    if (shift > sf + 2) shift = sf + 2;  // everything falls below half the smallest step
    exp = 1;
  }
  // (exp - 1) << df plus the significand (with its leading bit) gives exponent and
  // fraction in one addition; a rounding carry moves into the exponent, up to infinity.
  std::uint64_t r = (static_cast<std::uint64_t>(exp - 1) << df) + (m >> shift);
  const std::uint64_t rest = m & ((std::uint64_t(1) << shift) - 1);
  const std::uint64_t halfway = std::uint64_t(1) << (shift - 1);
  if (rest > halfway || (rest == halfway && (r & 1))) ++r;
  return D(sign | D(r));
}

// Conversions between float and the two 16-bit formats, for element-wise loops: 32-bit
// integer arithmetic, every case computed and the answer picked with masks, so that
// loops over them vectorize. (narrow_bits gives the same bits, slower; it serves
// conversions from double.)

/// All ones when c holds, else zero.
template <class U = std::uint32_t>
TANDEM_HD constexpr U mask_if(bool c) {
  return U(U(0) - static_cast<U>(c));
}
/// a where the mask is set, else b (also argmax's selects, algorithm/reduce.hpp).
template <class U>
TANDEM_HD constexpr U pick(U mask, std::type_identity_t<U> a, std::type_identity_t<U> b) {
  return U((a & mask) | (b & ~mask));
}

/// float bits -> binary16 bits, round to nearest even.
TANDEM_HD constexpr std::uint16_t float_to_binary16(std::uint32_t u) {
  const std::uint32_t sign = (u >> 16) & 0x8000u;
  const std::uint32_t a = u & 0x7fffffffu;
  // Normal results: move the exponent from float's bias (127) to half's (15), then round
  // off 13 fraction bits (adding 0xfff plus the kept lowest bit rounds ties to even).
  const std::uint32_t normal = (a - 0x38000000u + 0xfffu + ((a >> 13) & 1u)) >> 13;
  // Below 2^-14 the result is a multiple of 2^-24; adding 0.5f (whose unit in the last
  // place is 2^-24) lets the float adder round it, and the low bits hold the count.
  const std::uint32_t tiny =
      pstd::bit_cast<std::uint32_t>(pstd::bit_cast<float>(a) + 0.5f) - 0x3f000000u;
  const std::uint32_t special = pick(mask_if(a > 0x7f800000u), 0x7e00u | ((a >> 13) & 0x3ffu), 0x7c00u);  // NaN, inf
  // From 65520 up (the midpoint above 65504, which ties to even) the result is infinite.
  return static_cast<std::uint16_t>(
      sign | pick(mask_if(a >= 0x477ff000u), special, pick(mask_if(a >= 0x38800000u), normal, tiny)));
}

/// binary16 bits -> float bits (exact).
TANDEM_HD constexpr std::uint32_t binary16_to_float(std::uint16_t h) {
  const std::uint32_t sign = (std::uint32_t(h) & 0x8000u) << 16;
  const std::uint32_t a = h & 0x7fffu;
  const std::uint32_t special = 0x7f800000u | ((a & 0x3ffu) << 13);
  const std::uint32_t normal = (a << 13) + 0x38000000u;  // rebias the exponent 15 -> 127
  const std::uint32_t tiny =
      pstd::bit_cast<std::uint32_t>(static_cast<float>(static_cast<std::int32_t>(a)) * 0x1p-24f);  // exact
  return sign | pick(mask_if(a >= 0x7c00u), special, pick(mask_if(a >= 0x0400u), normal, tiny));
}

/// float bits -> bfloat16 bits, round to nearest even; a NaN stays a (quiet) NaN.
TANDEM_HD constexpr std::uint16_t float_to_bfloat16(std::uint32_t u) {
  const std::uint32_t rounded = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;  // overflow carries into inf
  return static_cast<std::uint16_t>(pick(mask_if((u & 0x7fffffffu) > 0x7f800000u), (u >> 16) | 0x40u, rounded));
}

/// A 16-bit IEEE-style floating-point value of format F, computed through float. The
/// element type behind td::half and td::bfloat16 when no CUDA compiler is in force.
template <class F>
class narrow_float {
  static_assert(std::is_same_v<F, binary16_format> || std::is_same_v<F, bfloat16_format>);

 public:
  using format = F;

  narrow_float() = default;  // like float: uninitialized, zero when value-initialized
  TANDEM_HD constexpr narrow_float(float f) : bits_(from_float(pstd::bit_cast<std::uint32_t>(f))) {}
  TANDEM_HD constexpr narrow_float(double d)
      : bits_(narrow_bits<F, binary64_format>(pstd::bit_cast<std::uint64_t>(d))) {}
  // long double and integers go through double (exact for integers up to 2^53).
  TANDEM_HD constexpr narrow_float(long double d) : narrow_float(static_cast<double>(d)) {}
  template <class I>
    requires std::is_integral_v<I>
  TANDEM_HD constexpr narrow_float(I i) : narrow_float(static_cast<double>(i)) {}

  TANDEM_HD constexpr operator float() const {
    if constexpr (std::is_same_v<F, binary16_format>) {
#if TANDEM_HOST_F16C
      if (!std::is_constant_evaluated()) return _cvtsh_ss(bits_);
#endif
      return pstd::bit_cast<float>(binary16_to_float(bits_));
    } else {
      return pstd::bit_cast<float>(std::uint32_t(bits_) << 16);  // bfloat16: float's top half
    }
  }

  TANDEM_HD static constexpr narrow_float from_bits(std::uint16_t b) {
    narrow_float h;
    h.bits_ = b;
    return h;
  }
  TANDEM_HD constexpr std::uint16_t bits() const { return bits_; }

  TANDEM_HD friend constexpr narrow_float operator+(narrow_float a, narrow_float b) { return float(a) + float(b); }
  TANDEM_HD friend constexpr narrow_float operator-(narrow_float a, narrow_float b) { return float(a) - float(b); }
  TANDEM_HD friend constexpr narrow_float operator*(narrow_float a, narrow_float b) { return float(a) * float(b); }
  TANDEM_HD friend constexpr narrow_float operator/(narrow_float a, narrow_float b) { return float(a) / float(b); }
  TANDEM_HD friend constexpr narrow_float operator-(narrow_float a) { return from_bits(a.bits_ ^ F::sign_bit); }
  TANDEM_HD friend constexpr narrow_float operator+(narrow_float a) { return a; }
  TANDEM_HD constexpr narrow_float& operator+=(narrow_float b) { return *this = *this + b; }
  TANDEM_HD constexpr narrow_float& operator-=(narrow_float b) { return *this = *this - b; }
  TANDEM_HD constexpr narrow_float& operator*=(narrow_float b) { return *this = *this * b; }
  TANDEM_HD constexpr narrow_float& operator/=(narrow_float b) { return *this = *this / b; }

  // IEEE comparisons: a NaN is unordered (== false, != true), -0 == +0.
  TANDEM_HD friend constexpr bool operator==(narrow_float a, narrow_float b) { return float(a) == float(b); }
  TANDEM_HD friend constexpr bool operator!=(narrow_float a, narrow_float b) { return float(a) != float(b); }
  TANDEM_HD friend constexpr bool operator<(narrow_float a, narrow_float b) { return float(a) < float(b); }
  TANDEM_HD friend constexpr bool operator<=(narrow_float a, narrow_float b) { return float(a) <= float(b); }
  TANDEM_HD friend constexpr bool operator>(narrow_float a, narrow_float b) { return float(a) > float(b); }
  TANDEM_HD friend constexpr bool operator>=(narrow_float a, narrow_float b) { return float(a) >= float(b); }

 private:
  TANDEM_HD static constexpr std::uint16_t from_float(std::uint32_t u) {
    if constexpr (std::is_same_v<F, binary16_format>) {
#if TANDEM_HOST_F16C
      if (!std::is_constant_evaluated())
        return _cvtss_sh(pstd::bit_cast<float>(u), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
#endif
      return float_to_binary16(u);
    } else {
      return float_to_bfloat16(u);
    }
  }

  std::uint16_t bits_;
};

}  // namespace detail

/// IEEE binary16 (CUDA's __half under nvcc, tandem's own type otherwise).
using half = detail::native_half_or<detail::narrow_float<detail::binary16_format>>;
/// bfloat16, float's exponent range with 8 significant bits (CUDA's __nv_bfloat16 under
/// nvcc, tandem's own type otherwise).
using bfloat16 = detail::native_bfloat16_or<detail::narrow_float<detail::bfloat16_format>>;

namespace detail {

/// True for the 16-bit floating-point types (td::half, td::bfloat16 and, under nvcc,
/// tandem's own narrow_float as well).
template <class T>
struct is_reduced_float : std::false_type {};
template <class F>
struct is_reduced_float<narrow_float<F>> : std::true_type {};
template <>
struct is_reduced_float<half> : std::true_type {};
template <>
struct is_reduced_float<bfloat16> : std::true_type {};
template <class T>
inline constexpr bool is_reduced_float_v = is_reduced_float<std::remove_cv_t<T>>::value;

/// A complex element type: td::complex<float> or td::complex<double> (complex.hpp), or
/// std::complex of them. Recognised by its shape (a one-parameter template over a
/// floating type with real() and imag()), so that headers below complex.hpp need not
/// include it.
template <class T>
struct is_complex : std::false_type {};
template <template <class> class C, class T>
  requires(std::is_floating_point_v<T> && requires(const C<T>& z) {
    { z.real() } -> std::convertible_to<T>;
    { z.imag() } -> std::convertible_to<T>;
  })
struct is_complex<C<T>> : std::true_type {};
template <class T>
inline constexpr bool is_complex_v = is_complex<std::remove_cv_t<T>>::value;

/// The real type of an element: T itself, or the parts' type of a complex T.
template <class T>
struct real_part {
  using type = T;
};
template <template <class> class C, class T>
  requires is_complex_v<C<T>>
struct real_part<C<T>> {
  using type = T;
};
template <class T>
using real_part_t = typename real_part<T>::type;

/// Floating point in the wide sense: float, double, long double, half, bfloat16.
template <class T>
inline constexpr bool is_floating_v = std::is_floating_point_v<T> || is_reduced_float_v<T>;

/// The type sums and products of T accumulate in: float for the 16-bit types.
template <class T>
using accumulate_t = std::conditional_t<is_reduced_float_v<T>, float, T>;

/// The type two element types meet in. A 16-bit float with an integer or bool stays
/// itself; with float or double it widens to that; half with bfloat16 meets in float.
template <class X, class Y>
struct common_element {
  using type = std::common_type_t<X, Y>;
};
template <class X, class Y>
  requires((is_reduced_float_v<X> || is_reduced_float_v<Y>) && !is_complex_v<X> && !is_complex_v<Y>)
struct common_element<X, Y> {
  static constexpr bool rx = is_reduced_float_v<X>, ry = is_reduced_float_v<Y>;
  using type = std::conditional_t<
      std::is_same_v<X, Y>, X,
      std::conditional_t<rx && ry, float,
                         std::conditional_t<rx, std::conditional_t<std::is_floating_point_v<Y>, Y, X>,
                                            std::conditional_t<std::is_floating_point_v<X>, X, Y>>>>;
};
template <class C, class R>
struct rebind_complex;
template <template <class> class C, class P, class R>
struct rebind_complex<C<P>, R> {
  using type = C<R>;
};
/// A complex type with anything: complex of the type the real parts meet in (16-bit
/// floats widening to the complex's float), as numpy's complex64 stays complex64 beside
/// float32 and becomes complex128 beside float64.
template <class X, class Y>
  requires(is_complex_v<X> || is_complex_v<Y>)
struct common_element<X, Y> {
  template <class T>
  using part = std::conditional_t<is_reduced_float_v<T>, float, real_part_t<T>>;
  using complex_type = std::conditional_t<is_complex_v<X>, X, Y>;
  using type = typename rebind_complex<complex_type, typename common_element<part<X>, part<Y>>::type>::type;
};
template <class X, class Y>
using common_element_t = typename common_element<X, Y>::type;

/// A float or double converted to the integer type U without undefined behaviour:
/// truncated toward zero, saturated at U's limits (infinities too), NaN gives 0. This is
/// what a GPU's conversion instruction does, so host and device agree.
template <class U, class X>
TANDEM_HD constexpr U saturating_integer(X x) {
  constexpr X past_max = static_cast<X>(static_cast<U>(U(1) << (pstd::numeric_limits<U>::digits - 1))) * X(2);
  if (x != x) return U(0);
  if (x >= past_max) return pstd::numeric_limits<U>::max();
  if constexpr (std::is_signed_v<U>) {
    if (x < -past_max) return pstd::numeric_limits<U>::min();  // -past_max itself is U's minimum
  } else {
    if (x <= X(-1)) return U(0);
  }
  return static_cast<U>(x);
}

/// static_cast<U>(x), except that a 16-bit float converts through float (exactly), so
/// that every pair of element types converts, as CUDA's types do not all do directly,
/// and that a floating value converts to an integer type as saturating_integer says.
template <class U, class X>
TANDEM_HD constexpr U convert(const X& x) {
  if constexpr (is_complex_v<X> && !is_complex_v<U>)
    return convert<U>(x.real());  // as numpy casts complex to real: the imaginary part is dropped
  else if constexpr (is_complex_v<U> && !is_complex_v<X>)
    return U(convert<real_part_t<U>>(x));
  else if constexpr (is_reduced_float_v<X> && !std::is_same_v<U, X>)
    return convert<U>(static_cast<float>(x));
  else if constexpr (std::is_integral_v<U> && !std::is_same_v<U, bool> && std::is_floating_point_v<X>)
    return saturating_integer<U>(x);
  else
    return static_cast<U>(x);
}

}  // namespace detail
}  // namespace tandem

/// numeric_limits for tandem's own 16-bit types (CUDA's come with libcu++).
namespace std {
template <class F>
struct numeric_limits<tandem::detail::narrow_float<F>> {
 private:
  using T = tandem::detail::narrow_float<F>;
  static constexpr T bits(unsigned b) { return T::from_bits(static_cast<std::uint16_t>(b)); }
  static constexpr unsigned exp_one = unsigned(F::bias) << F::frac_bits;

 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr bool is_iec559 = true;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = F::frac_bits + 1;
  static constexpr int radix = 2;
  static constexpr int min_exponent = 2 - F::bias;
  static constexpr int max_exponent = F::bias + 1;
  static constexpr std::float_round_style round_style = std::round_to_nearest;
  static constexpr T min() noexcept { return bits(1u << F::frac_bits); }
  static constexpr T max() noexcept { return bits((unsigned(F::exp_max) << F::frac_bits) - 1); }
  static constexpr T lowest() noexcept { return bits(F::sign_bit | ((unsigned(F::exp_max) << F::frac_bits) - 1)); }
  static constexpr T epsilon() noexcept { return bits(exp_one - (unsigned(F::frac_bits) << F::frac_bits)); }
  static constexpr T round_error() noexcept { return bits(exp_one - (1u << F::frac_bits)); }
  static constexpr T infinity() noexcept { return bits(unsigned(F::exp_max) << F::frac_bits); }
  static constexpr T quiet_NaN() noexcept { return bits((unsigned(F::exp_max) << F::frac_bits) | (1u << (F::frac_bits - 1))); }
  static constexpr T signaling_NaN() noexcept { return bits((unsigned(F::exp_max) << F::frac_bits) | 1u); }
  static constexpr T denorm_min() noexcept { return bits(1u); }
};
}  // namespace std
