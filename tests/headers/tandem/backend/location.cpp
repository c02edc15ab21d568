// tandem/backend/location.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/location.hpp>

int header_use_backend_location() {
  namespace td = tandem;
  const td::detail::memory_location where{td::detail::memory_kind::cuda_managed, 1};
  return where.kind == td::detail::memory_kind::cuda_managed && where.device == 1 &&
                 td::detail::memory_location{}.kind == td::detail::memory_kind::host
             ? 0
             : 1;
}
