// tandem/algorithm/searching.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/algorithm/searching.hpp>

int header_use_algorithm_searching() {
  namespace td = tandem;
  td::tensor<int, 1> a({5});
  for (td::index_t i = 0; i < 5; ++i) a(i) = int((3 * i) % 5);  // 0 3 1 4 2
  td::tensor<int, 1> edges({2});
  edges(0) = 1;
  edges(1) = 3;
  const auto pos = td::searchsorted(edges, a, td::side::right);  // 0 2 1 2 1
  const auto top = td::topk(a, 2);                                // 4 3 at 3 1
  const auto counts = td::bincount(a);
  const bool ok = pos(1) == 2 && pos(2) == 1 && top.values(0) == 4 && top.indices(1) == 1 && counts.size() == 5 &&
                  counts(4) == 1 && td::partition(a, 2)(2) == 2 && td::isin(a, edges)(1);
  return ok ? 0 : 1;
}
