// tandem/backend/link_choice.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/link_choice.hpp>

int header_use_backend_link_choice() {
  namespace mpi = tandem::detail::mpi;
  using tandem::detail::device_link_kind;
  if (!mpi::initialized()) return 1;
  const mpi::comm c(mpi::world_handle());
  const bool ok = tandem::detail::choose_device_link(c, nullptr, "", false) == device_link_kind::nccl &&
                  tandem::detail::choose_device_link(c, "staged", "", true) == device_link_kind::staged;
  return ok ? 0 : 1;
}
