#pragma once
/// \file backend/cuda/link.hpp
/// How GPU memory travels between the ranks of one communicator (backend/link.hpp's
/// link for the device space): one `device_link` per communicator, made on first use
/// (collectively) and kept with it. Its kind is chosen alike on every rank:
/// - nccl: tandem was built with NCCL (TANDEM_HAS_NCCL, tandem::nccl) and every rank of
///   the group has a GPU of its own (NCCL refuses two ranks on one GPU). The NCCL
///   communicator is made with ncclCommInitRank from an id that rank 0 makes and MPI
///   broadcasts. Messages are grouped ncclSend/ncclRecv and ncclBroadcast on tandem's
///   current stream, and the call returns without waiting: work queued after it on that
///   stream sees the data.
/// - mpi: the MPI library says it is CUDA-aware; it is handed the device pointers once
///   the stream's queued work is done.
/// - staged: through pinned host buffers (cudaMallocHost, kept and grown with the link):
///   device to host, MPI, host to device, waited for.
/// TANDEM_DIST_DEVICE_LINK=nccl|mpi|staged asks for one; when what is asked for cannot be
/// had, or the ranks ask for different ones, every rank throws td::mpi_error saying why.

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include <cuda_runtime_api.h>
#if TANDEM_HAS_NCCL
#  include <nccl.h>
#endif

#include "../../error.hpp"
#include "../link_choice.hpp"
#include "../mpi.hpp"
#include "runtime.hpp"

namespace tandem::detail::cuda {

#if TANDEM_HAS_NCCL
/// Throws td::mpi_error naming the NCCL call, NCCL's error and its last message.
inline void check_nccl(ncclResult_t rc, const char* call, ncclComm_t comm = nullptr) {
  if (rc == ncclSuccess) return;
  std::string text = std::string("tandem: NCCL call ") + call + " failed: " + ncclGetErrorString(rc);
  const char* last = ncclGetLastError(comm);
  if (last && *last) text += std::string(" (") + last + ")";
  throw mpi_error(text);
}
#endif

/// Page-locked host memory that copies to and from the GPU run at full speed into,
/// grown on demand and kept.
class pinned_buffer {
 public:
  pinned_buffer() = default;
  pinned_buffer(const pinned_buffer&) = delete;
  pinned_buffer& operator=(const pinned_buffer&) = delete;
  ~pinned_buffer() {
    if (p_) (void)cudaFreeHost(p_);
  }
  char* get(std::size_t bytes) {
    if (bytes > size_) {
      if (p_) TANDEM_CUDA_CHECK(cudaFreeHost(p_));
      p_ = nullptr;
      size_ = 0;
      check_cuda_alloc(cudaMallocHost(&p_, bytes), "cudaMallocHost", bytes, __FILE__, __LINE__);
      size_ = bytes;
    }
    return static_cast<char*>(p_);
  }

 private:
  void* p_ = nullptr;
  std::size_t size_ = 0;
};

class device_link {
 public:
  using kind = device_link_kind;

  /// The link of communicator c (made on first use: collective).
  static device_link& of(const mpi::comm& c) {
    return c.attached<device_link>([&] { return std::make_shared<device_link>(c); });
  }

  explicit device_link(const mpi::comm& c) : c_(c), kind_(choose(c)) {
#if TANDEM_HAS_NCCL
    if (kind_ == kind::nccl) start_nccl();
#endif
  }
  device_link(const device_link&) = delete;
  device_link& operator=(const device_link&) = delete;
  ~device_link() {
#if TANDEM_HAS_NCCL
    if (nccl_) (void)ncclCommDestroy(nccl_);
#endif
  }

  std::string name() const {
    switch (kind_) {
      case kind::nccl: return "nccl";
      case kind::mpi: return "mpi (CUDA-aware)";
      default: return "staged (pinned host buffers)";
    }
  }

  void sendrecv(const void* send, index_t send_count, int dest, void* recv, index_t recv_count, int source,
                std::size_t elem, int tag) {
    const std::size_t out = bytes(send_count, elem), in = bytes(recv_count, elem);
    const int none = mpi::comm::proc_null();
#if TANDEM_HAS_NCCL
    if (kind_ == kind::nccl) {
      const int me = c_.rank();
      // A rank's message to itself (one rank, wrapping) is a copy on the stream.
      if (dest == me && source == me) {
        copy(recv, send, std::min(out, in));
        return;
      }
      check_nccl(ncclGroupStart(), "ncclGroupStart");
      if (dest != none && out) check_nccl(ncclSend(send, out, ncclUint8, dest, nccl_, stream()), "ncclSend", nccl_);
      if (source != none && in) check_nccl(ncclRecv(recv, in, ncclUint8, source, nccl_, stream()), "ncclRecv", nccl_);
      check_nccl(ncclGroupEnd(), "ncclGroupEnd", nccl_);
      return;
    }
#endif
    if (kind_ == kind::mpi) {
      wait();
      c_.sendrecv(send, send_count, dest, recv, recv_count, source, elem, tag);
      return;
    }
    char* o = out_.get(out);
    char* i = in_.get(in);
    if (dest != none) copy(o, send, out);
    wait();
    c_.sendrecv(o, send_count, dest, i, recv_count, source, elem, tag);
    if (source != none) copy(recv, i, in);
    wait();
  }

  void allgatherv(const void* send, index_t count, void* recv, const std::vector<index_t>& counts,
                  std::size_t elem) {
    const std::vector<std::size_t> at = offsets(counts, elem);
    const std::size_t total = at.back();
#if TANDEM_HAS_NCCL
    if (kind_ == kind::nccl) {
      char* r = static_cast<char*>(recv);
      check_nccl(ncclGroupStart(), "ncclGroupStart");
      for (int q = 0; q < c_.size(); ++q) {
        const std::size_t n = at[q + 1] - at[q];
        if (n == 0) continue;
        const void* from = q == c_.rank() ? send : r + at[q];
        check_nccl(ncclBroadcast(from, r + at[q], n, ncclUint8, q, nccl_, stream()), "ncclBroadcast", nccl_);
      }
      check_nccl(ncclGroupEnd(), "ncclGroupEnd", nccl_);
      return;
    }
#endif
    if (kind_ == kind::mpi) {
      wait();
      c_.allgatherv(send, count, recv, counts, elem);
      return;
    }
    char* o = out_.get(bytes(count, elem));
    char* i = in_.get(total);
    copy(o, send, bytes(count, elem));
    wait();
    c_.allgatherv(o, count, i, counts, elem);
    copy(recv, i, total);
    wait();
  }

  void gatherv(const void* send, index_t count, void* recv, const std::vector<index_t>& counts, std::size_t elem,
               int root) {
    const std::vector<std::size_t> at = offsets(counts, elem);
    const bool rooted = c_.rank() == root;
#if TANDEM_HAS_NCCL
    if (kind_ == kind::nccl) {
      nccl_rooted(true, static_cast<char*>(recv), const_cast<void*>(send), bytes(count, elem), at, root);
      return;
    }
#endif
    if (kind_ == kind::mpi) {
      wait();
      c_.gatherv(send, count, recv, counts, elem, root);
      return;
    }
    char* o = out_.get(bytes(count, elem));
    char* i = in_.get(rooted ? at.back() : 0);
    copy(o, send, bytes(count, elem));
    wait();
    c_.gatherv(o, count, i, counts, elem, root);
    if (rooted) copy(recv, i, at.back());
    wait();
  }

  void scatterv(const void* send, const std::vector<index_t>& counts, void* recv, index_t count, std::size_t elem,
                int root) {
    const std::vector<std::size_t> at = offsets(counts, elem);
    const bool rooted = c_.rank() == root;
#if TANDEM_HAS_NCCL
    if (kind_ == kind::nccl) {
      nccl_rooted(false, static_cast<char*>(const_cast<void*>(send)), recv, bytes(count, elem), at, root);
      return;
    }
#endif
    if (kind_ == kind::mpi) {
      wait();
      c_.scatterv(send, counts, recv, count, elem, root);
      return;
    }
    char* o = out_.get(rooted ? at.back() : 0);
    char* i = in_.get(bytes(count, elem));
    if (rooted) copy(o, send, at.back());
    wait();
    c_.scatterv(rooted ? o : nullptr, counts, i, count, elem, root);
    copy(recv, i, bytes(count, elem));
    wait();
  }

 private:
  static cudaStream_t stream() { return current_stream(); }
  // The device memory's own queued copy and wait (on tandem's current stream).
  static void wait() { cuda_device_memory::wait(); }
  static void copy(void* dst, const void* src, std::size_t n) {
    if (n) cuda_device_memory::copy(dst, src, n);
  }
  static std::size_t bytes(index_t count, std::size_t elem) { return static_cast<std::size_t>(count) * elem; }
  static std::vector<std::size_t> offsets(const std::vector<index_t>& counts, std::size_t elem) {
    std::vector<std::size_t> at(counts.size() + 1, 0);
    for (std::size_t q = 0; q < counts.size(); ++q) at[q + 1] = at[q] + bytes(counts[q], elem);
    return at;
  }

#if TANDEM_HAS_NCCL
  /// gatherv's (gathering) and scatterv's messages over NCCL: root and each other rank q
  /// move q's piece [at[q], at[q + 1]) of root's `whole` to or from q's `part` (to root
  /// when gathering; `whole` is only read when scattering, `part` only when gathering);
  /// root's own piece is a copy on the stream.
  void nccl_rooted(bool gathering, char* whole, void* part, std::size_t part_bytes, const std::vector<std::size_t>& at,
                   int root) {
    const int me = c_.rank();
    const bool rooted = me == root;
    check_nccl(ncclGroupStart(), "ncclGroupStart");
    for (int q = 0; q < c_.size(); ++q) {
      if (q == me || (!rooted && q != root)) continue;
      const std::size_t n = rooted ? at[q + 1] - at[q] : part_bytes;
      void* here = rooted ? static_cast<void*>(whole + at[q]) : part;
      if (n == 0) continue;
      if (gathering == rooted)
        check_nccl(ncclRecv(here, n, ncclUint8, q, nccl_, stream()), "ncclRecv", nccl_);
      else
        check_nccl(ncclSend(here, n, ncclUint8, q, nccl_, stream()), "ncclSend", nccl_);
    }
    check_nccl(ncclGroupEnd(), "ncclGroupEnd", nccl_);
    if (!rooted) return;
    const std::size_t own = at[root + 1] - at[root];
    if (gathering)
      copy(whole + at[root], part, own);
    else
      copy(part, whole + at[root], own);
  }
#endif

  /// The kind, alike on every rank (collective): backend/link_choice.hpp's rule.
  static kind choose(const mpi::comm& c) {
    return choose_device_link(c, std::getenv("TANDEM_DIST_DEVICE_LINK"), nccl_unavailable(c), mpi::comm::cuda_aware());
  }

  /// Why NCCL cannot serve this group (empty when it can); the same text on every rank.
  static std::string nccl_unavailable(const mpi::comm& c) {
#if TANDEM_HAS_NCCL
    struct place {  // where a rank's GPU is: its host's name and the GPU's PCI bus id
      char host[128];
      char bus[64];
    };
    place mine{};
    if (::gethostname(mine.host, sizeof mine.host - 1) != 0) mine.host[0] = '\0';
    int device = 0;
    TANDEM_CUDA_CHECK(cudaGetDevice(&device));
    TANDEM_CUDA_CHECK(cudaDeviceGetPCIBusId(mine.bus, static_cast<int>(sizeof mine.bus), device));
    std::vector<place> all(static_cast<std::size_t>(c.size()));
    c.allgather(&mine, 1, all.data(), sizeof(place));
    for (std::size_t a = 0; a < all.size(); ++a)
      for (std::size_t b = a + 1; b < all.size(); ++b)
        if (std::strncmp(all[a].host, all[b].host, sizeof mine.host) == 0 &&
            std::strncmp(all[a].bus, all[b].bus, sizeof mine.bus) == 0)
          return "ranks " + std::to_string(a) + " and " + std::to_string(b) + " share the GPU " +
                 std::string(all[a].bus, strnlen(all[a].bus, sizeof mine.bus)) +
                 " (NCCL needs a GPU per rank)";
    return {};
#else
    (void)c;
    return "tandem was built without NCCL (tandem::nccl found no libnccl)";
#endif
  }

#if TANDEM_HAS_NCCL
  /// The NCCL communicator over the same ranks (collective). Rank 0's id travels with a
  /// flag, so that its failure to make one is thrown on every rank, not waited for.
  void start_nccl() {
    struct {
      ncclUniqueId id;
      int ok;
    } seed{};
    std::string failure;
    if (c_.rank() == 0) {
      const ncclResult_t rc = ncclGetUniqueId(&seed.id);
      seed.ok = rc == ncclSuccess;
      if (!seed.ok) failure = ncclGetErrorString(rc);
    }
    c_.bcast(&seed, 1, sizeof seed, 0);
    if (!seed.ok)
      throw mpi_error("tandem: NCCL call ncclGetUniqueId failed on rank 0" +
                      (failure.empty() ? std::string() : ": " + failure));
    check_nccl(ncclCommInitRank(&nccl_, c_.size(), seed.id, c_.rank()), "ncclCommInitRank");
  }
  ncclComm_t nccl_ = nullptr;
#endif

  const mpi::comm& c_;  // the communicator that owns this link
  kind kind_;
  pinned_buffer out_, in_;
};

}  // namespace tandem::detail::cuda
