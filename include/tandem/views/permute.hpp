#pragma once
/// \file views/permute.hpp
/// `td::permute` and `td::transpose`: the same elements with reordered dimensions,
/// without copying (the strides are permuted).
///
/// \code
/// auto tt = td::transpose(m);            // rank 2: tt(j, i) == m(i, j)
/// auto p = td::permute(t, {2, 0, 1});    // p(k, i, j) == t(i, j, k)
/// \endcode
/// Applied to a temporary tensor they return a tensor holding the permuted copy.

#include <cstddef>
#include <string>

#include "../expr/assign.hpp"
#include "../error.hpp"
#include "../tensor.hpp"
#include "../tensor_view.hpp"

namespace tandem {
namespace detail {

template <std::size_t R>
std::string axes_to_string(const index_t (&axes)[R]) {
  std::string s = "[";
  for (std::size_t d = 0; d != R; ++d) s += (d ? ", " : "") + std::to_string(axes[d]);
  return s + "]";
}

}  // namespace detail

template <class T, std::size_t R, class S>
tensor_view<T, R, S> permute(const tensor_view<T, R, S>& v, const index_t (&axes)[R]) {
  shape<R> extents{}, strides{};
  bool seen[R == 0 ? 1 : R] = {};
  for (std::size_t d = 0; d != R; ++d) {
    const index_t a = axes[d];
    if (a < 0 || a >= static_cast<index_t>(R) || seen[a])
      throw index_error("tandem: permute axes " + detail::axes_to_string(axes) + " are not a permutation of 0.." +
                        std::to_string(R - 1));
    seen[a] = true;
    extents[d] = v.extent(static_cast<std::size_t>(a));
    strides[d] = v.stride(static_cast<std::size_t>(a));
  }
  return tensor_view<T, R, S>(v.data(), extents, strides);
}
template <class T, std::size_t R, class S>
tensor_view<T, R, S> permute(tensor<T, R, S>& t, const index_t (&axes)[R]) {
  return permute(t.view(), axes);
}
template <class T, std::size_t R, class S>
tensor_view<const T, R, S> permute(const tensor<T, R, S>& t, const index_t (&axes)[R]) {
  return permute(t.view(), axes);
}
template <class T, std::size_t R, class S>
tensor<T, R, S> permute(tensor<T, R, S>&& t, const index_t (&axes)[R]) {
  return eval(permute(t.view(), axes));
}

/// Swaps the two dimensions of a rank-2 tensor or view.
template <class X>
  requires(detail::is_tensor_v<std::remove_cvref_t<X>> || detail::is_view_v<std::remove_cvref_t<X>>)
auto transpose(X&& x) {
  static_assert(std::remove_cvref_t<X>::rank == 2, "tandem: transpose takes a rank-2 tensor; use td::permute");
  return permute(std::forward<X>(x), {1, 0});
}

}  // namespace tandem
