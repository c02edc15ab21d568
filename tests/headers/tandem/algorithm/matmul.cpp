// tandem/algorithm/matmul.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/algorithm/matmul.hpp>

int header_use_algorithm_matmul() {
  namespace td = tandem;
  td::tensor<float, 2> a({2, 3}), b({3, 2});
  a = 1.0f;
  b = 2.0f;
  const td::tensor<float, 2> c = td::matmul(a, b);
  return c(1, 1) == 6.0f ? 0 : 1;
}
