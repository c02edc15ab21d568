// tandem/backend/host/radix_sort.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/host/radix_sort.hpp>

int header_use_backend_host_radix_sort() {
  namespace td = tandem;
  int v[4] = {3, -2, 7, 0};
  td::detail::radix_sort_rows(v, 1, 4, true);
  return v[0] == 7 && v[3] == -2 ? 0 : 1;
}
