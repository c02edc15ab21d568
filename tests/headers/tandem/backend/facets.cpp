// tandem/backend/facets.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/facets.hpp>

int header_use_backend_facets() {
  namespace td = tandem;
  double m[6] = {1, 2, 3, 4, 5, 6};
  const td::detail::strided_matrix<const double> a{m, 6, 3, 1};  // (q, i, j) at q*6 + i*3 + j
  return a.data[0 * a.bs + 1 * a.rs + 2 * a.cs] == 6.0 ? 0 : 1;
}
