// tandem/algorithm/selection.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/algorithm/selection.hpp>

int header_use_algorithm_selection() {
  namespace td = tandem;
  td::tensor<int, 1> a({6});
  for (td::index_t i = 0; i < 6; ++i) a(i) = int(i % 3);
  const auto h = td::histogram(a, 3, 0.0, 3.0);
  return td::count_nonzero(a) == 4 && h(2) == 2 ? 0 : 1;
}
