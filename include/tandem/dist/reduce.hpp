#pragma once
/// \file dist/reduce.hpp
/// Reductions of distributed tensors and expressions: `td::sum prod mean min max argmin
/// argmax norm` (and `td::dot`, whose one definition sums a * b), whole and along an axis, every rank getting the result (a value, or
/// an ordinary td::tensor of rank R - 1). Along an inner axis the blocks are reduced
/// where they lie and only the results move; a program that wants that result
/// distributed instead reduces the block itself:
/// `td::dist::tensor<float, 1>(w, {n}, td::sum(u.local(), 1))`.
///
/// Float sums are the same bits on any number of ranks, and the same as the single
/// process's on the host: tandem sums in chunks of a fixed size (2^14 elements, reduced
/// pairwise) and then reduces the chunks' partials pairwise. Here each rank reduces the
/// chunks that lie wholly in its block; the pieces of a chunk that straddles blocks go
/// to the rank that holds its first element, which reduces it whole, in order; and every
/// rank reduces the gathered partials of all chunks in the same tree. Along axis 0 the
/// same is done with the 256-row blocks of the pairwise reduction and its binary counter
/// (axis0_accumulated).
/// (On a GPU the single-process sum is CUB's, whose order differs; the distributed one
/// there gives the host's bits.)
///
/// \code
/// double s = td::sum(u);            // u a td::dist::tensor: the same on every rank
/// auto col = td::sum(u, 0);         // a td::tensor every rank holds
/// auto row = td::sum(u, 1);         // the same
/// td::index_t k = td::argmax(u);    // a global flat index
/// \endcode

#include <cmath>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "../algorithm/reduce.hpp"
#include "../core/pairwise.hpp"
#include "../creation.hpp"
#include "../views/reshape.hpp"
#include "expr.hpp"
#include "tensor.hpp"

namespace tandem::dist::detail {

namespace td_detail = tandem::detail;

/// What an element contributes (td::sum's as_value, td::norm's as_square) as a unary
/// functor for a map.
template <class Tr>
struct contribution {
  Tr tr;
  template <class X>
  TANDEM_HD auto operator()(X x) const {
    return tr(x, 0);
  }
};

/// The block of a distributed operand as a tensor (its own storage when it is one).
template <class X>
decltype(auto) block_of(const X& x) {
  using L = typename std::remove_cvref_t<X>::local_type;
  if constexpr (td_detail::is_tensor_v<L>)
    return x.local();
  else
    return tandem::tensor<value_of_t<L>, rank_of_v<L>, space_of_t<L>>(x.local());
}

/// The local contributions of x (rank R, any layout) as a contiguous tensor of A.
template <class A, class X, class Tr>
auto contributions(const X& x, const Tr& tr) {
  using L = typename std::remove_cvref_t<X>::local_type;
  using S = space_of_t<L>;
  return tandem::tensor<A, rank_of_v<L>, S>(tandem::map(contribution<Tr>{tr}, x.local()));
}

/// Reduces each row of a (rows, len) tensor with Op (sum_op: td::sum's pairwise
/// reduction; prod_op: td::prod's), as a host vector. Each row's value is
/// op(identity, reduce_pairwise(row)), which is reduce_pairwise(row) for + and *.
template <class Op, class A, class S>
std::vector<A> reduce_rows(const tandem::tensor_view<const A, 2, S>& rows) {
  if (rows.extent(0) == 0) return {};
  if constexpr (std::is_same_v<Op, td_detail::prod_op>)
    return tandem::to_vector(tandem::prod(rows, 1));
  else
    return tandem::to_vector(tandem::sum(rows, 1));
}

/// The partials of consecutive chunks of reduce_chunk values (the last may be shorter)
/// of `len` contiguous values in S, each exactly as the single process's reduction
/// reduces its chunks (core/pairwise.hpp's chunk_reduce_kernel, one chunk per task), as
/// a host vector.
template <class Op, class A, class S>
std::vector<A> chunk_partials(const A* values, index_t len) {
  if (len <= 0) return {};
  constexpr index_t C = td_detail::reduce_chunk;
  const index_t chunks = (len + C - 1) / C;
  tandem::tensor<A, 1, S> out(tandem::shape<1>{chunks}, uninitialized);
  using backend = td_detail::backend_t<S>;
  backend::for_each(chunks,
                    td_detail::chunk_reduce_kernel<A, td_detail::array_getter<A>, Op>{{values}, Op{}, len, C, out.data()},
                    C);
  backend::finish();
  return tandem::to_vector(out);
}

/// op(init, chunked pairwise reduction of every contribution), the same on every rank
/// and the same bits as the single process's host reduction.
template <class A, class X, class Tr, class Op>
A chunked_reduce(const X& x, const Tr& tr, A init) {
  const communicator& c = x.comm();
  const auto& m = c.impl();
  const index_t n = x.size();
  if (n == 0) return init;
  constexpr index_t C = td_detail::reduce_chunk;
  // The block's contributions: the block itself when it already holds them (a tensor
  // of A summed as it is), else computed into a temporary.
  using L = typename std::remove_cvref_t<X>::local_type;
  using S = space_of_t<L>;
  constexpr bool in_place = td_detail::is_tensor_v<L> && std::is_same_v<value_of_t<L>, A> &&
                            std::is_same_v<Tr, td_detail::as_value<A>>;
  tandem::tensor<A, rank_of_v<L>, S> temporary;
  if constexpr (!in_place) temporary = contributions<A>(x, tr);
  const auto& vals = [&]() -> const tandem::tensor<A, rank_of_v<L>, S>& {
    if constexpr (in_place)
      return x.local();
    else
      return temporary;
  }();
  const index_t row = n / x.shape()[0];
  const index_t a = x.offset() * row, b = a + vals.size();
  const index_t chunks = (n + C - 1) / C;
  const A* const data = vals.data();

  // Chunks wholly in [a, b): [c_first, c_last); the pieces before and after them.
  index_t c_first = 0, c_last = 0, head_end = a, tail_begin = b;
  if (b > a) {
    c_first = (a + C - 1) / C;
    c_last = b == n ? chunks : b / C;
    if (c_last < c_first) c_last = c_first;
    head_end = std::min(b, c_first * C);
    tail_begin = std::max(head_end, std::min(b, c_last * C));
  }
  // (the last chunk is shorter when n is not a multiple of C; it lies in the last block)
  std::vector<A> owned;
  if (c_last > c_first)
    owned = chunk_partials<Op, A, S>(data + (c_first * C - a), std::min(n, c_last * C) - c_first * C);
  // The chunks that straddle blocks: each is reduced by the rank that holds its first
  // element (its "tail" chunk: [tail_begin, b) here, continued in the heads of the
  // ranks after), which receives those heads; each rank sends its head [a, head_end)
  // to that rank. Every rank's layout first (six numbers each).
  const int p = c.size(), me = c.rank();
  const std::int64_t mine[6] = {c_first, static_cast<std::int64_t>(owned.size()), a, head_end - a, tail_begin,
                                b - tail_begin};
  std::vector<std::int64_t> meta(static_cast<std::size_t>(6 * p));
  m.allgather(mine, 6, meta.data(), sizeof(std::int64_t));
  const auto host_vals = [&](index_t begin, index_t len) {
    std::vector<A> out(static_cast<std::size_t>(len));
    if (len > 0)
      tandem::copy(tandem::tensor_view<const A, 1, S>(data + (begin - a), tandem::shape<1>{len}),
                   tandem::tensor_view<A, 1, host_space>(out.data(), tandem::shape<1>{len}));
    return out;
  };
  std::vector<A> head = host_vals(a, head_end - a), tail = host_vals(tail_begin, b - tail_begin);
  std::vector<tandem::detail::mpi::comm::transfer> sends, recvs;
  if (!head.empty())
    sends.push_back({block_of_row(x.shape()[0], p, (a / C) * C / row), head.data(), static_cast<index_t>(head.size())});
  std::vector<std::vector<A>> incoming;
  if (!tail.empty()) {
    const index_t chunk = tail_begin / C;
    for (int r = me + 1; r < p; ++r) {
      const std::int64_t h_begin = meta[6 * r + 2], h_len = meta[6 * r + 3];
      if (h_len > 0 && h_begin / C == chunk) incoming.emplace_back(static_cast<std::size_t>(h_len));
    }
    std::size_t k = 0;
    for (int r = me + 1; r < p; ++r) {
      const std::int64_t h_begin = meta[6 * r + 2], h_len = meta[6 * r + 3];
      if (h_len > 0 && h_begin / C == chunk) recvs.push_back({r, incoming[k++].data(), h_len});
    }
  }
  m.exchange(sends, recvs, sizeof(A), 4);
  if (!tail.empty()) {
    for (const auto& piece : incoming) tail.insert(tail.end(), piece.begin(), piece.end());
    owned.push_back(chunk_partials<Op, A, host_space>(tail.data(), static_cast<index_t>(tail.size()))[0]);
  }
  // Every chunk's partial, on every rank, in chunk order: rank r's cover the chunks from
  // its first whole one (or its tail chunk) on.
  std::vector<index_t> counts(p);
  std::vector<std::int64_t> firsts(p);
  const std::int64_t first_and_count[2] = {b > a ? (c_last > c_first ? c_first : tail_begin / C) : 0,
                                           static_cast<std::int64_t>(owned.size())};
  std::vector<std::int64_t> all_fc(static_cast<std::size_t>(2 * p));
  m.allgather(first_and_count, 2, all_fc.data(), sizeof(std::int64_t));
  for (int r = 0; r < p; ++r) firsts[r] = all_fc[2 * r], counts[r] = all_fc[2 * r + 1];
  std::vector<A> gathered(static_cast<std::size_t>(chunks));
  m.allgatherv(owned.data(), static_cast<index_t>(owned.size()), gathered.data(), counts, sizeof(A));
  // allgatherv laid them out in rank order, which is chunk order (each rank's chunks
  // follow the previous rank's): check that they cover every chunk once.
  std::vector<A>& partial = gathered;
  {
    index_t expect = 0;
    for (int r = 0; r < p; ++r) {
      if (counts[r] == 0) continue;
      if (firsts[r] != expect)
        throw error("tandem: dist: internal error: chunk partials out of order (rank " + std::to_string(r) + ")");
      expect += counts[r];
    }
    if (expect != chunks) throw error("tandem: dist: internal error: " + std::to_string(expect) + " chunk partials of " +
                                      std::to_string(chunks));
  }
  const A total = reduce_rows<Op>(tandem::tensor_view<const A, 2, host_space>(partial.data(), tandem::shape<2>{1, chunks}))[0];
  return Op{}(init, total);
}

/// The first-occurrence extreme (argmin: Larger false) over the ranks: each rank's local
/// value and global index, combined by the single-process rule (a NaN first, ties to the
/// earlier index).
template <bool Larger, class X>
td_detail::value_index<value_of_t<X>> arg_extreme(const X& x, const char* what) {
  using T = value_of_t<X>;
  const auto& m = x.comm().impl();
  const int p = m.size();
  const auto block = block_of(x);
  struct entry {
    T value;
    index_t index;
    std::int64_t present;
  };
  entry mine{T{}, 0, 0};
  if (block.size() > 0) {
    const index_t k = Larger ? tandem::argmax(block) : tandem::argmin(block);
    mine = {Larger ? tandem::max(block) : tandem::min(block), k + x.offset() * (x.size() / x.shape()[0]), 1};
  }
  std::vector<entry> all(static_cast<std::size_t>(p));
  m.allgather(&mine, 1, all.data(), sizeof(entry));
  std::optional<td_detail::value_index<T>> best;
  const td_detail::arg_extreme_op<Larger> op{};
  for (const auto& e : all)
    if (e.present) best = best ? op(*best, td_detail::value_index<T>{e.value, e.index}) : td_detail::value_index<T>{e.value, e.index};
  if (!best) td_detail::throw_empty(x, what);
  return *best;
}

/// Along axis 0, op-accumulated (sum, prod, mean, norm) with the single process's bits:
/// for each lane the single process reduces blocks of 256 rows (pairwise_block) and
/// combines the blocks' partials in reduce_pairwise's binary counter. Here each rank
/// reduces the blocks of rows wholly in its block; the rows of a block that straddles
/// blocks go to the rank holding its first row, which reduces it; the blocks' partial
/// rows (N / 256 of them) are gathered, and every rank runs the counter over them.
template <class V, class A, class Op, class X, class Tr, class Fin, class Fallback>
auto axis0_accumulated(const X& x, const Tr& tr, A init, const Fin& fin, Fallback&& fallback) {
  using L = typename std::remove_cvref_t<X>::local_type;
  using S = space_of_t<L>;
  constexpr std::size_t R = rank_of_v<X>;
  using Out = decltype(fallback());
  const communicator& c = x.comm();
  const auto& m = c.impl();
  const int p = c.size(), me = c.rank();
  const index_t n = x.shape()[0];
  index_t inner = 1;
  for (std::size_t d = 1; d < R; ++d) inner *= x.shape()[d];
  if (n == 0 || inner == 0) return fallback();  // nothing to combine: the block's own result is the whole's
  constexpr index_t B = td_detail::pairwise_block;
  const auto vals = contributions<A>(x, tr);
  const A* const data = vals.data();
  const index_t o = x.offset(), k = vals.extent(0), e = o + k, blocks = (n + B - 1) / B;
  const auto reduce_blocks = [&](const A* first, index_t count, index_t rows) {  // count blocks of `rows` rows
    const tandem::tensor_view<const A, 3, S> v(first, tandem::shape<3>{count, rows, inner});
    if constexpr (std::is_same_v<Op, td_detail::prod_op>)
      return tandem::to_vector(tandem::prod(v, 1));
    else
      return tandem::to_vector(tandem::sum(v, 1));
  };
  index_t b_first = 0, b_last = 0, head_end = o, tail_begin = e;
  if (k > 0) {
    b_first = (o + B - 1) / B;
    b_last = e == n ? blocks : e / B;
    if (b_last < b_first) b_last = b_first;
    head_end = std::min(e, b_first * B);
    tail_begin = std::max(head_end, std::min(e, b_last * B));
  }
  std::vector<A> owned;
  if (b_last > b_first) {
    const index_t full_end = std::min(b_last, n / B);
    if (full_end > b_first) owned = reduce_blocks(data + (b_first * B - o) * inner, full_end - b_first, B);
    if (b_last > full_end) {
      const auto last = reduce_blocks(data + (full_end * B - o) * inner, 1, n - full_end * B);
      owned.insert(owned.end(), last.begin(), last.end());
    }
  }
  const auto host_rows = [&](index_t begin, index_t rows) {
    std::vector<A> out(static_cast<std::size_t>(rows * inner));
    if (rows > 0)
      tandem::copy(tandem::tensor_view<const A, 1, S>(data + (begin - o) * inner, tandem::shape<1>{rows * inner}),
                   tandem::tensor_view<A, 1, host_space>(out.data(), tandem::shape<1>{rows * inner}));
    return out;
  };
  std::vector<A> head = host_rows(o, head_end - o), tail = host_rows(tail_begin, e - tail_begin);
  const std::int64_t mine[4] = {o, head_end - o, tail_begin, e - tail_begin};
  std::vector<std::int64_t> meta(static_cast<std::size_t>(4 * p));
  m.allgather(mine, 4, meta.data(), sizeof(std::int64_t));
  std::vector<tandem::detail::mpi::comm::transfer> sends, recvs;
  if (!head.empty()) sends.push_back({block_of_row(n, p, (o / B) * B), head.data(), static_cast<index_t>(head.size())});
  std::vector<std::vector<A>> incoming;
  if (!tail.empty()) {
    for (int r = me + 1; r < p; ++r)
      if (meta[4 * r + 1] > 0 && meta[4 * r] / B == tail_begin / B)
        incoming.emplace_back(static_cast<std::size_t>(meta[4 * r + 1] * inner));
    std::size_t j = 0;
    for (int r = me + 1; r < p; ++r)
      if (meta[4 * r + 1] > 0 && meta[4 * r] / B == tail_begin / B)
        recvs.push_back({r, incoming[j].data(), static_cast<index_t>(incoming[j].size())}), ++j;
  }
  m.exchange(sends, recvs, sizeof(A), 5);
  if (!tail.empty()) {
    for (const auto& piece : incoming) tail.insert(tail.end(), piece.begin(), piece.end());
    const index_t rows = static_cast<index_t>(tail.size()) / inner;
    const tandem::tensor_view<const A, 3, host_space> v(tail.data(), tandem::shape<3>{1, rows, inner});
    const auto part = std::is_same_v<Op, td_detail::prod_op> ? tandem::to_vector(tandem::prod(v, 1))
                                                             : tandem::to_vector(tandem::sum(v, 1));
    owned.insert(owned.end(), part.begin(), part.end());
  }
  // Every block's partial row, in block order (rank order is block order).
  std::vector<index_t> counts(p);
  std::vector<std::int64_t> all_counts(p);
  const std::int64_t my_count = static_cast<std::int64_t>(owned.size());
  m.allgather(&my_count, 1, all_counts.data(), sizeof(std::int64_t));
  index_t total = 0;
  for (int r = 0; r < p; ++r) counts[r] = all_counts[r], total += counts[r];
  if (total != blocks * inner)
    throw error("tandem: dist: internal error: " + std::to_string(total / inner) + " block partials of " +
                std::to_string(blocks));
  std::vector<A> partial(static_cast<std::size_t>(total));
  m.allgatherv(owned.data(), my_count, partial.data(), counts, sizeof(A));
  // reduce_pairwise's counter over the blocks, lane by lane (entry j covers 2^level[j] blocks).
  const Op op{};
  std::vector<std::vector<A>> stack;
  std::vector<int> level;
  for (index_t b = 0; b < blocks; ++b) {
    std::vector<A> s_row(partial.begin() + b * inner, partial.begin() + (b + 1) * inner);
    int lv = 0;
    while (!level.empty() && level.back() == lv) {
      for (index_t i = 0; i < inner; ++i) s_row[i] = op(stack.back()[i], s_row[i]);
      stack.pop_back();
      level.pop_back();
      ++lv;
    }
    stack.push_back(std::move(s_row));
    level.push_back(lv);
  }
  std::vector<A> r = stack.back();
  for (std::size_t j = stack.size() - 1; j-- > 0;)
    for (index_t i = 0; i < inner; ++i) r[i] = op(stack[j][i], r[i]);
  tandem::shape<(R > 1 ? R - 1 : 0)> out_shape{};
  for (std::size_t d = 1; d < R; ++d) out_shape[d - 1] = x.shape()[d];
  tandem::tensor<V, (R > 1 ? R - 1 : 0), host_space> out(out_shape, uninitialized);
  for (index_t i = 0; i < inner; ++i) out.data()[i] = td_detail::convert<V>(fin(op(init, r[i]), n));
  return Out(tandem::to(S{}, std::move(out)));
}

/// Along axis 0, min / max / argmin / argmax: each rank reduces its block, and the
/// ranks' results are combined in rank order by the single-process rule (NaN first,
/// ties to the earlier row).
template <bool Larger, bool Index, class X, class Fallback>
auto axis0_extreme(const X& x, Fallback&& fallback) {
  using T = value_of_t<X>;
  using Out = decltype(fallback());
  const auto& m = x.comm().impl();
  const int p = m.size();
  const auto block = block_of(x);
  const index_t k = block.extent(0);
  index_t inner = 1;
  for (std::size_t d = 1; d < rank_of_v<X>; ++d) inner *= x.shape()[d];
  if (x.shape()[0] == 0 || inner == 0) return fallback();
  std::vector<td_detail::value_index<T>> mine(static_cast<std::size_t>(inner));
  const std::int64_t present = k > 0;
  if (k > 0) {
    const auto values = tandem::to_vector(Larger ? tandem::max(block, 0) : tandem::min(block, 0));
    const auto where = tandem::to_vector(Larger ? tandem::argmax(block, 0) : tandem::argmin(block, 0));
    for (index_t i = 0; i < inner; ++i) mine[i] = {values[i], where[i] + x.offset()};
  }
  std::vector<std::int64_t> presence(p);
  m.allgather(&present, 1, presence.data(), sizeof(std::int64_t));
  std::vector<td_detail::value_index<T>> all(static_cast<std::size_t>(inner * p));
  m.allgather(mine.data(), inner, all.data(), sizeof(td_detail::value_index<T>));
  const td_detail::arg_extreme_op<Larger> op{};
  std::vector<td_detail::value_index<T>> best;
  for (int r = 0; r < p; ++r) {
    if (!presence[r]) continue;
    const auto* row = all.data() + r * inner;
    if (best.empty())
      best.assign(row, row + inner);
    else
      for (index_t i = 0; i < inner; ++i) best[i] = op(best[i], row[i]);
  }
  using R0 = std::remove_cvref_t<Out>;  // the block's own result's type (not computed: a block may be empty)
  tandem::shape<rank_of_v<R0>> out_shape{};
  for (std::size_t d = 1; d < rank_of_v<X>; ++d) out_shape[d - 1] = x.shape()[d];
  tandem::tensor<value_of_t<R0>, rank_of_v<R0>, host_space> out(out_shape, uninitialized);
  for (index_t i = 0; i < inner; ++i) {
    if constexpr (Index)
      out.data()[i] = best[i].index;
    else
      out.data()[i] = best[i].value;
  }
  return Out(tandem::to(space_of_t<R0>{}, std::move(out)));
}

/// Reduces along `axis` with `reduce(tensor, axis)`, the result on every rank: along an
/// inner axis each rank reduces its block and the (smaller) results are gathered; along
/// axis 0, `axis0()` (axis0_accumulated or axis0_extreme).
template <class X, class F, class Axis0>
auto along(const X& x, index_t axis, const char* what, F&& reduce, Axis0&& axis0) {
  const std::size_t a = td_detail::normalize_axis(axis, rank_of_v<X>, what);
  using B = std::remove_cvref_t<decltype(block_of(x))>;
  using Result = decltype(reduce(std::declval<const B&>(), index_t(0)));
  if (a == 0) return Result(axis0());
  if constexpr (rank_of_v<X> >= 2) {
    auto local = reduce(block_of(x), static_cast<index_t>(a));
    constexpr std::size_t RR = rank_of_v<Result>;
    tandem::shape<RR> global;
    for (std::size_t k = 0; k < RR; ++k) global[k] = x.shape()[k < a ? k : k + 1];
    return Result(tandem::dist::allgather(
        tandem::dist::tensor<value_of_t<Result>, RR, space_of_t<Result>>(x.comm(), global, std::move(local))));
  } else {
    return Result();  // unreachable: a rank-1 operand has axis 0 only
  }
}

}  // namespace tandem::dist::detail

namespace tandem {

/// Sum of every element of a distributed operand, on every rank.
template <dist_operand E>
auto sum(const E& e) {
  using V = detail::sum_t<value_of_t<E>>;
  using A = detail::accumulate_t<V>;
  return detail::convert<V>(dist::detail::chunked_reduce<A, E, detail::as_value<A>, detail::sum_op>(
      e, detail::as_value<A>{}, A(0)));
}
template <dist_operand E>
auto prod(const E& e) {
  using V = detail::sum_t<value_of_t<E>>;
  using A = detail::accumulate_t<V>;
  return detail::convert<V>(dist::detail::chunked_reduce<A, E, detail::as_value<A>, detail::prod_op>(
      e, detail::as_value<A>{}, A(1)));
}
template <dist_operand E>
auto mean(const E& e) {
  using V = detail::real_t<value_of_t<E>>;
  using A = detail::accumulate_t<V>;
  const index_t n = e.size();
  if (n == 0) return detail::quiet_nan<V>();
  return detail::convert<V>(
      dist::detail::chunked_reduce<A, E, detail::as_value<A>, detail::sum_op>(e, detail::as_value<A>{}, A(0)) /
      static_cast<detail::real_part_t<A>>(n));
}
/// sqrt(sum(|x|^2)), as td::norm.
template <dist_operand E>
auto norm(const E& e) {
  using V = detail::real_part_t<detail::real_t<value_of_t<E>>>;
  using A = detail::accumulate_t<V>;
  return detail::convert<V>(static_cast<A>(std::sqrt(
      dist::detail::chunked_reduce<A, E, detail::as_square<A>, detail::sum_op>(e, detail::as_square<A>{}, A(0)))));
}
/// Smallest element over every rank (NaN if any is NaN); td::shape_error when empty.
template <dist_operand E>
auto min(const E& e) {
  return dist::detail::arg_extreme<false>(e, "min").value;
}
template <dist_operand E>
auto max(const E& e) {
  return dist::detail::arg_extreme<true>(e, "max").value;
}
/// Global flat row-major index of the first smallest element (the first NaN, if any).
template <dist_operand E>
index_t argmin(const E& e) {
  return dist::detail::arg_extreme<false>(e, "argmin").index;
}
template <dist_operand E>
index_t argmax(const E& e) {
  return dist::detail::arg_extreme<true>(e, "argmax").index;
}


/// Along an axis (negative counts from the end), the result on every rank. Float sums,
/// means and norms are the single process's bits. V: the result's element type; the
/// rest as td::sum, td::prod, td::mean and td::norm accumulate.
#define TANDEM_DIST_ACCUMULATED_ALONG(name, result_type, op, init, contribution, fin)                          \
  template <dist_operand E>                                                                                    \
  auto name(const E& e, index_t axis) {                                                                        \
    using V = result_type;                                                                                     \
    using A = detail::accumulate_t<V>;                                                                         \
    const auto whole = [&] { return tandem::name(dist::detail::block_of(e), index_t(0)); };                    \
    return dist::detail::along(e, axis, #name, [](const auto& t, index_t a) { return tandem::name(t, a); }, [&] { \
      return dist::detail::axis0_accumulated<V, A, detail::op>(e, detail::contribution<A>{}, A(init),         \
                                                               detail::fin<A>{}, whole);                      \
    });                                                                                                        \
  }
TANDEM_DIST_ACCUMULATED_ALONG(sum, detail::sum_t<value_of_t<E>>, sum_op, 0, as_value, identity_fin)
TANDEM_DIST_ACCUMULATED_ALONG(prod, detail::sum_t<value_of_t<E>>, prod_op, 1, as_value, identity_fin)
TANDEM_DIST_ACCUMULATED_ALONG(mean, detail::real_t<value_of_t<E>>, sum_op, 0, as_value, mean_fin)
TANDEM_DIST_ACCUMULATED_ALONG(norm, detail::real_part_t<detail::real_t<value_of_t<E>>>, sum_op, 0, as_square, sqrt_fin)
#undef TANDEM_DIST_ACCUMULATED_ALONG

#define TANDEM_DIST_EXTREME_ALONG(name, larger, index)                                                         \
  template <dist_operand E>                                                                                    \
  auto name(const E& e, index_t axis) {                                                                        \
    const auto whole = [&] { return tandem::name(dist::detail::block_of(e), index_t(0)); };                    \
    return dist::detail::along(e, axis, #name, [](const auto& t, index_t a) { return tandem::name(t, a); },    \
                               [&] { return dist::detail::axis0_extreme<larger, index>(e, whole); });          \
  }
TANDEM_DIST_EXTREME_ALONG(min, false, false)
TANDEM_DIST_EXTREME_ALONG(max, true, false)
TANDEM_DIST_EXTREME_ALONG(argmin, false, true)
TANDEM_DIST_EXTREME_ALONG(argmax, true, true)
#undef TANDEM_DIST_EXTREME_ALONG

}  // namespace tandem
