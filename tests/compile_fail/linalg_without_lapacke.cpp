// Must not compile: host linear algebra in a build without LAPACKE (these checks are
// compiled without the TANDEM_HAS_LAPACKE that tandem::tandem defines when it finds it).
#include <tandem/tandem.hpp>
namespace td = tandem;
int main() {
  const auto a = td::eye<double>(3);
#ifndef TANDEM_CONTROL
  return td::linalg::det(a) == 1.0 ? 0 : 1;
#else
  return td::sum(a) == 3.0 ? 0 : 1;  // the rest of the library still compiles
#endif
}
