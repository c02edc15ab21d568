#pragma once
/// \file dist/io.hpp
/// `td::dist::save_npy(path, t)`: one .npy file (numpy's format, as td::save_npy writes
/// it) of the whole distributed tensor, written with MPI-IO: rank 0 writes the header,
/// every rank its block at its place, in collective writes. Atomic as td::save_npy: the
/// ranks write `path` + ".partial", and rank 0 renames it over `path` once every rank
/// has written; a failure on any rank throws td::io_error on every rank and leaves
/// `path` as it was.

#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "../io/npy.hpp"
#include "tensor.hpp"

namespace tandem::dist {

template <class T, std::size_t R, class S>
void save_npy(const std::filesystem::path& path, const tensor<T, R, S>& t) {
  const communicator& c = t.comm();
  const std::string name = path.string(), partial = name + ".partial";
  std::vector<std::uint64_t> shape(R);
  for (std::size_t d = 0; d < R; ++d) shape[d] = static_cast<std::uint64_t>(t.shape()[d]);
  const std::string header = tandem::detail::npy_header_bytes<T>(shape);
  index_t row = 1;
  for (std::size_t d = 1; d < R; ++d) row *= t.shape()[d];
  const auto [elements, keep] = tandem::detail::contiguous_host_elements(t.local());
  const T* ptr = elements.data();
  using piece = tandem::detail::mpi::comm::file_piece;
  std::vector<piece> pieces;
  if (c.rank() == 0) pieces.push_back({0, header.data(), static_cast<index_t>(header.size())});
  const index_t bytes = t.local().size() * static_cast<index_t>(sizeof(T));
  if (bytes > 0)
    pieces.push_back({header.size() + static_cast<std::uint64_t>(t.offset() * row) * sizeof(T), ptr, bytes});
  const std::uint64_t total = header.size() + static_cast<std::uint64_t>(t.size()) * sizeof(T);
  if (!c.impl().write_file(partial, pieces, total)) {
    if (c.rank() == 0) std::remove(partial.c_str());
    throw io_error("tandem: " + name + ": MPI-IO could not write the file (" + partial + ")");
  }
  std::string failed;
  if (c.rank() == 0) {
    std::error_code ec;
    std::filesystem::rename(partial, path, ec);
    if (ec) {
      failed = "tandem: " + name + ": cannot rename " + partial + " over it: " + ec.message();
      std::remove(partial.c_str());
    }
  }
  detail::agree(c, failed.empty() ? detail::failure::none : detail::failure::io, failed);
}

}  // namespace tandem::dist
