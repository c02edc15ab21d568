// What the differential test's driver (tests/numpy/driver.cpp and the files beside it)
// shares: a case as read, a result as written, and the conversions between them. The
// driver is split into translation units (real element types, complex ones, linear
// algebra) so that its builds, nvcc's above all, run in parallel.
#pragma once
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <tandem/tandem.hpp>

namespace td = tandem;

namespace tandem_numpy {

struct operand_text {
  td::index_t rows = 0, cols = 0;
  std::vector<std::string> values;
};

struct case_text {
  std::string id, op, dtype, layout;
  double param = 0;
  operand_text a, b;
  bool has_b = false;
};

struct result {
  std::string dtype;
  std::vector<td::index_t> shape;
  std::vector<std::string> values;
};

template <class T>
inline constexpr bool is_complex = td::detail::is_complex_v<T>;

template <class T>
inline std::string format(T v) {
  if constexpr (is_complex<T>) {
    return format(v.real()) + ":" + format(v.imag());
  } else if constexpr (std::is_same_v<T, bool>) {
    return v ? "1" : "0";
  } else if constexpr (std::is_integral_v<T>) {
    return std::to_string(static_cast<long long>(v));
  } else {
    const double d = static_cast<double>(v);
    if (std::isnan(d)) return "nan";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%a", d);
    return buf;
  }
}

template <class T>
inline std::string dtype_of() {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  else if constexpr (std::is_same_v<T, float>) return "f32";
  else if constexpr (std::is_same_v<T, double>) return "f64";
  else if constexpr (std::is_same_v<T, std::int32_t>) return "i32";
  else if constexpr (std::is_same_v<T, std::int64_t>) return "i64";
  else if constexpr (std::is_same_v<T, td::complex<float>>) return "c64";
  else if constexpr (std::is_same_v<T, td::complex<double>>) return "c128";
  else static_assert(sizeof(T) == 0, "unexpected result type");
}

/// A tensor, view or expression, read back to the host.
template <class X>
inline result collect(const X& x) {
  using V = td::value_of_t<X>;
  result r{dtype_of<V>(), {}, {}};
  const auto s = x.shape();
  for (std::size_t d = 0; d < s.rank; ++d) r.shape.push_back(s[d]);
  for (const V& v : td::to_vector(x)) r.values.push_back(format(v));
  return r;
}
template <class V>
inline result scalar(V v) {
  return result{dtype_of<V>(), {}, {format(v)}};
}

template <class T, class S>
inline td::tensor<T, 2, S> make(const operand_text& o) {
  std::vector<T> v;
  v.reserve(o.values.size());
  for (const std::string& s : o.values) {
    if constexpr (is_complex<T>) {
      const std::size_t colon = s.find(':');
      using P = typename T::value_type;
      v.emplace_back(static_cast<P>(std::strtod(s.substr(0, colon).c_str(), nullptr)),
                     static_cast<P>(std::strtod(s.substr(colon + 1).c_str(), nullptr)));
    } else if constexpr (std::is_floating_point_v<T>)
      v.push_back(static_cast<T>(std::strtod(s.c_str(), nullptr)));
    else
      v.push_back(static_cast<T>(std::strtoll(s.c_str(), nullptr, 10)));
  }
  return td::from(v, {o.rows, o.cols}, S{});
}

struct unknown_op : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Operations of every element type, complex numbers included (nothing that orders or
// divides), with `a` a tensor or a transposed view; nothing when `op` is another.
template <class T, class S, class A>
std::optional<result> shared_ops(const case_text& c, const A& a, const td::tensor<T, 2, S>& b) {
  const std::string& op = c.op;
  [[maybe_unused]] const auto axis = static_cast<td::index_t>(c.param);
  if (op == "add") return collect(a + b);
  if (op == "subtract") return collect(a - b);
  if (op == "multiply") return collect(a * b);
  if (op == "equal") return collect(a == b);
  if (op == "negative") return collect(-a);
  if (op == "absolute") return collect(td::abs(a));
  if (op == "sign") return collect(td::sign(a));
  if (op == "square") return collect(td::square(a));
  if (op == "sum") return scalar(td::sum(a));
  if (op == "sum_axis") return collect(td::sum(a, axis));
  if (op == "var") return scalar(td::var(a));  // of complex numbers: real, as numpy's
  if (op == "var_axis") return collect(td::var(a, axis, 1));
  if (op == "stddev_axis") return collect(td::stddev(a, axis));
  if (op == "prod_axis") return collect(td::prod(a, axis));
  if (op == "mean") return scalar(td::mean(a));
  if (op == "mean_axis") return collect(td::mean(a, axis));
  if (op == "count_nonzero") return scalar(td::count_nonzero(a));
  if (op == "cumsum") return collect(td::cumsum(a));
  if (op == "cumsum_axis") return collect(td::cumsum(a, axis));
  if (op == "sort_axis") {
    auto t = td::eval(a);
    td::sort(t, axis);
    return collect(t);
  }
  if (op == "argsort") return collect(td::argsort(td::reshape(td::eval(a), {-1})));
  if (op == "array_equal") return scalar(td::array_equal(a, b));
  if (op == "cumprod_axis") return collect(td::cumprod(a, axis));
  if (op == "flip_axis") return collect(td::flip(a, axis));
  if (op == "concatenate_axis") {
    const td::tensor<T, 2, S> whole = a;
    return collect(td::concatenate({whole.view(), td::flip(whole.view(), 0)}, axis));
  }
  if (op == "roll") return collect(td::roll(a, -5));
  if (op == "roll_axis") return collect(td::roll(a, 3, axis));
  if (op == "tile") return collect(td::tile(a, {2, 3}));
  if (op == "repeat_axis") return collect(td::repeat(a, 2, axis));
  if (op == "take_axis") {  // differential.py's take_indices
    const td::index_t n = a.shape()[static_cast<std::size_t>(axis < 0 ? axis + 2 : axis)];
    const std::vector<td::index_t> k = n ? std::vector<td::index_t>{n - 1, 0, -1, n / 2} : std::vector<td::index_t>{};
    return collect(td::take(a, td::from(k, {2, n ? 2 : 0}, S{}), axis));
  }
  if (op == "pad_constant") return collect(td::pad(a, {{2, 1}, {0, 3}}, td::pad_mode::constant, T(7)));
  if (op == "pad_edge") return collect(td::pad(a, {{2, 1}, {0, 3}}, td::pad_mode::edge));
  if (op == "pad_reflect") return collect(td::pad(a, {{2, 1}, {0, 9}}, td::pad_mode::reflect));
  if (op == "pad_wrap") return collect(td::pad(a, {{5, 1}, {0, 3}}, td::pad_mode::wrap));
  if (op == "tril") return collect(td::tril(a, 1));
  if (op == "triu") return collect(td::triu(a, -1));
  // numeric routines: the operands taken flat (convolve, correlate), b's leading 2 x 3
  // block (kron), rows of 3-vectors (cross)
  if (op == "convolve") return collect(td::convolve(td::flatten(a), td::flatten(b)));
  if (op == "convolve_same") return collect(td::convolve(td::flatten(a), td::flatten(b), td::convolve_mode::same));
  if (op == "correlate") return collect(td::correlate(td::flatten(a), td::flatten(b)));
  if (op == "correlate_full") return collect(td::correlate(td::flatten(a), td::flatten(b), td::convolve_mode::full));
  if (op == "cross") return collect(td::cross(a, b));
  if (op == "kron") {
    const td::index_t rows = b.shape()[0] < 2 ? b.shape()[0] : 2, cols = b.shape()[1] < 3 ? b.shape()[1] : 3;
    return collect(td::kron(a, td::slice(b, td::range(0, rows), td::range(0, cols))));
  }
  if (op == "argwhere") return collect(td::argwhere(a));
  return std::nullopt;
}

// numpy.fft's transforms, for float and complex operands (rfft of real ones, irfft of
// complex ones); nothing when `op` is another.
template <class T, class A>
std::optional<result> fft_ops(const case_text& c, const A& a) {
  const std::string& op = c.op;
  namespace f = td::fft;
  const auto axis = static_cast<td::index_t>(c.param);
  if (op == "fft") return collect(f::fft(a));
  if (op == "fft_axis") return collect(f::fft(a, -1, axis));
  if (op == "fft_n") return collect(f::fft(a, 7, 0));
  if (op == "ifft_ortho") return collect(f::ifft(a, f::norm::ortho));
  if (op == "fft2") return collect(f::fft2(a));
  if (op == "ifft2_forward") return collect(f::ifft2(a, {}, {-2, -1}, f::norm::forward));
  if (op == "fftn_s") return collect(f::fftn(a, {1, 0}, {5, 4}));
  if constexpr (is_complex<T>) {
    if (op == "irfft") return collect(f::irfft(a));
    if (op == "irfft_n") return collect(f::irfft(a, 9));
    if (op == "irfft2") return collect(f::irfft2(a));
  } else {
    if (op == "rfft") return collect(f::rfft(a));
    if (op == "rfft_n_axis") return collect(f::rfft(a, 9, axis));
    if (op == "rfft2") return collect(f::rfft2(a));
  }
  if (op == "fftshift") return collect(f::fftshift(a));
  return std::nullopt;
}

#define TANDEM_DRIVER_UNARY(name, fn) \
  if (op == name) return collect(td::fn(a));
#define TANDEM_DRIVER_BINARY(name, fn) \
  if (op == name) return collect(td::fn(a, b));

// Operations of the float and the complex element types alike (the FFTs among them);
// nothing when `op` is another.
template <class T, class S, class A>
std::optional<result> inexact_ops(const case_text& c, const A& a, const td::tensor<T, 2, S>& b) {
  if (auto r = fft_ops<T>(c, a)) return r;
  const std::string& op = c.op;
  TANDEM_DRIVER_UNARY("exp", exp)
  TANDEM_DRIVER_UNARY("log", log)
  TANDEM_DRIVER_UNARY("sqrt", sqrt)
  TANDEM_DRIVER_UNARY("sin", sin)
  TANDEM_DRIVER_UNARY("cos", cos)
  TANDEM_DRIVER_UNARY("tanh", tanh)
  TANDEM_DRIVER_UNARY("isnan", isnan)
  TANDEM_DRIVER_UNARY("isinf", isinf)
  TANDEM_DRIVER_UNARY("isfinite", isfinite)
  TANDEM_DRIVER_BINARY("divide", operator/)
  TANDEM_DRIVER_BINARY("power", pow)
  TANDEM_DRIVER_BINARY("isclose", isclose)
  if (op == "allclose") return scalar(td::allclose(a, b));
  if (op == "norm") return scalar(td::norm(a));
  return std::nullopt;
}

/// The operations of tests/numpy/driver_complex.cpp (complex64 and complex128).
template <class T, class S>
result complex_case(const case_text& c);
/// numpy.linalg's, from tests/numpy/driver_linalg.cpp; nothing when `c.op` is another.
template <class T, class S>
std::optional<result> linalg_case(const case_text& c);

}  // namespace tandem_numpy
