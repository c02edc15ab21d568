#pragma once
/// \file algorithm/for_each.hpp
/// `td::for_each`: call a TANDEM_HD functor for every index of a 1-d or n-d index
/// space, in the backend of the given space.
///
/// \code
/// auto v = grid.view();                                  // a device tensor's view
/// td::for_each(td::device, td::shape<2>{m, n},
///              [=] TANDEM_HD (td::index_t i, td::index_t j) { v(i, j) = float(i + j); });
/// \endcode
/// Performance: one parallel loop; on the host, serial below 2^15 indices.

#include <cstddef>
#include <utility>

#include "../backend/backend.hpp"
#include "../shape.hpp"
#include "../space.hpp"

namespace tandem {
namespace detail {

/// Decodes a flat index and calls f(i0, i1, ...).
template <std::size_t R, class F>
struct nd_call_kernel {
  shape<R> extents;
  F fn;
  TANDEM_HD void operator()(index_t flat) const { call(flat, std::make_index_sequence<R>{}); }

 private:
  template <std::size_t... D>
  TANDEM_HD void call(index_t flat, std::index_sequence<D...>) const {
    index_t idx[R];
    unravel(flat, extents, idx);
    fn(idx[D]...);
  }
};

}  // namespace detail

/// Calls f(i) for every i in [0, n), in the backend of space S.
template <space S, class F>
void for_each(S, index_t n, F f) {
  using backend = detail::backend_t<S>;
  backend::for_each(n, f);
  backend::finish();
}

/// Calls f(i, j, ...) for every index of the shape, row-major, in the backend of space S.
template <space S, std::size_t R, class F>
  requires(R > 0)
void for_each(S space_tag, const shape<R>& extents, F f) {
  detail::check_extents(extents, "for_each");
  for_each(space_tag, extents.size(), detail::nd_call_kernel<R, F>{extents, std::move(f)});
}

}  // namespace tandem
