// tandem/space.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/space.hpp>
#include <string>

int header_use_space() {
  namespace td = tandem;
  static_assert(td::space<td::device_space>);
  return td::is_host_accessible_v<td::host_space> && std::string(td::host_space::name) == "host_space" ? 0 : 1;
}
