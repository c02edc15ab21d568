// Must not compile: einsum's subscripts name two operands, and one is given.
#include <tandem/tandem.hpp>
namespace td = tandem;
int main() {
  const auto a = td::ones<float>({2, 3});
#ifndef TANDEM_CONTROL
  const auto c = td::einsum<"ij,jk->ik">(a);
#else
  const auto c = td::einsum<"ij,jk->ik">(a, td::transpose(a));
#endif
  return c.size() == 4 ? 0 : 1;
}
