// tandem/backend/host/host_backend.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/host/host_backend.hpp>

int header_use_backend_host_host_backend() {
  namespace td = tandem;
  using B = td::detail::host_backend;
  float v[3] = {2, 0, 1};
  B::for_each(3, [&v](td::index_t i) { v[i] += 1; });  // the sorter is in host/sort.hpp
  return v[0] == 3.0f && v[2] == 2.0f && B::runs_on_cpu ? 0 : 1;
}
