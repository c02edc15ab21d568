// tandem/backend/host/host_backend.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/host/host_backend.hpp>

int header_use_backend_host_host_backend() {
  namespace td = tandem;
  using B = td::detail::host_backend;
  float v[3] = {2, 0, 1};
  B::sorter::sort(v, 3, false);
  return v[0] == 0.0f && v[2] == 2.0f && B::runs_on_cpu ? 0 : 1;
}
