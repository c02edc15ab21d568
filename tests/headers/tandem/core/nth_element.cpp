// tandem/core/nth_element.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/core/nth_element.hpp>

int header_use_core_nth_element() {
  namespace td = tandem;
  int x[7] = {5, 1, 6, 0, 3, 2, 4};
  td::detail::select_kth(x, 7, 3);
  bool ok = x[3] == 3;
  for (int i = 0; i < 3; ++i) ok = ok && x[i] < 3 && x[6 - i] > 3;
  td::detail::heap_sort(x, 7, [](int a, int b) { return a > b; });
  for (int i = 0; i < 7; ++i) ok = ok && x[i] == 6 - i;
  return ok ? 0 : 1;
}
