// tandem/backend/complex.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/complex.hpp>

int header_use_backend_complex() {
  const tandem::detail::native_complex<double> z(1, 2), w(3, -1);
  const auto p = z * w;  // (1+2j)(3-j) = 5+5j
  return p.real() == 5 && p.imag() == 5 && sizeof(z) == 2 * sizeof(double) ? 0 : 1;
}
