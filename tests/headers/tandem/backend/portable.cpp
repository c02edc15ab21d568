// tandem/backend/portable.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/portable.hpp>
#include <cstdint>

int header_use_backend_portable() {
  namespace td = tandem;
  std::int64_t n = 1;
  td::detail::atomic_add(&n, std::int64_t(2));
  double x = 0.5;
  td::detail::atomic_add(&x, 0.25);
  return n == 3 && x == 0.75 && td::detail::mul_rn(3.0, 0.5) == 1.5 && td::detail::pstd::sqrt(4.0) == 2.0 ? 0 : 1;
}
