#pragma once
/// \file traits.hpp
/// Forward declarations and the type traits that tell tensors, views, expressions and
/// scalars apart, and which space, rank and element type an operand has.

#include <cstddef>
#include <type_traits>

#include "config.hpp"
#include "half.hpp"
#include "space.hpp"

namespace tandem {

template <class T, std::size_t R, class Space = host_space>
class tensor;

/// Tag for constructors that leave elements uninitialized.
struct uninitialized_t {
  explicit uninitialized_t() = default;
};
inline constexpr uninitialized_t uninitialized{};

template <class T, std::size_t R, class Space = host_space>
class tensor_view;

namespace detail {

template <class X>
struct is_tensor : std::false_type {};
template <class T, std::size_t R, class S>
struct is_tensor<tensor<T, R, S>> : std::true_type {};
template <class X>
inline constexpr bool is_tensor_v = is_tensor<X>::value;

template <class X>
struct is_view : std::false_type {};
template <class T, std::size_t R, class S>
struct is_view<tensor_view<T, R, S>> : std::true_type {};
template <class X>
inline constexpr bool is_view_v = is_view<X>::value;

/// Expression nodes derive from this tag.
struct expr_tag {};

/// Distributed tensors and expressions (td::dist) derive from this tag: operands whose
/// elements are spread over ranks. An element-wise function of one is a distributed
/// expression (dist/expr.hpp); reductions of one are global (dist/reduce.hpp).
struct dist_tag {};
template <class X>
inline constexpr bool is_dist_v = std::is_base_of_v<dist_tag, X>;
/// A group of ranks (td::dist::communicator derives from this tag).
struct group_tag {};
template <class X>
inline constexpr bool is_group_v = std::is_base_of_v<group_tag, std::remove_cvref_t<X>>;

}  // namespace detail

/// A tensor, a view or a lazy expression: anything with a shape, a space and elements.
template <class X>
concept operand = detail::is_tensor_v<std::remove_cvref_t<X>> ||
                  detail::is_view_v<std::remove_cvref_t<X>> ||
                  std::is_base_of_v<detail::expr_tag, std::remove_cvref_t<X>> ||
                  detail::is_dist_v<std::remove_cvref_t<X>>;

/// A distributed operand (td::dist::tensor or an expression of one). Functions that
/// treat these differently constrain on it, which is more specific than `operand`.
template <class X>
concept dist_operand = operand<X> && detail::is_dist_v<std::remove_cvref_t<X>>;

/// An arithmetic value (or a td::half / td::bfloat16, or a td::complex) that broadcasts
/// against operands.
template <class X>
concept scalar = std::is_arithmetic_v<std::remove_cvref_t<X>> || detail::is_reduced_float_v<std::remove_cvref_t<X>> ||
                 detail::is_complex_v<std::remove_cvref_t<X>>;

template <class X>
concept operand_or_scalar = operand<X> || scalar<X>;

/// The space of an operand.
template <operand X>
using space_of_t = typename std::remove_cvref_t<X>::space_type;

/// The element type an operand yields.
template <operand X>
using value_of_t = typename std::remove_cvref_t<X>::value_type;

/// The rank of an operand.
template <operand X>
inline constexpr std::size_t rank_of_v = std::remove_cvref_t<X>::rank;

namespace detail {

/// A tensor (as an lvalue) or a view of mutable elements: what an in-place algorithm
/// (sort, scatter) can write to.
template <class X>
concept writable_tensor =
    (is_tensor_v<std::remove_cvref_t<X>> && std::is_lvalue_reference_v<X> &&
     !std::is_const_v<std::remove_reference_t<X>>) ||
    (is_view_v<std::remove_cvref_t<X>> && !std::is_const_v<typename std::remove_cvref_t<X>::element_type>);

/// Assigns (with broadcasting) an operand or scalar into a view's elements.
template <class T, std::size_t R, class S, class E>
void assign(const tensor_view<T, R, S>& out, const E& e);

template <class E>
struct all_reduction;  // defined in algorithm/reduce.hpp

}  // namespace detail

/// `td::keepdims`, passed after the axis of a reduction, keeps the reduced axis with
/// extent 1 (numpy's keepdims=True): `a - td::mean(a, 1, td::keepdims)` broadcasts.
struct keepdims_t {
  explicit keepdims_t() = default;
};
inline constexpr keepdims_t keepdims{};

/// `td::all` is both the slice tag ("every index of this dimension") and the reduction
/// `td::all(mask)`: true when every element is non-zero (true when empty); with an axis,
/// along that axis (algorithm/reduce.hpp).
struct all_t {
  template <operand E>
  bool operator()(const E& e) const {
    return detail::all_reduction<E>::whole(e);
  }
  template <operand E>
  auto operator()(const E& e, index_t axis) const {
    return detail::all_reduction<E>::along(e, axis);
  }
  template <operand E>
  auto operator()(const E& e, index_t axis, keepdims_t) const {
    return detail::all_reduction<E>::along_kept(e, axis);
  }
};
inline constexpr all_t all{};

}  // namespace tandem
