// tandem/dist/sort.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/dist/sort.hpp>

int header_use_dist_sort() {
  namespace td = tandem;
  const auto w = td::dist::world();
  const auto s = td::dist::allgather(td::dist::sort(td::dist::arange<int>(w, 9, -1, -1)));
  return s(0) == 0 && s(9) == 9 ? 0 : 1;
}
