// tandem/backend/sort.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/sort.hpp>

int header_use_backend_sort() {
  namespace td = tandem;
  float x[4] = {3, -1, 2, 0};
  td::detail::sorter_t<td::host_space>::sort(x, 4, false);
  return x[0] == -1.f && x[3] == 3.f ? 0 : 1;
}
