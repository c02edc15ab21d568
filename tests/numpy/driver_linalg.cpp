// The differential test's numpy.linalg operations (its own translation unit: see
// driver.hpp). Factors that are unique only up to the signs (or phases) of columns (q of
// qr, singular vectors, eigenvectors) are written as magnitudes, which are unique; the
// script sorts eigenvalues of general matrices, whose order LAPACK does not fix.
#include "driver.hpp"

namespace tandem_numpy {
namespace {

template <class T, class S, class A>
std::optional<result> linalg_ops(const case_text& c, const A& a, const td::tensor<T, 2, S>& b) {
  namespace la = td::linalg;
  const std::string& op = c.op;
  const double inf = std::numeric_limits<double>::infinity();
  if (op == "solve") return collect(la::solve(a, b));
  if (op == "inv") return collect(la::inv(a));
  if (op == "det") return scalar(la::det(a));
  if (op == "slogdet") return scalar(la::slogdet(a).logabsdet);
  if (op == "cholesky") return collect(la::cholesky(a));
  if (op == "qr_q") return collect(td::abs(la::qr(a).q));
  if (op == "qr_r") return collect(td::abs(la::qr(a).r));
  if (op == "svdvals") return collect(la::svdvals(a));
  if (op == "svd_u") return collect(td::abs(la::svd(a).u));
  if (op == "svd_vh") return collect(td::abs(la::svd(a).vh));
  if (op == "eigvalsh") return collect(la::eigvalsh(a));
  if (op == "eigh_vectors") return collect(td::abs(la::eigh(a).eigenvectors));
  if (op == "eig_values") return collect(la::eig(a).eigenvalues);
  if (op == "lstsq_x") return collect(la::lstsq(a, b).x);
  if (op == "lstsq_residuals") return collect(la::lstsq(a, b).residuals);
  if (op == "pinv") return collect(la::pinv(a));
  if (op == "matrix_rank") return scalar(la::matrix_rank(a));
  if (op == "norm_fro") return scalar(la::norm(a, "fro"));
  if (op == "norm_nuc") return scalar(la::norm(a, "nuc"));
  if (op == "norm_inf") return scalar(la::norm(a, inf));
  if (op == "norm_1") return scalar(la::norm(a, 1));
  if (op == "norm_2") return scalar(la::norm(a, 2));
  if (op == "norm_m2") return scalar(la::norm(a, -2));
  if (op == "eigvals") return collect(la::eigvals(a));
  if (op == "cond") return scalar(la::cond(a));
  if (op == "cond_1") return scalar(la::cond(a, 1));
  if (op == "matrix_power") return collect(la::matrix_power(a, 3));
  if (op == "matrix_power_m2") return collect(la::matrix_power(a, -2));
  if (op == "multi_dot") return collect(la::multi_dot(a, a, b));
  return std::nullopt;
}

}  // namespace

template <class T, class S>
std::optional<result> linalg_case(const case_text& c) {
  if (c.op.rfind("linalg_", 0) != 0) return std::nullopt;
  case_text inner = c;
  inner.op = c.op.substr(7);
  const auto a = make<T, S>(c.a);
  const auto b = c.has_b ? make<T, S>(c.b) : td::tensor<T, 2, S>({1, 1});
  auto r = c.layout == "transposed" ? linalg_ops<T, S>(inner, td::transpose(a), b) : linalg_ops<T, S>(inner, a, b);
  if (!r) throw unknown_op("no such linear algebra operation: " + c.op);
  return r;
}

#define TANDEM_DRIVER_LINALG(T)                                                            \
  template std::optional<result> linalg_case<T, td::host_space>(const case_text&); \
  template std::optional<result> linalg_case<T, td::device_space>(const case_text&);
TANDEM_DRIVER_LINALG(float)
TANDEM_DRIVER_LINALG(double)
TANDEM_DRIVER_LINALG(td::complex<float>)
TANDEM_DRIVER_LINALG(td::complex<double>)
#undef TANDEM_DRIVER_LINALG

}  // namespace tandem_numpy
