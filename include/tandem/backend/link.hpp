#pragma once
/// \file backend/link.hpp
/// How the elements of one memory space travel between ranks: `link<S>` (td::dist's
/// halo exchange, gather, allgather and scatter move blocks through it, in place, without
/// a copy into another space of their own).
/// - Memory the host can read (the host space, managed memory, and the device space
///   emulated on the host): MPI reads and writes it directly, once the space's queued
///   work is done.
/// - GPU memory (under a CUDA compiler): backend/cuda/link.hpp picks, once per
///   communicator and alike on every rank, NCCL on tandem's stream when tandem was built
///   with it and every rank of the group has a GPU of its own; else the MPI library
///   itself when it says it moves device memory (CUDA-aware); else messages staged
///   through pinned host buffers. TANDEM_DIST_DEVICE_LINK=nccl, mpi or staged asks for
///   one (nccl where it cannot be had throws td::mpi_error on every rank).
/// Counts are element counts of `elem` bytes, as in backend/mpi.hpp; a peer of
/// mpi::comm::proc_null() is nobody (nothing sent or received).

#include <cstddef>
#include <string>
#include <vector>

#include "backend.hpp"
#include "mpi.hpp"
#if TANDEM_HAS_CUDA
#  include "cuda/link.hpp"
#endif

namespace tandem::detail {

/// Memory that MPI can read in place (once `Memory::wait()` has returned).
template <class Memory>
inline constexpr bool mpi_readable = Memory::is_host_memory || Memory::host_accessible;

template <class S, class = void>
struct link {
  static_assert(mpi_readable<memory_t<S>>, "tandem: td::dist has no way to move this space's memory between ranks");
  using memory = memory_t<S>;

  static std::string name(const mpi::comm&) { return memory::is_host_memory ? "mpi" : "mpi (managed memory)"; }
  static void sendrecv(const mpi::comm& c, const void* send, index_t send_count, int dest, void* recv,
                       index_t recv_count, int source, std::size_t elem, int tag) {
    memory::wait();
    c.sendrecv(send, send_count, dest, recv, recv_count, source, elem, tag);
  }
  static void allgatherv(const mpi::comm& c, const void* send, index_t count, void* recv,
                         const std::vector<index_t>& counts, std::size_t elem) {
    memory::wait();
    c.allgatherv(send, count, recv, counts, elem);
  }
  static void gatherv(const mpi::comm& c, const void* send, index_t count, void* recv,
                      const std::vector<index_t>& counts, std::size_t elem, int root) {
    memory::wait();
    c.gatherv(send, count, recv, counts, elem, root);
  }
  static void scatterv(const mpi::comm& c, const void* send, const std::vector<index_t>& counts, void* recv,
                       index_t count, std::size_t elem, int root) {
    memory::wait();
    c.scatterv(send, counts, recv, count, elem, root);
  }
};

#if TANDEM_HAS_CUDA
/// GPU memory: what backend/cuda/link.hpp chose for the communicator.
template <class S>
struct link<S, std::enable_if_t<!mpi_readable<memory_t<S>>>> {
  static std::string name(const mpi::comm& c) { return cuda::device_link::of(c).name(); }
  static void sendrecv(const mpi::comm& c, const void* send, index_t send_count, int dest, void* recv,
                       index_t recv_count, int source, std::size_t elem, int tag) {
    cuda::device_link::of(c).sendrecv(send, send_count, dest, recv, recv_count, source, elem, tag);
  }
  static void allgatherv(const mpi::comm& c, const void* send, index_t count, void* recv,
                         const std::vector<index_t>& counts, std::size_t elem) {
    cuda::device_link::of(c).allgatherv(send, count, recv, counts, elem);
  }
  static void gatherv(const mpi::comm& c, const void* send, index_t count, void* recv,
                      const std::vector<index_t>& counts, std::size_t elem, int root) {
    cuda::device_link::of(c).gatherv(send, count, recv, counts, elem, root);
  }
  static void scatterv(const mpi::comm& c, const void* send, const std::vector<index_t>& counts, void* recv,
                       index_t count, std::size_t elem, int root) {
    cuda::device_link::of(c).scatterv(send, counts, recv, count, elem, root);
  }
};
#endif

}  // namespace tandem::detail
