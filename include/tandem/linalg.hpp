#pragma once
/// \file linalg.hpp
/// numpy.linalg, written once for every space: LAPACK (through LAPACKE) does the work on
/// the host and the emulated device, cuSOLVER on a GPU (the backends' solver facet).
///
/// auto x = td::linalg::solve(a, b);          // a x = b; a (n, n) or a batch (q, n, n)
/// auto ai = td::linalg::inv(a);
/// double d = td::linalg::det(a);             // a batch gives a tensor of q determinants
/// auto [sign, logabsdet] = td::linalg::slogdet(a);
/// auto l = td::linalg::cholesky(a);          // lower: l l^H = a
/// auto f = td::linalg::lu_factor(a);         // f.lu (L and U in one), f.piv (0-based rows)
/// auto y = td::linalg::lu_solve(f, b);
/// auto [q, r] = td::linalg::qr(m);           // reduced
/// auto [u, s, vh] = td::linalg::svd(m);      // reduced; svd(m, true): full; svdvals(m)
/// auto [w, v] = td::linalg::eigh(a);         // Hermitian: ascending, real; eigvalsh(a)
/// auto [z, vz] = td::linalg::eig(a);         // general: complex
/// auto fit = td::linalg::lstsq(m, y);        // .x, .residuals, .rank, .s
/// auto p = td::linalg::pinv(m);              // and matrix_rank(m), norm(m[, ord])
///
/// - Element types: float, double, td::complex<float>, td::complex<double>; integers and
///   bool are computed in double, the 16-bit floats in float (numpy's rule).
/// - A singular matrix (solve, inv, lu_solve) or one that is not positive definite
///   (cholesky) throws td::linalg_error naming the batch entry and the zero pivot or the
///   failing leading minor; det and slogdet of a singular matrix are 0 (sign 0, log
///   -inf), as numpy's. A NaN input gives NaN results (or an error), never a hang.
/// - Operands are copied into scratch that LAPACK overwrites, so any layout and any
///   expression is taken: as they lie, row-major, where the routine can work on a^T
///   (solve, inv, det, slogdet, cholesky, a square or wide svd: a copy at memcpy speed),
///   else transposed into column-major order.

#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <algorithm>
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
#include "views/permute.hpp"
#include "algorithm/manipulation.hpp"
#include "algorithm/matmul.hpp"
#include "algorithm/numeric.hpp"

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

/// A batch's view as the caller's rank: rank 3 as it is, rank 2 without the batch axis
/// (whose extent is 1), rank 1 likewise from rank 2.
template <std::size_t R, class T, std::size_t RB, class S>
tensor_view<const T, R, S> unbatched(const tensor_view<const T, RB, S>& v) {
  static_assert(R == RB || R + 1 == RB);
  if constexpr (R == RB) {
    return v;
  } else {
    shape<R> sh, st;
    for (std::size_t d = 0; d != R; ++d) {
      sh[d] = v.extent(d + 1);
      st[d] = v.stride(d + 1);
    }
    return {v.data(), sh, st};
  }
}

/// A new tensor of the caller's rank holding a batch view's elements.
template <std::size_t R, class T, std::size_t RB, class S>
tensor<T, R, S> unbatched_copy(const tensor_view<const T, RB, S>& v) {
  return tensor<T, R, S>(unbatched<R>(v));
}
template <std::size_t R, class T, std::size_t RB, class S>
tensor<T, R, S> unbatched_copy(const tensor<T, RB, S>& t) {
  return unbatched_copy<R>(tensor_view<const T, RB, S>(t.view()));
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

/// Throws linalg_error for the first matrix whose `info` is not 0: "<entry> <failed(info)>"
/// for a positive one (what the routine reports), a rejected argument for a negative one.
template <class S, class Failed>
void check_info(const tensor<int, 1, S>& info, bool batched, const char* what, Failed failed) {
  const std::vector<int> v = to_vector(info);
  for (std::size_t q = 0; q != v.size(); ++q) {
    if (v[q] == 0) continue;  // the message is built for a failure only: for 8192 matrices it took 1.2 ms
    const std::string entry = batch_entry(static_cast<index_t>(q), static_cast<index_t>(v.size()), batched);
    if (v[q] > 0) throw linalg_error(std::string("tandem: linalg::") + what + ": " + entry + " " + failed(v[q]));
    throw linalg_error(std::string("tandem: linalg::") + what + ": LAPACK rejected argument " +
                       std::to_string(-v[q]) + " for " + entry);
  }
}

/// Throws linalg_error for the first matrix whose LU factorization met a zero pivot.
template <class S>
void check_singular(const tensor<int, 1, S>& info, bool batched, const char* what) {
  check_info(info, batched, what, [](int i) {
    return "is singular: pivot U[" + std::to_string(i - 1) + ", " + std::to_string(i - 1) + "] is exactly zero";
  });
}

/// For the iterative decompositions (SVD, eigensolvers): info > 0 means no convergence.
template <class S>
void check_converged(const tensor<int, 1, S>& info, bool batched, const char* what) {
  check_info(info, batched, what, [](int i) {
    return "did not converge (" + std::to_string(i) + " values unresolved; is there a NaN or infinity in it?)";
  });
}

/// Throws linalg_error naming the first NaN or infinity in a batch, for the routines that
/// would otherwise return an answer built on it (LAPACK's eigensolvers compute finite
/// eigenvalues from a matrix with a NaN; gesdd and geev reject it as an argument).
template <class V, class S>
void refuse_non_finite(const tensor_view<const V, 3, S>& a, bool batched, const char* what) {
  if (a.size() == 0 || all(isfinite(a))) return;
  const index_t at = argmax(!isfinite(a)), rows = a.extent(1), cols = a.extent(2);
  throw linalg_error(std::string("tandem: linalg::") + what + ": " +
                     batch_entry(at / (rows * cols), a.extent(0), batched) + " holds a NaN or an infinity, at [" +
                     std::to_string(at / cols % rows) + ", " + std::to_string(at % cols) + "]");
}

/// A batch's matrices copied as they lie, row-major: to LAPACK (column-major) each is its
/// transpose. Solvers that can work on a^T (solve, inv, det, cholesky, a square or wide
/// svd) take this plain copy, which costs a memcpy where column_major's costs a transpose.
template <class T, class V, class S>
tensor<T, 3, S> row_major(const tensor_view<const V, 3, S>& a) {
  tensor<T, 3, S> w(a.shape(), uninitialized);
  if (w.size() != 0) assign(w.view(), a);
  return w;
}

/// LU factorizations of a batch's matrices, in place, with their pivots: of a itself
/// (column-major) or, with `of_transpose`, of a^T (a's plain row-major copy).
template <class T, class S>
struct lu_work {
  tensor<T, 3, S> lu;
  tensor<int, 2, S> piv;  // LAPACK's: 1-based rows swapped with
  tensor<int, 1, S> info;
  bool of_transpose = false;
};
template <class T, class V, class S>
lu_work<T, S> lu_of(const tensor_view<const V, 3, S>& a, bool of_transpose = false) {
  lu_work<T, S> w{of_transpose ? row_major<T>(a) : column_major<T>(a),
                  tensor<int, 2, S>(shape<2>{a.extent(0), a.extent(1)}, uninitialized),
                  tensor<int, 1, S>(shape<1>{a.extent(0)}), of_transpose};
  const index_t n = a.extent(1);
  if (a.extent(0) != 0 && n != 0)
    solver_t<S>::template lu<T>(a.extent(0), n, w.lu.data(), n * n, w.piv.data(), w.info.data());
  return w;
}

/// x = M^-1 b (or, with `transposed`, M^-T b) for the factorizations of M in w and the
/// column-major right-hand sides in b (batch, nrhs, n), in place.
template <class T, class S>
void lu_solve_in_place(const lu_work<T, S>& w, const tensor_view<T, 3, S>& b, bool transposed, bool batched,
                       const char* what) {
  const index_t batch = b.extent(0), n = b.extent(2), nrhs = b.extent(1);
  if (batch == 0 || n == 0 || nrhs == 0) return;
  tensor<int, 1, S> info(shape<1>{batch});
  const index_t lu_stride = w.lu.extent(0) == 1 ? 0 : n * n, piv_stride = w.lu.extent(0) == 1 ? 0 : n;
  solver_t<S>::template lu_solve<T>(batch, n, nrhs, w.lu.data(), lu_stride, w.piv.data(), piv_stride, b.data(),
                                     nrhs * n, transposed, info.data());
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
  detail::lu_solve_in_place(w, x.view(), w.of_transpose, batched, what);  // a^T's factors: a x = b is (a^T)^T x = b
  const auto xr = detail::row_major_view(x);
  if constexpr (RB == 1) return tensor<T, 1, S>(tensor_view<const T, 1, S>(xr.data(), shape<1>{n}, shape<1>{xr.stride(1)}));
  else return detail::unbatched_copy<RB>(xr);
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
  const auto w = detail::lu_of<T>(detail::as_batch(sa.view), true);
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
  // With M = a^T factored, M y = I gives y = M^-1 = (a^-1)^T column-major: a^-1 row-major.
  const auto w = detail::lu_of<T>(a3, true);
  detail::check_singular(w.info, R == 3, "inv");
  tensor<T, R, S> out(sa.view.shape());
  const tensor_view<T, 3, S> x(out.data(), shape<3>{a3.extent(0), n, n});
  if (x.size() != 0) detail::assign(tensor_view<T, 2, S>(x.data(), shape<2>{a3.extent(0), n}, shape<2>{n * n, n + 1}), T(1));
  detail::lu_solve_in_place(w, x, false, R == 3, "inv");
  return out;
}

namespace detail_solve {
/// The operand dense in row-major order, as a matrix of rows x cols.
template <class V, std::size_t R, class S>
tensor<V, 2, S> as_matrix(const tensor_view<const V, R, S>& v, index_t rows, index_t cols) {
  tensor<V, 2, S> m(shape<2>{rows, cols}, uninitialized);
  if (m.size() != 0) tensor_view<V, R, S>(m.data(), v.shape()) = v;
  return m;
}
inline index_t product(const index_t* e, std::size_t n) {
  index_t p = 1;
  for (std::size_t k = 0; k != n; ++k) p *= e[k];
  return p;
}
}  // namespace detail_solve

/// numpy.linalg.tensorinv: the inverse of a taken as a matrix whose rows are its first
/// `ind` axes and whose columns are the rest, so that tensordot(tensorinv(a, ind), a,
/// ind) is the identity; the result's shape is a's last axes then its first `ind`. The
/// two products of extents must be equal (td::shape_error), the matrix invertible
/// (td::error, as inv).
template <operand A>
auto tensorinv(const A& a, index_t ind = 2) {
  using T = detail::linalg_t<value_of_t<A>>;
  using S = space_of_t<A>;
  constexpr std::size_t R = rank_of_v<A>;
  static_assert(R >= 2, "tandem: linalg::tensorinv needs rank 2 or more");
  const detail::operand_view<A> sa(a);
  const auto ext = sa.view.shape();
  if (ind <= 0 || ind >= static_cast<index_t>(R))
    throw index_error("tandem: linalg::tensorinv: ind " + std::to_string(ind) + " must lie in [1, " +
                      std::to_string(R - 1) + "] for rank " + std::to_string(R));
  const auto split = static_cast<std::size_t>(ind);
  const index_t rows = detail_solve::product(&ext[0], split), cols = detail_solve::product(&ext[split], R - split);
  if (rows != cols)
    throw shape_error("tandem: linalg::tensorinv: the first " + std::to_string(ind) + " axes of " + to_string(ext) +
                      " hold " + std::to_string(rows) + " elements and the others " + std::to_string(cols) +
                      "; they must be equal");
  const tensor<T, 2, S> m = inv(detail_solve::as_matrix(sa.view, rows, cols));
  shape<R> out;
  for (std::size_t d = 0; d != R; ++d) out[d] = d < R - split ? ext[split + d] : ext[d - (R - split)];
  return tensor<T, R, S>(tensor_view<const T, R, S>(m.data(), out));
}

/// numpy.linalg.tensorsolve: x with tensordot(a, x, rank(x)) = b, for a whose shape is
/// b's then x's (x has rank rank(a) - rank(b)): a is taken as a square matrix of
/// size(b) rows. With `axes` (numpy's), those axes of a are moved to the end first, in
/// that order. Sizes that do not make a square matrix throw td::shape_error, a singular
/// one td::error.
template <operand A, operand B>
auto tensorsolve(const A& a, const B& b) {
  using T = detail::linalg_t<decltype(value_of_t<A>() * value_of_t<B>())>;
  using S = typename detail::spaces_must_match<space_of_t<A>, space_of_t<B>>::type;
  constexpr std::size_t RA = rank_of_v<A>, RB = rank_of_v<B>;
  static_assert(RB >= 1 && RA > RB, "tandem: linalg::tensorsolve takes an a of higher rank than b (x's rank is the difference)");
  constexpr std::size_t RX = RA - RB;
  const detail::operand_view<A> sa(a);
  const detail::operand_view<B> sb(b);
  const auto ext = sa.view.shape();
  const index_t rows = detail_solve::product(&ext[0], RB), cols = detail_solve::product(&ext[RB], RX);
  if (rows != cols || sb.view.size() != rows)
    throw shape_error("tandem: linalg::tensorsolve: a of shape " + to_string(ext) + " and b of shape " +
                      to_string(sb.view.shape()) + ": a's first " + std::to_string(RB) + " axes (" +
                      std::to_string(rows) + " elements), its last " + std::to_string(RX) + " (" +
                      std::to_string(cols) + ") and b (" + std::to_string(sb.view.size()) + ") must hold as many");
  const tensor<T, 2, S> x = solve(detail_solve::as_matrix(sa.view, rows, cols), detail_solve::as_matrix(sb.view, rows, 1));
  shape<RX> out;
  for (std::size_t d = 0; d != RX; ++d) out[d] = ext[RB + d];
  return tensor<T, RX, S>(tensor_view<const T, RX, S>(x.data(), out));
}

template <operand A, operand B>
auto tensorsolve(const A& a, const B& b, const std::vector<index_t>& axes) {
  constexpr std::size_t RA = rank_of_v<A>;
  std::vector<std::size_t> order;
  for (std::size_t d = 0; d != RA; ++d) order.push_back(d);
  std::vector<bool> moved(RA, false);
  for (const index_t k : axes) {
    const std::size_t ax = detail::normalize_axis(k, RA, "linalg::tensorsolve");
    if (moved[ax]) throw error("tandem: linalg::tensorsolve: axes names axis " + std::to_string(ax) + " twice");
    moved[ax] = true;
    order.erase(std::find(order.begin(), order.end(), ax));
    order.push_back(ax);
  }
  index_t perm[RA];
  for (std::size_t d = 0; d != RA; ++d) perm[d] = static_cast<index_t>(order[d]);
  const detail::operand_view<A> sa(a);
  return tensorsolve(permute(sa.view, perm), b);
}

/// numpy.linalg.slogdet's result: sign (a unit complex number for complex matrices, 0 for
/// singular ones) and log |det|.
template <class Sign, class Log>
struct slogdet_result {
  Sign sign;
  Log logabsdet;
};

namespace detail_det {
/// Which matrices of a batch hold a NaN: numpy's det and slogdet are NaN for them, where
/// an LU's pivot search may pass over the NaN (a GPU backend's did) and report a zero pivot.
template <class V, class S>
std::vector<bool> nan_entries(const tensor_view<const V, 3, S>& a) {
  const index_t batch = a.extent(0), per = a.extent(1) * a.extent(2);
  std::vector<bool> has(static_cast<std::size_t>(batch), false);
  if (a.size() == 0 || !any(isnan(a))) return has;
  const std::vector<bool> flags = to_vector(isnan(a));
  for (index_t i = 0; i != a.size(); ++i)
    if (flags[static_cast<std::size_t>(i)]) has[static_cast<std::size_t>(i / per)] = true;
  return has;
}

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
  const auto a3 = detail::as_batch(sa.view);
  const auto w = detail::lu_of<T>(a3, true);  // det a^T = det a
  std::vector<T> sign;
  std::vector<P> logs;
  detail_det::signs_and_logs(w, sign, logs);
  const std::vector<bool> nan = detail_det::nan_entries(a3);
  for (std::size_t q = 0; q != nan.size(); ++q)
    if (nan[q]) {
      sign[q] = T(std::numeric_limits<P>::quiet_NaN());
      logs[q] = std::numeric_limits<P>::quiet_NaN();
    }
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
  const auto a3 = detail::as_batch(sa.view);
  const auto w = detail::lu_of<T>(a3, true);  // det a^T = det a
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
  const std::vector<bool> nan = detail_det::nan_entries(a3);
  for (std::size_t q = 0; q != nan.size(); ++q)
    if (nan[q]) d[q] = T(std::numeric_limits<detail::real_part_t<T>>::quiet_NaN());
  if constexpr (R == 2) return d[0];
  else return from(d, {batch}, S{});
}

/// numpy.linalg.cholesky: the lower-triangular l with l l^H = a (a's lower triangle is
/// read). a's plain row-major copy is, to LAPACK, a^T = conj(a), whose upper triangle is
/// a's lower one: its factor u (u^H u = conj(a)) lies in that copy as l = u^T, row-major.
template <operand A>
auto cholesky(const A& a) {
  using T = detail::linalg_t<value_of_t<A>>;
  using S = space_of_t<A>;
  constexpr std::size_t R = rank_of_v<A>;
  const detail::operand_view<A> sa(a);
  const index_t n = detail::square_extent(sa.view, "cholesky");
  const index_t batch = R == 3 ? sa.view.extent(0) : 1;
  // LAPACK reads and writes only that triangle, so the copy is made with the other one
  // zeroed, in one pass.
  tensor<T, R, S> out = [&] {
    if constexpr (std::is_same_v<value_of_t<A>, T>) return tril(sa.view);
    else return tril(cast<T>(sa.view));
  }();
  if (out.size() == 0) return out;
  tensor<int, 1, S> info(shape<1>{batch});
  detail::solver_t<S>::template cholesky<T>(batch, n, out.data(), n * n, info.data());
  detail::check_info(info, R == 3, "cholesky", [](int i) {
    return "is not positive definite: its leading minor of order " + std::to_string(i) + " is not positive";
  });
  return out;
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
  (void)detail::square_extent(sa.view, "lu_factor");
  const auto w = detail::lu_of<T>(detail::as_batch(sa.view));
  lu_factorization<T, R, S> f{detail::unbatched_copy<R>(detail::row_major_view(w.lu)), {}};
  shape<R - 1> ps;
  for (std::size_t d = 0; d + 1 < R; ++d) ps[d] = sa.view.extent(d);
  f.piv = tensor<index_t, R - 1, S>(ps, uninitialized);
  if (f.piv.size() != 0)
    detail::assign(f.piv.view(), tensor_view<const int, R - 1, S>(w.piv.data(), ps) - 1);
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


/// numpy.linalg.qr's reduced result: q (m x k, orthonormal columns) and r (k x n, upper
/// triangular), k = min(m, n).
template <class Q>
struct qr_result {
  Q q;
  Q r;
};

/// numpy.linalg.qr (mode "reduced"): a = q r, for a matrix or a batch.
template <operand A>
auto qr(const A& a) {
  using T = detail::linalg_t<value_of_t<A>>;
  using S = space_of_t<A>;
  constexpr std::size_t R = rank_of_v<A>;
  const detail::operand_view<A> sa(a);
  const auto a3 = detail::as_batch(sa.view);
  const index_t batch = a3.extent(0), m = a3.extent(1), n = a3.extent(2), k = std::min(m, n);
  auto w = detail::column_major<T>(a3);
  tensor<T, 2, S> tau(shape<2>{batch, k}, uninitialized);
  tensor<int, 1, S> info(shape<1>{batch});
  const bool work = batch != 0 && k != 0;
  if (work) detail::solver_t<S>::template qr<T>(batch, m, n, w.data(), m * n, tau.data(), info.data());
  detail::check_info(info, R == 3, "qr", [](int) { return std::string("failed"); });
  // R: the upper triangle of the first k rows; then Q overwrites the reflectors.
  const tensor_view<const T, 3, S> top(w.data(), shape<3>{batch, k, n}, shape<3>{m * n, 1, m});
  qr_result<tensor<T, R, S>> out{{}, detail::unbatched_copy<R>(triu(top))};
  if (work) detail::solver_t<S>::template qr_q<T>(batch, m, k, w.data(), m * n, tau.data(), info.data());
  detail::check_info(info, R == 3, "qr", [](int) { return std::string("failed"); });
  out.q = detail::unbatched_copy<R>(tensor_view<const T, 3, S>(w.data(), shape<3>{batch, m, k}, shape<3>{m * n, 1, m}));
  return out;
}

/// numpy.linalg.svd's result: a = u diag(s) vh, s descending (real).
template <class U, class Sv>
struct svd_result {
  U u;
  Sv s;
  U vh;
};

namespace detail_svd {
/// The SVD of a batch: the singular values (batch, k) and, unless job is none, the
/// backend's column-major factors. The backends take tall matrices (rows >= columns): a
/// tall a goes in column-major (a transposing copy); a square or wide one as its plain
/// row-major copy, which is a^T to them (tall), so that a^T = u' s v'^H gives
/// a = conj(v') s u'^T, whose factors lie row-major in their buffers as they are.
template <class T, class S>
struct parts {
  using P = detail::real_part_t<T>;
  tensor<P, 2, S> s;
  tensor<T, 3, S> ub, vb;  // the backend's column-major u (batch, ucols, big) and vt (batch, k, k)
  bool transposed = false;  // a^T was decomposed
};
template <class T, class V, class S>
parts<T, S> decompose(const tensor_view<const V, 3, S>& a3, detail::svd_job job, bool batched, const char* what) {
  const index_t batch = a3.extent(0), m = a3.extent(1), n = a3.extent(2);
  const index_t big = std::max(m, n), k = std::min(m, n);
  detail::refuse_non_finite(a3, batched, what);  // numpy: "SVD did not converge"
  parts<T, S> p;
  p.transposed = m <= n;
  tensor<T, 3, S> w = p.transposed ? detail::row_major<T>(a3) : detail::column_major<T>(a3);
  const index_t ucols = job == detail::svd_job::full ? big : k;
  p.s = tensor<typename parts<T, S>::P, 2, S>(shape<2>{batch, k}, uninitialized);
  if (job != detail::svd_job::none) {
    if (k == 0) {  // numpy's identity blocks for empty operands: a (0, n) matrix has vh = I (full)
      p.ub = tensor<T, 3, S>(shape<3>{batch, ucols, big});
      if (batch != 0 && ucols != 0)
        detail::assign(tensor_view<T, 2, S>(p.ub.data(), shape<2>{batch, ucols}, shape<2>{ucols * big, big + 1}), T(1));
    } else {
      p.ub = tensor<T, 3, S>(shape<3>{batch, ucols, big}, uninitialized);
    }
    p.vb = tensor<T, 3, S>(shape<3>{batch, k, k}, uninitialized);
  }
  tensor<int, 1, S> info(shape<1>{batch});
  if (batch != 0 && k != 0)
    detail::solver_t<S>::template svd<T>(batch, big, k, w.data(), big * k, p.s.data(), p.ub.data(), p.vb.data(), job,
                                         info.data());
  detail::check_converged(info, batched, what);
  return p;
}

}  // namespace detail_svd

/// numpy.linalg.svd: u, s, vh with a = u diag(s) vh; reduced (u m x k, vh k x n, k =
/// min(m, n)) unless full_matrices (u m x m, vh n x n). Rank 3: a batch.
template <operand A>
auto svd(const A& a, bool full_matrices = false) {
  using T = detail::linalg_t<value_of_t<A>>;
  using P = detail::real_part_t<T>;
  using S = space_of_t<A>;
  constexpr std::size_t R = rank_of_v<A>;
  const detail::operand_view<A> sa(a);
  const auto a3 = detail::as_batch(sa.view);
  const auto p = detail_svd::decompose<T>(a3, full_matrices ? detail::svd_job::full : detail::svd_job::reduced,
                                          R == 3, "svd");
  svd_result<tensor<T, R, S>, tensor<P, R - 1, S>> out{{}, detail::unbatched_copy<R - 1>(p.s), {}};
  if (p.transposed) {  // u = conj(v') is vt' as it lies; vh = u'^T is u' as it lies
    out.u = detail::unbatched_copy<R>(p.vb);
    out.vh = detail::unbatched_copy<R>(p.ub);
  } else {
    out.u = detail::unbatched_copy<R>(detail::row_major_view(p.ub));
    out.vh = detail::unbatched_copy<R>(detail::row_major_view(p.vb));
  }
  return out;
}

/// numpy.linalg.svdvals: the singular values alone, descending.
template <operand A>
auto svdvals(const A& a) {
  using T = detail::linalg_t<value_of_t<A>>;
  constexpr std::size_t R = rank_of_v<A>;
  const detail::operand_view<A> sa(a);
  const auto p = detail_svd::decompose<T>(detail::as_batch(sa.view), detail::svd_job::none, R == 3, "svdvals");
  return detail::unbatched_copy<R - 1>(p.s);
}

/// numpy.linalg.eigh's (and eig's) result.
template <class W, class V>
struct eig_result {
  W eigenvalues;
  V eigenvectors;
};

namespace detail_eig {
template <class T, class A>
auto hermitian(const A& a, bool vectors, const char* what) {
  using P = detail::real_part_t<T>;
  using S = space_of_t<A>;
  constexpr std::size_t R = rank_of_v<A>;
  const detail::operand_view<A> sa(a);
  const index_t n = detail::square_extent(sa.view, what);
  const auto a3 = detail::as_batch(sa.view);
  detail::refuse_non_finite(a3, R == 3, what);  // numpy's eigh returns eigenvalues that ignore it
  auto w = detail::column_major<T>(a3);
  tensor<P, 2, S> vals(shape<2>{a3.extent(0), n}, uninitialized);
  tensor<int, 1, S> info(shape<1>{a3.extent(0)});
  if (a3.extent(0) != 0 && n != 0)
    detail::solver_t<S>::template eigh<T>(a3.extent(0), n, w.data(), n * n, vals.data(), vectors, info.data());
  detail::check_converged(info, R == 3, what);
  return eig_result<tensor<P, R - 1, S>, tensor<T, R, S>>{
      detail::unbatched_copy<R - 1>(vals),
      vectors ? detail::unbatched_copy<R>(detail::row_major_view(w)) : tensor<T, R, S>()};
}

/// Column j of an eigenvector matrix from a real geev's packing: a conjugate pair j,
/// j + 1 (imag(w_j) > 0) is stored as the columns re, im.
template <class C>
struct unpack_real_vectors {
  template <class P>
  TANDEM_HD C operator()(P here, P next, P prev, C wj) const {
    if (wj.imag() > 0) return C(here, next);
    if (wj.imag() < 0) return C(prev, -here);
    return C(here, P(0));
  }
};
}  // namespace detail_eig

/// numpy.linalg.eigh: eigenvalues ascending (real) and orthonormal eigenvectors (columns)
/// of Hermitian matrices; only the lower triangle is read, as numpy's UPLO="L". A NaN or
/// an infinity throws td::linalg_error (numpy returns eigenvalues computed as if it were
/// not there).
template <operand A>
auto eigh(const A& a) {
  return detail_eig::hermitian<detail::linalg_t<value_of_t<A>>>(a, true, "eigh");
}

/// numpy.linalg.eigvalsh: eigh's eigenvalues alone.
template <operand A>
auto eigvalsh(const A& a) {
  return detail_eig::hermitian<detail::linalg_t<value_of_t<A>>>(a, false, "eigvalsh").eigenvalues;
}

namespace detail_eig {
/// eig's work: the eigenvalues, and with `vectors` the eigenvectors unpacked to complex
/// columns (else an empty tensor).
template <class A>
auto general(const A& a, bool vectors, const char* what) {
  using T = detail::linalg_t<value_of_t<A>>;
  using P = detail::real_part_t<T>;
  using C = detail::native_complex<P>;
  using S = space_of_t<A>;
  constexpr std::size_t R = rank_of_v<A>;
  const detail::operand_view<A> sa(a);
  const index_t n = detail::square_extent(sa.view, what);
  const auto a3 = detail::as_batch(sa.view);
  const index_t batch = a3.extent(0);
  detail::refuse_non_finite(a3, R == 3, what);  // as numpy's eig
  auto w = detail::column_major<T>(a3);
  tensor<C, 2, S> vals(shape<2>{batch, n}, uninitialized);
  // Real vectors have a zero column before the first matrix and after the last, so the
  // partner column of a pair (the next one or the previous one) can always be read; a
  // pair never spans two matrices, so the neighbour read across a boundary is unused.
  constexpr index_t pad = detail::is_complex_v<T> ? 0 : 1;
  tensor<T, 1, S> v(shape<1>{vectors ? batch * n * n + 2 * pad * n : 0});
  tensor<int, 1, S> info(shape<1>{batch});
  if (batch != 0 && n != 0)
    detail::solver_t<S>::template eig<T>(batch, n, w.data(), n * n, vals.data(),
                                         vectors ? v.data() + pad * n : nullptr, vectors, info.data());
  detail::check_converged(info, R == 3, what);
  tensor<C, 3, S> vectors_out(shape<3>{vectors ? batch : 0, n, n}, uninitialized);
  if (vectors_out.size() != 0) {
    const shape<3> sh{batch, n, n}, st{n * n, 1, n};
    const tensor_view<const T, 3, S> here(v.data() + pad * n, sh, st);
    if constexpr (detail::is_complex_v<T>) {
      detail::assign(vectors_out.view(), here);
    } else {
      const tensor_view<const T, 3, S> next(v.data() + 2 * n, sh, st), prev(v.data(), sh, st);
      const tensor_view<const C, 3, S> wj(vals.data(), sh, shape<3>{n, 0, 1});
      detail::assign(vectors_out.view(), map(unpack_real_vectors<C>{}, here, next, prev, wj));
    }
  }
  return eig_result<tensor<C, R - 1, S>, tensor<C, R, S>>{
      detail::unbatched_copy<R - 1>(vals),
      vectors ? detail::unbatched_copy<R>(vectors_out) : tensor<C, R, S>()};
}
}  // namespace detail_eig

/// numpy.linalg.eig: eigenvalues and right eigenvectors (columns, unit 2-norm) of general
/// square matrices, always complex (numpy returns real arrays when every eigenvalue is
/// real; a C++ result type cannot depend on the values). Real matrices are solved in
/// real arithmetic, so their conjugate pairs are exact conjugates. A NaN or an infinity
/// in the input throws td::linalg_error naming where, as numpy's eig refuses it.
template <operand A>
auto eig(const A& a) {
  return detail_eig::general(a, true, "eig");
}

/// numpy.linalg.eigvals: eig's eigenvalues alone (no eigenvectors are computed), complex.
template <operand A>
auto eigvals(const A& a) {
  return detail_eig::general(a, false, "eigvals").eigenvalues;
}

namespace detail_svd {
/// Singular values kept and inverted: per matrix of `batch` (k values each, descending),
/// 1 / s for the values above the threshold (`tol` when given, else `rel` times the
/// matrix's largest), 0 for the rest; and how many were kept, the numerical rank.
template <class P>
struct truncation {
  std::vector<P> inverse;
  std::vector<index_t> rank;
};
template <class P>
truncation<P> truncate(const std::vector<P>& s, index_t batch, index_t k, double rel, double tol = -1) {
  truncation<P> t{std::vector<P>(s.size(), P(0)), std::vector<index_t>(static_cast<std::size_t>(batch), 0)};
  for (index_t q = 0; q != batch; ++q) {
    double top = 0;
    for (index_t i = 0; i != k; ++i) top = std::max(top, double(s[static_cast<std::size_t>(q * k + i)]));
    const double cut = tol >= 0 ? tol : rel * top;
    for (index_t i = 0; i != k; ++i) {
      const std::size_t at = static_cast<std::size_t>(q * k + i);
      if (double(s[at]) > cut) {
        t.inverse[at] = P(1) / s[at];
        ++t.rank[static_cast<std::size_t>(q)];
      }
    }
  }
  return t;
}

/// conj(x) with its last two axes exchanged (a matrix's conjugate transpose), evaluated.
template <class T, std::size_t R, class S>
tensor<T, R, S> conj_transpose(const tensor<T, R, S>& x) {
  if constexpr (detail::is_complex_v<T>) return tensor<T, R, S>(conj(swapaxes(x, R - 2, R - 1)));
  else return tensor<T, R, S>(swapaxes(x, R - 2, R - 1));
}

/// v diag(d) w for a batch: the conjugate transpose of vh with its columns scaled by d
/// (batch, k), times w.
template <class T, std::size_t R, class P, class S>
tensor<T, R, S> scaled_product(const tensor<T, R, S>& vh, const std::vector<P>& d, const tensor<T, R, S>& w) {
  const index_t k = vh.extent(R - 2), batch = k == 0 ? 0 : static_cast<index_t>(d.size()) / k;
  const auto dt = from(d, {batch, k}, S{});
  shape<R> st{};
  if constexpr (R == 3) st[0] = k;
  st[R - 2] = 1;
  st[R - 1] = 0;
  const tensor<T, R, S> scaled(vh * tensor_view<const P, R, S>(dt.data(), vh.shape(), st));
  return matmul(conj_transpose(scaled), w);
}
}  // namespace detail_svd

/// numpy.linalg.pinv: the Moore-Penrose pseudo-inverse from the SVD, singular values at
/// or below rcond times the largest taken as zero (numpy's default rcond, 1e-15).
template <operand A>
auto pinv(const A& a, double rcond = 1e-15) {
  using T = detail::linalg_t<value_of_t<A>>;
  using S = space_of_t<A>;
  constexpr std::size_t R = rank_of_v<A>;
  static_assert(R == 2 || R == 3, "tandem: linalg::pinv takes a matrix (rank 2) or a batch of them (rank 3)");
  const detail::operand_view<A> sa(a);
  shape<R> out_shape = sa.view.shape();
  std::swap(out_shape[R - 2], out_shape[R - 1]);
  const index_t k = std::min(out_shape[R - 2], out_shape[R - 1]);
  if (k == 0) return tensor<T, R, S>(out_shape);
  const auto f = svd(sa.view);
  const auto s = to_vector(f.s);
  const auto t = detail_svd::truncate(s, static_cast<index_t>(s.size()) / k, k, rcond);
  // pinv = v diag(1/s) u^H
  return detail_svd::scaled_product(f.vh, t.inverse, detail_svd::conj_transpose(f.u));
}

/// numpy.linalg.matrix_rank: the number of singular values above tol (by default
/// max(s) * max(m, n) * eps, as numpy's); a tensor of ranks for a batch.
template <operand A>
auto matrix_rank(const A& a, double tol = -1) {
  using P = detail::real_part_t<detail::linalg_t<value_of_t<A>>>;
  constexpr std::size_t R = rank_of_v<A>;
  static_assert(R == 2 || R == 3, "tandem: linalg::matrix_rank takes a matrix (rank 2) or a batch of them (rank 3)");
  const detail::operand_view<A> sa(a);
  const index_t m = sa.view.extent(R - 2), n = sa.view.extent(R - 1), k = std::min(m, n);
  const index_t batch = R == 3 ? sa.view.extent(0) : 1;
  const auto t = detail_svd::truncate(to_vector(svdvals(sa.view)), batch, k,
                                      double(std::max(m, n)) * std::numeric_limits<P>::epsilon(), tol);
  if constexpr (R == 2) return t.rank[0];
  else return from(t.rank, {batch}, space_of_t<A>{});
}

/// numpy.linalg.lstsq's result: the solution, the squared residual norms (per column of
/// b, when a has full column rank and more rows than columns; else empty), a's rank and
/// its singular values.
template <class X, class Res, class Sv>
struct lstsq_result {
  X x;
  Res residuals;
  index_t rank;
  Sv s;
};

/// numpy.linalg.lstsq: x minimizing |b - a x| (2-norm), the minimum-norm one when a is
/// rank deficient, from a's SVD; singular values at or below rcond times the largest are
/// taken as zero (by default eps * max(m, n), as numpy's). a is (m, n), b (m) or (m, k).
template <operand A, operand B>
auto lstsq(const A& a, const B& b, double rcond = -1) {
  using T = detail::linalg_t<decltype(value_of_t<A>() * value_of_t<B>())>;
  using P = detail::real_part_t<T>;
  using S = typename detail::spaces_must_match<space_of_t<A>, space_of_t<B>>::type;
  constexpr std::size_t RB = rank_of_v<B>;
  static_assert(rank_of_v<A> == 2 && (RB == 1 || RB == 2),
                "tandem: linalg::lstsq takes a (m, n) with b (m) or (m, k), as numpy's");
  const tensor<T, 2, S> at(cast<T>(a));
  const detail::operand_view<B> sb(b);
  const index_t m = at.extent(0), n = at.extent(1), k = std::min(m, n);
  if (sb.view.extent(0) != m)
    throw shape_error("tandem: linalg::lstsq: a of shape " + to_string(at.shape()) + " and b of shape " +
                      to_string(sb.view.shape()) + " do not fit (b's rows must be a's " + std::to_string(m) + ")");
  const index_t nrhs = RB == 1 ? 1 : sb.view.extent(RB - 1);
  const tensor<T, 2, S> b2(cast<T>(tensor_view<const value_of_t<B>, 2, S>(
      sb.view.data(), shape<2>{m, nrhs}, shape<2>{sb.view.stride(0), RB == 1 ? 0 : sb.view.stride(RB - 1)})));
  const auto f = svd(at);
  const auto sv = to_vector(f.s);
  const auto t = detail_svd::truncate(sv, 1, k, rcond >= 0 ? rcond : std::numeric_limits<P>::epsilon() * double(std::max(m, n)));
  const index_t rank = t.rank[0];
  tensor<T, 2, S> x(shape<2>{n, nrhs});
  if (k != 0 && nrhs != 0)  // x = v diag(1/s) u^H b
    x = detail_svd::scaled_product(f.vh, t.inverse, tensor<T, 2, S>(matmul(detail_svd::conj_transpose(f.u), b2)));
  // Squared residual norms when a has full column rank and more rows than columns.
  const bool full = rank == n && m > n;
  tensor<P, 1, S> res(shape<1>{full ? nrhs : 0});
  if (full && nrhs != 0) {
    const auto d = eval(b2 - matmul(at, x));
    res = tensor<P, 1, S>(sum(real(d * conj(d)), index_t(0)));
  }
  auto xo = [&] {
    if constexpr (RB == 1) return tensor<T, 1, S>(tensor_view<const T, 1, S>(x.data(), shape<1>{n}, shape<1>{nrhs}));
    else return x;
  }();
  return lstsq_result<tensor<T, RB, S>, tensor<P, 1, S>, tensor<P, 1, S>>{std::move(xo), std::move(res), rank,
                                                                           tensor<P, 1, S>(f.s)};
}

namespace detail_norm {
/// |a| as P: a real operand converted first (so INT_MIN's magnitude is exact), a
/// complex one's magnitude converted.
template <class P, class A>
auto abs_as(const A& a) {
  if constexpr (detail::is_complex_v<value_of_t<A>>)
    return cast<P>(abs(a));
  else
    return abs(cast<P>(a));
}
template <class A>
auto abs_of(const A& a) {
  return abs_as<detail::real_part_t<detail::real_t<value_of_t<A>>>>(a);
}
}  // namespace detail_norm

/// numpy.linalg.norm without ord: the 2-norm of the elements taken flat (Frobenius for a
/// matrix), of any rank.
template <operand A>
auto norm(const A& a) {
  return tandem::norm(a);
}

/// numpy.linalg.norm with a numeric ord. A vector: max |x| (inf), min |x| (-inf), the
/// number of non-zeros (0), else sum(|x|^ord)^(1/ord). A matrix: the largest (inf) or
/// smallest (-inf) row sum of |a|, the largest (1) or smallest (-1) column sum, the
/// largest (2) or smallest (-2) singular value; other ords throw td::error.
template <operand A>
auto norm(const A& a, double ord) {
  constexpr std::size_t R = rank_of_v<A>;
  static_assert(R == 1 || R == 2, "tandem: linalg::norm with an ord takes a vector or a matrix, as numpy's");
  using P = detail::real_part_t<detail::real_t<value_of_t<A>>>;
  const double inf = std::numeric_limits<double>::infinity();
  const detail::operand_view<A> sa(a);
  if constexpr (R == 1) {
    const auto m = detail_norm::abs_of(sa.view);
    if (ord == inf) return sa.view.size() == 0 ? P(0) : P(max(m));
    if (ord == -inf) return sa.view.size() == 0 ? P(0) : P(min(m));
    if (ord == 0) return P(count_nonzero(sa.view));
    if (ord == 1) return P(sum(m));
    if (ord == 2) return P(tandem::norm(sa.view));
    using W = std::conditional_t<std::is_same_v<P, double>, double, float>;
    return P(std::pow(W(sum(pow(cast<W>(m), W(ord)))), W(1 / ord)));
  } else {
    using M = detail::real_part_t<detail::linalg_t<value_of_t<A>>>;
    if (sa.view.size() == 0) return M(0);
    if (ord == 2 || ord == -2) {
      const auto s = svdvals(sa.view);
      return M(ord == 2 ? max(s) : min(s));
    }
    const auto m = detail_norm::abs_of(sa.view);
    if (ord == inf) return M(max(sum(m, 1)));
    if (ord == -inf) return M(min(sum(m, 1)));
    if (ord == 1) return M(max(sum(m, 0)));
    if (ord == -1) return M(min(sum(m, 0)));
    throw error("tandem: linalg::norm: ord " + std::to_string(ord) +
                      " is not a matrix norm (use inf, -inf, 1, -1, 2, -2, \"fro\" or \"nuc\")");
  }
}

/// numpy.linalg.norm(a, ord, axis): the vector norm of each lane along `axis` (max |x|
/// for inf, min |x| for -inf, the count of non-zeros for 0, else sum(|x|^ord)^(1/ord)),
/// a tensor of one rank less, real (double for integers). An empty lane is 0, except
/// for inf and -inf, whose max and min of nothing throw as they do elsewhere.
template <operand A>
auto norm(const A& a, double ord, index_t axis) {
  using P = detail::real_part_t<detail::real_t<value_of_t<A>>>;
  constexpr std::size_t R = rank_of_v<A>;
  static_assert(R >= 1, "tandem: linalg::norm along an axis needs rank 1 or more");
  const double inf = std::numeric_limits<double>::infinity();
  const detail::operand_view<A> sa(a);
  const auto m = detail_norm::abs_of(sa.view);
  tensor<P, R - 1, space_of_t<A>> out;
  if (ord == inf)
    out = max(m, axis);
  else if (ord == -inf)
    out = min(m, axis);
  else if (ord == 0)
    out = cast<P>(count_nonzero(m, axis));
  else if (ord == 1)
    out = sum(m, axis);
  else if (ord == 2)
    out = tandem::norm(sa.view, axis);
  else {
    using W = std::conditional_t<std::is_same_v<P, double>, double, float>;
    out = cast<P>(pow(sum(pow(cast<W>(m), W(ord)), axis), W(1 / ord)));
  }
  return out;
}
template <operand A>
auto norm(const A& a, double ord, index_t axis, keepdims_t) {
  return detail::keep_axis(norm(a, ord, axis), axis);
}

/// numpy.linalg.norm with ord "fro" (Frobenius) or "nuc" (the sum of the singular
/// values) for a matrix; any other name throws td::error.
template <operand A>
auto norm(const A& a, std::string_view ord) {
  static_assert(rank_of_v<A> == 2, "tandem: linalg::norm(a, \"fro\" or \"nuc\") takes a matrix, as numpy's");
  using M = detail::real_part_t<detail::linalg_t<value_of_t<A>>>;
  if (ord == "fro") return M(tandem::norm(a));
  if (ord == "nuc") {
    const detail::operand_view<A> sa(a);
    return sa.view.size() == 0 ? M(0) : M(sum(svdvals(sa.view)));
  }
  throw error("tandem: linalg::norm: ord \"" + std::string(ord) + "\" is not a norm (use \"fro\" or \"nuc\")");
}

namespace detail_norm {
/// The matrix norm `ord` of each matrix of a dense batch (B, m, n): a tensor of B.
template <class M, class T, class S, class Ord>
tensor<M, 1, S> of_batch(const tensor_view<const T, 3, S>& x, Ord ord) {
  const index_t batch = x.extent(0), m = x.extent(1), n = x.extent(2);
  tensor<M, 1, S> out(shape<1>{batch});
  if (batch == 0 || m == 0 || n == 0) return out;  // numpy's norms of empty matrices are 0
  const auto singular = [&] { return svdvals(x); };
  if constexpr (std::is_convertible_v<Ord, std::string_view>) {
    const std::string_view name = ord;
    if (name == "fro")
      out = cast<M>(tandem::norm(tensor_view<const T, 2, S>(x.data(), shape<2>{batch, m * n}), 1));
    else if (name == "nuc")
      out = cast<M>(sum(singular(), 1));
    else
      throw error("tandem: linalg::norm: ord \"" + std::string(name) + "\" is not a norm (use \"fro\" or \"nuc\")");
  } else {
    const double inf = std::numeric_limits<double>::infinity();
    const auto mag = abs_as<M>(x);
    if (ord == 2 || ord == -2) {
      const auto s = singular();
      out = cast<M>(ord == 2 ? max(s, 1) : min(s, 1));
    } else if (ord == inf || ord == -inf) {  // rows' sums
      const tensor<M, 2, S> rows = sum(mag, 2);
      out = ord == inf ? max(rows, 1) : min(rows, 1);
    } else if (ord == 1 || ord == -1) {  // columns' sums
      const tensor<M, 2, S> cols = sum(mag, 1);
      out = ord == 1 ? max(cols, 1) : min(cols, 1);
    } else {
      throw error("tandem: linalg::norm: ord " + std::to_string(ord) +
                  " is not a matrix norm (use inf, -inf, 1, -1, 2, -2, \"fro\" or \"nuc\")");
    }
  }
  return out;
}
}  // namespace detail_norm

/// numpy.linalg.norm(a, ord, axis=(r, c)): the matrix norm `ord` (a number as for a
/// matrix, or "fro" or "nuc") of each matrix whose rows run along axis r and columns
/// along axis c, the other axes kept in order: a tensor of rank R - 2 (a value for a
/// matrix). Real, double for integers. The two axes must differ (td::error).
template <operand A, class Ord>
  requires(std::is_arithmetic_v<Ord> || std::is_convertible_v<Ord, std::string_view>)
auto norm(const A& a, const Ord& ord, const index_t (&axes)[2]) {
  constexpr std::size_t R = rank_of_v<A>;
  static_assert(R >= 2, "tandem: linalg::norm over two axes needs rank 2 or more");
  using V = value_of_t<A>;
  using S = space_of_t<A>;
  using M = detail::real_part_t<detail::linalg_t<V>>;
  const std::size_t r = detail::normalize_axis(axes[0], R, "linalg::norm");
  const std::size_t c = detail::normalize_axis(axes[1], R, "linalg::norm");
  if (r == c)
    throw error("tandem: linalg::norm: the rows' and the columns' axes are both " + std::to_string(r));
  const detail::operand_view<A> sa(a);
  // The matrices last and dense: r, then c, moved to the end.
  const auto last = moveaxis(moveaxis(sa.view, index_t(r), -1), index_t(c > r ? c - 1 : c), -1);
  const auto ext = last.shape();
  index_t batch = 1;
  shape<R - 2> lead;
  for (std::size_t d = 0; d + 2 < R; ++d) batch *= (lead[d] = ext[d]);
  const tensor<V, R, S> dense = last;
  const tensor_view<const V, 3, S> x(dense.data(), shape<3>{batch, ext[R - 2], ext[R - 1]});
  const tensor<M, 1, S> each = [&] {
    if constexpr (std::is_arithmetic_v<Ord>) return detail_norm::of_batch<M>(x, static_cast<double>(ord));
    else return detail_norm::of_batch<M>(x, std::string_view(ord));
  }();
  if constexpr (R == 2)
    return to_vector(each)[0];
  else
    return tensor<M, R - 2, S>(tensor_view<const M, R - 2, S>(each.data(), lead));
}

namespace detail_cond {
/// numpy's cond maps a NaN that the input did not hold (0 / 0 of a zero matrix's singular
/// values; a singular matrix's inverse) to infinity.
template <class P>
P nan_as_inf(P r) {
  return r != r ? std::numeric_limits<P>::infinity() : r;
}
/// The ratio s[0] / s[k - 1] (or its inverse) of each matrix's singular values.
template <bool Smallest, class Sv>
auto extreme_ratio(const Sv& s) {
  using P = value_of_t<Sv>;
  constexpr std::size_t R = rank_of_v<Sv>;
  const index_t k = s.shape()[R - 1];
  const auto top = detail::along(s.view(), R - 1, 0, 1), bottom = detail::along(s.view(), R - 1, k > 0 ? k - 1 : 0, 1);
  tensor<P, R, space_of_t<Sv>> r = Smallest ? eval(bottom / top) : eval(top / bottom);
  if constexpr (R == 1) {
    return nan_as_inf(to_vector(r)[0]);
  } else {
    tensor<P, R - 1, space_of_t<Sv>> out = squeeze(r.view(), -1);
    out = where(isnan(out), std::numeric_limits<P>::infinity(), out);
    return out;
  }
}
/// norm(a, ord) * norm(inv(a), ord) for a matrix; infinity where a is singular.
template <class A, class Ord>
auto through_inverse(const A& a, Ord ord) {
  static_assert(rank_of_v<A> == 2, "tandem: linalg::cond with an ord other than 2 or -2 takes a matrix");
  using M = detail::real_part_t<detail::linalg_t<value_of_t<A>>>;
  const M na = M(norm(a, ord));
  M ni;
  try {
    ni = M(norm(inv(a), ord));
  } catch (const linalg_error&) {  // numpy: the inverse of a singular matrix is NaN, its cond inf
    return std::numeric_limits<M>::infinity();
  }
  return nan_as_inf(M(na * ni));
}
}  // namespace detail_cond

/// numpy.linalg.cond: the 2-norm condition number, the largest singular value over the
/// smallest (infinity for a singular matrix); a tensor of them for a batch.
template <operand A>
auto cond(const A& a) {
  return detail_cond::extreme_ratio<false>(svdvals(a));
}

/// numpy.linalg.cond with an ord: 2 and -2 from the singular values (a batch gives a
/// tensor); 1, -1, inf and -inf as norm(a, ord) * norm(inv(a), ord), for a matrix
/// (infinity when it is singular). Other ords throw td::error, as norm does.
template <operand A>
auto cond(const A& a, double ord) {
  using M = detail::real_part_t<detail::linalg_t<value_of_t<A>>>;
  if constexpr (rank_of_v<A> == 2) {
    if (ord == 2 || ord == -2) {
      const auto s = svdvals(a);
      return M(ord == 2 ? detail_cond::extreme_ratio<false>(s) : detail_cond::extreme_ratio<true>(s));
    }
    detail::square_extent(detail::operand_view<A>(a).view, "cond");
    return detail_cond::through_inverse(a, ord);
  } else {
    if (ord != 2 && ord != -2)
      throw error("tandem: linalg::cond of a batch takes ord 2 or -2 (norms of other ords take one matrix)");
    const auto s = svdvals(a);
    return ord == 2 ? detail_cond::extreme_ratio<false>(s) : detail_cond::extreme_ratio<true>(s);
  }
}

/// numpy.linalg.cond with ord "fro" or "nuc", for a matrix.
template <operand A>
auto cond(const A& a, std::string_view ord) {
  detail::square_extent(detail::operand_view<A>(a).view, "cond");
  return detail_cond::through_inverse(a, ord);
}

/// numpy.linalg.matrix_power: a multiplied by itself n times, by repeated squaring in
/// numpy's order (a matrix or a batch); n = 0 gives identities, n < 0 the power of the
/// inverse (td::linalg_error for a singular matrix). Element types as matmul's.
template <operand A>
auto matrix_power(const A& a, long long n) {
  using T = value_of_t<A>;
  using S = space_of_t<A>;
  constexpr std::size_t R = rank_of_v<A>;
  static_assert(R == 2 || R == 3, "tandem: matrix_power takes a matrix (rank 2) or a batch of them (rank 3)");
  static_assert(detail::is_matmul_element_v<T>,
                "tandem: matrix_power multiplies as matmul does: float, double, 16-bit floats or complex (cast integers)");
  const detail::operand_view<A> sa(a);
  const index_t m = detail::square_extent(sa.view, "matrix_power");
  if (n == 0) {
    tensor<T, R, S> out(sa.view.shape(), uninitialized);
    out = broadcast_to(eye<T>(m, S{}), sa.view.shape());
    return out;
  }
  tensor<T, R, S> base;
  if (n < 0)
    base = cast<T>(inv(sa.view));
  else
    base = sa.view;
  unsigned long long k = n < 0 ? 0ull - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
  // numpy's loop: z runs through a, a^2, a^4, ...; the result collects the z of each set bit.
  tensor<T, R, S> z, result;
  bool have_z = false, have_result = false;
  while (k > 0) {
    if (have_z) z = matmul(z, z);
    else z = base;
    have_z = true;
    if (k & 1ull) {
      if (have_result) result = matmul(result, z);
      else result = z;
      have_result = true;
    }
    k >>= 1;
  }
  return result;
}

namespace detail_multi_dot {
/// An operand as a dense matrix: a vector as a row (`first`) or a column.
template <class T, class S, class X>
tensor<T, 2, S> as_matrix(const X& x, bool first) {
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(R == 1 || R == 2, "tandem: multi_dot takes matrices, and vectors at either end");
  static_assert(std::is_same_v<value_of_t<X>, T>, "tandem: multi_dot needs operands of one element type");
  if constexpr (R == 2) {
    return tensor<T, 2, S>(x);
  } else {
    const index_t n = x.shape()[0];
    tensor<T, 2, S> out(first ? shape<2>{1, n} : shape<2>{n, 1}, uninitialized);
    tensor_view<T, 1, S>(out.data(), shape<1>{n}) = x;
    return out;
  }
}
/// Whether every rank but the first and the last is 2.
template <std::size_t First, std::size_t... R>
constexpr bool middle_are_matrices() {
  constexpr std::size_t r[] = {R...};
  for (std::size_t i = 0; i + 1 < sizeof...(R); ++i)
    if (r[i] != 2) return false;
  return true;
}
/// The product of mats[i..j] in the order `split` gives (split[i][j]: the last matrix of
/// the left factor).
template <class T, class S>
tensor<T, 2, S> chain(const std::vector<tensor<T, 2, S>>& mats, const std::vector<std::vector<std::size_t>>& split,
                      std::size_t i, std::size_t j) {
  if (i == j) return mats[i];
  const std::size_t k = split[i][j];
  if (k == i && k + 1 == j) return matmul(mats[i], mats[j]);
  if (k == i) return matmul(mats[i], chain(mats, split, k + 1, j));
  if (k + 1 == j) return matmul(chain(mats, split, i, k), mats[j]);
  return matmul(chain(mats, split, i, k), chain(mats, split, k + 1, j));
}
}  // namespace detail_multi_dot

/// numpy.linalg.multi_dot: the product of two or more matrices, multiplied in the order
/// with the fewest scalar multiplications (the chain order, found by dynamic programming
/// over the extents); the first operand may be a vector (a row) and the last one (a
/// column), and then that axis is dropped, as numpy's: both vectors give a value.
template <operand A, operand B, operand... Rest>
auto multi_dot(const A& a, const B& b, const Rest&... rest) {
  using T = value_of_t<A>;
  using S = space_of_t<A>;
  static_assert(detail::is_matmul_element_v<T>,
                "tandem: multi_dot multiplies as matmul does: float, double, 16-bit floats or complex");
  static_assert((std::is_same_v<space_of_t<B>, S> && ... && std::is_same_v<space_of_t<Rest>, S>),
                "tandem: multi_dot's operands must live in one space");
  constexpr std::size_t count = 2 + sizeof...(Rest);
  constexpr bool first_vector = rank_of_v<A> == 1;
  constexpr std::size_t ranks[] = {rank_of_v<A>, rank_of_v<B>, rank_of_v<Rest>...};
  constexpr bool last_vector = ranks[count - 1] == 1;
  static_assert(detail_multi_dot::middle_are_matrices<rank_of_v<A>, rank_of_v<B>, rank_of_v<Rest>...>(),
                "tandem: multi_dot's operands between the first and the last are matrices");
  std::vector<tensor<T, 2, S>> mats;
  mats.reserve(count);
  mats.push_back(detail_multi_dot::as_matrix<T, S>(a, true));
  mats.push_back(detail_multi_dot::as_matrix<T, S>(b, false));
  (mats.push_back(detail_multi_dot::as_matrix<T, S>(rest, false)), ...);
  for (std::size_t i = 1; i < count; ++i) {
    if (mats[i - 1].extent(1) != mats[i].extent(0))
      throw shape_error("tandem: linalg::multi_dot: operand " + std::to_string(i - 1) + " has shape " +
                        to_string(mats[i - 1].shape()) + " and operand " + std::to_string(i) + " " +
                        to_string(mats[i].shape()) + " (as matrices); the inner extents differ");
  }
  // cost[i][j]: the fewest multiplications for mats[i..j]; p[i] x p[i + 1] is mats[i]'s shape.
  std::vector<double> p(count + 1);
  for (std::size_t i = 0; i < count; ++i) p[i] = double(mats[i].extent(0));
  p[count] = double(mats[count - 1].extent(1));
  std::vector<std::vector<double>> cost(count, std::vector<double>(count, 0.0));
  std::vector<std::vector<std::size_t>> split(count, std::vector<std::size_t>(count, 0));
  for (std::size_t len = 1; len < count; ++len)
    for (std::size_t i = 0; i + len < count; ++i) {
      const std::size_t j = i + len;
      cost[i][j] = std::numeric_limits<double>::infinity();
      for (std::size_t k = i; k < j; ++k) {
        const double c = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1];
        if (c < cost[i][j]) {
          cost[i][j] = c;
          split[i][j] = k;
        }
      }
    }
  const tensor<T, 2, S> product = detail_multi_dot::chain(mats, split, 0, count - 1);
  if constexpr (first_vector && last_vector) {
    return to_vector(product)[0];
  } else if constexpr (first_vector || last_vector) {
    tensor<T, 1, S> out = tensor_view<const T, 1, S>(product.data(), shape<1>{product.size()});
    return out;
  } else {
    return product;
  }
}

}  // namespace tandem::linalg

namespace tandem {

/// numpy's polyfit: the least-squares polynomial of degree `deg` through the points
/// (x, y), coefficients highest power first (y of rank 2: one polynomial per column, as
/// columns of the result). numpy's method: the Vandermonde matrix of x with its columns
/// scaled to unit norm, td::linalg::lstsq with rcond = len(x) eps, the scale divided out;
/// in double whatever the operands (numpy 2 fits float32 data in float32). A negative
/// degree, no points, or y with another number of rows than x has points, throws.
template <operand X, operand Y>
auto polyfit(const X& x, const Y& y, index_t deg) {
  using S = typename detail::spaces_must_match<space_of_t<X>, space_of_t<Y>>::type;
  constexpr std::size_t RY = rank_of_v<Y>;
  static_assert(rank_of_v<X> == 1 && (RY == 1 || RY == 2),
                "tandem: polyfit takes x of rank 1 and y of rank 1 or 2, as numpy's");
  if (deg < 0) throw error("tandem: polyfit: the degree must be non-negative, got " + std::to_string(deg));
  const index_t m = x.shape()[0];
  if (m == 0) throw shape_error("tandem: polyfit: no points (numpy: expected non-empty vector for x)");
  if (y.shape()[0] != m)
    throw shape_error("tandem: polyfit: x has " + std::to_string(m) + " points and y " + std::to_string(y.shape()[0]) +
                      " rows (numpy: expected x and y to have same length)");
  const tensor<double, 1, S> xd = cast<double>(x);
  tensor<double, 2, S> lhs = vander(xd, deg + 1);
  const tensor<double, 1, S> scale = sqrt(sum(lhs * lhs, index_t(0)));
  lhs = lhs / expand_dims(scale, 0);
  const auto fit = linalg::lstsq(lhs, cast<double>(y), double(m) * std::numeric_limits<double>::epsilon());
  if constexpr (RY == 1) {
    return tensor<double, 1, S>(fit.x / scale);
  } else {
    return tensor<double, 2, S>(fit.x / expand_dims(scale, 1));
  }
}

}  // namespace tandem
