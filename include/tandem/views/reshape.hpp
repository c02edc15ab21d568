#pragma once
/// \file views/reshape.hpp
/// `td::reshape`: the same elements under another shape, without copying.
///
/// \code
/// auto t = td::reshape(td::arange<float>(24), {2, 3, 4});   // moves the storage in
/// auto v = td::reshape(t, {6, -1});                           // a view; -1 is inferred
/// \endcode
/// Needs contiguous data (else td::shape_error, as numpy would have to copy) and the
/// same number of elements (else td::shape_error naming both shapes).

#include <cstddef>
#include <string>

#include "../error.hpp"
#include "../shape.hpp"
#include "../tensor.hpp"
#include "../tensor_view.hpp"

namespace tandem {
namespace detail {

/// The target shape with a -1 extent inferred; throws when the sizes disagree.
template <std::size_t From, std::size_t N>
shape<N> reshape_target(const shape<From>& from, const index_t (&dims)[N]) {
  shape<N> to{};
  int inferred = -1;
  index_t known = 1;
  for (std::size_t d = 0; d != N; ++d) {
    to[d] = dims[d];
    if (dims[d] == -1 && inferred < 0) {
      inferred = static_cast<int>(d);
    } else if (dims[d] < 0) {
      throw shape_error("tandem: cannot reshape " + to_string(from) + " into " + to_string(to) +
                        ": extents must be non-negative, with at most one -1");
    } else if (!multiply_fits(known, dims[d], known)) {
      throw shape_error("tandem: cannot reshape " + to_string(from) + " into " + to_string(to) +
                        ": the extents' product overflows 64-bit signed integers");
    }
  }
  if (inferred >= 0) {
    if (known == 0 || from.size() % known != 0)
      throw shape_error("tandem: cannot reshape " + to_string(from) + " (" + std::to_string(from.size()) +
                        " elements) into " + to_string(to));
    to[static_cast<std::size_t>(inferred)] = from.size() / known;
  }
  check_extents(to, "reshape");
  if (to.size() != from.size())
    throw shape_error("tandem: cannot reshape " + to_string(from) + " (" + std::to_string(from.size()) +
                      " elements) into " + to_string(to) + " (" + std::to_string(to.size()) + " elements)");
  return to;
}

}  // namespace detail

template <class T, std::size_t R, class S, std::size_t N>
tensor_view<T, N, S> reshape(const tensor_view<T, R, S>& v, const index_t (&dims)[N]) {
  const auto to = detail::reshape_target(v.shape(), dims);
  if (!v.is_contiguous())
    throw shape_error("tandem: cannot reshape a non-contiguous view of shape " + to_string(v.shape()) +
                      " with strides " + to_string(v.strides()) + "; copy it first with td::eval");
  return tensor_view<T, N, S>(v.data(), to);
}
template <class T, std::size_t R, class S, std::size_t N>
tensor_view<T, N, S> reshape(tensor<T, R, S>& t, const index_t (&dims)[N]) {
  return reshape(t.view(), dims);
}
template <class T, std::size_t R, class S, std::size_t N>
tensor_view<const T, N, S> reshape(const tensor<T, R, S>& t, const index_t (&dims)[N]) {
  return reshape(t.view(), dims);
}
template <class T, std::size_t R, class S, std::size_t N>
tensor<T, N, S> reshape(tensor<T, R, S>&& t, const index_t (&dims)[N]) {
  const auto to = detail::reshape_target(t.shape(), dims);
  return std::move(t).reshape_into(to);
}

}  // namespace tandem
