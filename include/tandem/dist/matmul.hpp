#pragma once
/// \file dist/matmul.hpp
/// `td::dist::matmul(a, b)`: a distributed (n, k) matrix times b, a result distributed
/// like a ((n, m), the same rows on the same ranks).
/// - b an ordinary (k, m) tensor every rank holds: each rank multiplies its block, no
///   communication.
/// - b distributed ((k, m), blocks of rows of k): a ring. In p steps each
///   rank multiplies the columns of its block of a that match the block of b it holds,
///   adds the product to its result, and passes that block of b to the rank before it
///   (receiving the next from the rank after), that message in flight while it
///   multiplies. Each step moves one block of b per rank; no rank holds more than its
///   own blocks and two of b.
/// Float results differ from td::matmul of the whole by rounding (the k-sum is split in p
/// parts): a relative error of a few ulps times k.

#include <string>
#include <utility>

#include "../algorithm/matmul.hpp"
#include "tensor.hpp"

namespace tandem::dist {

template <class T, class S>
tensor<T, 2, S> matmul(const tensor<T, 2, S>& a, const tandem::tensor<T, 2, S>& b) {
  if (a.shape()[1] != b.shape()[0])
    throw shape_error("tandem: dist::matmul: shapes " + to_string(a.shape()) + " and " + to_string(b.shape()) +
                      " do not multiply");
  return tensor<T, 2, S>(a.comm(), tandem::shape<2>{a.shape()[0], b.shape()[1]}, tandem::matmul(a.local(), b));
}

template <class T, class S>
tensor<T, 2, S> matmul(const tensor<T, 2, S>& a, const tensor<T, 2, S>& b) {
  if (a.shape()[1] != b.shape()[0])
    throw shape_error("tandem: dist::matmul: shapes " + to_string(a.shape()) + " and " + to_string(b.shape()) +
                      " do not multiply");
  if (!(a.comm() == b.comm())) throw error("tandem: dist::matmul: operands of two groups (communicators)");
  const communicator& c = a.comm();
  const int p = c.size(), me = c.rank();
  const index_t n_local = a.local().extent(0), k = a.shape()[1], m = b.shape()[1];
  tandem::tensor<T, 2, S> out(tandem::shape<2>{n_local, m});
  tandem::tensor<T, 2, host_space> held = tandem::to(host, b.local());  // the block in hand, on the host
  for (int step = 0; step < p; ++step) {
    const int q = (me + step) % p;  // whose block of b is in hand
    // The next block travels while this one is multiplied (the one in hand is only read).
    tandem::tensor<T, 2, host_space> incoming;
    tandem::detail::mpi::comm::pending travel;
    if (step + 1 < p) {
      const int from = (me + 1) % p, to = (me + p - 1) % p;
      incoming = tandem::tensor<T, 2, host_space>(tandem::shape<2>{block_rows(k, p, (me + step + 1) % p), m},
                                                  uninitialized);
      travel = c.impl().start({{to, held.data(), held.size()}}, {{from, incoming.data(), incoming.size()}}, sizeof(T), 3);
    }
    const index_t k0 = block_offset(k, p, q), kq = block_rows(k, p, q);
    if (n_local > 0 && kq > 0 && m > 0) {
      const tandem::tensor_view<const T, 2, S> cols(a.local().data() + k0, tandem::shape<2>{n_local, kq},
                                                    tandem::shape<2>{k, 1});
      out.view() = out + tandem::matmul(cols, tandem::to(S{}, held));
    }
    if (step + 1 == p) break;
    travel.wait();
    held = std::move(incoming);
  }
  return tensor<T, 2, S>(c, tandem::shape<2>{a.shape()[0], m}, std::move(out));
}

}  // namespace tandem::dist
