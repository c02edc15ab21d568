#pragma once
/// \file dist/communicator.hpp
/// `td::dist::environment` (starts and ends MPI) and `td::dist::communicator` (a group of
/// ranks: `world()`, or one made from a program's own MPI communicator).
///
/// \code
/// int main(int argc, char** argv) {
///   td::dist::environment env(argc, argv);     // MPI_Init unless the program did
///   td::dist::communicator w = td::dist::world();
///   if (w.rank() == 0) std::printf("%d ranks\n", w.size());
/// }
/// \endcode
/// A communicator duplicates the one it is made from (tandem's messages never meet the
/// program's), and the duplicate returns errors rather than aborting, so a failed call
/// throws td::mpi_error. Making one is collective: every rank of the group makes it.

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <thread>
#include <string>
#include <utility>

#include "../backend/mpi.hpp"
#include "../error.hpp"
#include "../threads.hpp"
#include "../traits.hpp"

namespace tandem::dist {

class communicator;

namespace detail {
/// world()'s communicator, made on first use and dropped by the environment before
/// MPI ends.
inline std::shared_ptr<const tandem::detail::mpi::comm>& world_slot() {
  static std::shared_ptr<const tandem::detail::mpi::comm> slot;
  return slot;
}
}  // namespace detail

/// Starts MPI for the program's lifetime (unless the program started it: then leaves
/// ending it to the program as well). One per program, made first in main. Unless
/// TANDEM_NUM_THREADS is set, it also shares the node's cores among the ranks on it:
/// each rank's host thread pool gets hardware threads / ranks on the node (at least 1),
/// so that k ranks on one machine do not run k times its cores in threads.
class environment {
 public:
  environment() : environment(nullptr, nullptr) {}
  environment(int& argc, char**& argv) : environment(&argc, &argv) {}
  environment(const environment&) = delete;
  environment& operator=(const environment&) = delete;
  ~environment() {
    detail::world_slot().reset();
    if (owns_ && !tandem::detail::mpi::finalized()) {
      try {
        tandem::detail::mpi::finalize();
      } catch (...) {  // a destructor does not throw; MPI reports it itself
      }
    }
  }

 private:
  environment(int* argc, char*** argv) {
    if (!tandem::detail::mpi::initialized()) {
      tandem::detail::mpi::init(argc, argv);
      owns_ = true;
    }
    if (!std::getenv("TANDEM_NUM_THREADS")) {
      const int local = tandem::detail::mpi::ranks_on_this_node();
      const unsigned hw = std::thread::hardware_concurrency();
      if (local > 1) tandem::set_num_threads(std::max(1, static_cast<int>(hw) / local));
    }
  }
  bool owns_ = false;
};

/// A group of ranks. Copies share one underlying communicator.
class communicator : public tandem::detail::group_tag {
 public:
  /// Wraps (a duplicate of) the program's own communicator; collective over its ranks.
  explicit communicator(tandem::detail::mpi::native_comm c)
      : c_(std::make_shared<const tandem::detail::mpi::comm>(c)) {}

  int rank() const { return c_->rank(); }
  int size() const { return c_->size(); }
  void barrier() const { c_->barrier(); }
  /// The duplicate tandem talks on (for a program that wants to add its own calls).
  tandem::detail::mpi::native_comm native() const { return c_->native(); }

  /// The same group (not merely one of the same ranks).
  friend bool operator==(const communicator& a, const communicator& b) { return a.c_ == b.c_; }

  const tandem::detail::mpi::comm& impl() const { return *c_; }

 private:
  friend communicator world();
  explicit communicator(std::shared_ptr<const tandem::detail::mpi::comm> c) : c_(std::move(c)) {}
  std::shared_ptr<const tandem::detail::mpi::comm> c_;
};

/// Every rank of the program (MPI_COMM_WORLD's group); collective the first time.
inline communicator world() {
  if (!tandem::detail::mpi::initialized())
    throw error("tandem: td::dist::world(): MPI has not been started (make a td::dist::environment first)");
  auto& slot = detail::world_slot();
  if (!slot) slot = std::make_shared<const tandem::detail::mpi::comm>(tandem::detail::mpi::world_handle());
  return communicator(slot);
}

namespace detail {

/// What went wrong on some rank, thrown alike on every rank: the kinds of td::error a
/// check may throw.
enum class failure : int { none = 0, error, shape, index, io };

[[noreturn]] inline void throw_failure(failure kind, const std::string& what) {
  switch (kind) {
    case failure::shape: throw shape_error(what);
    case failure::index: throw index_error(what);
    case failure::io: throw io_error(what);
    default: throw error(what);
  }
}

/// Collective: when any rank reports a failure, every rank throws the failure of the
/// lowest such rank (its kind and message), so no rank goes on into a collective that
/// the others have left.
inline void agree(const communicator& c, failure kind, const std::string& what) {
  const auto& m = c.impl();
  const std::int64_t first = m.allreduce(kind == failure::none ? m.size() : m.rank(), '<');
  if (first == m.size()) return;
  std::int64_t meta[2] = {static_cast<std::int64_t>(kind), static_cast<std::int64_t>(what.size())};
  m.bcast(meta, 2, sizeof(std::int64_t), static_cast<int>(first));
  std::string text(static_cast<std::size_t>(meta[1]), '\0');
  if (m.rank() == first) text = what;
  m.bcast(text.data(), meta[1], 1, static_cast<int>(first));
  throw_failure(static_cast<failure>(meta[0]), text);
}

/// Runs f (a local check that may throw a td::error) on every rank and agrees on the
/// outcome: a failure on one rank throws on all.
template <class F>
void agreed(const communicator& c, F&& f) {
  failure kind = failure::none;
  std::string what;
  try {
    std::forward<F>(f)();
  } catch (const shape_error& e) {
    kind = failure::shape, what = e.what();
  } catch (const index_error& e) {
    kind = failure::index, what = e.what();
  } catch (const io_error& e) {
    kind = failure::io, what = e.what();
  } catch (const std::exception& e) {
    kind = failure::error, what = e.what();
  }
  agree(c, kind, what);
}

}  // namespace detail
}  // namespace tandem::dist
