// tandem/algorithm/reduce.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/algorithm/reduce.hpp>

int header_use_algorithm_reduce() {
  namespace td = tandem;
  td::tensor<double, 2> a({3, 4});
  a = 0.5;
  const td::tensor<double, 1> cols = td::sum(a, 0);
  return td::sum(a) == 6.0 && cols(3) == 1.5 && td::max(a) == 0.5 ? 0 : 1;
}
