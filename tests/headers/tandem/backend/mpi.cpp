// tandem/backend/mpi.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/mpi.hpp>

int header_use_backend_mpi() {
  namespace mpi = tandem::detail::mpi;
  if (!mpi::initialized()) return 1;
  const mpi::comm c(mpi::world_handle());
  const std::int64_t n = c.allreduce(1, '+');
  bool refused = false;
  try {
    mpi::count_of(tandem::index_t(1) << 40, "MPI_Send");
  } catch (const tandem::mpi_error&) {
    refused = true;
  }
  return n == c.size() && refused ? 0 : 1;
}
