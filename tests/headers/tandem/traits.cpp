// tandem/traits.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/traits.hpp>
#include <type_traits>


int header_use_traits() {
  namespace td = tandem;
  static_assert(td::detail::is_tensor<td::tensor<float, 3>>::value);
  static_assert(!td::detail::is_view<td::tensor<float, 3>>::value);
  static_assert(td::detail::is_reduced_float_v<td::bfloat16>);
  return 0;
}
