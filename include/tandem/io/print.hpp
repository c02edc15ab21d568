#pragma once
/// \file io/print.hpp
/// `std::cout << t` prints like numpy: nested brackets, rows on their own lines, and
/// the middle of large tensors (over 1000 elements) elided to three items each side.
///
/// \code
/// std::cout << td::from<int>({{1, 2, 3}, {4, 5, 6}});
/// // [[1, 2, 3],
/// //  [4, 5, 6]]
/// \endcode
/// A device tensor (or an expression) is copied to the host first.

#include <cstddef>
#include <ostream>
#include <string>

#include "../creation.hpp"
#include "../tensor.hpp"

namespace tandem {
namespace detail {

inline constexpr index_t print_threshold = 1000;
inline constexpr index_t print_edge_items = 3;

template <class T>
void print_value(std::ostream& os, const T& v) {
  if constexpr (std::is_same_v<T, bool>)
    os << (v ? "true" : "false");
  else if constexpr (sizeof(T) == 1 && std::is_integral_v<T>)
    os << static_cast<int>(v);  // not as a character
  else if constexpr (is_reduced_float_v<T>)
    os << static_cast<float>(v);
  else
    os << v;
}

template <class T, std::size_t R>
void print_block(std::ostream& os, const tensor_view<const T, R, host_space>& v, std::size_t dim, index_t offset,
                 bool elide) {
  if (dim == R) {
    print_value(os, v.data()[offset]);
    return;
  }
  os << '[';
  const index_t n = v.extent(dim);
  // Between items: ", " in the last dimension; a newline per remaining dimension plus
  // indentation to the bracket depth otherwise, as numpy does.
  std::string sep = ",";
  if (dim + 1 == R) {
    sep += ' ';
  } else {
    sep += std::string(R - 1 - dim, '\n') + std::string(dim + 1, ' ');
  }
  const bool skip = elide && n > 2 * print_edge_items;
  for (index_t i = 0; i < n; ++i) {
    if (skip && i == print_edge_items) {
      os << "..." << sep;
      i = n - print_edge_items;
    }
    print_block(os, v, dim + 1, offset + i * v.stride(dim), elide);
    if (i + 1 < n) os << sep;
  }
  os << ']';
}

}  // namespace detail

template <operand X>
std::ostream& operator<<(std::ostream& os, const X& x) {
  using T = value_of_t<X>;
  const auto host_copy = to(host, x);
  constexpr std::size_t R = rank_of_v<X>;
  const tensor_view<const T, R, host_space> v = host_copy.view();
  if (v.size() == 0) return os << "[]";  // as numpy's str() of any empty array
  detail::print_block(os, v, 0, 0, v.size() > detail::print_threshold);
  return os;
}

}  // namespace tandem
