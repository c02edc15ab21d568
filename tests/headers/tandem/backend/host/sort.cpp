// tandem/backend/host/sort.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/host/sort.hpp>

int header_use_backend_host_sort() {
  namespace td = tandem;
  double k[3] = {2, 1, 0};
  int v[3] = {0, 1, 2};
  td::detail::host_sorter::sort_by_key(k, v, 3, false);
  return v[0] == 2 && k[2] == 2.0 ? 0 : 1;
}
