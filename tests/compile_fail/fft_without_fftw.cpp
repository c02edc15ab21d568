// Must not compile: a host FFT in a build without FFTW (these checks are compiled without
// the TANDEM_HAS_FFTW that tandem::tandem defines when it finds FFTW, as a build
// configured with -DTANDEM_USE_FFTW=OFF is).
#include <tandem/tandem.hpp>
namespace td = tandem;
int main() {
  const auto x = td::ones<double>({8});
#ifndef TANDEM_CONTROL
  const auto f = td::fft::fft(x);
  return f.size() == 8 ? 0 : 1;
#else
  const auto freq = td::fft::fftfreq<double>(8);  // what needs no FFT library still compiles
  return freq.size() == x.size() ? 0 : 1;
#endif
}
