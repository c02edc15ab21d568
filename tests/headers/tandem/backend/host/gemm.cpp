// tandem/backend/host/gemm.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/host/gemm.hpp>

int header_use_backend_host_gemm() {
  namespace td = tandem;
  const double a[4] = {1, 2, 3, 4}, b[4] = {1, 1, 1, 1};
  double c[4] = {};
  td::detail::host_batched_gemm<double>(1, 2, 2, 2, {a, 0, 2, 1}, {b, 0, 2, 1}, {c, 0, 2, 1});
  return c[0] == 3.0 && c[3] == 7.0 && td::get_host_gemm() != td::host_gemm::automatic ? 0 : 1;
}
