// tandem/algorithm/numeric.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/algorithm/numeric.hpp>

int header_use_algorithm_numeric() {
  namespace td = tandem;
  td::tensor<int, 1> a({3}), v({2});
  for (td::index_t i = 0; i < 3; ++i) a(i) = int(i + 1);  // 1 2 3
  v(0) = 1;
  v(1) = -1;
  const auto c = td::convolve(a, v);     // 1 1 1 -3
  const auto g = td::gradient(a);        // 1 1 1
  const auto k = td::kron(a, v);         // 1 -1 2 -2 3 -3
  const double area = td::trapezoid(a);  // 4
  const bool ok = c.shape()[0] == 4 && c(0) == 1 && c(3) == -3 && g(2) == 1.0 && k(5) == -3 && area == 4.0;
  return ok ? 0 : 1;
}
