#pragma once
/// \file dist/sort.hpp
/// `td::dist::sort(t)`: a rank-1 distributed tensor sorted globally (ascending, NaNs
/// last, as td::sort), returned in balanced blocks. Sample sort: each rank sorts its
/// block and draws p evenly spaced samples; the gathered samples give p - 1 splitters;
/// each rank sends every other rank the run of its sorted block that falls between that
/// rank's splitters (MPI_Alltoallv); each rank sorts what it received; the rows then move
/// to restore the balanced layout. The values equal td::sort's of the whole.

#include <vector>

#include "../algorithm/searching.hpp"
#include "../algorithm/sort.hpp"
#include "tensor.hpp"

namespace tandem::dist {

template <class T, class S>
tensor<T, 1, S> sort(const tensor<T, 1, S>& t) {
  const communicator& c = t.comm();
  const auto& m = c.impl();
  const int p = c.size();
  tandem::tensor<T, 1, S> mine = t.local();
  tandem::sort(mine);
  if (p == 1) return tensor<T, 1, S>(c, t.shape(), std::move(mine));
  const auto [elements, keep] = tandem::detail::contiguous_host_elements(mine);
  const T* ptr = elements.data();
  const index_t n = mine.extent(0);
  // p samples per rank with elements, evenly spaced through the sorted block.
  std::vector<T> samples;
  for (index_t k = 0; k < p && n > 0; ++k) samples.push_back(ptr[(2 * k + 1) * n / (2 * p)]);
  std::vector<index_t> counts(p);
  std::vector<std::int64_t> sizes(p);
  const std::int64_t my_count = static_cast<std::int64_t>(samples.size());
  m.allgather(&my_count, 1, sizes.data(), sizeof(std::int64_t));
  index_t total = 0;
  for (int r = 0; r < p; ++r) counts[r] = sizes[r], total += sizes[r];
  tandem::tensor<T, 1, host_space> all(tandem::shape<1>{total}, uninitialized);
  m.allgatherv(samples.data(), my_count, all.data(), counts, sizeof(T));
  tandem::sort(all);
  // Splitter k: the sample at (k + 1) / p of the way; rank k gets [splitter k-1, splitter k).
  tandem::tensor<T, 1, host_space> splitters(tandem::shape<1>{p - 1}, uninitialized);
  for (index_t k = 0; k + 1 < p; ++k) splitters(k) = total > 0 ? all((k + 1) * total / p) : T{};
  const tandem::tensor_view<const T, 1, host_space> sorted(ptr, tandem::shape<1>{n});
  const auto cuts = tandem::to_vector(tandem::searchsorted(sorted, splitters, side::left));
  std::vector<index_t> send(p), recv(p);
  for (int r = 0; r < p; ++r) {
    const index_t lo = r == 0 ? 0 : cuts[r - 1], hi = r + 1 == p ? n : cuts[r];
    send[r] = hi - lo;
  }
  std::vector<std::int64_t> send64(send.begin(), send.end()), recv64(p);
  // How many each rank receives from each: an all-to-all of the counts.
  std::vector<std::int64_t> matrix(static_cast<std::size_t>(p) * p);
  m.allgather(send64.data(), p, matrix.data(), sizeof(std::int64_t));
  index_t got = 0;
  for (int r = 0; r < p; ++r) recv[r] = matrix[static_cast<std::size_t>(r) * p + c.rank()], got += recv[r];
  tandem::tensor<T, 1, host_space> bucket(tandem::shape<1>{got}, uninitialized);
  m.alltoallv(ptr, send, bucket.data(), recv, sizeof(T));
  tandem::sort(bucket);
  // Back to balanced blocks.
  std::vector<index_t> have(p), want(p);
  std::vector<std::int64_t> got_all(p);
  const std::int64_t got64 = got;
  m.allgather(&got64, 1, got_all.data(), sizeof(std::int64_t));
  for (int r = 0; r < p; ++r) have[r] = got_all[r], want[r] = block_rows(t.shape()[0], p, r);
  auto balanced = detail::move_rows<T, 1>(c, bucket.data(), have, want, tandem::shape<1>{got});
  return tensor<T, 1, S>(c, t.shape(), tandem::to(S{}, std::move(balanced)));
}

}  // namespace tandem::dist
