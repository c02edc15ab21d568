// tandem/linalg.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/linalg.hpp>

int header_use_linalg() {
  namespace td = tandem;
  const auto a = td::from<double>({{2, 1}, {1, 3}});
  const double d = td::linalg::det(a);  // 5
  const auto x = td::linalg::solve(a, td::from<double>({3, 5}));  // [0.8, 1.4]
  return d > 4.999 && d < 5.001 && x(0) > 0.799 && x(0) < 0.801 ? 0 : 1;
}
