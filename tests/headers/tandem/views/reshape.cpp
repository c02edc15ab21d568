// tandem/views/reshape.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/views/reshape.hpp>

int header_use_views_reshape() {
  namespace td = tandem;
  td::tensor<int, 1> a({6});
  a(5) = 4;
  const auto r = td::reshape(a, {2, 3});
  return r(1, 2) == 4 ? 0 : 1;
}
