// tandem/config.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/config.hpp>

int header_use_config() {
  namespace td = tandem;
  static_assert(sizeof(td::index_t) == 8);
  return TANDEM_VERSION_MAJOR >= 0 && td::device_is_emulated == !TANDEM_HAS_CUDA ? 0 : 1;
}
