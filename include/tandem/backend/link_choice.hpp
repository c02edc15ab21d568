#pragma once
/// \file backend/link_choice.hpp
/// Which way GPU memory travels between the ranks of a communicator
/// (backend/cuda/link.hpp), decided alike on every rank. Host code: no CUDA here, so
/// the decision is tested on any machine.

#include <cstdint>
#include <string>

#include "../error.hpp"
#include "mpi.hpp"

namespace tandem::detail {

/// The ways, in tandem's order of preference.
enum class device_link_kind : int { nccl = 0, mpi = 1, staged = 2 };

/// The way for communicator c (collective: every rank calls it). `asked` is
/// TANDEM_DIST_DEVICE_LINK's value on this rank (null or empty: not set);
/// `nccl_unavailable` says why NCCL cannot serve the group (empty when it can; the same
/// on every rank); `cuda_aware` whether this rank's MPI moves device memory. Unless one
/// is asked for: NCCL when it can serve, else MPI when every rank's is CUDA-aware, else
/// staged. Throws td::mpi_error on every rank alike when the ranks ask for different
/// ways, when the value is none of nccl, mpi and staged, or when what is asked for
/// cannot be had (saying why).
inline device_link_kind choose_device_link(const mpi::comm& c, const char* asked, const std::string& nccl_unavailable,
                                           bool cuda_aware) {
  const std::string value = asked ? asked : "";
  const std::int64_t code = value.empty() ? -1 : value == "nccl" ? 0 : value == "mpi" ? 1 : value == "staged" ? 2 : 3;
  const std::int64_t lowest = c.allreduce(code, '<'), highest = c.allreduce(code, '>');
  if (lowest != highest)
    throw mpi_error("tandem: td::dist: the ranks set TANDEM_DIST_DEVICE_LINK differently (it must be alike on every rank)");
  if (code == 3)
    throw mpi_error("tandem: td::dist: TANDEM_DIST_DEVICE_LINK is '" + value + "': nccl, mpi or staged");
  const bool aware = c.allreduce(cuda_aware ? 1 : 0, '<') == 1;
  if (code == 0 && !nccl_unavailable.empty())
    throw mpi_error("tandem: td::dist: TANDEM_DIST_DEVICE_LINK=nccl, but " + nccl_unavailable);
  if (code == 1 && !aware)
    throw mpi_error("tandem: td::dist: TANDEM_DIST_DEVICE_LINK=mpi, but the MPI library is not CUDA-aware on every "
                    "rank (MPIX_Query_cuda_support)");
  if (code >= 0) return static_cast<device_link_kind>(code);
  if (nccl_unavailable.empty()) return device_link_kind::nccl;
  return aware ? device_link_kind::mpi : device_link_kind::staged;
}

}  // namespace tandem::detail
