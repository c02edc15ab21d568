// tandem/core/radix_key.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/core/radix_key.hpp>

#include <limits>

int header_use_core_radix_key() {
  namespace td = tandem;
  using K = td::detail::radix_key<float, false>;
  // The keys order -inf < -1 < -0 < +0 < 2 < NaN, and read back unchanged.
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const float x[5] = {-inf, -1.f, 0.f, 2.f, nan};
  for (int i = 0; i + 1 < 5; ++i)
    if (!(K::to(x[i], false) < K::to(x[i + 1], false))) return 1;
  if (K::from(K::to(-1.f, false), false) != -1.f) return 1;
  if (!(K::to(2.f, true) < K::to(-1.f, true))) return 1;  // descending
  const float back = K::from(K::to(nan, true), true);
  using I = td::detail::radix_key<int, false>;
  return back != back && I::to(-5, false) < I::to(3, false) ? 0 : 1;
}
