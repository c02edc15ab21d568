// tandem/backend/gemm.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/gemm.hpp>

int header_use_backend_gemm() {
  namespace td = tandem;
  using m = td::detail::strided_matrix<const double>;
  const double a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
  double c[4] = {};
  td::detail::backend_t<td::host_space>::gemm<double>(1, 2, 2, 2, m{a, 4, 2, 1}, m{b, 4, 2, 1},
                                                      td::detail::strided_matrix<double>{c, 4, 2, 1});
  return c[0] == 19 && c[1] == 22 && c[2] == 43 && c[3] == 50 ? 0 : 1;
}
