#pragma once
/// \file linalg.hpp
/// numpy.linalg, written once for every space: LAPACK (through LAPACKE) does the work on
/// the host and the emulated device.
///
/// auto x = td::linalg::solve(a, b);          // a x = b; a (n, n) or a batch (q, n, n)
/// auto ai = td::linalg::inv(a);
/// double d = td::linalg::det(a);             // a batch gives a tensor of q determinants
/// auto [sign, logabsdet] = td::linalg::slogdet(a);
/// auto l = td::linalg::cholesky(a);          // lower: l l^H = a
/// auto f = td::linalg::lu_factor(a);         // f.lu (L and U in one), f.piv (0-based rows)
/// auto y = td::linalg::lu_solve(f, b);
///
/// - Element types: float, double, td::complex<float>, td::complex<double>; integers and
///   bool are computed in double, the 16-bit floats in float (numpy's rule).
/// - A singular matrix (solve, inv, lu_solve) or one that is not positive definite
///   (cholesky) throws td::linalg_error naming the batch entry and the zero pivot or the
///   failing leading minor; det and slogdet of a singular matrix are 0 (sign 0, log
///   -inf), as numpy's. A NaN input gives NaN results (or an error), never a hang.
/// - Operands are copied into column-major scratch (LAPACK overwrites its input), so any
///   layout and any expression is taken.

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "backend/backend.hpp"
#include "backend/linalg.hpp"
#include "complex.hpp"
#include "creation.hpp"
#include "error.hpp"
#include "expr/assign.hpp"
#include "half.hpp"
#include "tensor.hpp"
#include "algorithm/manipulation.hpp"

namespace tandem::detail {

/// The element type numpy.linalg computes V in.
template <class V>
using linalg_t = std::conditional_t<is_complex_v<V>, native_complex<real_part_t<V>>,
                                    std::conditional_t<std::is_same_v<V, float> || is_reduced_float_v<V>, float,
                                                       double>>;


/// The operand as a batch of matrices: rank 2 is a batch of one.
template <class V, std::size_t R, class S>
tensor_view<const V, 3, S> as_batch(const tensor_view<const V, R, S>& v) {
  static_assert(R == 2 || R == 3, "tandem: linalg takes a matrix (rank 2) or a batch of them (rank 3)");
  if constexpr (R == 2) return {v.data(), shape<3>{1, v.extent(0), v.extent(1)}, shape<3>{0, v.stride(0), v.stride(1)}};
  else return v;
}

/// Column-major copies of a batch's matrices: element (i, j) of matrix q at q m n + j m + i.
template <class T, class V, class S>
tensor<T, 3, S> column_major(const tensor_view<const V, 3, S>& a) {
  tensor<T, 3, S> w(shape<3>{a.extent(0), a.extent(2), a.extent(1)}, uninitialized);
  if (w.size() != 0)
    assign(w.view(), tensor_view<const V, 3, S>(a.data(), w.shape(), shape<3>{a.stride(0), a.stride(2), a.stride(1)}));
  return w;
}

/// The row-major view of column-major matrices (the transpose of w's storage order).
template <class T, class S>
tensor_view<const T, 3, S> row_major_view(const tensor<T, 3, S>& w) {
  const index_t cols = w.extent(1), rows = w.extent(2);
  return {w.data(), shape<3>{w.extent(0), rows, cols}, shape<3>{rows * cols, 1, rows}};
}

template <class V, std::size_t R, class S>
index_t square_extent(const tensor_view<const V, R, S>& a, const char* what) {
  if (a.extent(R - 1) != a.extent(R - 2))
    throw shape_error(std::string("tandem: linalg::") + what + ": matrices must be square, not " + to_string(a.shape()));
  return a.extent(R - 1);
}

inline std::string batch_entry(index_t q, index_t batch, bool batched) {
  return batched ? "matrix " + std::to_string(q) + " of the batch of " + std::to_string(batch) : "the matrix";
}

/// Throws linalg_error for the first matrix whose LU factorization met a zero pivot.
template <class S>
void check_singular(const tensor<int, 1, S>& info, bool batched, const char* what) {
  const std::vector<int> v = to_vector(info);
  for (std::size_t q = 0; q != v.size(); ++q) {
    if (v[q] > 0)
      throw linalg_error(std::string("tandem: linalg::") + what + ": " +
                         batch_entry(static_cast<index_t>(q), static_cast<index_t>(v.size()), batched) +
                         " is singular: pivot U[" + std::to_string(v[q] - 1) + ", " + std::to_string(v[q] - 1) +
                         "] is exactly zero");
    if (v[q] < 0)
      throw linalg_error(std::string("tandem: linalg::") + what + ": LAPACK rejected argument " +
                         std::to_string(-v[q]) + " for " +
                         batch_entry(static_cast<index_t>(q), static_cast<index_t>(v.size()), batched));
  }
}

/// LU factorizations of a's matrices, column-major, in place, with their pivots.
template <class T, class S>
struct lu_work {
  tensor<T, 3, S> lu;
  tensor<int, 2, S> piv;  // LAPACK's: 1-based rows swapped with
  tensor<int, 1, S> info;
};
template <class T, class V, class S>
lu_work<T, S> lu_of(const tensor_view<const V, 3, S>& a) {
  lu_work<T, S> w{column_major<T>(a), tensor<int, 2, S>(shape<2>{a.extent(0), a.extent(1)}, uninitialized),
                  tensor<int, 1, S>(shape<1>{a.extent(0)})};
  const index_t n = a.extent(1);
  if (a.extent(0) != 0 && n != 0)
    backend_t<S>::template lu<T>(a.extent(0), n, w.lu.data(), n * n, w.piv.data(), w.info.data());
  return w;
}

/// x = A^-1 b for the factorizations in w and the column-major right-hand sides in b
/// (batch, nrhs, n), in place.
template <class T, class S>
void lu_solve_in_place(const lu_work<T, S>& w, tensor<T, 3, S>& b, bool batched, const char* what) {
  const index_t batch = b.extent(0), n = b.extent(2), nrhs = b.extent(1);
  if (batch == 0 || n == 0 || nrhs == 0) return;
  tensor<int, 1, S> info(shape<1>{batch});
  const index_t lu_stride = w.lu.extent(0) == 1 ? 0 : n * n, piv_stride = w.lu.extent(0) == 1 ? 0 : n;
  backend_t<S>::template lu_solve<T>(batch, n, nrhs, w.lu.data(), lu_stride, w.piv.data(), piv_stride, b.data(),
                                     nrhs * n, info.data());
  check_singular(info, batched, what);
}

}  // namespace tandem::detail

namespace tandem::linalg {

namespace detail_solve {
/// x with A x = b for the factorizations in w (n x n, `batch` of them or one), b an
/// operand of rank 1 (n), 2 (n, k) or 3 (batch, n, k); `what` and `a_shape` name the call.
template <class T, class S, class B>
auto solve_with(const detail::lu_work<T, S>& w, const B& b, bool batched, const char* what, const std::string& a_shape) {
  constexpr std::size_t RB = rank_of_v<B>;
  const detail::operand_view<B> sb(b);
  const index_t n = w.lu.extent(1);
  const tensor_view<const value_of_t<B>, 3, S> b3 = [&] {
    if constexpr (RB == 1)
      return tensor_view<const value_of_t<B>, 3, S>(sb.view.data(), shape<3>{1, sb.view.extent(0), 1},
                                                    shape<3>{0, sb.view.stride(0), 1});
    else
      return detail::as_batch(sb.view);
  }();
  if (b3.extent(1) != n || b3.extent(0) != w.lu.extent(0))
    throw shape_error(std::string("tandem: linalg::") + what + ": a of shape " + a_shape + " and b of shape " +
                      to_string(sb.view.shape()) + " do not fit (b's rows must be a's " + std::to_string(n) + ")");
  auto x = detail::column_major<T>(b3);
  detail::lu_solve_in_place(w, x, batched, what);
  tensor<T, RB, S> out(sb.view.shape(), uninitialized);
  if (out.size() != 0) {
    const auto xr = detail::row_major_view(x);
    if constexpr (RB == 1) detail::assign(out.view(), tensor_view<const T, 1, S>(xr.data(), out.shape(), shape<1>{1}));
    else if constexpr (RB == 2)
      detail::assign(out.view(), tensor_view<const T, 2, S>(xr.data(), out.shape(), shape<2>{xr.stride(1), xr.stride(2)}));
    else detail::assign(out.view(), xr);
  }
  return out;
}
}  // namespace detail_solve

/// numpy.linalg.solve: x with a x = b. a is (n, n) or (q, n, n); b is (n) or (n, k) with
/// a matrix, (q, n, k) with a batch.
template <operand A, operand B>
auto solve(const A& a, const B& b) {
  using T = detail::linalg_t<decltype(value_of_t<A>() * value_of_t<B>())>;
  using S = typename detail::spaces_must_match<space_of_t<A>, space_of_t<B>>::type;
  constexpr std::size_t RA = rank_of_v<A>, RB = rank_of_v<B>;
  static_assert(is_space_v<S>);
  static_assert((RA == 2 && (RB == 1 || RB == 2)) || (RA == 3 && RB == 3),
                "tandem: linalg::solve takes a (n, n) with b (n) or (n, k), or a (q, n, n) with b (q, n, k)");
  const detail::operand_view<A> sa(a);
  (void)detail::square_extent(sa.view, "solve");
  const auto w = detail::lu_of<T>(detail::as_batch(sa.view));
  detail::check_singular(w.info, RA == 3, "solve");
  return detail_solve::solve_with(w, b, RA == 3, "solve", to_string(sa.view.shape()));
}

/// numpy.linalg.inv.
template <operand A>
auto inv(const A& a) {
  using T = detail::linalg_t<value_of_t<A>>;
  using S = space_of_t<A>;
  constexpr std::size_t R = rank_of_v<A>;
  const detail::operand_view<A> sa(a);
  const index_t n = detail::square_extent(sa.view, "inv");
  const auto a3 = detail::as_batch(sa.view);
  const auto w = detail::lu_of<T>(a3);
  detail::check_singular(w.info, R == 3, "inv");
  tensor<T, 3, S> x(shape<3>{a3.extent(0), n, n});
  if (x.size() != 0) detail::assign(tensor_view<T, 2, S>(x.data(), shape<2>{a3.extent(0), n}, shape<2>{n * n, n + 1}), T(1));
  detail::lu_solve_in_place(w, x, R == 3, "inv");
  tensor<T, R, S> out(sa.view.shape(), uninitialized);
  if (out.size() != 0) {
    const auto xr = detail::row_major_view(x);
    if constexpr (R == 2) detail::assign(out.view(), tensor_view<const T, 2, S>(xr.data(), out.shape(), shape<2>{xr.stride(1), xr.stride(2)}));
    else detail::assign(out.view(), xr);
  }
  return out;
}

/// numpy.linalg.slogdet's result: sign (a unit complex number for complex matrices, 0 for
/// singular ones) and log |det|.
template <class Sign, class Log>
struct slogdet_result {
  Sign sign;
  Log logabsdet;
};

namespace detail_det {
/// Per matrix: the sign (or phase) and log |det| from an LU factorization's diagonal and pivots.
template <class T, class S>
void signs_and_logs(const detail::lu_work<T, S>& w, std::vector<T>& sign, std::vector<detail::real_part_t<T>>& logs) {
  using P = detail::real_part_t<T>;
  const index_t batch = w.lu.extent(0), n = w.lu.extent(1);
  sign.assign(static_cast<std::size_t>(batch), T(1));
  logs.assign(static_cast<std::size_t>(batch), P(0));
  if (batch == 0 || n == 0) return;
  const std::vector<T> diag =
      to_vector(tensor_view<const T, 2, S>(w.lu.data(), shape<2>{batch, n}, shape<2>{n * n, n + 1}));
  const std::vector<int> piv = to_vector(w.piv);
  for (index_t q = 0; q != batch; ++q) {
    T s(1);
    P l(0);
    for (index_t i = 0; i != n; ++i) {
      const T d = diag[static_cast<std::size_t>(q * n + i)];
      if (piv[static_cast<std::size_t>(q * n + i)] != i + 1) s = -s;
      using std::abs;
      using std::log;
      const P m = static_cast<P>(abs(d));
      if (m == 0) {
        s = T(0);
        l = -std::numeric_limits<P>::infinity();
        break;
      }
      s = s * (d / T(m));
      l += log(m);
    }
    sign[static_cast<std::size_t>(q)] = s;
    logs[static_cast<std::size_t>(q)] = l;
  }
}
}  // namespace detail_det

/// numpy.linalg.slogdet: {sign, logabsdet}, scalars for a matrix, tensors for a batch.
template <operand A>
auto slogdet(const A& a) {
  using T = detail::linalg_t<value_of_t<A>>;
  using P = detail::real_part_t<T>;
  using S = space_of_t<A>;
  constexpr std::size_t R = rank_of_v<A>;
  const detail::operand_view<A> sa(a);
  (void)detail::square_extent(sa.view, "slogdet");
  const auto w = detail::lu_of<T>(detail::as_batch(sa.view));
  std::vector<T> sign;
  std::vector<P> logs;
  detail_det::signs_and_logs(w, sign, logs);
  if constexpr (R == 2) {
    return slogdet_result<T, P>{sign[0], logs[0]};
  } else {
    const index_t q = static_cast<index_t>(sign.size());
    return slogdet_result<tensor<T, 1, S>, tensor<P, 1, S>>{from(sign, {q}, S{}), from(logs, {q}, S{})};
  }
}

/// numpy.linalg.det: a scalar for a matrix, a tensor of determinants for a batch.
template <operand A>
auto det(const A& a) {
  using T = detail::linalg_t<value_of_t<A>>;
  using S = space_of_t<A>;
  constexpr std::size_t R = rank_of_v<A>;
  const detail::operand_view<A> sa(a);
  (void)detail::square_extent(sa.view, "det");
  const auto w = detail::lu_of<T>(detail::as_batch(sa.view));
  // The product of the diagonal itself (not exp of the log), as numpy's det.
  const index_t batch = w.lu.extent(0), n = w.lu.extent(1);
  std::vector<T> d(static_cast<std::size_t>(batch), T(1));
  if (batch != 0 && n != 0) {
    const std::vector<T> diag =
        to_vector(tensor_view<const T, 2, S>(w.lu.data(), shape<2>{batch, n}, shape<2>{n * n, n + 1}));
    const std::vector<int> piv = to_vector(w.piv);
    for (index_t q = 0; q != batch; ++q) {
      T p(1);
      for (index_t i = 0; i != n; ++i) {
        p = p * diag[static_cast<std::size_t>(q * n + i)];
        if (piv[static_cast<std::size_t>(q * n + i)] != i + 1) p = -p;
      }
      d[static_cast<std::size_t>(q)] = p;
    }
  }
  if constexpr (R == 2) return d[0];
  else return from(d, {batch}, S{});
}

/// numpy.linalg.cholesky: the lower-triangular l with l l^H = a (a's lower triangle is read).
template <operand A>
auto cholesky(const A& a) {
  using T = detail::linalg_t<value_of_t<A>>;
  using S = space_of_t<A>;
  constexpr std::size_t R = rank_of_v<A>;
  const detail::operand_view<A> sa(a);
  const index_t n = detail::square_extent(sa.view, "cholesky");
  const auto a3 = detail::as_batch(sa.view);
  auto w = detail::column_major<T>(a3);
  tensor<int, 1, S> info(shape<1>{a3.extent(0)});
  if (a3.extent(0) != 0 && n != 0) detail::backend_t<S>::template cholesky<T>(a3.extent(0), n, w.data(), n * n, info.data());
  const std::vector<int> v = to_vector(info);
  for (std::size_t q = 0; q != v.size(); ++q)
    if (v[q] != 0)
      throw linalg_error("tandem: linalg::cholesky: " +
                         detail::batch_entry(static_cast<index_t>(q), static_cast<index_t>(v.size()), R == 3) +
                         " is not positive definite: its leading minor of order " + std::to_string(v[q]) +
                         " is not positive");
  const auto lower = tril(detail::row_major_view(w));
  if constexpr (R == 2) return tensor<T, 2, S>(tensor_view<const T, 2, S>(lower.data(), shape<2>{n, n}, shape<2>{n, 1}));
  else return lower;
}

/// scipy.linalg.lu_factor's result: L (unit diagonal, below it) and U (on and above it)
/// in one row-major matrix per batch entry, and the rows swapped with (0-based: row i was
/// swapped with row piv[i], in order).
template <class T, std::size_t R, class S>
struct lu_factorization {
  tensor<T, R, S> lu;
  tensor<index_t, R - 1, S> piv;
};

template <operand A>
auto lu_factor(const A& a) {
  using T = detail::linalg_t<value_of_t<A>>;
  using S = space_of_t<A>;
  constexpr std::size_t R = rank_of_v<A>;
  const detail::operand_view<A> sa(a);
  const index_t n = detail::square_extent(sa.view, "lu_factor");
  const auto w = detail::lu_of<T>(detail::as_batch(sa.view));
  lu_factorization<T, R, S> f{tensor<T, R, S>(sa.view.shape(), uninitialized), {}};
  if (f.lu.size() != 0) {
    const auto xr = detail::row_major_view(w.lu);
    if constexpr (R == 2) detail::assign(f.lu.view(), tensor_view<const T, 2, S>(xr.data(), f.lu.shape(), shape<2>{xr.stride(1), xr.stride(2)}));
    else detail::assign(f.lu.view(), xr);
  }
  shape<R - 1> ps;
  for (std::size_t d = 0; d + 1 < R; ++d) ps[d] = sa.view.extent(d);
  f.piv = tensor<index_t, R - 1, S>(ps, uninitialized);
  if (f.piv.size() != 0)
    detail::assign(f.piv.view(), tensor_view<const int, R - 1, S>(w.piv.data(), ps) - 1);
  (void)n;
  return f;
}

/// scipy.linalg.lu_solve: x with a x = b from a's lu_factor (b as solve's).
template <class T, std::size_t R, class S, operand B>
auto lu_solve(const lu_factorization<T, R, S>& f, const B& b) {
  static_assert(std::is_same_v<space_of_t<B>, S>, "tandem: linalg::lu_solve: b must be in the factorization's space");
  const auto lu3 = detail::as_batch(tensor_view<const T, R, S>(f.lu.view()));
  const index_t batch = lu3.extent(0), n = lu3.extent(1);
  if (f.piv.size() != batch * n)
    throw shape_error("tandem: linalg::lu_solve: pivots of shape " + to_string(f.piv.shape()) + " for factors of shape " +
                      to_string(f.lu.shape()));
  detail::lu_work<T, S> w{detail::column_major<T>(lu3), tensor<int, 2, S>(shape<2>{batch, n}, uninitialized),
                          tensor<int, 1, S>(shape<1>{batch})};
  if (w.piv.size() != 0)
    detail::assign(w.piv.view(), tensor_view<const index_t, 2, S>(f.piv.data(), shape<2>{batch, n}) + index_t(1));
  return detail_solve::solve_with(w, b, R == 3, "lu_solve", to_string(f.lu.shape()));
}

}  // namespace tandem::linalg
