// Must not compile: writing through a view of const elements.
#include <tandem/tandem.hpp>
namespace td = tandem;
int main() {
  const auto h = td::ones<float>({4});
  auto v = h.view();
#ifndef TANDEM_CONTROL
  v = 2.f;
#else
  auto w = td::eval(v * 2.f);  // reading through it is fine
  const td::tensor_view<const float, 1> u = w.view();  // and a new view points elsewhere
  return td::sum(u) > td::sum(v) ? 0 : 1;
#endif
  return td::sum(v) > 0 ? 0 : 1;
}
