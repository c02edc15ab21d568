#pragma once
/// \file expr/assign.hpp
/// Evaluating an expression into a view: one loop, in the view's space, with a flat
/// fast path when every operand is dense and unbroadcast.

#include <string>
#include <type_traits>

#include "../backend/backend.hpp"
#include "../error.hpp"
#include "../expr/leaf.hpp"
#include "../expr/map.hpp"
#include "../shape.hpp"
#include "../tensor.hpp"
#include "../tensor_view.hpp"

namespace tandem {
namespace detail {

template <class T, class Ev>
struct flat_assign_kernel {
  T* out;
  Ev ev;
  TANDEM_HD void operator()(index_t i) const { out[i] = convert<T>(ev.flat(i)); }
};

/// One element per call: what a GPU wants.
template <class T, std::size_t R, class Ev>
struct strided_assign_kernel {
  T* out;
  shape<R> extents;
  shape<R> strides;
  Ev ev;
  TANDEM_HD void operator()(index_t i) const {
    index_t idx[R];
    unravel(i, extents, idx);
    index_t offset = 0;
    for (std::size_t d = 0; d != R; ++d) offset += idx[d] * strides[d];
    out[offset] = convert<T>(ev.at(idx));
  }
};

/// One row (the last dimension) per call: what a CPU wants, one index decode per row.
template <class T, std::size_t R, class Ev>
struct row_assign_kernel {
  T* out;
  shape<R> extents;
  shape<R> strides;
  Ev ev;
  TANDEM_HD void operator()(index_t row) const {
    index_t idx[R];
    index_t rest = row, offset = 0;
    for (std::size_t d = R - 1; d-- > 0;) {
      idx[d] = rest % extents[d];
      rest /= extents[d];
      offset += idx[d] * strides[d];
    }
    const index_t len = extents[R - 1], step = strides[R - 1];
    for (index_t j = 0; j < len; ++j) {
      idx[R - 1] = j;
      out[offset + j * step] = convert<T>(ev.at(idx));
    }
  }
};

template <class T, std::size_t R, class S, class E>
void run_assign(const tensor_view<T, R, S>& out, const E& e) {
  using backend = backend_t<S>;
  const auto ev = make_eval(e, out.shape());
  const index_t n = out.size();
  if (out.is_contiguous() && flat_ok(e, out.shape())) {
    backend::for_each(n, flat_assign_kernel<T, decltype(ev)>{out.data(), ev});
  } else if constexpr (R > 0) {
    if constexpr (backend::runs_on_cpu) {
      const index_t len = out.extent(R - 1);
      backend::for_each(n / len, row_assign_kernel<T, R, decltype(ev)>{out.data(), out.shape(), out.strides(), ev},
                        len);
    } else {
      backend::for_each(n, strided_assign_kernel<T, R, decltype(ev)>{out.data(), out.shape(), out.strides(), ev});
    }
  }
  backend::finish();
}

template <class T, std::size_t R, class S, class E>
void assign(const tensor_view<T, R, S>& out, const E& e) {
  if constexpr (scalar<E>) {
    assign(out, scalar_leaf<T>{convert<T>(e)});
  } else {
    static_assert(std::remove_cvref_t<E>::rank <= R,
                  "tandem: cannot assign an expression of higher rank than the destination");
    using space_e = typename std::remove_cvref_t<E>::space_type;
    if constexpr (!std::is_void_v<space_e>) {
      using checked = typename spaces_must_match<S, space_e>::type;
      (void)sizeof(checked);
    }
    const auto from = e.shape();
    if (!broadcasts_to(from, out.shape()))
      throw shape_error("tandem: cannot broadcast " + to_string(from) + " into " + to_string(out.shape()));
    if (out.size() == 0) return;
    if (aliases(e, out)) {
      // The destination overlaps an operand with another layout (a transpose of
      // itself, a shifted slice): evaluate into fresh memory first.
      tensor<std::remove_cv_t<T>, R, S> staged(out.shape(), uninitialized);
      run_assign(staged.view(), e);
      run_assign(out, staged.view());
      return;
    }
    run_assign(out, e);
  }
}

}  // namespace detail

/// Evaluates an expression (or copies a tensor or view) into a new tensor of its shape
/// in its space.
template <operand E>
auto eval(const E& e) {
  return tensor<value_of_t<E>, rank_of_v<E>, space_of_t<E>>(e);
}

}  // namespace tandem
