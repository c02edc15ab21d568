// tandem/backend/backend.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/backend.hpp>

int header_use_backend_backend() {
  namespace td = tandem;
  using B = td::detail::backend_t<td::host_space>;
  static_assert(B::runs_on_cpu);  // the whole interface is checked by backend/all.hpp
  const double s = B::reduce<double>(4, [](td::index_t i) { return double(i); }, [](double x, double y) { return x + y; }, 1.0);
  return s == 7.0 ? 0 : 1;
}
