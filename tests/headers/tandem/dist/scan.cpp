// tandem/dist/scan.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/dist/scan.hpp>

int header_use_dist_scan() {
  namespace td = tandem;
  const auto w = td::dist::world();
  const auto c = td::dist::allgather(td::dist::cumsum(td::dist::arange<int>(w, 10)));
  return c(9) == 45 && c(3) == 6 ? 0 : 1;
}
