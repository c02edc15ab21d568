// tandem/memory/buffer.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/memory/buffer.hpp>

int header_use_memory_buffer() {
  namespace td = tandem;
  td::detail::buffer<double, td::host_space> b(3);
  b.zero();
  return b.size() == 3 && b.data()[2] == 0.0 ? 0 : 1;
}
