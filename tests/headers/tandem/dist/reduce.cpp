// tandem/dist/reduce.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/dist/reduce.hpp>

int header_use_dist_reduce() {
  namespace td = tandem;
  const auto w = td::dist::world();
  const auto a = td::dist::arange<int>(w, 10);
  return td::sum(a) == 45 && td::argmax(a) == 9 && td::sum(td::dist::ones<float>(w, {4, 3}), 0)(1) == 4.f ? 0 : 1;
}
