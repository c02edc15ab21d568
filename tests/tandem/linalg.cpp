// Dense linear algebra (linalg.hpp): solve, inv, det, slogdet, cholesky, lu_factor,
// lu_solve, qr, svd, svdvals, eigh, eigvalsh, eig, lstsq, pinv, matrix_rank and norm for
// float, double and both complex types, on single matrices and batches, in every space.
// Checked by reconstruction in double (A x = b residuals, A A^-1 = I, L L^H = A, A = QR
// with Q orthonormal, A = U S Vh, A V = V diag(w), the normal equations, the Penrose
// conditions, det against the product of the LU diagonal), hand-computed 2 x 2 and 3 x 3
// cases, singular and indefinite inputs (the error and its message), empty and 1 x 1
// matrices, wide and tall shapes, transposed views and expressions.
#include <cmath>
#include <complex>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "support/test_support.hpp"

namespace {

using cf = td::complex<float>;
using cd = td::complex<double>;
using ref = std::complex<double>;

using testing::as_complex;
template <class X>
std::vector<ref> refs(const X& x) {
  return testing::complex_values(x);
}

/// A well-conditioned n x n matrix (random plus n on the diagonal), of T.
template <class T>
std::vector<T> sample(std::size_t n, unsigned seed, bool hermitian_pd = false) {
  const auto re = testing::random_values<double>(n * n, -1, 1, seed), im = testing::random_values<double>(n * n, -1, 1, seed + 3);
  std::vector<ref> m(n * n);
  for (std::size_t i = 0; i < n * n; ++i) m[i] = td::detail::is_complex_v<T> ? ref(re[i], im[i]) : ref(re[i], 0);
  if (hermitian_pd) {  // B B^H + n I
    std::vector<ref> h(n * n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        ref s = i == j ? ref(double(n), 0) : ref(0, 0);
        for (std::size_t k = 0; k < n; ++k) s += m[i * n + k] * std::conj(m[j * n + k]);
        h[i * n + j] = s;
      }
    m = h;
  } else {
    for (std::size_t i = 0; i < n; ++i) m[i * n + i] += double(n);
  }
  std::vector<T> out;
  for (const ref& z : m) {
    if constexpr (td::detail::is_complex_v<T>) out.emplace_back(typename T::value_type(z.real()), typename T::value_type(z.imag()));
    else out.push_back(T(z.real()));
  }
  return out;
}

/// Largest |(A X - B)_ij| over the batch, A (q, n, n), X and B (q, n, k), row-major.
double residual(const std::vector<ref>& a, const std::vector<ref>& x, const std::vector<ref>& b, std::size_t q,
                std::size_t n, std::size_t k) {
  double worst = 0;
  for (std::size_t p = 0; p < q; ++p)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < k; ++j) {
        ref s(0, 0);
        for (std::size_t l = 0; l < n; ++l) s += a[p * n * n + i * n + l] * x[p * n * k + l * k + j];
        worst = std::max(worst, std::abs(s - b[p * n * k + i * k + j]));
      }
  return worst;
}

template <class T>
constexpr double tol() {
  return std::is_same_v<T, float> || std::is_same_v<T, cf> ? 1e-4 : 1e-11;
}

template <class X>
std::string error_of(X f) {
  try {
    f();
  } catch (const td::linalg_error& e) {
    return e.what();
  }
  return "no linalg_error";
}

}  // namespace

TEMPLATE_TEST_CASE("linalg: solve, inv, det and slogdet of hand-computed matrices", "[linalg]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // [[2, 1], [1, 3]] x = [3, 5]: x = [0.8, 1.4]; det 5; inv [[0.6, -0.2], [-0.2, 0.4]].
  const auto a = td::from<double>({{2, 1}, {1, 3}}, space);
  const auto x = refs(td::linalg::solve(a, td::from<double>({3, 5}, space)));
  CHECK(std::abs(x[0] - 0.8) < 1e-14);
  CHECK(std::abs(x[1] - 1.4) < 1e-14);
  CHECK(std::abs(td::linalg::det(a) - 5.0) < 1e-13);
  const auto ai = refs(td::linalg::inv(a));
  const std::vector<double> want{0.6, -0.2, -0.2, 0.4};
  for (std::size_t i = 0; i < 4; ++i) CHECK(std::abs(ai[i] - want[i]) < 1e-14);
  // 3 x 3 with a row swap in LU: det [[0, 2, 1], [1, 1, 0], [3, 0, 1]] = -5.
  const auto b = td::from<double>({{0, 2, 1}, {1, 1, 0}, {3, 0, 1}}, space);
  CHECK(std::abs(td::linalg::det(b) + 5.0) < 1e-13);
  const auto sl = td::linalg::slogdet(b);
  CHECK(sl.sign == -1.0);
  CHECK(std::abs(sl.logabsdet - std::log(5.0)) < 1e-13);
  // Complex: det [[1, 2+i], [i, 3]] = 3 - i (2 + i) = 4 - 2i; slogdet's sign is its phase.
  const auto z = td::from<cd>({cd(1, 0), cd(2, 1), cd(0, 1), cd(3, 0)}, space);
  const auto zm = td::reshape(z, {2, 2});
  const cd dz = td::linalg::det(zm);
  CHECK(std::abs(as_complex(dz) - ref(4, -2)) < 1e-13);
  const auto zs = td::linalg::slogdet(zm);
  CHECK(std::abs(as_complex(zs.sign) - ref(4, -2) / std::abs(ref(4, -2))) < 1e-13);
  CHECK(std::abs(zs.logabsdet - std::log(std::abs(ref(4, -2)))) < 1e-13);
  // Integers are solved in double, float32 stays single.
  static_assert(std::is_same_v<decltype(td::linalg::det(td::from<int>({{1, 2}, {3, 4}}))), double>);
  CHECK(std::abs(td::linalg::det(td::from<int>({{1, 2}, {3, 4}}, space)) + 2.0) < 1e-13);
  static_assert(std::is_same_v<td::value_of_t<decltype(td::linalg::inv(td::from<float>({{1.f}})))>, float>);
  // 1 x 1 and empty matrices.
  CHECK(std::abs(refs(td::linalg::inv(td::from<double>({{4.0}}, space)))[0] - 0.25) < 1e-15);
  const auto e = td::zeros<double>({0, 0}, space);
  CHECK(td::linalg::det(e) == 1.0);  // numpy: the empty product
  CHECK(td::linalg::inv(e).size() == 0);
  CHECK(td::linalg::cholesky(e).size() == 0);
  CHECK(td::linalg::solve(e, td::zeros<double>({0}, space)).size() == 0);
  CHECK(td::linalg::det(td::zeros<double>({0, 3, 3}, space)).size() == 0);
}

TEMPLATE_TEST_CASE("linalg: solve and inv reconstruct, batched and strided, every type", "[linalg]",
                   TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto run = [&](auto tag) {
    using T = decltype(tag);
    for (std::size_t n : {1u, 2u, 3u, 17u, 64u}) {
      CAPTURE(n);
      const auto av = sample<T>(n, unsigned(n));
      const auto a = td::from(av, {td::index_t(n), td::index_t(n)}, space);
      const auto b = td::from(sample<T>(n, unsigned(n) + 50), {td::index_t(n), td::index_t(n)}, space);
      const auto x = td::linalg::solve(a, b);
      static_assert(std::is_same_v<td::value_of_t<decltype(x)>, T>);
      CHECK(residual(refs(a), refs(x), refs(b), 1, n, n) < tol<T>() * double(n));
      // A vector right-hand side, and a transposed view of a (a^T x = b).
      const auto bv = td::slice(b, td::all, 0);
      CHECK(residual(refs(a), refs(td::linalg::solve(a, bv)), refs(td::eval(bv)), 1, n, 1) < tol<T>() * double(n));
      const auto at = td::transpose(a);
      CHECK(residual(refs(at), refs(td::linalg::solve(at, b)), refs(b), 1, n, n) < tol<T>() * double(n));
      // inv: A A^-1 = I.
      std::vector<ref> eye(n * n, ref(0, 0));
      for (std::size_t i = 0; i < n; ++i) eye[i * n + i] = 1;
      CHECK(residual(refs(a), refs(td::linalg::inv(a)), eye, 1, n, n) < tol<T>() * double(n));
      // det against the product of the LU diagonal (and the pivots' sign).
      const auto f = td::linalg::lu_factor(a);
      const auto lu = refs(f.lu);
      const auto piv = td::to_vector(f.piv);
      ref prod(1, 0);
      for (std::size_t i = 0; i < n; ++i) {
        prod *= lu[i * n + i];
        if (piv[i] != td::index_t(i)) prod = -prod;
      }
      if (n <= 17)  // (64 x 64 determinants overflow float, as numpy's do)
        CHECK(std::abs(as_complex(td::linalg::det(a)) - prod) <= tol<T>() * std::abs(prod));
      double logs = 0;
      for (std::size_t i = 0; i < n; ++i) logs += std::log(std::abs(lu[i * n + i]));
      CHECK(std::abs(double(td::linalg::slogdet(a).logabsdet) - logs) <= tol<T>() * std::abs(logs) + tol<T>());
      CHECK(residual(refs(a), refs(td::linalg::lu_solve(f, b)), refs(b), 1, n, n) < tol<T>() * double(n));
    }
    // A batch of 5 matrices (4 x 4), with a batch of right-hand sides (4 x 2).
    std::vector<T> av, bv;
    for (unsigned q = 0; q < 5; ++q) {
      const auto m = sample<T>(4, 90 + q), r = sample<T>(4, 120 + q);
      av.insert(av.end(), m.begin(), m.end());
      for (std::size_t i = 0; i < 4; ++i) bv.insert(bv.end(), r.begin() + long(i * 4), r.begin() + long(i * 4 + 2));
    }
    const auto a = td::from(av, {5, 4, 4}, space);
    const auto b = td::from(bv, {5, 4, 2}, space);
    CHECK(residual(refs(a), refs(td::linalg::solve(a, b)), refs(b), 5, 4, 2) < tol<T>() * 4);
    const auto d = refs(td::linalg::det(a));
    REQUIRE(d.size() == 5);
    for (std::size_t q = 0; q < 5; ++q) {
      const auto one = td::slice(a, td::index_t(q), td::all, td::all);
      CHECK(std::abs(d[q] - as_complex(td::linalg::det(one))) <= tol<T>() * std::abs(d[q]));
    }
    // An expression operand.
    CHECK(residual(refs(td::eval(a * T(2))), refs(td::linalg::solve(a * T(2), b)), refs(b), 5, 4, 2) < tol<T>() * 8);
  };
  run(float{});
  run(double{});
  run(cf{});
  run(cd{});
}

TEMPLATE_TEST_CASE("linalg: cholesky reconstructs positive definite matrices", "[linalg]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // Hand value: [[4, 2], [2, 5]] = L L^T with L = [[2, 0], [1, 2]].
  CHECK(td::to_vector(td::linalg::cholesky(td::from<double>({{4, 2}, {2, 5}}, space))) ==
        std::vector<double>{2, 0, 1, 2});
  const auto run = [&](auto tag) {
    using T = decltype(tag);
    for (std::size_t n : {1u, 3u, 16u, 50u}) {
      CAPTURE(n);
      const auto a = td::from(sample<T>(n, unsigned(n) + 7, true), {td::index_t(n), td::index_t(n)}, space);
      const auto l = refs(td::linalg::cholesky(a));
      const auto av = refs(a);
      double worst = 0, upper = 0;
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
          ref s(0, 0);
          for (std::size_t k = 0; k < n; ++k) s += l[i * n + k] * std::conj(l[j * n + k]);
          worst = std::max(worst, std::abs(s - av[i * n + j]));
          if (j > i) upper = std::max(upper, std::abs(l[i * n + j]));
        }
      CHECK(worst < tol<T>() * double(n) * double(n));
      CHECK(upper == 0);  // lower triangular, as numpy's
    }
    // Batched: each entry its own factor.
    std::vector<T> av;
    for (unsigned q = 0; q < 3; ++q) {
      const auto m = sample<T>(5, 200 + q, true);
      av.insert(av.end(), m.begin(), m.end());
    }
    const auto a = td::from(av, {3, 5, 5}, space);
    const auto l = td::linalg::cholesky(a);
    for (td::index_t q = 0; q < 3; ++q) {
      // Equal up to rounding: a GPU factors a batch with another routine than one matrix.
      const auto got = refs(td::slice(l, q, td::all, td::all));
      const auto one = refs(td::linalg::cholesky(td::slice(a, q, td::all, td::all)));
      REQUIRE(got.size() == one.size());
      for (std::size_t i = 0; i < got.size(); ++i) CHECK(std::abs(got[i] - one[i]) <= tol<T>() * 25);
    }
  };
  run(float{});
  run(double{});
  run(cf{});
  run(cd{});
}

TEMPLATE_TEST_CASE("linalg: singular and indefinite inputs throw linalg_error naming the entry", "[linalg]",
                   TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto sing = td::from<double>({{1, 2}, {2, 4}}, space);
  const auto rhs = td::from<double>({1, 1}, space);
  CHECK_THROWS_AS(td::linalg::solve(sing, rhs), td::linalg_error);
  CHECK(error_of([&] { (void)td::linalg::solve(sing, rhs); }) ==
        "tandem: linalg::solve: the matrix is singular: pivot U[1, 1] is exactly zero");
  CHECK_THROWS_AS(td::linalg::inv(sing), td::linalg_error);
  CHECK(td::linalg::det(sing) == 0.0);
  const auto sl = td::linalg::slogdet(sing);
  CHECK(sl.sign == 0.0);
  CHECK(std::isinf(sl.logabsdet));
  CHECK(sl.logabsdet < 0);
  // A batch whose entry 2 is singular: the message names it.
  std::vector<double> v;
  for (int q = 0; q < 3; ++q) {
    const std::vector<double> m = q == 2 ? std::vector<double>{1, 1, 1, 1} : std::vector<double>{2, 1, 1, 2};
    v.insert(v.end(), m.begin(), m.end());
  }
  const auto batch = td::from(v, {3, 2, 2}, space);
  CHECK(error_of([&] { (void)td::linalg::inv(batch); }) ==
        "tandem: linalg::inv: matrix 2 of the batch of 3 is singular: pivot U[1, 1] is exactly zero");
  // Not positive definite: [[1, 2], [2, 1]] fails at the minor of order 2; [[-1]] at 1.
  CHECK(error_of([&] { (void)td::linalg::cholesky(td::from<double>({{1, 2}, {2, 1}}, space)); }) ==
        "tandem: linalg::cholesky: the matrix is not positive definite: its leading minor of order 2 is not positive");
  CHECK(error_of([&] { (void)td::linalg::cholesky(td::from<double>({{-1.0}}, space)); }).find("order 1") !=
        std::string::npos);
  // A NaN input does not hang: det is NaN; cholesky stops (reference LAPACK treats NaN as
  // not positive) or gives NaN (OpenBLAS's does not look).
  const auto nan = td::from<double>({{std::nan(""), 0}, {0, 1}}, space);
  CHECK(std::isnan(td::linalg::det(nan)));
  bool stopped = false, nan_result = false;
  try {
    nan_result = std::isnan(td::to_vector(td::linalg::cholesky(nan))[0]);
  } catch (const td::linalg_error&) {
    stopped = true;
  }
  CHECK((stopped || nan_result));
  // Shapes: not square, b of the wrong length.
  CHECK_THROWS_AS(td::linalg::det(td::zeros<double>({2, 3}, space)), td::shape_error);
  CHECK_THROWS_AS(td::linalg::solve(td::eye<double>(3, space), td::zeros<double>({2}, space)), td::shape_error);
}

namespace {

/// A random m x n matrix of T (entries in [-1, 1), complex parts both random).
template <class T>
std::vector<T> rect(std::size_t m, std::size_t n, unsigned seed) {
  const auto re = testing::random_values<double>(m * n, -1, 1, seed), im = testing::random_values<double>(m * n, -1, 1, seed + 1);
  std::vector<T> out;
  for (std::size_t i = 0; i < m * n; ++i) {
    if constexpr (td::detail::is_complex_v<T>) out.emplace_back(typename T::value_type(re[i]), typename T::value_type(im[i]));
    else out.push_back(T(re[i]));
  }
  return out;
}

/// Row-major double-precision products and transposes of the references.
std::vector<ref> mul(const std::vector<ref>& a, const std::vector<ref>& b, std::size_t m, std::size_t k, std::size_t n) {
  std::vector<ref> c(m * n, ref(0, 0));
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t l = 0; l < k; ++l)
      for (std::size_t j = 0; j < n; ++j) c[i * n + j] += a[i * k + l] * b[l * n + j];
  return c;
}
std::vector<ref> herm(const std::vector<ref>& a, std::size_t m, std::size_t n) {  // (m x n) -> (n x m), conjugated
  std::vector<ref> t(m * n);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) t[j * m + i] = std::conj(a[i * n + j]);
  return t;
}
double max_diff(const std::vector<ref>& a, const std::vector<ref>& b) {
  REQUIRE(a.size() == b.size());
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(a[i] - b[i]));
  return worst;
}
std::vector<ref> identity(std::size_t n) {
  std::vector<ref> e(n * n, ref(0, 0));
  for (std::size_t i = 0; i < n; ++i) e[i * n + i] = 1;
  return e;
}
/// Matrix q of a row-major batch of (rows x cols) matrices.
std::vector<ref> entry(const std::vector<ref>& v, std::size_t q, std::size_t rows, std::size_t cols) {
  return std::vector<ref>(v.begin() + long(q * rows * cols), v.begin() + long((q + 1) * rows * cols));
}

template <class F>
void every_type(F f) {
  f(float{});
  f(double{});
  f(cf{});
  f(cd{});
}

}  // namespace

TEMPLATE_TEST_CASE("linalg: qr reconstructs with orthonormal q and upper-triangular r", "[linalg]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // Hand value: [[3, 0], [4, 5]] = q r with |r| = [[5, 4], [0, 3]] (signs are LAPACK's choice).
  const auto h = td::linalg::qr(td::from<double>({{3, 0}, {4, 5}}, space));
  const auto hr = refs(h.r);
  CHECK(std::abs(std::abs(hr[0]) - 5) < 1e-14);
  CHECK(std::abs(std::abs(hr[1]) - 4) < 1e-14);
  CHECK(hr[2] == 0.0);
  CHECK(std::abs(std::abs(hr[3]) - 3) < 1e-14);
  every_type([&](auto tag) {
    using T = decltype(tag);
    for (auto [m, n] : {std::pair<std::size_t, std::size_t>{5, 3}, {3, 5}, {4, 4}, {1, 1}, {7, 1}}) {
      CAPTURE(m, n);
      const std::size_t k = std::min(m, n);
      const auto a = td::from(rect<T>(m, n, unsigned(m * 10 + n)), {td::index_t(m), td::index_t(n)}, space);
      const auto f = td::linalg::qr(a);
      static_assert(std::is_same_v<td::value_of_t<decltype(f.q)>, T>);
      REQUIRE(f.q.shape() == td::shape<2>{td::index_t(m), td::index_t(k)});
      REQUIRE(f.r.shape() == td::shape<2>{td::index_t(k), td::index_t(n)});
      const auto q = refs(f.q), r = refs(f.r);
      CHECK(max_diff(mul(q, r, m, k, n), refs(a)) < tol<T>() * 10);
      CHECK(max_diff(mul(herm(q, m, k), q, k, m, k), identity(k)) < tol<T>() * 10);
      for (std::size_t i = 0; i < k; ++i)
        for (std::size_t j = 0; j < i; ++j) CHECK(r[i * n + j] == 0.0);
    }
    // A batch, read through a transposed view of each matrix.
    const auto a = td::from(rect<T>(3 * 6 * 4, 1, 77), {3, 4, 6}, space);
    const auto at = td::swapaxes(a, 1, 2);  // (3, 6, 4)
    const auto f = td::linalg::qr(at);
    const auto ar = refs(at), q = refs(f.q), r = refs(f.r);
    for (std::size_t b = 0; b < 3; ++b)
      CHECK(max_diff(mul(entry(q, b, 6, 4), entry(r, b, 4, 4), 6, 4, 4), entry(ar, b, 6, 4)) < tol<T>() * 10);
  });
  // Empty matrices: q (m, 0) and r (0, n), or r (0, 0) ... as numpy's reduced mode.
  const auto e = td::linalg::qr(td::zeros<double>({0, 3}, space));
  CHECK(e.q.shape() == td::shape<2>{0, 0});
  CHECK(e.r.shape() == td::shape<2>{0, 3});
  const auto e2 = td::linalg::qr(td::zeros<double>({3, 0}, space));
  CHECK(e2.q.shape() == td::shape<2>{3, 0});
  CHECK(e2.r.shape() == td::shape<2>{0, 0});
}

TEMPLATE_TEST_CASE("linalg: svd and svdvals, tall, wide, full and batched", "[linalg]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // Hand values: diag(3, -4) has s = [4, 3]; [[1, 1], [1, 1]] has s = [2, 0]; [[1, -2],
  // [3, 4]] has s1 s2 = |det| = 10 and s1^2 + s2^2 = 30.
  const auto s1 = td::to_vector(td::linalg::svdvals(td::from<double>({{3, 0}, {0, -4}}, space)));
  CHECK(std::abs(s1[0] - 4) < 1e-14);
  CHECK(std::abs(s1[1] - 3) < 1e-14);
  const auto s2 = td::to_vector(td::linalg::svdvals(td::from<double>({{1, 1}, {1, 1}}, space)));
  CHECK(std::abs(s2[0] - 2) < 1e-14);
  CHECK(std::abs(s2[1]) < 1e-14);
  const auto s3 = td::to_vector(td::linalg::svd(td::from<double>({{1, -2}, {3, 4}}, space)).s);
  CHECK(std::abs(s3[0] * s3[1] - 10) < 1e-12);
  CHECK(std::abs(s3[0] * s3[0] + s3[1] * s3[1] - 30) < 1e-12);
  every_type([&](auto tag) {
    using T = decltype(tag);
    using P = td::detail::real_part_t<T>;
    for (auto [m, n] : {std::pair<std::size_t, std::size_t>{6, 4}, {3, 5}, {4, 4}, {1, 3}, {5, 1}}) {
      for (bool full : {false, true}) {
        CAPTURE(m, n, full);
        const std::size_t k = std::min(m, n), ur = full ? m : k, vc = full ? n : k;
        const auto a = td::from(rect<T>(m, n, unsigned(m * 7 + n)), {td::index_t(m), td::index_t(n)}, space);
        const auto f = td::linalg::svd(a, full);
        static_assert(std::is_same_v<td::value_of_t<decltype(f.s)>, P>);
        REQUIRE(f.u.shape() == td::shape<2>{td::index_t(m), td::index_t(ur)});
        REQUIRE(f.vh.shape() == td::shape<2>{td::index_t(vc), td::index_t(n)});
        REQUIRE(f.s.size() == td::index_t(k));
        const auto u = refs(f.u), vh = refs(f.vh);
        const auto s = td::to_vector(f.s);
        for (std::size_t i = 0; i < k; ++i) {
          CHECK(s[i] >= 0);
          if (i) CHECK(s[i] <= s[i - 1]);
        }
        // u[:, :k] diag(s) vh[:k, :] = a; the full factors stay unitary.
        std::vector<ref> us(m * k), vk(k * n);
        for (std::size_t i = 0; i < m; ++i)
          for (std::size_t j = 0; j < k; ++j) us[i * k + j] = u[i * ur + j] * double(s[j]);
        for (std::size_t i = 0; i < k * n; ++i) vk[i] = vh[i];
        CHECK(max_diff(mul(us, vk, m, k, n), refs(a)) < tol<T>() * 10);
        CHECK(max_diff(mul(herm(u, m, ur), u, ur, m, ur), identity(ur)) < tol<T>() * 10);
        CHECK(max_diff(mul(vh, herm(vh, vc, n), vc, n, vc), identity(vc)) < tol<T>() * 10);
        const auto sv = td::to_vector(td::linalg::svdvals(a));
        for (std::size_t i = 0; i < k; ++i) CHECK(std::abs(double(sv[i]) - double(s[i])) < tol<T>() * 10);
      }
    }
    // A batch of wide matrices: each entry is its own decomposition.
    const auto a = td::from(rect<T>(2 * 3 * 5, 1, 91), {2, 3, 5}, space);
    const auto f = td::linalg::svd(a);
    const auto s = td::to_vector(f.s);
    REQUIRE(s.size() == 6);
    for (td::index_t b = 0; b < 2; ++b) {
      const auto one = td::to_vector(td::linalg::svdvals(td::slice(a, b, td::all, td::all)));
      for (std::size_t i = 0; i < 3; ++i) CHECK(std::abs(double(one[i]) - double(s[std::size_t(b) * 3 + i])) < tol<T>() * 10);
    }
  });
  // Empty: no singular values; the full factors of a (0, 3) matrix are I (3 x 3) for vh.
  CHECK(td::linalg::svdvals(td::zeros<double>({0, 3}, space)).size() == 0);
  const auto e = td::linalg::svd(td::zeros<double>({0, 3}, space), true);
  CHECK(e.u.shape() == td::shape<2>{0, 0});
  CHECK(refs(e.vh) == identity(3));
}

TEMPLATE_TEST_CASE("linalg: eigh and eigvalsh of Hermitian matrices", "[linalg]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // Hand value: [[2, 1], [1, 2]] has eigenvalues 1 and 3, ascending. Only the lower
  // triangle is read: a different upper triangle gives the same answer, as numpy's.
  const auto w = td::to_vector(td::linalg::eigvalsh(td::from<double>({{2, 99}, {1, 2}}, space)));
  CHECK(std::abs(w[0] - 1) < 1e-14);
  CHECK(std::abs(w[1] - 3) < 1e-14);
  every_type([&](auto tag) {
    using T = decltype(tag);
    for (std::size_t n : {1u, 2u, 5u, 16u}) {
      CAPTURE(n);
      const auto a = td::from(sample<T>(n, unsigned(n) + 30, true), {td::index_t(n), td::index_t(n)}, space);
      const auto e = td::linalg::eigh(a);
      const auto vals = td::to_vector(e.eigenvalues);
      const auto v = refs(e.eigenvectors);
      std::vector<ref> vw(n * n);
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) vw[i * n + j] = v[i * n + j] * double(vals[j]);
      const double scale = std::abs(double(vals[n - 1])) + 1;
      CHECK(max_diff(mul(refs(a), v, n, n, n), vw) < tol<T>() * 10 * scale);
      CHECK(max_diff(mul(herm(v, n, n), v, n, n, n), identity(n)) < tol<T>() * 10);
      for (std::size_t i = 1; i < n; ++i) CHECK(vals[i] >= vals[i - 1]);
      const auto only = td::to_vector(td::linalg::eigvalsh(a));
      for (std::size_t i = 0; i < n; ++i) CHECK(std::abs(double(only[i]) - double(vals[i])) < tol<T>() * 10 * scale);
    }
    // A batch.
    std::vector<T> av;
    for (unsigned q = 0; q < 3; ++q) {
      const auto m = sample<T>(4, 300 + q, true);
      av.insert(av.end(), m.begin(), m.end());
    }
    const auto a = td::from(av, {3, 4, 4}, space);
    const auto all = td::to_vector(td::linalg::eigvalsh(a));
    for (td::index_t q = 0; q < 3; ++q) {
      const auto one = td::to_vector(td::linalg::eigvalsh(td::slice(a, q, td::all, td::all)));
      for (std::size_t i = 0; i < 4; ++i) CHECK(std::abs(double(one[i]) - double(all[std::size_t(q) * 4 + i])) < tol<T>() * 100);
    }
  });
  CHECK(td::linalg::eigvalsh(td::zeros<double>({0, 0}, space)).size() == 0);
}

TEMPLATE_TEST_CASE("linalg: eig of general matrices, complex results", "[linalg]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // Hand values: a rotation by 90 degrees has eigenvalues +i and -i (exact conjugates from
  // real arithmetic); diag(2, 3) has real ones with zero imaginary parts.
  const auto rot = td::linalg::eig(td::from<double>({{0, -1}, {1, 0}}, space));
  const auto rw = refs(rot.eigenvalues);
  CHECK(std::abs(rw[0] - ref(0, 1)) < 1e-14);
  CHECK(rw[1] == std::conj(rw[0]));
  const auto dw = refs(td::linalg::eig(td::from<double>({{2, 0}, {0, 3}}, space)).eigenvalues);
  CHECK(dw[0] == ref(2, 0));
  CHECK(dw[1] == ref(3, 0));
  every_type([&](auto tag) {
    using T = decltype(tag);
    for (std::size_t n : {1u, 2u, 5u, 12u}) {
      CAPTURE(n);
      const auto a = td::from(rect<T>(n, n, unsigned(n) + 40), {td::index_t(n), td::index_t(n)}, space);
      const auto e = td::linalg::eig(a);
      static_assert(td::detail::is_complex_v<td::value_of_t<decltype(e.eigenvalues)>>);
      const auto w = refs(e.eigenvalues), v = refs(e.eigenvectors);
      std::vector<ref> vw(n * n);
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) vw[i * n + j] = v[i * n + j] * w[j];
      CHECK(max_diff(mul(refs(a), v, n, n, n), vw) < tol<T>() * 10 * double(n));
      for (std::size_t j = 0; j < n; ++j) {
        double norm2 = 0;
        for (std::size_t i = 0; i < n; ++i) norm2 += std::norm(v[i * n + j]);
        CHECK(std::abs(norm2 - 1) < tol<T>() * 10);
      }
      if constexpr (!td::detail::is_complex_v<T>) {  // pairs are exact conjugates
        for (std::size_t j = 0; j + 1 < n; ++j)
          if (w[j].imag() > 0) CHECK(w[j + 1] == std::conj(w[j]));
      }
    }
    // A batch (of transposed views).
    const auto a = td::from(rect<T>(2 * 3 * 3, 1, 55), {2, 3, 3}, space);
    const auto e = td::linalg::eig(td::swapaxes(a, 1, 2));
    const auto at = refs(td::swapaxes(a, 1, 2));
    const auto w = refs(e.eigenvalues), v = refs(e.eigenvectors);
    for (std::size_t b = 0; b < 2; ++b) {
      const auto vb = entry(v, b, 3, 3);
      std::vector<ref> vw(9);
      for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 3; ++j) vw[i * 3 + j] = vb[i * 3 + j] * w[b * 3 + j];
      CHECK(max_diff(mul(entry(at, b, 3, 3), vb, 3, 3, 3), vw) < tol<T>() * 30);
    }
  });
}

TEMPLATE_TEST_CASE("linalg: lstsq, pinv and matrix_rank", "[linalg]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // Hand values: three equal rows of [1, 1] against b = [1, 2, 3]: rank 1, the
  // minimum-norm solution [1, 1], no residuals (rank < n); s = [sqrt 6, 0].
  const auto h = td::linalg::lstsq(td::from<double>({{1, 1}, {1, 1}, {1, 1}}, space), td::from<double>({1, 2, 3}, space));
  CHECK(h.rank == 1);
  const auto hx = td::to_vector(h.x);
  CHECK(std::abs(hx[0] - 1) < 1e-14);
  CHECK(std::abs(hx[1] - 1) < 1e-14);
  CHECK(h.residuals.size() == 0);
  CHECK(std::abs(td::to_vector(h.s)[0] - std::sqrt(6.0)) < 1e-14);
  // pinv of a rank-1 matrix a is a^T / |a|_F^2.
  const auto p1 = td::to_vector(td::linalg::pinv(td::from<double>({{1, 2}, {2, 4}}, space)));
  const std::vector<double> want{1 / 25., 2 / 25., 2 / 25., 4 / 25.};
  for (std::size_t i = 0; i < 4; ++i) CHECK(std::abs(p1[i] - want[i]) < 1e-15);
  CHECK(td::linalg::matrix_rank(td::eye<double>(4, space)) == 4);
  CHECK(td::linalg::matrix_rank(td::from<double>({{1, 2}, {2, 4}}, space)) == 1);
  CHECK(td::linalg::matrix_rank(td::zeros<double>({3, 2}, space)) == 0);
  every_type([&](auto tag) {
    using T = decltype(tag);
    // Overdetermined: the residual is orthogonal to a's columns (the normal equations),
    // and residuals holds its squared norm per column of b.
    const std::size_t m = 12, n = 4, k = 2;
    const auto a = td::from(rect<T>(m, n, 5), {td::index_t(m), td::index_t(n)}, space);
    const auto b = td::from(rect<T>(m, k, 6), {td::index_t(m), td::index_t(k)}, space);
    const auto r = td::linalg::lstsq(a, b);
    CHECK(r.rank == td::index_t(n));
    const auto av = refs(a), bv = refs(b), x = refs(r.x);
    auto d = mul(av, x, m, n, k);
    for (std::size_t i = 0; i < m * k; ++i) d[i] = bv[i] - d[i];
    CHECK(max_diff(mul(herm(av, m, n), d, n, m, k), std::vector<ref>(n * k, ref(0, 0))) < tol<T>() * 10);
    const auto res = td::to_vector(r.residuals);
    REQUIRE(res.size() == k);
    for (std::size_t j = 0; j < k; ++j) {
      double want_res = 0;
      for (std::size_t i = 0; i < m; ++i) want_res += std::norm(d[i * k + j]);
      CHECK(std::abs(double(res[j]) - want_res) < tol<T>() * 10 * want_res);
    }
    // A vector b gives a vector x, residuals of one.
    const auto rv = td::linalg::lstsq(a, td::slice(b, td::all, 1));
    REQUIRE(rv.x.shape() == td::shape<1>{td::index_t(n)});
    CHECK(rv.residuals.size() == 1);
    for (std::size_t i = 0; i < n; ++i) CHECK(std::abs(refs(rv.x)[i] - x[i * k + 1]) < tol<T>() * 10);
    // Underdetermined (2 x 4): a x = b exactly, and x = a^H y lies in a's row space.
    const auto w = td::from(rect<T>(2, 4, 8), {2, 4}, space);
    const auto wb = td::from(rect<T>(2, 1, 9), {2}, space);
    const auto wx = refs(td::linalg::lstsq(w, wb).x);
    const auto wv = refs(w), wbv = refs(wb);
    CHECK(max_diff(mul(wv, wx, 2, 4, 1), wbv) < tol<T>() * 10);
    const auto g = mul(wv, herm(wv, 2, 4), 2, 4, 2);  // y = (a a^H)^-1 b, by hand
    const ref det = g[0] * g[3] - g[1] * g[2];
    const std::vector<ref> y{(g[3] * wbv[0] - g[1] * wbv[1]) / det, (g[0] * wbv[1] - g[2] * wbv[0]) / det};
    CHECK(max_diff(wx, mul(herm(wv, 2, 4), y, 4, 2, 1)) < tol<T>() * 100);
    // pinv: the four Penrose conditions, for a tall matrix and a batch of wide ones.
    const auto pa = refs(td::linalg::pinv(a));
    CHECK(max_diff(mul(mul(av, pa, m, n, m), av, m, m, n), av) < tol<T>() * 10);
    CHECK(max_diff(mul(mul(pa, av, n, m, n), pa, n, n, m), pa) < tol<T>() * 10);
    const auto ap = mul(av, pa, m, n, m), pa_a = mul(pa, av, n, m, n);
    CHECK(max_diff(ap, herm(ap, m, m)) < tol<T>() * 10);
    CHECK(max_diff(pa_a, herm(pa_a, n, n)) < tol<T>() * 10);
    const auto batch = td::from(rect<T>(2 * 3 * 5, 1, 12), {2, 3, 5}, space);
    const auto pb = td::linalg::pinv(batch);
    REQUIRE(pb.shape() == td::shape<3>{2, 5, 3});
    const auto bb = refs(batch), pbv = refs(pb);
    for (std::size_t q = 0; q < 2; ++q) {
      const auto aq = entry(bb, q, 3, 5), pq = entry(pbv, q, 5, 3);
      CHECK(max_diff(mul(mul(aq, pq, 3, 5, 3), aq, 3, 3, 5), aq) < tol<T>() * 10);
    }
    // matrix_rank of a batch: full, and rank 1 (an outer product).
    std::vector<T> ranks = rect<T>(3 * 3, 1, 13);
    const auto u = rect<T>(3, 1, 14), v = rect<T>(3, 1, 15);
    for (std::size_t i = 0; i < 3; ++i)
      for (std::size_t j = 0; j < 3; ++j) ranks.push_back(u[i] * v[j]);
    CHECK(td::to_vector(td::linalg::matrix_rank(td::from(ranks, {2, 3, 3}, space))) == std::vector<td::index_t>{3, 1});
  });
  // Shapes: b's rows must be a's.
  CHECK_THROWS_AS(td::linalg::lstsq(td::zeros<double>({3, 2}, space), td::zeros<double>({2}, space)), td::shape_error);
  CHECK(td::linalg::pinv(td::zeros<double>({0, 3}, space)).shape() == td::shape<2>{3, 0});
}

TEMPLATE_TEST_CASE("linalg: norm of vectors and matrices, every ord", "[linalg]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const double inf = std::numeric_limits<double>::infinity();
  const auto v = td::from<double>({3, -4}, space);
  CHECK(td::linalg::norm(v) == 5.0);
  CHECK(td::linalg::norm(v, inf) == 4.0);
  CHECK(td::linalg::norm(v, -inf) == 3.0);
  CHECK(td::linalg::norm(v, 0) == 2.0);
  CHECK(td::linalg::norm(v, 1) == 7.0);
  CHECK(td::linalg::norm(v, 2) == 5.0);
  CHECK(std::abs(td::linalg::norm(v, 3) - std::cbrt(91.0)) < 1e-14);
  CHECK(std::abs(td::linalg::norm(td::from<cd>({cd(3, 4), cd(0, 1)}, space), 1) - 6.0) < 1e-14);
  const auto m = td::from<double>({{1, -2}, {3, 4}}, space);
  CHECK(std::abs(td::linalg::norm(m) - std::sqrt(30.0)) < 1e-14);
  CHECK(std::abs(td::linalg::norm(m, "fro") - std::sqrt(30.0)) < 1e-14);
  CHECK(td::linalg::norm(m, inf) == 7.0);
  CHECK(td::linalg::norm(m, -inf) == 3.0);
  CHECK(td::linalg::norm(m, 1) == 6.0);
  CHECK(td::linalg::norm(m, -1) == 4.0);
  // The singular values s1 > s2 have s1 s2 = 10 and s1^2 + s2^2 = 30.
  const double s1 = std::sqrt(15 + std::sqrt(125.0)), s2 = std::sqrt(15 - std::sqrt(125.0));
  CHECK(std::abs(td::linalg::norm(m, 2) - s1) < 1e-13);
  CHECK(std::abs(td::linalg::norm(m, -2) - s2) < 1e-13);
  CHECK(std::abs(td::linalg::norm(m, "nuc") - (s1 + s2)) < 1e-13);
  static_assert(std::is_same_v<decltype(td::linalg::norm(td::from<float>({1.f}), 1)), float>);
  CHECK_THROWS_AS(td::linalg::norm(m, 3), td::error);
  // Along an axis, every ord (numpy's values for [[3, -4, 0], [1, 2, -2]]).
  const auto r = td::from<double>({{3, -4, 0}, {1, 2, -2}}, space);
  CHECK(testing::values(td::linalg::norm(r, inf, 1)) == std::vector<double>{4, 2});
  CHECK(testing::values(td::linalg::norm(r, -inf, 0)) == std::vector<double>{1, 2, 0});
  CHECK(testing::values(td::linalg::norm(r, 0, 1)) == std::vector<double>{2, 3});
  CHECK(testing::values(td::linalg::norm(r, 1, 0)) == std::vector<double>{4, 6, 2});
  CHECK(testing::values(td::linalg::norm(r, 2, 1)) == std::vector<double>{5, 3});
  const auto r3 = testing::values(td::linalg::norm(r, 3, 1));
  CHECK(std::abs(r3[0] - 4.497941445275415) < 1e-14);
  CHECK(std::abs(r3[1] - 2.571281590658235) < 1e-14);
  const auto kept = td::linalg::norm(td::transpose(r), 2, 0, td::keepdims);
  CHECK(kept.shape() == td::shape<2>{1, 2});
  CHECK(testing::values(kept) == std::vector<double>{5, 3});
  static_assert(std::is_same_v<td::value_of_t<decltype(td::linalg::norm(td::from<int>({1, 2}), 1, 0))>, double>);
  CHECK(testing::values(td::linalg::norm(td::from<cd>({cd(3, 4), cd(0, 1)}, space), 1, -1)) == std::vector<double>{6});
  CHECK_THROWS_AS(td::linalg::norm(m, "max"), td::error);
  // The matrix norms of a stack over a pair of axes, against each matrix's own norm.
  const auto stack = td::from(rect<double>(4 * 3 * 5, 1, 73), {4, 3, 5}, space);
  for (const double ord : {inf, -inf, 1.0, -1.0, 2.0, -2.0}) {
    CAPTURE(ord);
    const auto each = td::linalg::norm(stack, ord, {1, 2});  // the 4 matrices 3 x 5
    static_assert(std::is_same_v<decltype(each), const td::tensor<double, 1, TestType>>);
    const auto across = td::linalg::norm(stack, ord, {2, 0});  // rows along axis 2: 3 matrices 5 x 4
    const auto e = testing::values(each), x = testing::values(across);
    for (td::index_t k = 0; k < 4; ++k)
      CHECK(std::abs(e[std::size_t(k)] - td::linalg::norm(td::slice(stack, k, td::all, td::all), ord)) < 1e-13);
    for (td::index_t k = 0; k < 3; ++k)
      CHECK(std::abs(x[std::size_t(k)] -
                     td::linalg::norm(td::transpose(td::slice(stack, td::all, k, td::all)), ord)) < 1e-13);
  }
  for (const char* name : {"fro", "nuc"}) {
    const auto e = testing::values(td::linalg::norm(stack, name, {-2, -1}));
    for (td::index_t k = 0; k < 4; ++k)
      CHECK(std::abs(e[std::size_t(k)] - td::linalg::norm(td::slice(stack, k, td::all, td::all), name)) < 1e-13);
  }
  // A matrix over (1, 0) is its transpose's norm; integers in double, INT_MIN's magnitude exact.
  CHECK(td::linalg::norm(m, 1.0, {1, 0}) == 7.0);
  CHECK(td::linalg::norm(td::from<int>({{INT32_MIN, 0}, {0, 1}}, space), inf, {0, 1}) == 2147483648.0);
  const auto four = td::linalg::norm(td::zeros<float>({2, 3, 0, 2}, space), "fro", {1, 2});
  CHECK(four.shape() == td::shape<2>{2, 2});
  CHECK(testing::values(four) == std::vector<double>{0, 0, 0, 0});
  CHECK_THROWS_WITH(td::linalg::norm(stack, 2.0, {1, -2}), testing::contains("both 1"));
  CHECK_THROWS_AS(td::linalg::norm(stack, 3.0, {1, 2}), td::error);
  CHECK_THROWS_AS(td::linalg::norm(stack, 2.0, {1, 3}), td::index_error);
}

TEMPLATE_TEST_CASE("linalg: tensorinv and tensorsolve, as numpy's", "[linalg]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // numpy's values for a 2 x 2 x 2 x 2 a (the matrix [[2,0,0,0],[0,1,0,0],[0,0,3,0],[1,0,0,4]]).
  const auto a = td::from<double>({{{{2, 0}, {0, 0}}, {{0, 1}, {0, 0}}}, {{{0, 0}, {3, 0}}, {{1, 0}, {0, 4}}}}, space);
  const auto ia = td::linalg::tensorinv(a);
  static_assert(std::is_same_v<decltype(ia), const td::tensor<double, 4, TestType>>);
  CHECK(testing::values(ia) == std::vector<double>{0.5, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1.0 / 3, 0, -0.125, 0, 0, 0.25});
  const auto x = td::linalg::tensorsolve(a, td::from<double>({{1, 2}, {3, 4}}, space));
  static_assert(std::is_same_v<decltype(x), const td::tensor<double, 2, TestType>>);
  CHECK(testing::values(x) == std::vector<double>{0.5, 2, 1, 0.875});
  // Uneven splits, against the defining identities: tensordot(tensorinv(a, 1), a, 1) is the
  // identity, and tensordot(a, tensorsolve(a, b), 2) is b.
  const auto m = td::from(rect<double>(6 * 2 * 3, 1, 81), {6, 2, 3}, space);  // 6 rows, 2 x 3 columns
  const auto im = td::linalg::tensorinv(m, 1);
  CHECK(im.shape() == td::shape<3>{2, 3, 6});
  const auto eye = testing::values(td::tensordot(im, m, {2}, {0}));  // 2 x 3 x 2 x 3: the identity on 6
  for (std::size_t i = 0; i < 6; ++i)
    for (std::size_t j = 0; j < 6; ++j) CHECK(std::abs(eye[i * 6 + j] - (i == j ? 1.0 : 0.0)) < 1e-12);
  const auto back = testing::values(td::tensordot(m, im, {1, 2}, {0, 1}));  // m times its inverse: 6 x 6
  for (std::size_t i = 0; i < 6; ++i)
    for (std::size_t j = 0; j < 6; ++j) CHECK(std::abs(back[i * 6 + j] - (i == j ? 1.0 : 0.0)) < 1e-12);
  const auto big = td::from(rect<double>(3 * 4 * 2 * 6, 1, 83), {3, 4, 2, 6}, space);
  const auto bx = td::from(rect<double>(3 * 4, 1, 84), {3, 4}, space);
  const auto sol = td::linalg::tensorsolve(big, bx);
  CHECK(sol.shape() == td::shape<2>{2, 6});
  const auto again = testing::values(td::tensordot(big, sol, {2, 3}, {0, 1}));
  const auto want = testing::values(bx);
  for (std::size_t i = 0; i < want.size(); ++i) CHECK(std::abs(again[i] - want[i]) < 1e-11);
  // numpy's axes: those axes of a moved to the end, in order. a's axes (big's 2, 0, 3, 1)
  // with 0 then 2 moved last are big's again.
  const auto shuffled = td::permute(big, {2, 0, 3, 1});
  const auto sol_axes = testing::values(td::linalg::tensorsolve(shuffled, bx, {0, 2}));
  const auto sol_values = testing::values(sol);
  REQUIRE(sol_axes.size() == sol_values.size());
  for (std::size_t i = 0; i < sol_values.size(); ++i) CHECK(std::abs(sol_axes[i] - sol_values[i]) < 1e-12);
  CHECK(testing::values(td::linalg::tensorsolve(shuffled, bx, {0, -2})) == sol_axes);
  CHECK(testing::values(td::linalg::tensorsolve(big, bx, {})) == sol_values);
  CHECK_THROWS_WITH(td::linalg::tensorsolve(shuffled, bx, {0, 0}), testing::contains("axis 0 twice"));
  CHECK_THROWS_AS(td::linalg::tensorsolve(shuffled, bx, {4}), td::index_error);
  // Integers solve in double; shapes that make no square matrix, and singular ones, throw.
  static_assert(std::is_same_v<td::value_of_t<decltype(td::linalg::tensorinv(td::from<int>({{1, 0}, {0, 1}}), 1))>, double>);
  CHECK_THROWS_WITH(td::linalg::tensorinv(m, 2), testing::contains("must be equal"));
  CHECK_THROWS_AS(td::linalg::tensorinv(a, 4), td::index_error);
  CHECK_THROWS_AS(td::linalg::tensorsolve(big, td::zeros<double>({3, 3}, space)), td::shape_error);
  CHECK_THROWS_AS(td::linalg::tensorinv(td::zeros<double>({2, 2, 4}, space), 2), td::error);
}

TEMPLATE_TEST_CASE("linalg: eigvals, cond, matrix_power and multi_dot, as numpy's", "[linalg]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const double inf = std::numeric_limits<double>::infinity();
  // eigvals: eig's eigenvalues alone (numpy's values: 5 and 2), a batch too.
  const auto m = td::from<double>({{4, 1}, {2, 3}}, space);
  auto w = refs(td::linalg::eigvals(m));
  std::sort(w.begin(), w.end(), [](ref x, ref y) { return x.real() < y.real(); });
  CHECK(std::abs(w[0] - ref(2, 0)) < 1e-14);
  CHECK(std::abs(w[1] - ref(5, 0)) < 1e-14);
  const auto batch = td::from(rect<double>(3 * 4 * 4, 1, 71), {3, 4, 4}, space);
  CHECK(refs(td::linalg::eigvals(batch)) == refs(td::linalg::eig(batch).eigenvalues));
  CHECK_THROWS_WITH(td::linalg::eigvals(td::zeros<double>({2, 3}, space)),
                    "tandem: linalg::eigvals: matrices must be square, not [2, 3]");

  // cond: numpy's values for a = [[2, 1], [1, 3]] (eigenvalues (5 +- sqrt 5) / 2).
  const auto a = td::from<double>({{2, 1}, {1, 3}}, space);
  const double big = (5 + std::sqrt(5.0)) / 2, small = (5 - std::sqrt(5.0)) / 2;
  CHECK(std::abs(td::linalg::cond(a) - big / small) < 1e-14);
  CHECK(std::abs(td::linalg::cond(a, 2) - big / small) < 1e-14);
  CHECK(std::abs(td::linalg::cond(a, -2) - small / big) < 1e-14);
  CHECK(std::abs(td::linalg::cond(a, 1) - 3.2) < 1e-14);      // |a|_1 = 4, |inv a|_1 = 0.8
  CHECK(std::abs(td::linalg::cond(a, -inf) - 1.8) < 1e-14);   // 3 * 0.6
  CHECK(std::abs(td::linalg::cond(a, "fro") - 3.0) < 1e-14);  // sqrt(15) * sqrt(15) / 5
  // Singular: numpy gives inf through the inverse and for the zero matrix.
  CHECK(td::linalg::cond(td::from<double>({{1, 2}, {2, 4}}, space), 1) == inf);
  CHECK(td::linalg::cond(td::zeros<double>({2, 2}, space)) == inf);
  static_assert(std::is_same_v<decltype(td::linalg::cond(td::from<float>({{1.f}}))), float>);
  // A batch: one condition number per matrix.
  const auto id = td::eye<double>(2, space);
  const auto cb = td::linalg::cond(td::stack({a.view(), id.view()}, 0));
  static_assert(std::is_same_v<decltype(cb), const td::tensor<double, 1, TestType>>);
  CHECK(std::abs(testing::values(cb)[0] - big / small) < 1e-14);
  CHECK(testing::values(cb)[1] == 1.0);
  CHECK_THROWS_AS(td::linalg::cond(a, 3), td::error);
  CHECK_THROWS_AS(td::linalg::cond(td::zeros<double>({2, 3}, space), 1), td::shape_error);

  // matrix_power: numpy's values, n = 0 gives identities, negative n the inverse's power.
  CHECK(testing::values(td::linalg::matrix_power(a, 5)) == std::vector<double>{175, 275, 275, 450});
  CHECK(testing::values(td::linalg::matrix_power(a, 1)) == std::vector<double>{2, 1, 1, 3});
  CHECK(testing::values(td::linalg::matrix_power(a, 0)) == std::vector<double>{1, 0, 0, 1});
  const auto am2 = testing::values(td::linalg::matrix_power(a, -2));
  const double want_m2[] = {0.4, -0.2, -0.2, 0.2};
  for (std::size_t i = 0; i < 4; ++i) CHECK(std::abs(am2[i] - want_m2[i]) < 1e-15);
  // A batch of transposed views against repeated products in double.
  const auto r = td::from(rect<double>(2 * 3 * 3, 1, 73), {2, 3, 3}, space);
  const auto p7 = refs(td::linalg::matrix_power(td::swapaxes(r, 1, 2), 7));
  const auto rt = refs(td::swapaxes(r, 1, 2));
  for (std::size_t b = 0; b < 2; ++b) {
    const auto e = entry(rt, b, 3, 3);
    std::vector<ref> want = e;
    for (int k = 1; k < 7; ++k) want = mul(want, e, 3, 3, 3);
    CHECK(max_diff(entry(p7, b, 3, 3), want) < 1e-12 * (1 + max_diff(want, std::vector<ref>(9))));
  }
  CHECK_THROWS_AS(td::linalg::matrix_power(td::from<double>({{1, 2}, {2, 4}}, space), -1), td::linalg_error);
  CHECK_THROWS_AS(td::linalg::matrix_power(td::zeros<double>({2, 3}, space), 2), td::shape_error);
  CHECK(td::linalg::matrix_power(td::zeros<double>({0, 0}, space), 3).shape() == td::shape<2>{0, 0});

  // multi_dot: a chain of shapes that asks for a particular order, against plain products;
  // vectors at the ends drop their axis.
  const auto x = td::from(rect<double>(10 * 30, 1, 74), {10, 30}, space);
  const auto y = td::from(rect<double>(30 * 5, 1, 75), {30, 5}, space);
  const auto z = td::from(rect<double>(5 * 60, 1, 76), {5, 60}, space);
  const auto xyz = td::linalg::multi_dot(x, y, z);
  static_assert(std::is_same_v<decltype(xyz), const td::tensor<double, 2, TestType>>);
  const auto want = mul(mul(refs(x), refs(y), 10, 30, 5), refs(z), 10, 5, 60);
  CHECK(max_diff(refs(xyz), want) < 1e-12);
  CHECK(max_diff(refs(td::linalg::multi_dot(x, y)), mul(refs(x), refs(y), 10, 30, 5)) < 1e-13);
  const auto u = td::from(rect<double>(10, 1, 77), {10}, space), v = td::from(rect<double>(60, 1, 78), {60}, space);
  const auto uxyz = td::linalg::multi_dot(u, x, y, z);
  static_assert(std::is_same_v<decltype(uxyz), const td::tensor<double, 1, TestType>>);
  CHECK(max_diff(refs(uxyz), mul(refs(u), want, 1, 10, 60)) < 1e-12);
  const auto xyzv = td::linalg::multi_dot(x, y, z, v);
  CHECK(xyzv.shape() == td::shape<1>{10});
  CHECK(max_diff(refs(xyzv), mul(want, refs(v), 10, 60, 1)) < 1e-12);
  const double uv = td::linalg::multi_dot(u, x, y, z, v);
  CHECK(std::abs(uv - mul(mul(refs(u), want, 1, 10, 60), refs(v), 1, 60, 1)[0].real()) < 1e-12);
  CHECK_THROWS_WITH(td::linalg::multi_dot(x, z), "tandem: linalg::multi_dot: operand 0 has shape [10, 30] and operand 1 "
                                                 "[5, 60] (as matrices); the inner extents differ");
}

TEMPLATE_TEST_CASE("linalg: decompositions of NaN input give NaN or an error naming where", "[linalg]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto nan = td::from<double>({{std::nan(""), 1}, {1, 2}}, space);
  // The SVD and the eigensolvers refuse NaN and infinities, naming where (numpy's svd
  // reports no convergence, its eig refuses them, its eigh ignores them).
  CHECK(error_of([&] { (void)td::linalg::svdvals(nan); }) ==
        "tandem: linalg::svdvals: the matrix holds a NaN or an infinity, at [0, 0]");
  CHECK(error_of([&] { (void)td::linalg::eigvalsh(nan); }) ==
        "tandem: linalg::eigvalsh: the matrix holds a NaN or an infinity, at [0, 0]");
  CHECK(error_of([&] { (void)td::linalg::lstsq(td::transpose(nan), td::ones<double>({2}, space)); }) ==
        "tandem: linalg::svd: the matrix holds a NaN or an infinity, at [0, 0]");
  CHECK(error_of([&] { (void)td::linalg::eig(nan); }) ==
        "tandem: linalg::eig: the matrix holds a NaN or an infinity, at [0, 0]");
  // In a batch, the entry and the place: -inf at [0, 1] of matrix 1.
  const auto bad = td::stack({td::eye<double>(2, space), td::from<double>({{1, -std::numeric_limits<double>::infinity()}, {0, 1}}, space)});
  CHECK(error_of([&] { (void)td::linalg::eig(bad); }) ==
        "tandem: linalg::eig: matrix 1 of the batch of 2 holds a NaN or an infinity, at [0, 1]");
  CHECK(error_of([&] { (void)td::linalg::svd(bad); }) ==
        "tandem: linalg::svd: matrix 1 of the batch of 2 holds a NaN or an infinity, at [0, 1]");
  CHECK(td::any(td::isnan(td::linalg::qr(nan).r)));  // qr carries the NaN through
}
