// tandem/expr/leaf.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/expr/leaf.hpp>

int header_use_expr_leaf() {
  namespace td = tandem;
  td::tensor<float, 1> a({3});
  a(1) = 2.0f;
  const auto leaf = td::detail::make_eval(a, a.shape());
  td::index_t idx[1] = {1};
  return leaf.at(idx) == 2.0f ? 0 : 1;
}
