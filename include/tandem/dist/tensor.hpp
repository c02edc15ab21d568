#pragma once
/// \file dist/tensor.hpp
/// `td::dist::tensor<T, R, Space>`: a tensor of global shape split into blocks of rows
/// (axis 0), one block per rank, each an ordinary `td::tensor` in `Space`. The blocks
/// are balanced: with n rows over p ranks, rank r holds n / p rows, one more when
/// r < n % p, starting at global row r * (n / p) + min(r, n % p). Fewer rows than ranks
/// leaves some blocks empty; every operation takes them.
///
/// \code
/// td::dist::environment env(argc, argv);
/// auto w = td::dist::world();
/// auto a = td::dist::zeros<float>(w, {1000, 64});     // rows 0..249 on rank 0 of 4, ...
/// a.local();                                          // this rank's td::tensor
/// a.shape();  a.offset();                             // {1000, 64}; the first local row
/// auto b = td::dist::scatter(w, whole, 0);            // rank 0's tensor, split
/// td::tensor<float, 2> all = td::dist::gather(b, 0);  // whole on rank 0, empty elsewhere
/// \endcode

#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../algorithm/for_each.hpp"
#include "../backend/link.hpp"
#include "../creation.hpp"
#include "../error.hpp"
#include "../shape.hpp"
#include "../tensor.hpp"
#include "../traits.hpp"
#include "communicator.hpp"

namespace tandem::dist {

/// Rows of the balanced block of rank r of p, of n rows.
inline index_t block_rows(index_t n, int p, int r) { return n / p + (r < n % p ? 1 : 0); }
/// Global index of that block's first row.
inline index_t block_offset(index_t n, int p, int r) { return r * (n / p) + std::min<index_t>(r, n % p); }
/// The rank whose block holds global row `row` (0 <= row < n).
inline int block_of_row(index_t n, int p, index_t row) {
  const index_t q = n / p, rem = n % p;
  return static_cast<int>(row < rem * (q + 1) ? row / (q + 1) : rem + (row - rem * (q + 1)) / q);
}

template <class T, std::size_t R, class Space = host_space>
class tensor;

namespace detail {

template <std::size_t R>
tandem::shape<R> local_shape(const tandem::shape<R>& global, const communicator& c) {
  tandem::shape<R> s = global;
  s[0] = block_rows(global[0], c.size(), c.rank());
  return s;
}

}  // namespace detail

template <class T, std::size_t R, class Space>
class tensor : public tandem::detail::dist_tag {
  static_assert(R >= 1, "tandem: a distributed tensor has rank 1 or more (it is split along axis 0)");

 public:
  using value_type = T;
  using space_type = Space;
  using shape_type = tandem::shape<R>;
  using local_type = tandem::tensor<T, R, Space>;
  static constexpr std::size_t rank = R;

  /// Zeros of `global` shape over the ranks of `c` (collective only in that every rank
  /// makes its block).
  tensor(const communicator& c, const shape_type& global)
      : comm_(c), shape_(global), offset_(block_offset(global[0], c.size(), c.rank())),
        local_(detail::local_shape(global, c)) {}
  tensor(const communicator& c, const shape_type& global, uninitialized_t)
      : comm_(c), shape_(global), offset_(block_offset(global[0], c.size(), c.rank())),
        local_(detail::local_shape(global, c), uninitialized) {}

  /// The value of a distributed expression (its blocks computed where they lie).
  template <class E>
    requires(dist_operand<E> && !std::is_same_v<std::remove_cvref_t<E>, tensor>)
  tensor(const E& e) : comm_(e.comm()), shape_(e.shape()), offset_(e.offset()), local_(e.local()) {}

  tensor(const tensor&) = default;
  tensor(tensor&&) noexcept = default;
  /// Replaces this tensor with another (shape and group included).
  tensor& operator=(const tensor&) = default;
  tensor& operator=(tensor&&) noexcept = default;

  /// Writes a distributed expression of the same global shape (or a scalar) into the
  /// blocks, each rank its own; td::shape_error (on every rank) when the shapes differ.
  template <class E>
    requires((dist_operand<E> && !std::is_same_v<std::remove_cvref_t<E>, tensor>) || scalar<E>)
  tensor& operator=(const E& e) {
    if constexpr (scalar<E>) {
      local_.view() = e;
    } else {
      if (!(e.shape() == shape_))
        throw shape_error("tandem: dist: assigning global shape " + to_string(e.shape()) + " to global shape " +
                          to_string(shape_));
      local_.view() = e.local();
    }
    return *this;
  }

  const communicator& comm() const { return comm_; }
  /// The global shape.
  const shape_type& shape() const { return shape_; }
  index_t size() const { return shape_.size(); }
  index_t extent(std::size_t d) const { return shape_[d]; }
  /// The global index of the first row of this rank's block.
  index_t offset() const { return offset_; }
  /// This rank's block: rows offset() .. offset() + local().extent(0) - 1.
  local_type& local() & { return local_; }
  const local_type& local() const& { return local_; }
  local_type&& local() && { return std::move(local_); }

  /// Adopts blocks that already have the balanced layout (checked: td::shape_error).
  tensor(const communicator& c, const shape_type& global, local_type block)
      : comm_(c), shape_(global), offset_(block_offset(global[0], c.size(), c.rank())), local_(std::move(block)) {
    if (!(local_.shape() == detail::local_shape(global, c)))
      throw shape_error("tandem: dist: a block of shape " + to_string(local_.shape()) + " for rank " +
                        std::to_string(c.rank()) + " of global shape " + to_string(global) + " (expected " +
                        to_string(detail::local_shape(global, c)) + ")");
  }

 private:
  communicator comm_;
  shape_type shape_;
  index_t offset_ = 0;
  local_type local_;
};

// ---- creation -------------------------------------------------------------------------

template <class T, std::size_t R, class S = host_space>
tensor<T, R, S> zeros(const communicator& c, const index_t (&global)[R], S = {}) {
  return tensor<T, R, S>(c, tandem::detail::to_shape(global));
}
template <class T, std::size_t R, class S = host_space>
tensor<T, R, S> full(const communicator& c, const index_t (&global)[R], T value, S = {}) {
  tensor<T, R, S> t(c, tandem::detail::to_shape(global), uninitialized);
  t.local().view() = value;
  return t;
}
template <class T, std::size_t R, class S = host_space>
tensor<T, R, S> ones(const communicator& c, const index_t (&global)[R], S = {}) {
  return full<T, R, S>(c, global, T(1));
}
/// start, start + step, ... below stop (numpy's arange), split over the ranks: rank r
/// holds the values of the global indices of its block, computed as the
/// single-process arange computes them.
template <class T, class S = host_space>
tensor<T, 1, S> arange(const communicator& c, T start, T stop, T step = T(1), S = {}) {
  const index_t n = tandem::detail::arange_count(start, stop, step);
  tensor<T, 1, S> t(c, tandem::shape<1>{n}, uninitialized);
  tandem::for_each(S{}, t.local().extent(0),
                   tandem::detail::arange_kernel<T>{t.local().data(), tandem::detail::convert<double>(start),
                                                    tandem::detail::convert<double>(step), start, step, t.offset()});
  return t;
}
template <class T, class S = host_space>
tensor<T, 1, S> arange(const communicator& c, T stop, S space = {}) {
  return arange<T, S>(c, T(0), stop, T(1), space);
}

/// A distributed tensor of `global` shape over `c` whose blocks `fill(data, count,
/// first)` writes: count elements from the block's first global flat index (what
/// td::random::generator's distributed calls use).
template <class T, std::size_t R, class S, class F>
tensor<T, R, S> dist_block(const communicator& c, const tandem::shape<R>& global, S, F&& fill) {
  tensor<T, R, S> t(c, global, uninitialized);
  index_t row = 1;
  for (std::size_t d = 1; d < R; ++d) row *= global[d];
  if (t.local().size() > 0) fill(t.local().data(), t.local().size(), t.offset() * row);
  return t;
}

namespace detail {

/// Moves rows so that rank r ends with `want[r]` rows from `have[r]` rows (rows in
/// global order throughout), the others' extents `inner` elements per row.
template <class T, std::size_t R>
tandem::tensor<T, R, host_space> move_rows(const communicator& c, const T* rows_data,
                                           const std::vector<index_t>& have, const std::vector<index_t>& want,
                                           tandem::shape<R> row_shape) {
  const int p = c.size(), me = c.rank();
  index_t inner = 1;
  for (std::size_t d = 1; d < R; ++d) inner *= row_shape[d];
  std::vector<index_t> have_at(p + 1, 0), want_at(p + 1, 0);
  for (int r = 0; r < p; ++r) have_at[r + 1] = have_at[r] + have[r], want_at[r + 1] = want_at[r] + want[r];
  std::vector<index_t> send(p, 0), recv(p, 0);
  for (int r = 0; r < p; ++r) {
    const index_t s0 = std::max(have_at[me], want_at[r]), s1 = std::min(have_at[me + 1], want_at[r + 1]);
    send[r] = std::max<index_t>(0, s1 - s0) * inner;
    const index_t r0 = std::max(have_at[r], want_at[me]), r1 = std::min(have_at[r + 1], want_at[me + 1]);
    recv[r] = std::max<index_t>(0, r1 - r0) * inner;
  }
  row_shape[0] = want[me];
  tandem::tensor<T, R, host_space> out(row_shape, uninitialized);
  c.impl().alltoallv(rows_data, send, out.data(), recv, sizeof(T));
  return out;
}

}  // namespace detail

/// A distributed tensor from each rank's block, in rank order (collective). The blocks
/// may hold any numbers of rows (rows move between ranks to balance them); their other
/// extents must agree, else td::shape_error on every rank.
template <class T, std::size_t R, class S>
tensor<T, R, S> from_local(const communicator& c, const tandem::tensor<T, R, S>& block) {
  const int p = c.size();
  std::vector<index_t> shapes(static_cast<std::size_t>(p) * R);
  c.impl().allgather(block.shape().ext, R, shapes.data(), sizeof(index_t));
  tandem::shape<R> global = block.shape();
  global[0] = 0;
  std::vector<index_t> have(p);
  for (int r = 0; r < p; ++r) {
    tandem::shape<R> s;
    std::copy(shapes.begin() + std::ptrdiff_t(r) * R, shapes.begin() + std::ptrdiff_t(r + 1) * R, s.ext);
    for (std::size_t d = 1; d < R; ++d)
      if (s[d] != global[d])
        throw shape_error("tandem: dist::from_local: rank " + std::to_string(r) + "'s block has shape " +
                          to_string(s) + ", rank " + std::to_string(c.rank()) + "'s " +
                          to_string(block.shape()) + " (only the rows may differ)");
    have[r] = s[0];
    global[0] += s[0];
  }
  std::vector<index_t> want(p);
  for (int r = 0; r < p; ++r) want[r] = block_rows(global[0], p, r);
  if (have == want) return tensor<T, R, S>(c, global, block);
  const auto [elements, keep] = tandem::detail::contiguous_host_elements(block);
  const T* ptr = elements.data();
  auto moved = detail::move_rows<T, R>(c, ptr, have, want, block.shape());
  return tensor<T, R, S>(c, global, tandem::to(S{}, std::move(moved)));
}

/// Root's tensor split into balanced blocks, one per rank (collective; the other ranks'
/// `t` is not read). Every rank learns the shape from root.
template <class T, std::size_t R, class S>
tensor<T, R, S> scatter(const communicator& c, const tandem::tensor<T, R, S>& t, int root) {
  if (root < 0 || root >= c.size())
    throw index_error("tandem: dist::scatter: root " + std::to_string(root) + " is not a rank of a group of " +
                      std::to_string(c.size()));
  tandem::shape<R> global = t.shape();
  c.impl().bcast(global.ext, R, sizeof(index_t), root);
  tensor<T, R, S> out(c, global, uninitialized);
  index_t inner = 1;
  for (std::size_t d = 1; d < R; ++d) inner *= global[d];
  std::vector<index_t> counts(c.size());
  for (int r = 0; r < c.size(); ++r) counts[r] = block_rows(global[0], c.size(), r) * inner;
  // Straight from root's tensor into each rank's block, in their space (backend/link.hpp).
  tandem::detail::link<S>::scatterv(c.impl(), c.rank() == root ? t.data() : nullptr, counts, out.local().data(),
                                    out.local().size(), sizeof(T), root);
  return out;
}

/// The whole tensor on `root` (collective); on the other ranks a tensor with no rows.
template <class T, std::size_t R, class S>
tandem::tensor<T, R, S> gather(const tensor<T, R, S>& t, int root) {
  const communicator& c = t.comm();
  if (root < 0 || root >= c.size())
    throw index_error("tandem: dist::gather: root " + std::to_string(root) + " is not a rank of a group of " +
                      std::to_string(c.size()));
  tandem::shape<R> s = t.shape();
  index_t inner = 1;
  for (std::size_t d = 1; d < R; ++d) inner *= s[d];
  std::vector<index_t> counts(c.size());
  for (int r = 0; r < c.size(); ++r) counts[r] = block_rows(s[0], c.size(), r) * inner;
  if (c.rank() != root) s[0] = 0;
  tandem::tensor<T, R, S> whole(s, uninitialized);
  tandem::detail::link<S>::gatherv(c.impl(), t.local().data(), t.local().size(), whole.data(), counts, sizeof(T),
                                   root);
  return whole;
}

/// The whole tensor on every rank (collective).
template <class T, std::size_t R, class S>
tandem::tensor<T, R, S> allgather(const tensor<T, R, S>& t) {
  const communicator& c = t.comm();
  index_t inner = 1;
  for (std::size_t d = 1; d < R; ++d) inner *= t.shape()[d];
  std::vector<index_t> counts(c.size());
  for (int r = 0; r < c.size(); ++r) counts[r] = block_rows(t.shape()[0], c.size(), r) * inner;
  tandem::tensor<T, R, S> whole(t.shape(), uninitialized);
  tandem::detail::link<S>::allgatherv(c.impl(), t.local().data(), t.local().size(), whole.data(), counts, sizeof(T));
  return whole;
}

/// How blocks of `Space` travel among the ranks of `c`: "mpi" for host memory (and the
/// device space emulated on it), and for GPU memory "nccl", "mpi (CUDA-aware)" or
/// "staged (pinned host buffers)" (chosen on first use, collectively: see
/// TANDEM_DIST_DEVICE_LINK in docs/api.md).
template <class Space = host_space>
std::string link_name(const communicator& c, Space = {}) {
  return tandem::detail::link<Space>::name(c.impl());
}

}  // namespace tandem::dist
