// The differential test's operations of complex64 and complex128 operands (its own
// translation unit: see driver.hpp).
#include "driver.hpp"

namespace tandem_numpy {
namespace {

template <class T, class S, class A>
result complex_ops(const case_text& c, const A& a, const td::tensor<T, 2, S>& b) {
  if (auto r = shared_ops(c, a, b)) return *r;
  if (auto r = inexact_ops(c, a, b)) return *r;
  const std::string& op = c.op;
  TANDEM_DRIVER_UNARY("conjugate", conj)
  TANDEM_DRIVER_UNARY("real", real)
  TANDEM_DRIVER_UNARY("imag", imag)
  TANDEM_DRIVER_UNARY("angle", angle)
  if (op == "vdot") return scalar(td::vdot(a, td::eval(a + td::sin(a))));
  if (op == "matmul") return collect(td::matmul(a, td::transpose(td::eval(a))));
  throw unknown_op("no such operation for complex numbers: " + op);
}
}  // namespace

template <class T, class S>
result complex_case(const case_text& c) {
  const auto a = make<T, S>(c.a);
  const auto b = c.has_b ? make<T, S>(c.b) : td::tensor<T, 2, S>({1, 1});
  if (c.layout == "transposed") return complex_ops<T, S>(c, td::transpose(a), b);
  return complex_ops<T, S>(c, a, b);
}

template result complex_case<td::complex<float>, td::host_space>(const case_text&);
template result complex_case<td::complex<double>, td::host_space>(const case_text&);
template result complex_case<td::complex<float>, td::device_space>(const case_text&);
template result complex_case<td::complex<double>, td::device_space>(const case_text&);

}  // namespace tandem_numpy
