// tandem/core/pairwise.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/core/pairwise.hpp>

int header_use_core_pairwise() {
  namespace td = tandem;
  const float x[5] = {1, 2, 3, 4, 5};
  const float s = td::detail::reduce_pairwise<float>(td::detail::array_getter<float>{x}, 0, 5,
                                                     [](float a, float b) { return a + b; });
  return s == 15.0f ? 0 : 1;
}
