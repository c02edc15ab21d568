// tandem/traits.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/traits.hpp>
#include <type_traits>


int header_use_traits() {
  namespace td = tandem;
  static_assert(td::detail::is_tensor_v<td::tensor<float, 3>>);
  static_assert(!td::detail::is_view_v<td::tensor<float, 3>>);
  static_assert(td::detail::is_reduced_float_v<td::bfloat16>);
  return 0;
}
