// Must not compile: writing through a view of const elements.
#include <tandem/tandem.hpp>
namespace td = tandem;
int main() {
  const auto h = td::ones<float>({4});
  auto v = h.view();
#ifndef TANDEM_CONTROL
  v = 2.f;
#else
  auto w = td::eval(v * 2.f);
  v = w.view();  // a mutable view converts: this rebinds v, writing nothing
#endif
  return td::sum(v) > 0 ? 0 : 1;
}
