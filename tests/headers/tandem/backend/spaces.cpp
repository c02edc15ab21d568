// tandem/backend/spaces.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/spaces.hpp>

int header_use_backend_spaces() {
  namespace td = tandem;
  return td::is_space_v<td::host_space> && td::is_host_accessible_v<td::host_space> ? 0 : 1;
}
