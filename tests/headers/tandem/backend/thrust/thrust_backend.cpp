// tandem/backend/thrust/thrust_backend.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/thrust/thrust_backend.hpp>

int header_use_backend_thrust_thrust_backend() {
  namespace td = tandem;
  using B = td::detail::thrust_backend<td::device_space>;
  const double s = B::reduce<double>(10, [](td::index_t) { return 0.5; }, [](double x, double y) { return x + y; }, 0.0);
  return s == 5.0 ? 0 : 1;
}
