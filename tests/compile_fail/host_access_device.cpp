// Must not compile: reading a device tensor's element from host code.
#include <tandem/tandem.hpp>
namespace td = tandem;
int main() {
  auto d = td::ones<float>({2, 2}, td::device);
#ifndef TANDEM_CONTROL
  float x = d(0, 1);
#else
  float x = td::to(td::host, d)(0, 1);
#endif
  return x == 1.f ? 0 : 1;
}
