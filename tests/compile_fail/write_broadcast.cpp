// Must not compile: assigning to a broadcast_to view (its elements share memory).
#include <tandem/tandem.hpp>
namespace td = tandem;
int main() {
  auto v = td::ones<float>({3});
  auto g = td::broadcast_to(v, {4, 3});
#ifndef TANDEM_CONTROL
  g = 2.f;
#endif
  return td::sum(g) == 12.f ? 0 : 1;  // reading it is fine
}
