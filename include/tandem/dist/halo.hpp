#pragma once
/// \file dist/halo.hpp
/// `td::dist::halo(t, width[, td::dist::periodic])`: the `width` rows on either side of
/// this rank's block, from the neighbouring ranks, for stencils. The result keeps the
/// block in place (nothing of it is copied: the exchange moves 2 x width rows, as a
/// hand-written MPI_Sendrecv would) and its `view()` reads row i of the block for i in
/// [0, rows), the rows above it for i in [-width, 0) and those below for i in
/// [rows, rows + width), in a TANDEM_HD functor on either space.
///
/// \code
/// auto h = td::dist::halo(u, 1);                      // u: td::dist::tensor<double, 2>
/// td::for_each(space, u.local().shape(), step{h.view(), next.local().view(), u.offset()});
/// td::dist::halo(u, 1, h);                            // later steps: refreshed in place
/// // in step: h(i - 1, j) + h(i + 1, j) + ...  (i - 1 == -1 reads the rank above's last row)
/// \endcode
/// Outside the global rows (above row 0, below the last), rows are zeros, or with
/// td::dist::periodic the rows of the other end. `width` may be at most the smallest
/// block's rows (the global rows divided by the ranks, rounded down), so that every
/// ghost row comes from the next rank; larger throws td::shape_error on every rank.

#include <optional>
#include <string>
#include <utility>

#include "../backend/link.hpp"
#include "../creation.hpp"
#include "../tensor.hpp"
#include "../tensor_view.hpp"
#include "tensor.hpp"

namespace tandem::dist {

/// Tag: the rows above the first wrap around to the last, and the other way.
struct periodic_t {
  explicit periodic_t() = default;
};
inline constexpr periodic_t periodic{};

/// A block with the rows around it (what halo's view() gives a functor).
template <class T, std::size_t R, class S>
struct halo_view {
  tandem::tensor_view<const T, R, S> above, block, below;

  /// Element (i, j...) with i relative to the block's first row: negative above it, past
  /// its last below it.
  template <class... I>
  TANDEM_HD const T& operator()(index_t i, I... rest) const {
    if (i < 0) return above(i + above.extent(0), rest...);
    if (i >= block.extent(0)) return below(i - block.extent(0), rest...);
    return block(i, rest...);
  }
  TANDEM_HD index_t extent(std::size_t d) const { return block.extent(d); }
  TANDEM_HD index_t width() const { return above.extent(0); }
};

template <class T, std::size_t R, class S>
class halo_rows;
namespace detail {
template <class T, std::size_t R, class S>
void exchange(const tensor<T, R, S>& t, index_t width, bool wrap, halo_rows<T, R, S>& into);
}  // namespace detail

/// The ghost rows of one exchange (owned), with the block they surround (viewed).
/// Passing it back to halo() refreshes it in place: no allocation, nothing zeroed again.
template <class T, std::size_t R, class S>
class halo_rows {
 public:
  halo_rows() = default;
  halo_view<T, R, S> view() const { return {above_.view(), *block_, below_.view()}; }
  const tandem::tensor<T, R, S>& above() const { return above_; }
  const tandem::tensor<T, R, S>& below() const { return below_; }
  index_t width() const { return above_.extent(0); }

 private:
  template <class U, std::size_t RU, class SU>
  friend void detail::exchange(const tensor<U, RU, SU>&, index_t, bool, halo_rows<U, RU, SU>&);
  tandem::tensor<T, R, S> above_, below_;
  std::optional<tandem::tensor_view<const T, R, S>> block_;  // a view rebinds only by emplace
  int ends_ = -1;  // how the ends were filled: 0 zeros, 1 wrapped, -1 not yet
};

namespace detail {

/// Fills `into` with the rows around t's block (collective).
template <class T, std::size_t R, class S>
void exchange(const tensor<T, R, S>& t, index_t width, bool wrap, halo_rows<T, R, S>& into) {
  const communicator& c = t.comm();
  const int p = c.size(), me = c.rank();
  const index_t smallest = t.shape()[0] / p;
  if (width < 0 || width > smallest)
    throw shape_error("tandem: dist::halo: width " + std::to_string(width) + " is " +
                      (width < 0 ? std::string("negative") :
                                   "more than the smallest block (" + std::to_string(smallest) + " rows of " +
                                       std::to_string(t.shape()[0]) + " over " + std::to_string(p) + " ranks)"));
  tandem::shape<R> ghost_shape = t.shape();
  ghost_shape[0] = width;
  index_t inner = 1;
  for (std::size_t d = 1; d < R; ++d) inner *= t.shape()[d];
  const index_t count = width * inner, rows = t.local().extent(0);
  const int none = tandem::detail::mpi::comm::proc_null();
  const int prev = me > 0 ? me - 1 : (wrap ? p - 1 : none);
  const int next = me + 1 < p ? me + 1 : (wrap ? 0 : none);
  const int ends = wrap ? 1 : 0;
  if (!(into.above_.shape() == ghost_shape) || into.ends_ != ends) {
    // New storage; zeros only where no rank sends (beyond the global ends, not wrapping).
    into.above_ = tandem::tensor<T, R, S>(ghost_shape, uninitialized);
    into.below_ = tandem::tensor<T, R, S>(ghost_shape, uninitialized);
    if (prev == none) into.above_.view() = T(0);
    if (next == none) into.below_.view() = T(0);
    into.ends_ = ends;
  }
  into.block_.emplace(t.local().view());
  if (count == 0) return;
  // The block's first and last rows go straight from where they lie into the ghost
  // storage of the neighbours (backend/link.hpp: MPI on host memory; NCCL, CUDA-aware
  // MPI or pinned staging on a GPU).
  using link = tandem::detail::link<S>;
  const T* first = t.local().data();
  const T* last = first + (rows - width) * inner;
  link::sendrecv(c.impl(), first, count, prev, into.below_.data(), count, next, sizeof(T), 1);
  link::sendrecv(c.impl(), last, count, next, into.above_.data(), count, prev, sizeof(T), 2);
}

}  // namespace detail

/// The rows around this rank's block, zeros beyond the global rows (collective).
template <class T, std::size_t R, class S>
halo_rows<T, R, S> halo(const tensor<T, R, S>& t, index_t width) {
  halo_rows<T, R, S> h;
  detail::exchange(t, width, false, h);
  return h;
}
/// The same with the rows wrapping around (row -1 is the last global row).
template <class T, std::size_t R, class S>
halo_rows<T, R, S> halo(const tensor<T, R, S>& t, index_t width, periodic_t) {
  halo_rows<T, R, S> h;
  detail::exchange(t, width, true, h);
  return h;
}
/// Refreshes `h` (from an earlier halo of a tensor of this shape) in place: the exchange
/// alone, as a hand-written one with preallocated buffers.
template <class T, std::size_t R, class S>
void halo(const tensor<T, R, S>& t, index_t width, halo_rows<T, R, S>& h) {
  detail::exchange(t, width, false, h);
}
template <class T, std::size_t R, class S>
void halo(const tensor<T, R, S>& t, index_t width, periodic_t, halo_rows<T, R, S>& h) {
  detail::exchange(t, width, true, h);
}

}  // namespace tandem::dist
