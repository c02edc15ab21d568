// tandem/dist/matmul.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/dist/matmul.hpp>

int header_use_dist_matmul() {
  namespace td = tandem;
  const auto w = td::dist::world();
  const auto a = td::dist::full<double>(w, {5, 3}, 2.0);
  const auto b = td::dist::full<double>(w, {3, 4}, 0.5);
  const auto c = td::dist::allgather(td::dist::matmul(a, b));
  return c.shape() == td::shape<2>{5, 4} && c(4, 3) == 3.0 ? 0 : 1;
}
