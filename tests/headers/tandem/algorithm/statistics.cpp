// tandem/algorithm/statistics.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/algorithm/statistics.hpp>

int header_use_algorithm_statistics() {
  namespace td = tandem;
  td::tensor<double, 1> a({5});
  for (td::index_t i = 0; i < 5; ++i) a(i) = double(i);  // 0 1 2 3 4
  const bool ok = td::var(a) == 2.0 && td::median(a) == 2.0 && td::quantile(a, 0.25) == 1.0 && td::ptp(a) == 4.0 &&
                  td::nanmax(a) == 4.0;
  return ok ? 0 : 1;
}
