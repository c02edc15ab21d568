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

#include <cmath>
#include <cstddef>
#include <ostream>
#include <string>

#include "../backend/backend.hpp"
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
  else if constexpr (is_complex_v<T>) {
    // As numpy writes them: 1+2j, 3-0.5j, 0-0j, nan+infj.
    const auto re = v.real(), im = v.imag();
    const bool minus = std::signbit(im) && !std::isnan(im);
    if (std::isnan(re))
      os << "nan";
    else
      os << re;
    os << (minus ? '-' : '+');
    if (std::isnan(im))
      os << "nan";
    else
      os << (minus ? -im : im);
    os << 'j';
  } else
    os << v;
}

/// Whether dimension d of a tensor of shape `full` is elided when printed.
template <std::size_t R>
bool elided(const shape<R>& full, std::size_t d, bool elide) {
  return elide && full[d] > 2 * print_edge_items;
}

template <class T, std::size_t R>
void print_block(std::ostream& os, const tensor_view<const T, R, host_space>& v, const shape<R>& full,
                 std::size_t dim, index_t offset, bool elide) {
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
  const bool skip = elided(full, dim, elide);
  for (index_t i = 0; i < n; ++i) {
    if (skip && i == print_edge_items) os << "..." << sep;
    print_block(os, v, full, dim + 1, offset + i * v.stride(dim), elide);
    if (i + 1 < n) os << sep;
  }
  os << ']';
}

/// Reads the elements that printing shows (every one, or the first and last
/// print_edge_items of each elided dimension) into a dense block, in the operand's space.
template <class T, std::size_t R, class Ev>
struct shown_elements {
  T* out;
  Ev ev;
  shape<R> shown, full;
  bool elide;
  TANDEM_HD void operator()(index_t i) const {
    index_t idx[R];
    unravel(i, shown, idx);
    for (std::size_t d = 0; d != R; ++d)
      if (elide && full[d] > 2 * print_edge_items && idx[d] >= print_edge_items)
        idx[d] += full[d] - 2 * print_edge_items;
    out[i] = convert<T>(ev.at(idx));
  }
};

}  // namespace detail

/// Prints as numpy does. Only the elements shown are read (and copied to the host, for
/// a device tensor or an expression): printing a 1 GiB tensor reads a few hundred.
template <operand X>
std::ostream& operator<<(std::ostream& os, const X& x) {
  using T = value_of_t<X>;
  using S = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  const shape<R> full = x.shape();
  if (full.size() == 0) return os << "[]";  // as numpy's str() of any empty array
  if constexpr (R == 0) {
    const auto host_copy = to(host, x);
    detail::print_value(os, host_copy.data()[0]);
    return os;
  } else {
    const bool elide = full.size() > detail::print_threshold;
    shape<R> shown = full;
    for (std::size_t d = 0; d != R; ++d)
      if (detail::elided(full, d, elide)) shown[d] = 2 * detail::print_edge_items;
    tensor<T, R, S> block(shown, uninitialized);
    const auto ev = detail::make_eval(x, full);
    detail::backend_t<S>::for_each(block.size(),
                                   detail::shown_elements<T, R, decltype(ev)>{block.data(), ev, shown, full, elide});
    detail::backend_t<S>::finish();
    const auto host_copy = to(host, block);
    const tensor_view<const T, R, host_space> v = host_copy.view();
    detail::print_block(os, v, full, 0, 0, elide);
    return os;
  }
}

}  // namespace tandem
