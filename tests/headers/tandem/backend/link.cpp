// tandem/backend/link.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/link.hpp>

#include <cstdint>

int header_use_backend_link() {
  namespace mpi = tandem::detail::mpi;
  using link = tandem::detail::link<tandem::host_space>;
  if (!mpi::initialized()) return 1;
  const mpi::comm c(mpi::world_handle());
  if (link::name(c) != "mpi") return 1;
  // A ring: each rank sends its rank to the next and hears the one before.
  const std::int32_t mine = c.rank();
  std::int32_t heard = -1;
  link::sendrecv(c, &mine, 1, (c.rank() + 1) % c.size(), &heard, 1, (c.rank() + c.size() - 1) % c.size(),
                 sizeof mine, 7);
  std::int32_t all[64] = {};
  if (c.size() > 64) return 1;
  link::allgatherv(c, &mine, 1, all, std::vector<tandem::index_t>(static_cast<std::size_t>(c.size()), 1), sizeof mine);
  for (int r = 0; r < c.size(); ++r)
    if (all[r] != r) return 1;
  return heard == (c.rank() + c.size() - 1) % c.size() ? 0 : 1;
}
