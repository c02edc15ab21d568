// Dense linear algebra (linalg.hpp): solve, inv, det, slogdet, cholesky, lu_factor and
// lu_solve for float, double and both complex types, on single matrices and batches, in
// every space. Checked by reconstruction in double (A x = b residuals, A A^-1 = I,
// L L^H = A, det against the product of the LU diagonal and against hand values),
// hand-computed 2 x 2 and 3 x 3 cases, singular and indefinite inputs (the error and
// its message), empty and 1 x 1 matrices, transposed views and expressions.
#include <cmath>
#include <complex>
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
    for (td::index_t q = 0; q < 3; ++q)
      CHECK(refs(td::slice(l, q, td::all, td::all)) == refs(td::linalg::cholesky(td::slice(a, q, td::all, td::all))));
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
