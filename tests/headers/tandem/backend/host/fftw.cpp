// tandem/backend/host/fftw.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/host/fftw.hpp>

int header_use_backend_host_fftw() {
  namespace td = tandem;
#if TANDEM_HAS_FFTW
  // A 4-point real transform of [1, 0, 0, 0]: every bin is 1.
  const float in[4] = {1, 0, 0, 0};
  float out[6] = {};
  const td::detail::fft_desc d{td::detail::fft_kind::r2c, -1, {{4, 1, 1}}, {}, false};
  td::detail::host_fft<float>(d, in, out);
  return out[0] == 1 && out[2] == 1 && out[4] == 1 && out[5] == 0 ? 0 : 1;
#else
  return 0;  // no FFTW in this build: host FFTs are a compile-time error, so nothing to run
#endif
}
