// tandem/backend/memory_block.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/memory_block.hpp>
#include <tandem/backend/host/memory.hpp>

int header_use_backend_memory_block() {
  namespace td = tandem;
  td::detail::memory_block<int, td::detail::host_memory> a(4);
  a.zero();
  a.data()[1] = 5;
  const td::detail::memory_block<int, td::detail::host_memory> b = a;
  return b.size() == 4 && b.data()[1] == 5 && b.data()[0] == 0 ? 0 : 1;
}
