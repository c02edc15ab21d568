// tandem/backend/fft.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/fft.hpp>

int header_use_backend_fft() {
  namespace td = tandem;
  using td::detail::fft_kind;
  // A 2-point forward c2c transform: [1, 2] -> [3, -1].
  const double in[4] = {1, 0, 2, 0};
  double out[4] = {};
  const td::detail::fft_desc d{fft_kind::c2c, -1, {{2, 1, 1}}, {}, false};
  td::detail::backend_t<td::host_space>::fft<double>(d, in, out);
  return out[0] == 3 && out[2] == -1 ? 0 : 1;
}
