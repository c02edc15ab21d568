#pragma once
/// \file expr/operators.hpp
/// Arithmetic, comparison, logical and bitwise operators on tensors, views and
/// expressions (`%` is numpy's remainder; `& | ^ ~ << >>` take integers and bool).
/// They build lazy `map_expr` nodes; nothing runs until the result is assigned,
/// evaluated or reduced.
///
/// \code
/// auto e = a + 2.0f * b;            // nothing runs yet
/// td::tensor<float, 1> c = e;       // one pass over memory
/// auto mask = (a > 0.f) && !(b == 1.f);
/// \endcode

#include <type_traits>
#include <utility>

#include "../traits.hpp"
#include "functors.hpp"
#include "map.hpp"

namespace tandem {
namespace detail {

/// A scalar combined with an operand takes the operand's element type, as numpy treats
/// Python scalars (`float_tensor * 2.0` stays float), except that a floating scalar
/// with an integer or bool operand keeps its floating type.
template <class Other, class S>
decltype(auto) weak_scalar(S&& s) {
  if constexpr (!scalar<S> || !operand<Other>) {
    return std::forward<S>(s);
  } else {
    using V = value_of_t<Other>;
    using D = std::remove_cvref_t<S>;
    if constexpr (is_complex_v<D> && !is_complex_v<V>) {
      // A complex scalar beside real elements: complex of their precision (numpy's
      // float32 * 1j is complex64; integers and bool give complex128).
      using P = std::conditional_t<std::is_floating_point_v<V>, V, std::conditional_t<is_reduced_float_v<V>, float, double>>;
      return convert<typename rebind_complex<D, P>::type>(s);
    } else if constexpr (std::is_same_v<V, bool> || (is_floating_v<D> && !is_floating_v<V> && !is_complex_v<V>)) {
      return static_cast<D>(s);
    } else if constexpr (is_complex_v<V>) {
      return convert<V>(s);  // a real or complex scalar of another precision
    } else {
      return static_cast<V>(s);
    }
  }
}

/// A scalar in a comparison: as weak_scalar, except that an integer scalar next to an
/// integer or bool operand keeps its own type, so that it is compared by value
/// (`int32_tensor < 3000000000LL` is all true, as in numpy 2), not narrowed first.
template <class Other, class S>
decltype(auto) comparison_scalar(S&& s) {
  using D = std::remove_cvref_t<S>;
  if constexpr (scalar<S> && operand<Other> && std::is_integral_v<D> && std::is_integral_v<value_of_t<Other>>)
    return static_cast<D>(s);
  else
    return weak_scalar<Other>(std::forward<S>(s));
}
template <bool Comparison, class Other, class S>
decltype(auto) scalar_beside(S&& s) {
  if constexpr (Comparison)
    return comparison_scalar<Other>(std::forward<S>(s));
  else
    return weak_scalar<Other>(std::forward<S>(s));
}

/// A binary map node, a scalar on either side taking its type as above.
template <bool Comparison = false, class F, class A, class B>
auto make_binary(F fn, A&& a, B&& b) {
  if constexpr (scalar<A>)
    return make_map(fn, scalar_beside<Comparison, B>(std::forward<A>(a)), std::forward<B>(b));
  else if constexpr (scalar<B>)
    return make_map(fn, std::forward<A>(a), scalar_beside<Comparison, A>(std::forward<B>(b)));
  else
    return make_map(fn, std::forward<A>(a), std::forward<B>(b));
}

}  // namespace detail

/// At least one side is a tandem operand and the other an operand or a scalar.
template <class A, class B>
concept binary_operands = (operand<A> && operand_or_scalar<B>) || (scalar<A> && operand<B>);

#define TANDEM_BINARY_OPERATOR(op, functor, maker)                          \
  template <class A, class B>                                               \
    requires binary_operands<A, B>                                          \
  auto operator op(A&& a, B&& b) {                                          \
    return detail::maker(detail::functor{}, std::forward<A>(a), std::forward<B>(b)); \
  }
TANDEM_BINARY_OPERATOR(+, plus_fn, make_binary)
TANDEM_BINARY_OPERATOR(-, minus_fn, make_binary)
TANDEM_BINARY_OPERATOR(*, multiplies_fn, make_binary)
TANDEM_BINARY_OPERATOR(/, divides_fn, make_binary)
TANDEM_BINARY_OPERATOR(==, equal_fn, make_binary<true>)
TANDEM_BINARY_OPERATOR(!=, not_equal_fn, make_binary<true>)
TANDEM_BINARY_OPERATOR(<, less_fn, make_binary<true>)
TANDEM_BINARY_OPERATOR(<=, less_equal_fn, make_binary<true>)
TANDEM_BINARY_OPERATOR(>, greater_fn, make_binary<true>)
TANDEM_BINARY_OPERATOR(>=, greater_equal_fn, make_binary<true>)
TANDEM_BINARY_OPERATOR(&&, logical_and_fn, make_binary)
TANDEM_BINARY_OPERATOR(||, logical_or_fn, make_binary)
TANDEM_BINARY_OPERATOR(%, remainder_fn, make_binary)
TANDEM_BINARY_OPERATOR(&, bit_and_fn, make_binary)
TANDEM_BINARY_OPERATOR(|, bit_or_fn, make_binary)
TANDEM_BINARY_OPERATOR(^, bit_xor_fn, make_binary)
TANDEM_BINARY_OPERATOR(<<, shift_left_fn, make_binary)
TANDEM_BINARY_OPERATOR(>>, shift_right_fn, make_binary)
#undef TANDEM_BINARY_OPERATOR

template <operand A>
auto operator-(A&& a) {
  return detail::make_map(detail::negate_fn{}, std::forward<A>(a));
}
template <operand A>
auto operator!(A&& a) {
  return detail::make_map(detail::logical_not_fn{}, std::forward<A>(a));
}
template <operand A>
auto operator~(A&& a) {
  return detail::make_map(detail::bit_not_fn{}, std::forward<A>(a));
}

}  // namespace tandem
