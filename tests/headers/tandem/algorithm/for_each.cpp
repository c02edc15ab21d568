// tandem/algorithm/for_each.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/algorithm/for_each.hpp>

int header_use_algorithm_for_each() {
  namespace td = tandem;
  float a[8] = {};
  float* p = a;
  td::for_each(td::host, 8, [p](td::index_t i) { p[i] = float(i); });
  return a[7] == 7.0f ? 0 : 1;
}
