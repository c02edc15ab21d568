// tandem/algorithm/manipulation.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/algorithm/manipulation.hpp>

int header_use_algorithm_manipulation() {
  namespace td = tandem;
  td::tensor<int, 1> a({3});
  for (td::index_t i = 0; i < 3; ++i) a(i) = int(i + 1);  // 1 2 3
  const auto c = td::concatenate({a.view(), a.view()}, 0);
  const auto r = td::roll(a, 1);                              // 3 1 2
  const auto p = td::pad(a, {{1, 1}}, td::pad_mode::wrap);    // 3 1 2 3 1
  const auto t = td::tile(a, {2});
  const bool ok = c(4) == 2 && r(0) == 3 && p(0) == 3 && p(4) == 1 && t(3) == 1 && td::split(a, 3)[2](0) == 3;
  return ok ? 0 : 1;
}
