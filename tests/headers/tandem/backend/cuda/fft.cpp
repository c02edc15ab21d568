// tandem/backend/cuda/fft.cuh, included alone: it compiles, links and does what it declares.
#include <tandem/backend/cuda/fft.cuh>

int header_use_backend_cuda_fft() {
  namespace td = tandem;
  using td::detail::fft_kind;
  // Batch axes that nest merge into one. A 4 x 6 transform read transposed (steps 1 and
  // 4) does not nest; written row-major (steps 6 and 1) it does.
  const td::detail::fft_desc d{fft_kind::c2c, -1, {{8, 1, 1}}, {{3, 32, 32}, {4, 8, 8}, {1, 5, 5}}, false};
  const auto m = td::detail::cufft_merged(d);
  const td::detail::fft_desc t{fft_kind::c2c, -1, {{4, 1, 6}, {6, 4, 1}}, {}, false};
  return m.batch.size() == 1 && m.batch[0].n == 12 && m.batch[0].is == 8 && !td::detail::cufft_nests(t, true) &&
                 td::detail::cufft_nests(t, false)
             ? 0
             : 1;
}
