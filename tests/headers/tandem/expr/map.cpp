// tandem/expr/map.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/expr/map.hpp>

int header_use_expr_map() {
  namespace td = tandem;
  td::tensor<float, 1> a({3});
  a = 2.0f;
  const td::tensor<float, 1> b = td::map([](float x) { return x * 3.0f; }, a);
  return b(2) == 6.0f ? 0 : 1;
}
