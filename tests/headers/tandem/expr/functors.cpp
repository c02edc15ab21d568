// tandem/expr/functors.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/expr/functors.hpp>

int header_use_expr_functors() {
  namespace td = tandem;
  const td::detail::plus_fn add{};
  return add(2, 3) == 5 ? 0 : 1;
}
