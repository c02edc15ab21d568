// tandem/views/slice.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/views/slice.hpp>

int header_use_views_slice() {
  namespace td = tandem;
  td::tensor<int, 1> a({6});
  a(4) = 3;
  const auto s = td::slice(a, td::range(2, 6, 2));
  return s.extent(0) == 2 && s(1) == 3 ? 0 : 1;
}
