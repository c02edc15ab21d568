#pragma once
/// \file core/radix_key.hpp
/// The order-preserving map from an element type to unsigned integers that radix sorts
/// sort by (NaNs last in either direction, as numpy puts them), in TANDEM_HD code: the
/// host backend's radix sort and the CUDA backend's CUB sorts both use it.

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../backend/portable.hpp"
#include "../config.hpp"
#include "../half.hpp"

namespace tandem::detail {

template <std::size_t Bytes>
struct unsigned_of;
template <>
struct unsigned_of<1> { using type = std::uint8_t; };
template <>
struct unsigned_of<2> { using type = std::uint16_t; };
template <>
struct unsigned_of<4> { using type = std::uint32_t; };
template <>
struct unsigned_of<8> { using type = std::uint64_t; };

/// Element types the radix sort handles: the arithmetic types, td::half and td::bfloat16.
template <class T>
concept radix_sortable = (std::is_arithmetic_v<T> || is_reduced_float_v<T>) &&
                         (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8);

/// The order-preserving map between T and an unsigned key (host and device code). For floating point, every
/// NaN maps to the largest key (last, in either direction) and reads back as the quiet
/// NaN; with MergeZero, -0.0 maps to +0.0's key so that the two stay in input order
/// (and read back as +0.0: radix_sort restores the signs).
template <radix_sortable T, bool MergeZero>
struct radix_key {
  using U = typename unsigned_of<sizeof(T)>::type;
  static constexpr U top = U(U(1) << (8 * sizeof(U) - 1));

  TANDEM_HD static U to(T x, bool descending) {
    U k;
    if constexpr (std::is_same_v<T, bool>) {
      k = x ? 1 : 0;
    } else if constexpr (is_floating_v<T>) {
      if (x != x) return U(~U(0));
      U b = pstd::bit_cast<U>(x);
      if (MergeZero && b == top) b = 0;
      k = (b & top) ? U(~b) : U(b | top);
    } else if constexpr (std::is_signed_v<T>) {
      k = U(pstd::bit_cast<U>(x) ^ top);
    } else {
      k = U(x);
    }
    return descending ? U(~k) : k;
  }

  TANDEM_HD static T from(U k, bool descending) {
    if constexpr (is_floating_v<T>) {
      if (k == U(~U(0))) return convert<T>(pstd::numeric_limits<float>::quiet_NaN());
    }
    if (descending) k = U(~k);
    if constexpr (std::is_same_v<T, bool>) {
      return k != 0;
    } else if constexpr (is_floating_v<T>) {
      return pstd::bit_cast<T>((k & top) ? U(k & U(~top)) : U(~k));
    } else if constexpr (std::is_signed_v<T>) {
      return pstd::bit_cast<T>(U(k ^ top));
    } else {
      return T(k);
    }
  }
};

/// Equality for unique: NaNs compare equal here, so unique keeps one of them.
template <class T>
struct same_or_both_nan_fn {
  TANDEM_HD bool operator()(T a, T b) const { return a == b || (a != a && b != b); }
};

}  // namespace tandem::detail
