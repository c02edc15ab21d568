// The tandem side of the differential test against numpy (tests/numpy/differential.py).
// Reads cases from the file argv[1], computes each in the host and in the device space,
// and writes the results to argv[2]; the script computes the same with numpy and
// compares. Input, one case per block:
//   case <id> <op> <dtype f32|f64|i32|i64|c64|c128> <a: plain|transposed> <param>
//   a <rows> <cols> v...          (a transposed `a` holds the operand's transpose)
//   b <rows> <cols> v...          (binary operations only)
// Floats are hexadecimal (Python's float.hex), integers decimal, complex numbers two
// floats joined by a colon (re:im). Output, per case and
// space: `result <id> <space> <dtype> <rank> <extents...> : v...`, or
// `error <id> <space> <message>` when tandem threw.
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "driver.hpp"

#ifdef TANDEM_GPU_TESTS
#  include <cuda_runtime_api.h>
#endif

namespace {

using namespace tandem_numpy;

// Operations of every real element type, with `a` a tensor or a transposed view.
template <class T, class S, class A>
result common_ops(const case_text& c, const A& a, const td::tensor<T, 2, S>& b) {
  if (auto r = shared_ops(c, a, b)) return *r;
  const std::string& op = c.op;
  const auto axis = static_cast<td::index_t>(c.param);
  if (op == "maximum") return collect(td::maximum(a, b));
  if (op == "minimum") return collect(td::minimum(a, b));
  if (op == "less") return collect(a < b);
  if (op == "remainder") return collect(a % b);
  if (op == "floor_divide") return collect(td::floor_divide(a, b));
  if (op == "fmod") return collect(td::fmod(a, b));
  if (op == "max") return scalar(td::max(a));
  if (op == "min_axis") return collect(td::min(a, axis));
  if (op == "max_axis") return collect(td::max(a, axis));
  if (op == "argmax") return scalar(td::argmax(a));
  if (op == "argmin_axis") return collect(td::argmin(a, axis));
  if (op == "any_axis") return collect(td::any(a, axis));
  if (op == "all") return scalar(td::all(a));
  if (op == "unique") return collect(td::unique(a));
  if (op == "ptp_axis") return collect(td::ptp(a, axis));
  if (op == "diff_axis") return collect(td::diff(a, 1, axis));
  if (op == "nan_to_num") return collect(td::nan_to_num(a));
  if (op == "round_1") return collect(td::round(a, 1));
  if (op == "round_m1") return collect(td::round(a, -1));
  if (op == "median") return scalar(td::median(a));
  if (op == "median_axis") return collect(td::median(a, axis));
  if (op == "nanmedian_axis") return collect(td::nanmedian(a, axis));
  if (op == "nanquantile_axis") return collect(td::nanquantile(a, 0.3, axis));
  if (op == "nanpercentiles") return collect(td::nanpercentile(a, {77.31, 22.69}));
  if (op == "quantile_axis") return collect(td::quantile(a, 0.3, axis));
  if (op == "percentile") return scalar(td::percentile(a, 90));
  if (op == "quantiles") return collect(td::quantile(a, {0.9137, 0.0871, 0.5113}));
  if (op == "percentiles_axis") return collect(td::percentile(a, {77.31, 22.69}, axis));
  if (op == "quantiles_grid_axis")
    return collect(td::quantile(a, td::from<double>({{0.1, 0.7}, {0.35, 1.0}}, S{}), axis));
  if (op == "nansum_axis") return collect(td::nansum(a, axis));
  if (op == "nanmean_axis") return collect(td::nanmean(a, axis));
  if (op == "nanmax_axis") return collect(td::nanmax(a, axis));
  if (op == "nanmin_axis") return collect(td::nanmin(a, axis));
  if (op == "nanprod_axis") return collect(td::nanprod(a, axis));
  if (op == "nanvar_axis") return collect(td::nanvar(a, axis, 1));
  if (op == "nanstddev") return scalar(td::nanstddev(a));
  if (op == "count_nonzero_axis") return collect(td::count_nonzero(a, axis));
  if (op == "gradient_axis") return collect(td::gradient(a, 0.3, axis));
  if (op == "trapezoid_axis") return collect(td::trapezoid(a, 0.5, axis));
  if (op == "gradient_points_axis") {  // uneven sample points k + (k mod 3) / 4, second-order ends
    const td::index_t n = a.shape()[static_cast<std::size_t>(axis < 0 ? axis + 2 : axis)];
    std::vector<double> points;
    for (td::index_t k = 0; k < n; ++k) points.push_back(double(k) + 0.25 * double(k % 3));
    return collect(td::gradient(a, td::from(points, {n}, S{}), axis, td::edge_order{2}));
  }
  // searching: `a` (flattened and sorted) is the sorted operand, `b` the values
  if (op == "searchsorted_left" || op == "searchsorted_right") {
    td::tensor<T, 1, S> sorted = td::flatten(a);
    td::sort(sorted);
    return collect(td::searchsorted(sorted, b, op == "searchsorted_left" ? td::side::left : td::side::right));
  }
  if (op == "digitize" || op == "digitize_right") return collect(td::digitize(a, td::unique(b), op == "digitize_right"));
  if (op == "isin") return collect(td::isin(a, b));
  if (op == "outer") return collect(td::outer(td::slice(a, 0, td::all), td::slice(b, 0, td::all)));
  if (op == "fix") return collect(td::fix(a));
  if (op == "einsum_rows") return collect(td::einsum<"ij,ij->i">(a, b));  // b broadcast where its extent is 1
  if (op == "einsum_abt") return collect(td::einsum<"ij,kj->ik">(a, b));  // one matmul for floats
  if (op == "einsum_chain") return collect(td::einsum<"ij,kj,kl->il">(a, b, b));  // "ij,kj->ik" first
  if (op == "interp") {
    const auto xp = td::unique(b);
    const td::tensor<double, 1, S> fp = td::cast<double>(xp) * 2.0 + 1.0;
    return collect(td::interp(a, xp, fp));
  }
  if (op == "interp_period") {
    const auto xp = td::flatten(b);
    const td::tensor<double, 1, S> fp = td::cast<double>(xp) * 2.0 + 1.0;
    return collect(td::interp(a, xp, fp, td::period{2.718281828459045}));
  }
  if (op == "topk_values" || op == "topk_indices") {
    const td::index_t n = a.shape()[static_cast<std::size_t>(axis < 0 ? axis + 2 : axis)];
    auto r = td::topk(a, n < 3 ? n : 3, axis);
    return op == "topk_values" ? collect(r.values) : collect(r.indices);
  }
  if (op == "partition_axis" || op == "argpartition_axis") {
    const td::index_t n = a.shape()[static_cast<std::size_t>(axis < 0 ? axis + 2 : axis)];
    if (op == "partition_axis") return collect(td::partition(a, n / 2, axis));
    return collect(td::argpartition(a, n / 2, axis));
  }
  if (op == "argsort_axis") return collect(td::argsort(a, axis));
  if (op == "histogram_edges") return collect(td::histogram(a, td::unique(b)));
  if (op == "histogram_auto") return collect(td::histogram(a, 7));
  if (op == "histogram_weighted") return collect(td::histogram(a, td::unique(b), a));
  if (op == "histogram_density") return collect(td::histogram_density(a, 7));
  if (op == "histogram2d_weighted") return collect(td::histogram2d(a, td::broadcast_to(b, a.shape()), {3, 4}, a));
  if (op == "histogram2d_density") return collect(td::histogram2d_density(a, td::broadcast_to(b, a.shape()), {4, 3}));
  if (op == "ediff1d") return collect(td::ediff1d(a));
  if (op == "trim_zeros") return collect(td::trim_zeros(td::flatten(a)));
  if (op == "lexsort_columns") return collect(td::lexsort(td::slice(a, td::all, 0), td::slice(a, td::all, 1)));
  if (op == "unique_counts") return collect(td::unique_counts(a).counts);
  if (op == "unique_inverse") return collect(td::unique_inverse(a).inverse);
  throw unknown_op("no such operation: " + op);
}

template <class T, class S, class A>
result integer_ops(const case_text& c, const A& a, const td::tensor<T, 2, S>& b) {
  const std::string& op = c.op;
  if (op == "fftshift") return collect(td::fft::fftshift(a));
  if (op == "bitwise_and") return collect(a & b);
  if (op == "bitwise_or") return collect(a | b);
  if (op == "bitwise_xor") return collect(a ^ b);
  if (op == "invert") return collect(~a);
  if (op == "left_shift") return collect(a << b);
  if (op == "right_shift") return collect(a >> b);
  if (op == "bincount") return collect(td::bincount(td::flatten(a), 3));
  if (op == "bincount_weighted") return collect(td::bincount(td::flatten(a), td::cast<double>(td::flatten(a)) * 0.5, 3));
  if (op == "gcd") return collect(td::gcd(a, b));
  if (op == "lcm") return collect(td::lcm(a, b));
  if (op == "power_int") return collect(td::power(a, b));
  if (op == "true_divide") return collect(td::true_divide(a, b));
  return common_ops(c, a, b);
}

template <class T, class S, class A>
result float_ops(const case_text& c, const A& a, const td::tensor<T, 2, S>& b) {
  if (auto r = inexact_ops(c, a, b)) return *r;
  const std::string& op = c.op;
  if (op == "cov") return collect(td::cov(a));
  if (op == "tensordot") return collect(td::tensordot(a, a, {0}, {0}));
  if (op == "cov_columns") return collect(td::cov(a, false, 0));
  TANDEM_DRIVER_UNARY("tan", tan)
  TANDEM_DRIVER_UNARY("arcsin", asin)
  TANDEM_DRIVER_UNARY("arccos", acos)
  TANDEM_DRIVER_UNARY("arctan", atan)
  TANDEM_DRIVER_UNARY("sinh", sinh)
  TANDEM_DRIVER_UNARY("cosh", cosh)
  TANDEM_DRIVER_UNARY("arcsinh", asinh)
  TANDEM_DRIVER_UNARY("arccosh", acosh)
  TANDEM_DRIVER_UNARY("arctanh", atanh)
  TANDEM_DRIVER_UNARY("exp2", exp2)
  TANDEM_DRIVER_UNARY("expm1", expm1)
  TANDEM_DRIVER_UNARY("log2", log2)
  TANDEM_DRIVER_UNARY("log10", log10)
  TANDEM_DRIVER_UNARY("log1p", log1p)
  TANDEM_DRIVER_UNARY("cbrt", cbrt)
  TANDEM_DRIVER_UNARY("floor", floor)
  TANDEM_DRIVER_UNARY("ceil", ceil)
  TANDEM_DRIVER_UNARY("trunc", trunc)
  TANDEM_DRIVER_UNARY("rint", rint)
  TANDEM_DRIVER_UNARY("round", round)
  TANDEM_DRIVER_UNARY("reciprocal", reciprocal)
  TANDEM_DRIVER_UNARY("signbit", signbit)
  TANDEM_DRIVER_BINARY("arctan2", atan2)
  TANDEM_DRIVER_BINARY("hypot", hypot)
  TANDEM_DRIVER_BINARY("copysign", copysign)
  TANDEM_DRIVER_BINARY("logaddexp", logaddexp)
  TANDEM_DRIVER_BINARY("logaddexp2", logaddexp2)
  TANDEM_DRIVER_BINARY("fmax", fmax)
  TANDEM_DRIVER_BINARY("fmin", fmin)
  TANDEM_DRIVER_BINARY("heaviside", heaviside)
  TANDEM_DRIVER_BINARY("nextafter", nextafter)
  TANDEM_DRIVER_UNARY("sinc", sinc)
  TANDEM_DRIVER_UNARY("deg2rad", deg2rad)
  TANDEM_DRIVER_UNARY("rad2deg", rad2deg)
  if (op == "unwrap_axis") return collect(td::unwrap(a, std::nullopt, static_cast<td::index_t>(c.param)));
  return common_ops(c, a, b);
}

template <class T, class S>
result run(const case_text& c) {
  if constexpr (is_complex<T> || std::is_floating_point_v<T>)
    if (auto r = linalg_case<T, S>(c)) return *r;
  if constexpr (is_complex<T>) {
    return complex_case<T, S>(c);
  } else {
    const auto a = make<T, S>(c.a);
    const auto b = c.has_b ? make<T, S>(c.b) : td::tensor<T, 2, S>({1, 1});
    const auto pick = [&](const auto& x) {
      if constexpr (std::is_floating_point_v<T>)
        return float_ops<T, S>(c, x, b);
      else
        return integer_ops<T, S>(c, x, b);
    };
    if (c.layout == "transposed") return pick(td::transpose(a));
    return pick(a);
  }
}

template <class S>
result run_in(const case_text& c) {
  if (c.dtype == "f32") return run<float, S>(c);
  if (c.dtype == "f64") return run<double, S>(c);
  if (c.dtype == "i32") return run<std::int32_t, S>(c);
  if (c.dtype == "i64") return run<std::int64_t, S>(c);
  if (c.dtype == "c64") return run<td::complex<float>, S>(c);
  if (c.dtype == "c128") return run<td::complex<double>, S>(c);
  throw unknown_op("no such dtype: " + c.dtype);
}

operand_text read_operand(std::istream& in) {
  operand_text o;
  in >> o.rows >> o.cols;
  o.values.resize(static_cast<std::size_t>(o.rows * o.cols));
  for (auto& v : o.values) in >> v;
  return o;
}

void write(std::ostream& out, const std::string& id, const char* space, const result& r) {
  out << "result " << id << ' ' << space << ' ' << r.dtype << ' ' << r.shape.size();
  for (td::index_t e : r.shape) out << ' ' << e;
  out << " :";
  for (const std::string& v : r.values) out << ' ' << v;
  out << '\n';
}

}  // namespace

int main(int argc, char** argv) {
#ifdef TANDEM_GPU_TESTS
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::cerr << "tandem_numpy_driver: no GPU, skipped\n";
    return 77;  // CTest's SKIP_RETURN_CODE
  }
#endif
  if (argc != 3) {
    std::cerr << "usage: tandem_numpy_driver CASES RESULTS\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  std::ofstream out(argv[2]);
  if (!in || !out) {
    std::cerr << "tandem_numpy_driver: cannot open " << argv[1] << " or " << argv[2] << '\n';
    return 2;
  }
  std::string word;
  int cases = 0;
  while (in >> word) {
    if (word != "case") {
      std::cerr << "tandem_numpy_driver: expected `case`, read `" << word << "`\n";
      return 2;
    }
    case_text c;
    in >> c.id >> c.op >> c.dtype >> c.layout >> c.param;
    std::string tag;
    while (in >> tag && tag != "end") {
      if (tag == "a") {
        c.a = read_operand(in);
      } else if (tag == "b") {
        c.b = read_operand(in);
        c.has_b = true;
      }
    }
    for (const char* space : {"host", "device"}) {
      try {
        const result r = std::string(space) == "host" ? run_in<td::host_space>(c) : run_in<td::device_space>(c);
        write(out, c.id, space, r);
      } catch (const unknown_op& e) {
        std::cerr << "tandem_numpy_driver: case " << c.id << ": " << e.what() << '\n';
        return 2;
      } catch (const std::exception& e) {
        std::string what = e.what();
        for (char& ch : what)
          if (ch == '\n') ch = ' ';
        out << "error " << c.id << ' ' << space << ' ' << what << '\n';
      }
    }
    ++cases;
  }
  std::cerr << "tandem_numpy_driver: " << cases << " cases, each in the host and the device space\n";
  return 0;
}
