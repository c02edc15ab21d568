// tandem/expr/assign.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/expr/assign.hpp>

int header_use_expr_assign() {
  namespace td = tandem;
  td::tensor<float, 2> a({2, 3});
  td::tensor<float, 1> row({3});
  row(2) = 4.0f;
  td::detail::assign(a.view(), row);
  return a(1, 2) == 4.0f ? 0 : 1;
}
