// Must not compile: assigning a host expression into a device tensor (use td::copy).
#include <tandem/tandem.hpp>
namespace td = tandem;
int main() {
  auto h = td::ones<float>({4});
  td::tensor<float, 1, td::device_space> d({4});
#ifndef TANDEM_CONTROL
  d = h * 2.f;
#else
  td::copy(h * 2.f, d);
#endif
  return td::sum(d) == 8.f ? 0 : 1;
}
