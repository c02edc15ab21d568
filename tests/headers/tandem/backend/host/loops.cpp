// tandem/backend/host/loops.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/host/loops.hpp>

int header_use_backend_host_loops() {
  namespace td = tandem;
  double out[4];
  td::detail::host_loops::scan<double>(4, [](td::index_t) { return 1.0; }, [](double x, double y) { return x + y; }, out, nullptr);
  return out[3] == 4.0 ? 0 : 1;
}
