// The differential test's operations of complex64 and complex128 operands (its own
// translation unit: see driver.hpp).
#include "driver.hpp"

namespace tandem_numpy {
namespace {

#define TANDEM_DRIVER_UNARY(name, fn) \
  if (op == name) return collect(td::fn(a));
#define TANDEM_DRIVER_BINARY(name, fn) \
  if (op == name) return collect(td::fn(a, b));

template <class T, class S, class A>
result complex_ops(const case_text& c, const A& a, const td::tensor<T, 2, S>& b) {
  if (auto r = shared_ops(c, a, b)) return *r;
  if (auto r = fft_ops<T>(c, a)) return *r;
  const std::string& op = c.op;
  TANDEM_DRIVER_UNARY("exp", exp)
  TANDEM_DRIVER_UNARY("log", log)
  TANDEM_DRIVER_UNARY("sqrt", sqrt)
  TANDEM_DRIVER_UNARY("sin", sin)
  TANDEM_DRIVER_UNARY("cos", cos)
  TANDEM_DRIVER_UNARY("tanh", tanh)
  TANDEM_DRIVER_UNARY("conjugate", conj)
  TANDEM_DRIVER_UNARY("real", real)
  TANDEM_DRIVER_UNARY("imag", imag)
  TANDEM_DRIVER_UNARY("angle", angle)
  TANDEM_DRIVER_UNARY("isnan", isnan)
  TANDEM_DRIVER_UNARY("isinf", isinf)
  TANDEM_DRIVER_UNARY("isfinite", isfinite)
  TANDEM_DRIVER_BINARY("divide", operator/)
  TANDEM_DRIVER_BINARY("power", pow)
  TANDEM_DRIVER_BINARY("isclose", isclose)
  if (op == "allclose") return scalar(td::allclose(a, b));
  if (op == "norm") return scalar(td::norm(a));
  if (op == "vdot") return scalar(td::vdot(a, td::eval(a + td::sin(a))));
  if (op == "matmul") return collect(td::matmul(a, td::transpose(td::eval(a))));
  throw unknown_op("no such operation for complex numbers: " + op);
}
#undef TANDEM_DRIVER_UNARY
#undef TANDEM_DRIVER_BINARY

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
