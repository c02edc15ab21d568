#pragma once
/// \file dist/expr.hpp
/// Element-wise expressions of distributed tensors: every element-wise function and
/// operator of tandem takes them (through the one map node every function builds), and
/// gives a distributed expression whose blocks are the ranks' own, lazy and fused, with no
/// communication. Besides distributed operands of one global shape and group, an
/// expression takes scalars and ordinary tensors that every rank holds whole: one that
/// broadcasts along the other axes, or one of the whole global shape (each rank reads its
/// rows of it).
///
/// \code
/// auto u2 = td::dist::tensor<double, 2>(u + dt * (td::exp(-u) - bias));  // bias: (64,)
/// u = u2 * 0.5;
/// \endcode
/// Global shapes are the same on every rank, so a mismatch throws td::shape_error on
/// every rank alike.

#include <string>
#include <type_traits>
#include <utility>

#include "../expr/map.hpp"
#include "../expr/math.hpp"
#include "../expr/operators.hpp"
#include "../shape.hpp"
#include "../traits.hpp"
#include "tensor.hpp"

namespace tandem::dist {

/// A distributed expression: the global shape and group, and this rank's block of it
/// (an ordinary tandem expression over the local blocks).
template <class E>
class expr : public tandem::detail::dist_tag {
 public:
  using local_type = E;
  using value_type = value_of_t<E>;
  using space_type = space_of_t<E>;
  static constexpr std::size_t rank = rank_of_v<E>;
  using shape_type = tandem::shape<rank>;

  expr(communicator c, const shape_type& global, index_t offset, E local)
      : comm_(std::move(c)), shape_(global), offset_(offset), local_(std::move(local)) {}

  const communicator& comm() const { return comm_; }
  const shape_type& shape() const { return shape_; }
  index_t size() const { return shape_.size(); }
  index_t offset() const { return offset_; }
  const E& local() const& { return local_; }
  E&& local() && { return std::move(local_); }

 private:
  communicator comm_;
  shape_type shape_;
  index_t offset_;
  E local_;
};

namespace detail {

template <class X>
const auto& first_dist(const X& x) {
  return x;
}
template <class X, class Y, class... Rest>
const auto& first_dist(const X& x, const Y& y, const Rest&... rest) {
  if constexpr (tandem::detail::is_dist_v<X>)
    return x;
  else
    return first_dist(y, rest...);
}

/// What an operand contributes to a rank's block of the expression: a distributed
/// operand its block, a scalar itself, an ordinary tensor itself or its block of rows.
template <std::size_t G, class X>
decltype(auto) local_operand(X&& x, const communicator& c, const tandem::shape<G>& global, index_t offset,
                             index_t rows) {
  using D = std::remove_cvref_t<X>;
  if constexpr (scalar<X>) {
    return std::forward<X>(x);
  } else if constexpr (tandem::detail::is_dist_v<D>) {
    if (!(x.comm() == c))
      throw error("tandem: dist: an expression of distributed tensors of two groups (communicators)");
    if (!(x.shape() == global))
      throw shape_error("tandem: dist: operands of global shapes " + to_string(global) + " and " +
                        to_string(x.shape()) + " in one expression");
    if constexpr (std::is_lvalue_reference_v<X>) {
      if constexpr (tandem::detail::is_tensor_v<typename D::local_type>)
        return x.local().view();
      else
        return x.local();
    } else {
      return std::move(x).local();
    }
  } else {
    constexpr std::size_t RX = D::rank;
    const auto s = x.shape();
    if (RX > G || !(broadcast_shape(global, s) == global))
      throw shape_error("tandem: dist: an operand of shape " + to_string(s) + " does not broadcast to the global shape " +
                        to_string(global));
    if constexpr (RX < G) {
      return std::forward<X>(x);  // it never reaches axis 0
    } else {
      // Axis 0 of extent 1 broadcasts; the whole global extent gives this rank its rows.
      const index_t first = s[0] == 1 ? 0 : offset, count = s[0] == 1 ? 1 : rows;
      const auto rows_of = [&](const auto& v) {
        using VV = std::remove_cvref_t<decltype(v)>;
        auto part = v.shape();
        part[0] = count;
        return VV(v.data() + (count > 0 ? first * v.stride(0) : 0), part, v.strides());
      };
      if constexpr (std::is_lvalue_reference_v<X> &&
                    (tandem::detail::is_tensor_v<D> || tandem::detail::is_view_v<D>)) {
        return rows_of(tandem::detail::as_view(x));  // a view: nothing copied
      } else {
        // A temporary or an expression: evaluated (whole, as every rank holds it), and
        // this rank's rows kept.
        const tandem::tensor<value_of_t<D>, RX, space_of_t<D>> whole(std::forward<X>(x));
        return tandem::tensor<value_of_t<D>, RX, space_of_t<D>>(rows_of(whole.view()));
      }
    }
  }
}

}  // namespace detail

/// The map node of a distributed expression (tandem::detail::make_map's choice when an
/// operand is distributed).
template <class F, class... X>
auto dist_map(F fn, X&&... x) {
  const auto& lead = detail::first_dist(x...);
  const communicator c = lead.comm();
  const auto global = lead.shape();
  const index_t offset = lead.offset();
  const index_t rows = block_rows(global[0], c.size(), c.rank());
  auto local = tandem::detail::make_map(std::move(fn), detail::local_operand(std::forward<X>(x), c, global, offset, rows)...);
  return expr<decltype(local)>(c, global, offset, std::move(local));
}

}  // namespace tandem::dist
