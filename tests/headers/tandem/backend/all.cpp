// tandem/backend/all.hpp, included alone: it compiles, links and does what it declares
// (its static_asserts check every backend against the concept).
#include <tandem/backend/all.hpp>

int header_use_backend_all() {
  namespace td = tandem;
  static_assert(td::detail::backend<td::detail::backend_t<td::device_space>>);
  return td::detail::backend<td::detail::backend_t<td::host_space>> ? 0 : 1;
}
