// tandem/backend/host/cblas.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/host/cblas.hpp>

int header_use_backend_host_cblas() {
  namespace td = tandem;
#if TANDEM_HAS_CBLAS
  const float a[4] = {1, 2, 3, 4}, b[4] = {1, 0, 0, 1};
  float c[4] = {};
  td::detail::cblas_gemm<float>(2, 2, 2, a, false, 2, b, false, 2, c, 2);
  return c[3] == 4.0f ? 0 : 1;
#else
  return 0;  // no CBLAS in this build: the header declares nothing
#endif
}
