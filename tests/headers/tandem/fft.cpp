// tandem/fft.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/fft.hpp>

int header_use_fft() {
  namespace td = tandem;
  const auto x = td::tensor<double, 1>(td::shape<1>{4});
  const auto f = td::fft::fft(x + 1.0);  // fft([1, 1, 1, 1]) = [4, 0, 0, 0]
  const auto freq = td::fft::fftfreq<double>(4);
  return f(0).real() == 4 && f(1).real() == 0 && freq(2) == -0.5 ? 0 : 1;
}
