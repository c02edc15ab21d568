// Printing like numpy, from every space.
#include <sstream>

#include "support/test_support.hpp"

namespace {
template <class X>
std::string print(const X& x) {
  std::ostringstream os;
  os << x;
  return os.str();
}
}  // namespace

TEMPLATE_TEST_CASE("printing like numpy", "[print]", TANDEM_TEST_SPACES) {
  CHECK(print(td::from<int>({{1, 2, 3}, {4, 5, 6}}, TestType{})) == "[[1, 2, 3],\n [4, 5, 6]]");
  CHECK(print(td::from<float>({1.5f, -2.f}, TestType{})) == "[1.5, -2]");
  CHECK(print(td::reshape(td::arange<int>(8, TestType{}), {2, 2, 2})) ==
        "[[[0, 1],\n  [2, 3]],\n\n [[4, 5],\n  [6, 7]]]");
  CHECK(print(td::from<bool>({true, false}, TestType{})) == "[true, false]");
  CHECK(print(td::zeros<float>({0}, TestType{})) == "[]");
  CHECK(print(td::zeros<float>({2, 0}, TestType{})) == "[]");
  td::tensor<double, 0, TestType> s;
  s = 2.5;
  CHECK(print(s) == "2.5");
  CHECK(print(td::arange<int>(2000, TestType{})) == "[0, 1, 2, ..., 1997, 1998, 1999]");
  CHECK(print(td::reshape(td::arange<int>(1100, TestType{}), {110, 10})).find(" ...,\n") != std::string::npos);
  CHECK(print(td::transpose(td::from<int>({{1, 2}, {3, 4}}, TestType{}))) == "[[1, 3],\n [2, 4]]");
  CHECK(print(td::arange<int>(3, TestType{}) * 2) == "[0, 2, 4]");
}
