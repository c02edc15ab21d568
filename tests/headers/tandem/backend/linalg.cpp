// tandem/backend/linalg.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/linalg.hpp>

int header_use_backend_linalg() {
  namespace td = tandem;
  // Cholesky of [[4, 2], [2, 5]] (column-major) from its upper triangle: U = [[2, 1], [0, 2]].
  double a[4] = {4, 2, 2, 5};
  int info = -1;
  td::detail::solver_t<td::host_space>::cholesky<double>(1, 2, a, 4, &info);
  return info == 0 && a[0] == 2 && a[2] == 1 && a[3] == 2 ? 0 : 1;
}
