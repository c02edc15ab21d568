// tandem/backend/host/lapack.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/host/lapack.hpp>

int header_use_backend_host_lapack() {
  namespace td = tandem;
#if TANDEM_HAS_LAPACKE
  // LU of [[0, 1], [2, 3]] (column-major): rows swapped, U = [[2, 3], [0, 1]].
  float a[4] = {0, 2, 1, 3};
  int piv[2] = {}, info = -1;
  td::detail::host_solver::lu<float>(1, 2, a, 4, piv, &info);
  return info == 0 && piv[0] == 2 && a[0] == 2 && a[2] == 3 && a[3] == 1 ? 0 : 1;
#else
  return 0;  // no LAPACKE in this build: host linear algebra is a compile-time error
#endif
}
