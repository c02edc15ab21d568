#pragma once
/// \file algorithm/sort.hpp
/// Sorting: sort (in place, along the last axis or any axis), argsort, sort_by_key and
/// unique, for arithmetic element types, in every space.
///
/// \code
/// td::sort(v);                              // rank 1, ascending, in place
/// td::sort(v, td::descending);
/// td::sort(m, -1);                          // each row of a rank-2 tensor
/// auto order = td::argsort(v);              // tensor<index_t, 1>, stable
/// td::sort_by_key(keys, values);            // both in place, stable
/// auto u = td::unique(v);                   // sorted distinct values, rank 1
/// \endcode
/// Every sort is stable and puts NaNs last in either direction, as numpy does; -0.0 and
/// +0.0 compare equal. Host: a parallel radix sort; GPU: CUB's radix and segmented sorts.
/// Complex numbers sort in numpy's order (by which parts are NaN, then real part, then
/// imaginary part), in stable argsort passes; sort and argsort take them, sort_by_key's
/// keys and unique do not yet.

#include <cstddef>
#include <string>
#include <type_traits>

#include "../backend/backend.hpp"
#include "../backend/sort.hpp"
#include "../core/radix_key.hpp"
#include "../error.hpp"
#include "../shape.hpp"
#include "../tensor.hpp"
#include "../views/permute.hpp"
#include "reduce.hpp"

namespace tandem {

/// The direction of a sort.
enum class sort_order { ascending, descending };
inline constexpr sort_order ascending = sort_order::ascending;
inline constexpr sort_order descending = sort_order::descending;

namespace detail {

/// With Complex, td::complex elements are taken too (sort and argsort).
template <class T, bool Complex = false>
void require_sortable() {
  static_assert(radix_sortable<T> || (Complex && is_complex_v<T>),
                "tandem: sorting needs an arithmetic, td::half or td::bfloat16 element type (td::complex "
                "elements: sort and argsort only, so far)");
}

// ---- complex numbers: numpy's order ------------------------------------------------
// numpy sorts complex numbers by which parts are NaN first (none; the imaginary part
// only; the real part only; both), then by real part, then by imaginary part:
// R + Rj, R + nanj, nan + Rj, nan + nanj. Three stable passes of the backend's argsort
// give that order: by the imaginary parts, then by the real parts of that sequence, then
// by (row, NaN class) as one integer key.

/// The real or imaginary part of p[order[i]] (p[i] without an order).
template <class T>
struct complex_part_getter {
  const T* p;
  const index_t* order;
  bool imag;
  TANDEM_HD real_part_t<T> operator()(index_t i) const {
    const T z = p[order ? order[i] : i];
    return imag ? z.imag() : z.real();
  }
};
/// For element order[i] of rows of `cols`: its row times 4 plus its NaN class (1 for a
/// NaN imaginary part, 2 for a NaN real part, 3 for both).
template <class T>
struct row_and_nan_class_getter {
  const T* p;
  const index_t* order;
  index_t cols;
  TANDEM_HD index_t operator()(index_t i) const {
    const index_t e = order[i];
    const T z = p[e];
    const index_t nan_class = (z.real() != z.real() ? 2 : 0) + (z.imag() != z.imag() ? 1 : 0);
    return e / cols * 4 + nan_class;
  }
};
/// out[i] = first[second[i]]: applying one reordering after another.
struct compose_kernel {
  const index_t* first;
  const index_t* second;
  index_t* out;
  TANDEM_HD void operator()(index_t i) const { out[i] = first[second[i]]; }
};
template <class T>
struct reorder_kernel {
  const T* in;
  const index_t* order;
  T* out;
  TANDEM_HD void operator()(index_t i) const { out[i] = in[order[i]]; }
};

/// The stable order of n complex numbers in rows of `cols` (n itself: one row), each
/// row in numpy's order (descending: larger parts first, NaN classes still last).
template <class S, class T>
void complex_order(const T* p, index_t n, index_t cols, bool desc, index_t* out) {
  using P = real_part_t<T>;
  using sorter = sorter_t<S>;
  using backend = backend_t<S>;
  tensor<index_t, 1, S> by_imag(shape<1>{n}, uninitialized), by_real(shape<1>{n}, uninitialized);
  tensor<index_t, 1, S> both(shape<1>{n}, uninitialized), by_class(shape<1>{n}, uninitialized);
  sorter::template argsort<P>(n, complex_part_getter<T>{p, nullptr, true}, by_imag.data(), desc);
  sorter::template argsort<P>(n, complex_part_getter<T>{p, by_imag.data(), false}, by_real.data(), desc);
  backend::for_each(n, compose_kernel{by_imag.data(), by_real.data(), both.data()});
  sorter::template argsort<index_t>(n, row_and_nan_class_getter<T>{p, both.data(), cols}, by_class.data(), false);
  backend::for_each(n, compose_kernel{both.data(), by_class.data(), out});
}

/// Sorts `rows` dense rows of `cols` complex numbers in place.
template <class S, class T>
void sort_complex_rows(T* p, index_t rows, index_t cols, bool desc) {
  const index_t n = rows * cols;
  tensor<index_t, 1, S> order(shape<1>{n}, uninitialized);
  complex_order<S>(p, n, cols, desc, order.data());
  tensor<T, 1, S> sorted(shape<1>{n}, uninitialized);
  backend_t<S>::for_each(n, reorder_kernel<T>{p, order.data(), sorted.data()});
  backend_t<S>::memory::copy(p, sorted.data(), static_cast<std::size_t>(n) * sizeof(T));
}

}  // namespace detail

/// Sorts along `axis` (negative counts from the end), in place.
template <class X>
  requires detail::writable_tensor<X>
void sort(X&& t, index_t axis, sort_order order = ascending) {
  using D = std::remove_cvref_t<X>;
  using T = typename D::value_type;
  using S = typename D::space_type;
  constexpr std::size_t R = D::rank;
  static_assert(R >= 1, "tandem: sort needs a tensor of rank 1 or more");
  detail::require_sortable<T, true>();
  const std::size_t ax = detail::normalize_axis(axis, R, "sort");
  const bool desc = order == sort_order::descending;
  const tensor_view<T, R, S> v = t.view();
  if (v.size() <= 1) return;
  if constexpr (detail::is_complex_v<T> && R == 1) {
    detail::update_contiguous(v, [&](T* p) { detail::sort_complex_rows<S>(p, 1, v.size(), desc); });
  } else if constexpr (R == 1) {
    detail::update_contiguous(v, [&](T* p) { detail::sorter_t<S>::sort(p, v.size(), desc); });
  } else {
    // The lanes as dense rows: the view itself when `axis` is its last and it is dense,
    // else a copy with `axis` moved last, written back after.
    index_t axes[R];
    for (std::size_t d = 0, k = 0; d < R; ++d)
      if (d != ax) axes[k++] = static_cast<index_t>(d);
    axes[R - 1] = static_cast<index_t>(ax);
    const index_t cols = v.extent(ax);
    detail::update_contiguous(permute(v, axes), [&](T* p) {
      if constexpr (detail::is_complex_v<T>)
        detail::sort_complex_rows<S>(p, v.size() / cols, cols, desc);
      else
        detail::sorter_t<S>::sort_rows(p, v.size() / cols, cols, desc);
    });
  }
  detail::backend_t<S>::finish();
}

/// Sorts in place: a rank-1 tensor or view, or each lane along the last axis of a
/// higher rank one (as numpy's sort).
template <class X>
  requires detail::writable_tensor<X>
void sort(X&& t, sort_order order = ascending) {
  sort(t, index_t(-1), order);
}

/// The indices that sort a rank-1 operand (tensor, view or expression), stably: equal
/// values keep their order. A tensor<index_t, 1> in the operand's space.
template <operand E>
auto argsort(const E& e, sort_order order = ascending) {
  using D = std::remove_cvref_t<E>;
  using T = value_of_t<E>;
  using S = typename D::space_type;
  static_assert(D::rank == 1, "tandem: argsort takes a rank-1 operand (use td::reshape to flatten)");
  detail::require_sortable<T, true>();
  const index_t n = e.shape()[0];
  tensor<index_t, 1, S> out(shape<1>{n}, uninitialized);
  if (n == 0) return out;
  const bool desc = order == sort_order::descending;
  detail::with_contiguous(e, [&](const T* keys) {
    if constexpr (detail::is_complex_v<T>)
      detail::complex_order<S>(keys, n, n, desc, out.data());
    else
      detail::sorter_t<S>::template argsort<T>(n, detail::array_getter<T>{keys}, out.data(), desc);
  });
  detail::backend_t<S>::finish();
  return out;
}

/// Sorts rank-1 keys in place and applies the same (stable) reordering to values of the
/// same length. Throws td::shape_error when the lengths differ.
template <class K, class V>
  requires(detail::writable_tensor<K> && detail::writable_tensor<V>)
void sort_by_key(K&& keys, V&& values, sort_order order = ascending) {
  using DK = std::remove_cvref_t<K>;
  using DV = std::remove_cvref_t<V>;
  using S = typename detail::spaces_must_match<typename DK::space_type, typename DV::space_type>::type;
  using TK = typename DK::value_type;
  using TV = typename DV::value_type;
  static_assert(DK::rank == 1 && DV::rank == 1, "tandem: sort_by_key takes rank-1 keys and values");
  detail::require_sortable<TK>();
  const tensor_view<TK, 1, S> k = keys.view();
  const tensor_view<TV, 1, S> v = values.view();
  if (k.size() != v.size())
    throw shape_error("tandem: sort_by_key needs keys and values of one length; keys have shape " +
                      to_string(k.shape()) + " and values " + to_string(v.shape()));
  const index_t n = k.size();
  if (n <= 1) return;
  const bool desc = order == sort_order::descending;
  detail::update_contiguous(k, [&](TK* pk) {
    detail::update_contiguous(v, [&](TV* pv) { detail::sorter_t<S>::sort_by_key(pk, pv, n, desc); });
  });
  detail::backend_t<S>::finish();
}

/// The distinct values of an operand of any rank, sorted, as a rank-1 tensor; NaNs
/// (all of them alike) give one NaN at the end, as numpy's unique.
template <operand E>
auto unique(const E& e) {
  using D = std::remove_cvref_t<E>;
  using T = value_of_t<E>;
  using S = typename D::space_type;
  detail::require_sortable<T>();
  tensor<T, D::rank, S> work = e;
  const index_t m = detail::sorter_t<S>::unique(work.data(), work.size());
  tensor<T, 1, S> out(shape<1>{m}, uninitialized);
  if (m > 0) detail::copy_bytes<S, S>(out.data(), work.data(), sizeof(T) * static_cast<std::size_t>(m));
  detail::backend_t<S>::finish();
  return out;
}

}  // namespace tandem
