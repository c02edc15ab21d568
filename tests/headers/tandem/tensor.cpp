// tandem/tensor.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/tensor.hpp>

int header_use_tensor() {
  namespace td = tandem;
  td::tensor<float, 1> a({4}), b({4});
  a = 1.0f;
  b(3) = 2.0f;
  td::tensor<float, 1> c = a;
  c.view() = b.view();
  return c(3) == 2.0f && c(0) == 0.0f && a(3) == 1.0f ? 0 : 1;
}
