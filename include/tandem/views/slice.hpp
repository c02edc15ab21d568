#pragma once
/// \file views/slice.hpp
/// `td::slice`: a view of a sub-block, without copying.
///
/// \code
/// td::slice(t, td::range(1, 3), td::all)   // rows 1 and 2, every column: rank 2
/// td::slice(t, 2, td::all)                 // row 2: an integer drops that dimension
/// td::slice(t, td::all, td::range(0, 6, 2))// every other column
/// \endcode
/// Negative integers and range bounds count from the end, as in numpy. Out-of-range
/// indices or bounds throw td::index_error. Dimensions not named are taken whole.
/// Applied to a temporary tensor, slice returns a tensor holding a copy of the
/// viewed elements, so the result never dangles.

#include <cstddef>
#include <limits>
#include <string>
#include <type_traits>

#include "../expr/assign.hpp"
#include "../error.hpp"
#include "../tensor.hpp"
#include "../tensor_view.hpp"

namespace tandem {

/// A half-open index range [begin, end) with a positive step, for td::slice.
struct range {
  index_t begin;
  index_t end;
  index_t step = 1;
  constexpr range(index_t b, index_t e, index_t s = 1) : begin(b), end(e), step(s) {}
};

namespace detail {

template <class A>
inline constexpr bool drops_dimension_v = std::is_integral_v<std::remove_cvref_t<A>>;

template <class A>
inline constexpr bool is_slice_arg_v =
    drops_dimension_v<A> || std::is_same_v<std::remove_cvref_t<A>, range> || std::is_same_v<std::remove_cvref_t<A>, all_t>;

inline index_t normalize_index(index_t i, index_t extent, std::size_t dim, bool bound) {
  const index_t k = i < 0 ? i + extent : i;
  const index_t limit = bound ? extent : extent - 1;
  if (k < 0 || k > limit)
    throw index_error(std::string("tandem: slice ") + (bound ? "bound " : "index ") + std::to_string(i) +
                      " is out of range for dimension " + std::to_string(dim) + " of extent " +
                      std::to_string(extent));
  return k;
}

template <class T, std::size_t R, class S, class... A>
auto slice_view(const tensor_view<T, R, S>& v, const A&... args) {
  static_assert(sizeof...(A) <= R, "tandem: slice has more arguments than the tensor has dimensions");
  static_assert((is_slice_arg_v<A> && ...), "tandem: slice arguments are integers, td::range(...) or td::all");
  constexpr std::size_t dropped = (std::size_t{0} + ... + (drops_dimension_v<A> ? 1 : 0));
  constexpr std::size_t Out = R - dropped;
  shape<Out> extents{}, strides{};
  T* ptr = v.data();
  std::size_t d = 0, k = 0;
  auto take = [&](const auto& arg) {
    using Arg = std::remove_cvref_t<decltype(arg)>;
    if constexpr (std::is_integral_v<Arg>) {
      if constexpr (std::is_unsigned_v<Arg> && sizeof(Arg) >= sizeof(index_t)) {
        if (arg > static_cast<Arg>(std::numeric_limits<index_t>::max()))  // would read as negative
          throw index_error("tandem: slice index " + std::to_string(arg) + " is out of range for dimension " +
                            std::to_string(d) + " of extent " + std::to_string(v.extent(d)));
      }
      ptr += normalize_index(static_cast<index_t>(arg), v.extent(d), d, false) * v.stride(d);
    } else if constexpr (std::is_same_v<Arg, range>) {
      if (arg.step <= 0)
        throw index_error("tandem: slice step " + std::to_string(arg.step) + " for dimension " + std::to_string(d) +
                          " must be positive");
      const index_t b = normalize_index(arg.begin, v.extent(d), d, true);
      const index_t e = normalize_index(arg.end, v.extent(d), d, true);
      // Written so that nothing overflows for steps and bounds near INT64_MAX.
      const index_t count = e > b ? (e - b - 1) / arg.step + 1 : 0;
      if (count > 0) ptr += b * v.stride(d);
      extents[k] = count;
      // With two or more elements the step is below the extent, so the product fits.
      strides[k] = count > 1 ? v.stride(d) * arg.step : v.stride(d);
      ++k;
    } else {
      extents[k] = v.extent(d);
      strides[k] = v.stride(d);
      ++k;
    }
    ++d;
  };
  (take(args), ...);
  for (; d < R; ++d, ++k) {
    extents[k] = v.extent(d);
    strides[k] = v.stride(d);
  }
  return tensor_view<T, Out, S>(ptr, extents, strides);
}

}  // namespace detail

template <class T, std::size_t R, class S, class... A>
auto slice(const tensor_view<T, R, S>& v, const A&... args) {
  return detail::slice_view(v, args...);
}
template <class T, std::size_t R, class S, class... A>
auto slice(tensor<T, R, S>& t, const A&... args) {
  return detail::slice_view(t.view(), args...);
}
template <class T, std::size_t R, class S, class... A>
auto slice(const tensor<T, R, S>& t, const A&... args) {
  return detail::slice_view(t.view(), args...);
}
template <class T, std::size_t R, class S, class... A>
auto slice(tensor<T, R, S>&& t, const A&... args) {
  return eval(detail::slice_view(t.view(), args...));
}

}  // namespace tandem
