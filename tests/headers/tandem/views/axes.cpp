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
  const auto f = td::flip(a);                 // f(0, 0) == a(1, 2)
  const auto b = td::broadcast_to(a, {4, 2, 3});
  const auto d = td::diagonal(a, 1);          // a(0, 1), a(1, 2)
  const auto flat = td::flatten(a);
  const bool ok = f(0, 0) == 5 && b(3, 1, 2) == 5 && b.stride(0) == 0 && d(1) == 5 && flat(5) == 5;
  return ok && e(0, 1, 2) == 5 && s(1, 2) == 5 && w(2, 1) == 5 && m(1, 2, 0) == 5 && m.extent(2) == 1 ? 0 : 1;
}
