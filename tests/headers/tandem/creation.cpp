// tandem/creation.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/creation.hpp>

int header_use_creation() {
  namespace td = tandem;
  const auto a = td::arange<int>(0, 10, 2);
  const auto b = td::linspace<double>(0.0, 1.0, 5);
  const auto c = td::ones<float>({2, 2}, td::device);
  const auto d = td::to(td::host, c);
  return a(4) == 8 && b(4) == 1.0 && d(1, 1) == 1.0f ? 0 : 1;
}
