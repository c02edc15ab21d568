#pragma once
/// \file dist/scan.hpp
/// `td::dist::cumsum(t)` (rank 1) and `td::dist::cumsum(t, axis)`: running sums over the
/// global order. Each rank scans its block; along axis 0 the blocks' totals are then
/// gathered and each rank adds the totals of the ranks before it (an exclusive scan of
/// the block totals, summed in rank order). Integer results equal the single process's;
/// float ones differ from it by rounding only (the single process carries its own chunk
/// totals in another order): within a few ulps of the running sum's magnitude.
///
/// \code
/// auto c = td::dist::cumsum(td::dist::arange<int>(w, 10));   // 0, 1, 3, ..., 45, split
/// \endcode

#include <vector>

#include "../algorithm/reduce.hpp"
#include "../algorithm/scan.hpp"
#include "reduce.hpp"
#include "tensor.hpp"

namespace tandem::dist {

/// Running sums along `axis` (negative counts from the end); the operand's shape and
/// layout (collective when the axis is 0).
template <class T, std::size_t R, class S>
auto cumsum(const tensor<T, R, S>& t, index_t axis) {
  const std::size_t a = tandem::detail::normalize_axis(axis, R, "dist::cumsum");
  auto local = tandem::cumsum(t.local(), static_cast<index_t>(a));
  using V = value_of_t<decltype(local)>;
  if (a == 0) {
    const auto& m = t.comm().impl();
    const index_t rows = t.local().extent(0);
    index_t inner = 1;
    for (std::size_t d = 1; d < R; ++d) inner *= t.shape()[d];
    // This block's totals (its last row of running sums), zeros when it has no rows.
    tandem::shape<R> row_shape = t.shape();
    row_shape[0] = 1;
    tandem::tensor<V, R, host_space> totals(row_shape);
    if (rows > 0)
      tandem::copy(tandem::tensor_view<const V, R, S>(local.data() + (rows - 1) * inner, row_shape), totals.view());
    std::vector<V> all(static_cast<std::size_t>(inner * m.size()));
    m.allgather(totals.data(), inner, all.data(), sizeof(V));
    tandem::tensor<V, R, host_space> carry(row_shape);
    for (int r = 0; r < m.rank(); ++r)
      carry = carry + tandem::tensor_view<const V, R, host_space>(all.data() + r * inner, row_shape);
    if (m.rank() > 0 && rows > 0) local.view() = local + tandem::to(S{}, carry);
  }
  return tensor<V, R, S>(t.comm(), t.shape(), std::move(local));
}

/// Running sums of a rank-1 distributed tensor.
template <class T, class S>
auto cumsum(const tensor<T, 1, S>& t) {
  return cumsum(t, 0);
}

}  // namespace tandem::dist
