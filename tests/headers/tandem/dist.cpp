// tandem/dist.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/dist.hpp>

int header_use_dist() {
  namespace td = tandem;
  const auto w = td::dist::world();
  const auto u = td::dist::arange<double>(w, 0.0, 10.0);
  return td::sum(td::sqrt(u * u)) == 45.0 ? 0 : 1;
}
