// tandem/memory/memory.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/memory/memory.hpp>

int header_use_memory_memory() {
  namespace td = tandem;
  int src[3] = {1, 2, 3}, dst[3] = {};
  td::detail::copy_bytes<td::host_space, td::host_space>(dst, src, sizeof src);
  td::synchronize(td::host);
  return dst[2] == 3 && td::cache_limit(td::host) > 0 ? 0 : 1;
}
