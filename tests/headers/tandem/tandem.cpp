// tandem/tandem.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/tandem.hpp>

int header_use_tandem() {
  namespace td = tandem;
  const auto a = td::ones<float>({16}, td::device);
  const td::tensor<float, 1, td::device_space> c = a + a;
  return td::sum(c) == 32.0f ? 0 : 1;
}
