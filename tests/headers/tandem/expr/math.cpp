// tandem/expr/math.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/expr/math.hpp>

int header_use_expr_math() {
  namespace td = tandem;
  td::tensor<double, 1> a({2});
  a = 4.0;
  const td::tensor<double, 1> b = td::sqrt(a) + td::exp(a * 0.0);
  return b(1) == 3.0 ? 0 : 1;
}
