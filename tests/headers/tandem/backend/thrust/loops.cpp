// tandem/backend/thrust/loops.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/thrust/loops.hpp>

int header_use_backend_thrust_loops() {
  namespace td = tandem;
  using L = td::detail::thrust_loops<td::device_space>;
  const long s = L::reduce<long>(100, [](td::index_t i) { return long(i); }, [](long x, long y) { return x + y; }, 0L);
  return s == 4950 ? 0 : 1;
}
