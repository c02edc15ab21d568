#pragma once
/// \file expr/map.hpp
/// `td::map(f, operands...)`: the one expression node. Every operator and elementwise
/// function is a `map` of a small TANDEM_HD functor, so every expression, however
/// large, evaluates in one pass with no temporaries.
///
/// \code
/// struct saxpy {
///   float a;
///   TANDEM_HD float operator()(float x, float y) const { return a * x + y; }
/// };
/// auto y2 = td::eval(td::map(saxpy{2.f}, x, y));   // broadcast and fused
/// \endcode

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../shape.hpp"
#include "../space.hpp"
#include "../traits.hpp"
#include "leaf.hpp"

namespace tandem {
namespace detail {

// ---- a minimal device-copyable tuple -----------------------------------------------

template <std::size_t I, class T>
struct pack_slot {
  T value;
};
template <class Seq, class... T>
struct pack_base;
template <std::size_t... I, class... T>
struct pack_base<std::index_sequence<I...>, T...> : pack_slot<I, T>... {};
template <class... T>
struct pack : pack_base<std::index_sequence_for<T...>, T...> {};

template <std::size_t I, class T>
TANDEM_HD const T& get(const pack_slot<I, T>& slot) {
  return slot.value;
}

// ---- the space an expression runs in -----------------------------------------------

template <class A, class B>
struct join_space {
  using type = typename spaces_must_match<A, B>::type;
};
template <class B>
struct join_space<void, B> {
  using type = B;
};
template <class A>
struct join_space<A, void> {
  using type = A;
};
template <>
struct join_space<void, void> {
  using type = void;
};
template <class... S>
struct common_space;
template <>
struct common_space<> {
  using type = void;
};
template <class S, class... Rest>
struct common_space<S, Rest...> {
  using type = typename join_space<S, typename common_space<Rest...>::type>::type;
};

/// Evaluates f over the evaluators of the operands.
template <class F, class... E>
struct map_eval {
  /// Whether a host loop over it pays for an AVX2 build (backend/portable.hpp).
  static constexpr bool wide_vectors = (wide_vectors_v<F> || ... || wide_vectors_v<E>);
  F fn;
  pack<E...> args;

  TANDEM_HD auto at(const index_t* idx) const { return at_impl(idx, std::index_sequence_for<E...>{}); }
  TANDEM_HD auto flat(index_t i) const { return flat_impl(i, std::index_sequence_for<E...>{}); }

  /// f over the operands' row readers (see strided_eval::row): one row of the result.
  template <class... Rows>
  struct row_reader {
    F fn;
    pack<Rows...> rows;
    TANDEM_HD auto operator()(index_t j) const { return call(j, std::index_sequence_for<Rows...>{}); }

   private:
    template <std::size_t... I>
    TANDEM_HD auto call(index_t j, std::index_sequence<I...>) const {
      return fn(get<I>(rows)(j)...);
    }
  };
  template <bool Unit = false>
  TANDEM_HD auto row(const index_t* idx) const {
    return row_impl<Unit>(idx, std::index_sequence_for<E...>{});
  }
  /// Every operand's cache hints (strided_eval::ahead, ahead_row).
  TANDEM_HD void ahead(index_t i, index_t count) const {
    each([&](const auto& a) { a.ahead(i, count); }, std::index_sequence_for<E...>{});
  }
  /// The widest operand's bytes per element (strided_eval::ahead_span).
  TANDEM_HD static constexpr index_t ahead_span() {
    index_t span = 0;
    ((span = E::ahead_span() > span ? E::ahead_span() : span), ...);
    return span;
  }
  TANDEM_HD void ahead_row(const index_t* idx, index_t j0, index_t j1) const {
    each([&](const auto& a) { a.ahead_row(idx, j0, j1); }, std::index_sequence_for<E...>{});
  }
  /// Whether every operand's rows have steps of 1 or 0 (see strided_eval::unit_rows).
  TANDEM_HD bool unit_rows() const { return unit_rows_impl(std::index_sequence_for<E...>{}); }
  /// The first operand's axis to tile with the last (strided_eval::across_rows), or -1.
  template <std::size_t R>
  int across_rows(const shape<R>& extents) const {
    return across_rows_impl(extents, std::index_sequence_for<E...>{});
  }
  /// Every operand with the output's axes reordered (strided_eval::permuted).
  map_eval permuted(const std::size_t* axes) const { return permuted_impl(axes, std::index_sequence_for<E...>{}); }

 private:
  template <class G, std::size_t... I>
  TANDEM_HD void each(const G& g, std::index_sequence<I...>) const {
    (g(get<I>(args)), ...);
  }
  template <bool Unit, std::size_t... I>
  TANDEM_HD auto row_impl(const index_t* idx, std::index_sequence<I...>) const {
    using reader = row_reader<decltype(get<I>(args).template row<Unit>(idx))...>;
    return reader{fn, {{{get<I>(args).template row<Unit>(idx)}...}}};
  }
  template <std::size_t... I>
  TANDEM_HD bool unit_rows_impl(std::index_sequence<I...>) const {
    return (true && ... && get<I>(args).unit_rows());
  }
  template <std::size_t R, std::size_t... I>
  int across_rows_impl(const shape<R>& extents, std::index_sequence<I...>) const {
    int b = -1;
    ((b = b >= 0 ? b : get<I>(args).across_rows(extents)), ...);
    return b;
  }
  template <std::size_t... I>
  map_eval permuted_impl(const std::size_t* axes, std::index_sequence<I...>) const {
    return map_eval{fn, {{{get<I>(args).permuted(axes)}...}}};
  }
  template <std::size_t... I>
  TANDEM_HD auto at_impl(const index_t* idx, std::index_sequence<I...>) const {
    return fn(get<I>(args).at(idx)...);
  }
  template <std::size_t... I>
  TANDEM_HD auto flat_impl(index_t i, std::index_sequence<I...>) const {
    return fn(get<I>(args).flat(i)...);
  }
};

template <std::size_t... R>
constexpr std::size_t max_rank() {
  constexpr std::size_t ranks[] = {R..., 0};
  std::size_t m = 0;
  for (std::size_t r : ranks)
    if (r > m) m = r;
  return m;
}

}  // namespace detail

/// A lazy elementwise application of `F` to broadcast operands. Build it with
/// `td::map`, the operators or the elementwise functions; evaluate it by assigning it
/// to a tensor or view, with `td::eval`, or by reducing it.
template <class F, class... A>
class map_expr : public detail::expr_tag {
 public:
  using space_type = typename detail::common_space<typename A::space_type...>::type;
  static_assert(!std::is_void_v<space_type>, "tandem: an expression needs at least one tensor operand");
  static constexpr std::size_t rank = detail::max_rank<A::rank...>();
  using value_type = std::remove_cvref_t<std::invoke_result_t<const F&, typename A::value_type...>>;
  using shape_type = tandem::shape<rank>;

  /// Throws td::shape_error when the operands do not broadcast, as numpy does when an
  /// expression is written.
  explicit map_expr(F fn, A... args)
      : fn_(std::move(fn)),
        args_(std::move(args)...),
        shape_(std::apply([](const auto&... a) { return broadcast_all(a.shape()...); }, args_)) {}

  /// The broadcast shape of the operands (computed once, when the node is built).
  const shape_type& shape() const { return shape_; }
  index_t size() const { return shape().size(); }

  const F& function() const { return fn_; }
  const std::tuple<A...>& operands() const { return args_; }

 private:
  template <std::size_t R0, std::size_t... Rs>
  static shape_type broadcast_all(const tandem::shape<R0>& first, const tandem::shape<Rs>&... rest) {
    if constexpr (R0 == rank && ((Rs == rank) && ...)) {
      // Operands of one shape (the common case): nothing to broadcast, and a shape some
      // operand already has needs no new check.
      if (((rest == first) && ...)) return first;
    }
    tandem::shape<rank> acc{};
    for (std::size_t d = 0; d != rank; ++d) acc[d] = 1;
    auto widen = [&acc](const auto& s) { acc = broadcast_shape(acc, s); };
    widen(first);
    (widen(rest), ...);
    detail::check_extents(acc, "broadcast");  // a count past 2^63 would wrap
    return acc;
  }

  F fn_;
  std::tuple<A...> args_;
  shape_type shape_;
};

namespace detail {

/// A map node: its operands' evaluators under f, checked operand by operand.
template <class F, class... A>
struct expr_node<map_expr<F, A...>> {
  using node = map_expr<F, A...>;

  template <std::size_t Out>
  static auto eval(const node& e, const shape<Out>& out) {
    return std::apply(
        [&](const auto&... a) {
          using eval_t = map_eval<F, decltype(make_eval(a, out))...>;
          return eval_t{e.function(), {{{make_eval(a, out)}...}}};
        },
        e.operands());
  }
  template <std::size_t Out>
  static bool flat(const node& e, const shape<Out>& out) {
    return std::apply([&](const auto&... a) { return (flat_ok(a, out) && ...); }, e.operands());
  }
  template <class Target>
  TANDEM_ALWAYS_INLINE static operand_check check(const node& e, const Target& out) {
    return std::apply([&](const auto&... a) { return (check_operand(a, out) & ...); }, e.operands());
  }
  template <class V>
  static bool overlaps(const node& e, const V& out) {
    return std::apply([&](const auto&... a) { return (detail::overlaps(a, out) || ...); }, e.operands());
  }
};

/// Builds a map node, capturing each argument as an expression holds it. With a
/// distributed operand among them, a distributed expression instead: dist_map, found
/// by argument-dependent lookup in td::dist (dist/expr.hpp), maps the ranks' blocks.
template <class F, class... X>
auto make_map(F fn, X&&... x) {
  if constexpr ((is_dist_v<std::remove_cvref_t<X>> || ...))
    return dist_map(std::move(fn), std::forward<X>(x)...);
  else
    return map_expr<F, captured_t<X>...>(std::move(fn), capture(std::forward<X>(x))...);
}

}  // namespace detail

/// Applies a TANDEM_HD functor elementwise to broadcast operands (tensors, views,
/// expressions or scalars), lazily.
template <class F, class... X>
  requires((operand<X> || scalar<X>) && ...) && (operand<X> || ...)
auto map(F fn, X&&... x) {
  return detail::make_map(std::move(fn), std::forward<X>(x)...);
}

}  // namespace tandem
