// tandem/views/axes.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/views/axes.hpp>

int header_use_views_axes() {
  namespace td = tandem;
  td::tensor<int, 2> a({2, 3});
  a(1, 2) = 5;
  const auto e = td::expand_dims(a, 0);  // [1, 2, 3]
  const auto s = td::squeeze(e, 0);      // [2, 3]
  const auto w = td::swapaxes(a, 0, 1);  // [3, 2]
  const auto m = td::moveaxis(e, 0, -1); // [2, 3, 1]
  return e(0, 1, 2) == 5 && s(1, 2) == 5 && w(2, 1) == 5 && m(1, 2, 0) == 5 && m.extent(2) == 1 ? 0 : 1;
}
