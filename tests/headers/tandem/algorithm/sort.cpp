// tandem/algorithm/sort.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/algorithm/sort.hpp>

int header_use_algorithm_sort() {
  namespace td = tandem;
  td::tensor<float, 1> a({4});
  a(0) = 3; a(1) = -1; a(2) = 2; a(3) = 0;
  td::sort(a);
  return a(0) == -1.0f && a(3) == 3.0f ? 0 : 1;
}
