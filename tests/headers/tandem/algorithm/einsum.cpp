// tandem/algorithm/einsum.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/algorithm/einsum.hpp>

int header_use_algorithm_einsum() {
  namespace td = tandem;
  td::tensor<double, 2> m({2, 2});
  m(0, 0) = 1;
  m(0, 1) = 2;
  m(1, 0) = 3;
  m(1, 1) = 4;
  const double trace = td::einsum<"ii">(m);              // 5
  const auto mm = td::einsum<"ij,jk->ik">(m, m);         // 7 10 / 15 22
  const auto rows = td::einsum<"ij->i">(m);              // 3 7
  const auto t = td::einsum<"ijk->k">(td::einsum<"ij,kl->ijl">(m, m));  // loop path: 40 60
  const bool ok = trace == 5.0 && mm(0, 1) == 10.0 && mm(1, 0) == 15.0 && rows(1) == 7.0 && t(0) == 40.0 &&
                  t(1) == 60.0;
  return ok ? 0 : 1;
}
