// tandem/dist/expr.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/dist/expr.hpp>

int header_use_dist_expr() {
  namespace td = tandem;
  const auto w = td::dist::world();
  const auto a = td::dist::arange<float>(w, 4.f);
  const td::dist::tensor<float, 1> b = a * 2.f + 1.f;
  const auto all = td::dist::allgather(b);
  return all(3) == 7.f ? 0 : 1;
}
