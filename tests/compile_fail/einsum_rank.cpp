// Must not compile: einsum's term names three axes of a matrix.
#include <tandem/tandem.hpp>
namespace td = tandem;
int main() {
  const auto a = td::ones<float>({2, 3});
#ifndef TANDEM_CONTROL
  const float t = td::einsum<"ijk->">(a);
#else
  const float t = td::einsum<"ij->">(a);
#endif
  return t == 6.f ? 0 : 1;
}
