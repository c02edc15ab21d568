// tandem/expr/operators.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/expr/operators.hpp>

int header_use_expr_operators() {
  namespace td = tandem;
  td::tensor<float, 1> a({4}), b({4});
  a = 1.5f;
  b = 2.0f;
  const td::tensor<float, 1> c = a + b * 2.0f;
  return c(3) == 5.5f ? 0 : 1;
}
