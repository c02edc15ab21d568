// tandem/tensor_view.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/tensor_view.hpp>

int header_use_tensor_view() {
  namespace td = tandem;
  td::tensor<int, 1> a({4}), b({4});
  b = 9;
  a.view() = b.view();
  return a(3) == 9 ? 0 : 1;
}
