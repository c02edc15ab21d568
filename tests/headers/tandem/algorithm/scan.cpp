// tandem/algorithm/scan.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/algorithm/scan.hpp>

int header_use_algorithm_scan() {
  namespace td = tandem;
  td::tensor<int, 1> a({5});
  a = 2;
  const td::tensor<int, 1> c = td::cumsum(a);
  return c(4) == 10 ? 0 : 1;
}
