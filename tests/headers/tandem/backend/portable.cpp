// tandem/backend/portable.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/portable.hpp>
#include <cstdint>

int header_use_backend_portable() {
  namespace td = tandem;
  std::int64_t n = 1;
  td::detail::atomic_increment(&n);
  return n == 2 && td::detail::mul_rn(3.0, 0.5) == 1.5 && td::detail::pstd::sqrt(4.0) == 2.0 ? 0 : 1;
}
