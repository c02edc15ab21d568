// Must not compile: one expression mixing a host and a device operand.
#include <tandem/tandem.hpp>
namespace td = tandem;
int main() {
  auto h = td::ones<float>({4});
  auto d = td::ones<float>({4}, td::device);
#ifndef TANDEM_CONTROL
  auto e = td::eval(h + d);
#else
  auto e = td::eval(h + td::to(td::host, d));
#endif
  return static_cast<int>(td::sum(e)) == 8 ? 0 : 1;
}
