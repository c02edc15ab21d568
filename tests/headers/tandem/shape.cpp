// tandem/shape.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/shape.hpp>
#include <string>

int header_use_shape() {
  namespace td = tandem;
  const td::shape<2> s{3, 4};
  return s.size() == 12 && td::to_string(s) == "[3, 4]" ? 0 : 1;
}
