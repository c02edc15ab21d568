// tandem/backend/host/memory.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/host/memory.hpp>

int header_use_backend_host_memory() {
  namespace td = tandem;
  using M = td::detail::host_memory;
  void* p = M::allocate(64);
  M::zero(p, 64);
  const bool zeroed = static_cast<unsigned char*>(p)[63] == 0;
  M::deallocate(p, 64, M::current_owner());
  return zeroed ? 0 : 1;
}
