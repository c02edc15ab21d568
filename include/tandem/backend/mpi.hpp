#pragma once
/// \file backend/mpi.hpp
/// The one place that calls MPI (td::dist's engine between ranks). Every call is checked:
/// a failing one throws td::mpi_error naming the call and MPI's error string (the
/// communicators tandem makes return errors instead of aborting). Messages move bytes in
/// units of one element (a contiguous MPI datatype of that size, made once per
/// communicator), so counts are element counts; MPI's counts are ints, and a message of
/// more than 2^31 - 1 elements throws. Not thread-safe: one thread calls MPI (td::dist's
/// calls are made by the program's main thread).

// MPI's C interface only: the deprecated C++ bindings that some MPIs' mpi.h pulls in
// otherwise would be compiled into every translation unit (and warn).
#ifndef OMPI_SKIP_MPICXX
#  define OMPI_SKIP_MPICXX 1
#endif
#ifndef MPICH_SKIP_MPICXX
#  define MPICH_SKIP_MPICXX 1
#endif
#include <mpi.h>
// Open MPI's extensions: whether the library moves GPU memory itself (CUDA-aware).
#if __has_include(<mpi-ext.h>)
#  include <mpi-ext.h>
#endif

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../error.hpp"
#include "../shape.hpp"

namespace tandem::detail::mpi {

/// The native communicator handle (what a user's program passes in).
using native_comm = MPI_Comm;

inline void check(int rc, const char* call) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS) len = 0;
  throw mpi_error(std::string("tandem: ") + call + " failed: " + (len ? std::string(text, len) : "error " + std::to_string(rc)));
}

inline bool initialized() {
  int flag = 0;
  MPI_Initialized(&flag);
  return flag != 0;
}
inline bool finalized() {
  int flag = 0;
  MPI_Finalized(&flag);
  return flag != 0;
}
/// Starts MPI (threads: only the main thread calls MPI, as td::dist does).
inline void init(int* argc, char*** argv) {
  int provided = 0;
  check(MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
}
inline void finalize() { check(MPI_Finalize(), "MPI_Finalize"); }
inline native_comm world_handle() { return MPI_COMM_WORLD; }
/// How many ranks of the program share this rank's node (memory); collective.
inline int ranks_on_this_node() {
  MPI_Comm node;
  check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node), "MPI_Comm_split_type");
  int n = 1;
  const int rc = MPI_Comm_size(node, &n);
  MPI_Comm_free(&node);
  check(rc, "MPI_Comm_size");
  return n;
}

/// An int count for MPI, or mpi_error naming the call.
inline int count_of(index_t n, const char* call) {
  if (n < 0 || n > INT_MAX)
    throw mpi_error(std::string("tandem: ") + call + ": a message of " + std::to_string(n) +
                    " elements is over MPI's int counts (2^31 - 1)");
  return static_cast<int>(n);
}

/// A duplicate of a communicator (its own message space, errors returned, not fatal),
/// freed with the object unless MPI has ended.
class comm {
 public:
  explicit comm(native_comm user) {
    check(MPI_Comm_dup(user, &c_), "MPI_Comm_dup");
    check(MPI_Comm_set_errhandler(c_, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler");
    check(MPI_Comm_rank(c_, &rank_), "MPI_Comm_rank");
    check(MPI_Comm_size(c_, &size_), "MPI_Comm_size");
  }
  comm(const comm&) = delete;
  comm& operator=(const comm&) = delete;
  ~comm() {
    attachment_.reset();  // first: it may hold resources tied to this group (an NCCL communicator)
    if (finalized()) return;
    for (auto& [bytes, type] : types_) MPI_Type_free(&type);
    MPI_Comm_free(&c_);
  }

  int rank() const { return rank_; }
  int size() const { return size_; }
  native_comm native() const { return c_; }

  void barrier() const { check(MPI_Barrier(c_), "MPI_Barrier"); }

  /// Sum, min or max of one int64 over the ranks, on every rank.
  std::int64_t allreduce(std::int64_t v, char op) const {
    std::int64_t out = 0;
    const MPI_Op o = op == '+' ? MPI_SUM : op == '<' ? MPI_MIN : MPI_MAX;
    check(MPI_Allreduce(&v, &out, 1, MPI_INT64_T, o, c_), "MPI_Allreduce");
    return out;
  }

  /// Every rank's `count` elements, in rank order, into recv (size() * count elements).
  void allgather(const void* send, index_t count, void* recv, std::size_t elem) const {
    const MPI_Datatype t = type_of(elem);
    const int n = count_of(count, "MPI_Allgather");
    check(MPI_Allgather(send, n, t, recv, n, t, c_), "MPI_Allgather");
  }

  /// Rank r's counts[r] elements, in rank order, into recv (their sum), on every rank.
  void allgatherv(const void* send, index_t count, void* recv, const std::vector<index_t>& counts,
                  std::size_t elem) const {
    const MPI_Datatype t = type_of(elem);
    std::vector<int> c, d;
    displacements(counts, c, d, "MPI_Allgatherv");
    check(MPI_Allgatherv(send, count_of(count, "MPI_Allgatherv"), t, recv, c.data(), d.data(), t, c_),
          "MPI_Allgatherv");
  }

  /// Rank r's counts[r] elements, in rank order, into recv at `root` (ignored elsewhere).
  void gatherv(const void* send, index_t count, void* recv, const std::vector<index_t>& counts, std::size_t elem,
               int root) const {
    const MPI_Datatype t = type_of(elem);
    std::vector<int> c, d;
    displacements(counts, c, d, "MPI_Gatherv");
    check(MPI_Gatherv(send, count_of(count, "MPI_Gatherv"), t, recv, c.data(), d.data(), t, root, c_),
          "MPI_Gatherv");
  }

  /// Root's elements split: counts[r] of them, in order, to rank r's recv.
  void scatterv(const void* send, const std::vector<index_t>& counts, void* recv, index_t count, std::size_t elem,
                int root) const {
    const MPI_Datatype t = type_of(elem);
    std::vector<int> c, d;
    displacements(counts, c, d, "MPI_Scatterv");
    check(MPI_Scatterv(send, c.data(), d.data(), t, recv, count_of(count, "MPI_Scatterv"), t, root, c_),
          "MPI_Scatterv");
  }

  /// send_counts[r] elements to rank r (in rank order from send), recv_counts[r] from
  /// rank r (in rank order into recv).
  void alltoallv(const void* send, const std::vector<index_t>& send_counts, void* recv,
                 const std::vector<index_t>& recv_counts, std::size_t elem) const {
    const MPI_Datatype t = type_of(elem);
    std::vector<int> sc, sd, rc, rd;
    displacements(send_counts, sc, sd, "MPI_Alltoallv");
    displacements(recv_counts, rc, rd, "MPI_Alltoallv");
    check(MPI_Alltoallv(send, sc.data(), sd.data(), t, recv, rc.data(), rd.data(), t, c_),
          "MPI_Alltoallv");
  }

  /// Root's `count` elements to every rank.
  void bcast(void* data, index_t count, std::size_t elem, int root) const {
    const MPI_Datatype t = type_of(elem);
    check(MPI_Bcast(data, count_of(count, "MPI_Bcast"), t, root, c_), "MPI_Bcast");
  }

  /// Sends to `dest` and receives from `source` at once (MPI_PROC_NULL: none, as
  /// proc_null()); `tag` tells exchanges apart.
  void sendrecv(const void* send, index_t send_count, int dest, void* recv, index_t recv_count, int source,
                std::size_t elem, int tag) const {
    const MPI_Datatype t = type_of(elem);
    check(MPI_Sendrecv(send, count_of(send_count, "MPI_Sendrecv"), t, dest, tag, recv,
                       count_of(recv_count, "MPI_Sendrecv"), t, source, tag, c_, MPI_STATUS_IGNORE),
          "MPI_Sendrecv");
  }
  static int proc_null() { return MPI_PROC_NULL; }

  /// Whether this MPI library says it reads and writes GPU memory itself (Open MPI's
  /// MPIX_Query_cuda_support, at run time; false where the library cannot say).
  static bool cuda_aware() {
#if defined(OMPI_HAVE_MPI_EXT_CUDA) && OMPI_HAVE_MPI_EXT_CUDA
    return MPIX_Query_cuda_support() == 1;
#else
    return false;
#endif
  }

  /// The object of type L that a backend keeps with this communicator (backend/link.hpp's
  /// GPU link), made by make() on first use, destroyed with the communicator.
  template <class L, class Make>
  L& attached(Make&& make) const {
    if (!attachment_) attachment_ = std::static_pointer_cast<void>(std::forward<Make>(make)());
    return *static_cast<L*>(attachment_.get());
  }

  /// A point-to-point message: `count` elements to or from rank `peer`.
  struct transfer {
    int peer;
    void* data;
    index_t count;
  };
  /// Messages in flight (from start()): wait() completes them; so does the destructor,
  /// which must not leave MPI writing into buffers that are about to go.
  class pending {
   public:
    pending() = default;
    pending(pending&& o) noexcept : requests_(std::move(o.requests_)) { o.requests_.clear(); }
    pending& operator=(pending&& o) noexcept {
      if (this != &o) {
        complete();
        requests_ = std::move(o.requests_);
        o.requests_.clear();
      }
      return *this;
    }
    pending(const pending&) = delete;
    ~pending() { complete(); }
    void wait() {
      if (requests_.empty()) return;
      const int rc = MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
      requests_.clear();
      check(rc, "MPI_Waitall");
    }

   private:
    friend class comm;
    void complete() noexcept {  // without throwing: errors were reported by wait() or are moot
      if (!requests_.empty() && !finalized())
        MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
      requests_.clear();
    }
    std::vector<MPI_Request> requests_;
  };
  /// Posts every receive and send at once and returns them in flight: the caller
  /// computes meanwhile, then waits (the send buffers must stay as they are till then).
  pending start(const std::vector<transfer>& sends, const std::vector<transfer>& recvs, std::size_t elem,
                int tag) const {
    const MPI_Datatype t = type_of(elem);
    pending p;
    p.requests_.assign(sends.size() + recvs.size(), MPI_REQUEST_NULL);
    std::size_t k = 0;
    for (const auto& r : recvs)
      check(MPI_Irecv(r.data, count_of(r.count, "MPI_Irecv"), t, r.peer, tag, c_, &p.requests_[k++]), "MPI_Irecv");
    for (const auto& sd : sends)
      check(MPI_Isend(sd.data, count_of(sd.count, "MPI_Isend"), t, sd.peer, tag, c_, &p.requests_[k++]), "MPI_Isend");
    return p;
  }
  /// The same, waited for: the sparse exchange of a rank that talks to a few others.
  void exchange(const std::vector<transfer>& sends, const std::vector<transfer>& recvs, std::size_t elem,
                int tag) const {
    start(sends, recvs, elem, tag).wait();
  }

  /// One stretch of bytes a rank writes at an offset of a file.
  struct file_piece {
    std::uint64_t offset;
    const void* data;
    index_t bytes;
  };
  /// Writes each rank's pieces into one file (created, or cut to `total` bytes),
  /// collectively. True on every rank when every rank succeeded.
  bool write_file(const std::string& path, const std::vector<file_piece>& pieces, std::uint64_t total) const {
    MPI_File f;
    int rc = MPI_File_open(c_, path.c_str(), MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &f);
    if (allreduce(rc != MPI_SUCCESS, '>') != 0) {
      if (rc == MPI_SUCCESS) MPI_File_close(&f);
      return false;
    }
    MPI_File_set_errhandler(f, MPI_ERRORS_RETURN);
    int failed = MPI_File_set_size(f, static_cast<MPI_Offset>(total)) != MPI_SUCCESS;
    // Each piece in stretches of at most 1 GiB, each a collective write: every rank takes
    // part in as many rounds as the rank with the most stretches needs.
    const index_t stretch = index_t(1) << 30;
    std::vector<file_piece> parts;
    for (const auto& pc : pieces)
      for (index_t at = 0; at < pc.bytes; at += stretch)
        parts.push_back({pc.offset + static_cast<std::uint64_t>(at), static_cast<const char*>(pc.data) + at,
                         std::min(stretch, pc.bytes - at)});
    const std::int64_t rounds = allreduce(static_cast<std::int64_t>(parts.size()), '>');
    for (std::int64_t r = 0; r < rounds; ++r) {
      const bool mine = r < static_cast<std::int64_t>(parts.size());
      const file_piece pc = mine ? parts[static_cast<std::size_t>(r)] : file_piece{0, nullptr, 0};
      failed |= MPI_File_write_at_all(f, static_cast<MPI_Offset>(pc.offset), pc.data, static_cast<int>(pc.bytes),
                                      MPI_BYTE, MPI_STATUS_IGNORE) != MPI_SUCCESS;
    }
    failed |= MPI_File_close(&f) != MPI_SUCCESS;
    return allreduce(failed, '>') == 0;
  }

 private:
  /// The committed contiguous datatype of `bytes` bytes (MPI_BYTE for 1), made once per
  /// size and kept: creating one per message would cost more than a small message.
  MPI_Datatype type_of(std::size_t bytes) const {
    if (bytes == 1) return MPI_BYTE;
    for (const auto& [size, type] : types_)
      if (size == bytes) return type;
    MPI_Datatype t;
    check(MPI_Type_contiguous(static_cast<int>(bytes), MPI_BYTE, &t), "MPI_Type_contiguous");
    check(MPI_Type_commit(&t), "MPI_Type_commit");
    types_.emplace_back(bytes, t);
    return t;
  }

  static void displacements(const std::vector<index_t>& counts, std::vector<int>& c, std::vector<int>& d,
                            const char* call) {
    c.resize(counts.size());
    d.resize(counts.size());
    index_t at = 0;
    for (std::size_t r = 0; r < counts.size(); ++r) {
      c[r] = count_of(counts[r], call);
      d[r] = count_of(at, call);
      at += counts[r];
    }
    count_of(at, call);
  }

  MPI_Comm c_ = MPI_COMM_NULL;
  int rank_ = 0, size_ = 1;
  mutable std::vector<std::pair<std::size_t, MPI_Datatype>> types_;
  mutable std::shared_ptr<void> attachment_;
};

}  // namespace tandem::detail::mpi
