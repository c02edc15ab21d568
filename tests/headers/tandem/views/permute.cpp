// tandem/views/permute.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/views/permute.hpp>

int header_use_views_permute() {
  namespace td = tandem;
  td::tensor<int, 2> a({2, 3});
  a(0, 2) = 5;
  const auto t = td::transpose(a);
  return t(2, 0) == 5 && t.extent(0) == 3 ? 0 : 1;
}
