// tandem/complex.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/complex.hpp>

int header_use_complex() {
  namespace td = tandem;
  const td::complex<float> z(3, 4);
  const auto w = z * td::complex<float>(0, 1);
  return w.real() == -4 && w.imag() == 3 && td::detail::is_complex_v<td::complex<double>> ? 0 : 1;
}
