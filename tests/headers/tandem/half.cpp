// tandem/half.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/half.hpp>

int header_use_half() {
  namespace td = tandem;
  const td::half h = 1.5f;
  const td::bfloat16 b = 2.0f;
  return float(h) + float(b) == 3.5f && td::detail::is_reduced_float_v<td::half> ? 0 : 1;
}
