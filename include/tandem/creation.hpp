#pragma once
/// \file creation.hpp
/// Making tensors and moving them between spaces. Every creation function takes the
/// space as its last argument; host when omitted.
///
/// \code
/// auto z = td::zeros<float>({3, 4}, td::device);
/// auto r = td::arange<double>(1.0, 2.0, 0.25);        // 1, 1.25, 1.5, 1.75
/// auto m = td::from<float>({{1, 2, 3}, {4, 5, 6}}, td::device);
/// auto h = td::to(td::host, m);                        // a copy in host memory
/// std::vector<float> flat = td::to_vector(m);          // row-major
/// \endcode

#include <cmath>
#include <cstdint>
#include <limits>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>


#include "expr/assign.hpp"
#include "expr/functors.hpp"
#include "algorithm/for_each.hpp"
#include "backend/portable.hpp"
#include "error.hpp"
#include "memory/memory.hpp"
#include "shape.hpp"
#include "space.hpp"
#include "tensor.hpp"
#include "tensor_view.hpp"

namespace tandem {
namespace detail {

/// Fills out[i] = start + (first + i) * step: integers in modular arithmetic (exact:
/// every value lies between start and stop), floats via double. `first` is the global
/// index of out[0] (a distributed arange's block; 0 otherwise).
template <class T>
struct arange_kernel {
  T* out;
  double start;
  double step;
  T int_start;
  T int_step;
  index_t first = 0;
  TANDEM_HD void operator()(index_t local) const {
    const index_t i = first + local;
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      // At least unsigned int: two unsigned shorts would multiply as (overflowing) ints.
      using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
      out[local] = static_cast<T>(static_cast<U>(int_start) + static_cast<U>(i) * static_cast<U>(int_step));
    } else {
      out[local] = convert<T>(start + static_cast<double>(i) * step);
    }
  }
};

/// logspace's values: base^(start + i * step), the last one base^stop exactly (a
/// single value is base^start, as numpy's).
struct log_progression {
  double start, step, stop;
  index_t num;
  double base;
  TANDEM_HD double operator()(index_t i) const {
    const double x = i == num - 1 && num > 1 ? stop : start + static_cast<double>(i) * step;  // one value: start
    return ::tandem::detail::pstd::pow(base, x);
  }
};
template <class T>
struct logspace_kernel {
  T* out;
  log_progression values;
  TANDEM_HD void operator()(index_t i) const { out[i] = convert<T>(values(i)); }
};

/// geomspace's values: logspace's between log10 |start| and log10 |stop|, the ends
/// |start| and |stop| exactly, times start's sign.
template <class T>
struct geomspace_kernel {
  T* out;
  log_progression values;
  double first, last, sign;
  TANDEM_HD void operator()(index_t i) const {
    const double x = i == 0 ? first : i == values.num - 1 ? last : values(i);
    out[i] = convert<T>(sign * x);
  }
};

/// Row i of eye: a one at column i + k when that column exists (the rest is zero).
template <class T>
struct eye_kernel {
  T* out;
  index_t m, k;
  TANDEM_HD void operator()(index_t i) const {
    const index_t j = i + k;
    if (j >= 0 && j < m) out[i * m + j] = convert<T>(1);
  }
};

/// Row i of tri: ones at columns j <= i + k, zeros after.
template <class T>
struct tri_kernel {
  T* out;
  index_t m, k;
  TANDEM_HD void operator()(index_t i) const {
    for (index_t j = 0; j < m; ++j) out[i * m + j] = convert<T>(j <= i + k ? 1 : 0);
  }
};

/// numpy's window functions, their formulas in their order of operations (in double):
/// n = 1 - M, 3 - M, ..., M - 1 and x = pi n / (M - 1).
enum class window_kind { bartlett, blackman, hamming, hanning };
template <class T, window_kind Kind>
struct window_kernel {
  T* out;
  double m;  // M
  TANDEM_HD void operator()(index_t i) const {
    namespace ps = ::tandem::detail::pstd;
    constexpr double pi = 3.141592653589793;
    const double n = (1.0 - m) + 2.0 * static_cast<double>(i), d = m - 1.0;
    double w;
    if constexpr (Kind == window_kind::bartlett)
      w = n <= 0 ? 1.0 + n / d : 1.0 - n / d;
    else if constexpr (Kind == window_kind::blackman)
      w = 0.42 + 0.5 * ps::cos(pi * n / d) + 0.08 * ps::cos(2.0 * pi * n / d);
    else if constexpr (Kind == window_kind::hamming)
      w = 0.54 + 0.46 * ps::cos(pi * n / d);
    else
      w = 0.5 + 0.5 * ps::cos(pi * n / d);
    out[i] = convert<T>(w);
  }
};

/// numpy's kaiser window: i0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / i0(beta) for
/// n = 0 .. M - 1, alpha = (M - 1) / 2, in double.
template <class T>
struct kaiser_kernel {
  T* out;
  double alpha, beta;
  TANDEM_HD void operator()(index_t i) const {
    const double r = (static_cast<double>(i) - alpha) / alpha;
    out[i] = convert<T>(bessel_i0(beta * ::tandem::detail::pstd::sqrt(1.0 - r * r)) / bessel_i0(beta));
  }
};

/// linspace's values: start + i * step in double; integer types take the floor, as
/// numpy's linspace does, kept within [start, stop].
template <class T>
struct linspace_kernel {
  T* out;
  double start, step, lo, hi;
  TANDEM_HD void operator()(index_t i) const {
    double x = start + static_cast<double>(i) * step;
    if constexpr (std::is_integral_v<T>) x = ::tandem::detail::pstd::floor(x);
    x = x < lo ? lo : (x > hi ? hi : x);
    out[i] = convert<T>(x);
  }
};

/// How many elements arange(start, stop, step) has; td::shape_error when the step is
/// zero or NaN, a bound is NaN or infinite, or the count does not fit in index_t.
template <class T>
index_t arange_count(T start, T stop, T step) {
  auto describe = [&] {
    return "start " + std::to_string(convert<double>(start)) + ", stop " + std::to_string(convert<double>(stop)) +
           ", step " + std::to_string(convert<double>(step));
  };
  if constexpr (std::is_integral_v<T>) {
    if (step == T(0)) throw shape_error("tandem: arange: step must not be zero");
    // Differences in 64-bit unsigned arithmetic: exact for every pair of T values.
    using U = std::uint64_t;
    const bool up = step > T(0);
    if (up ? !(start < stop) : !(stop < start)) return 0;
    const U span = up ? U(stop) - U(start) : U(start) - U(stop);
    const U stride = up ? U(step) : U(0) - U(step);
    const U count = span / stride + (span % stride != 0 ? 1 : 0);
    if (count > U(std::numeric_limits<index_t>::max()))
      throw shape_error("tandem: arange: " + describe() + " gives more elements than index_t can count");
    return static_cast<index_t>(count);
  } else {
    const double a = convert<double>(start), b = convert<double>(stop), d = convert<double>(step);
    if (d == 0) throw shape_error("tandem: arange: step must not be zero");
    if (a != a || b != b || d != d) throw shape_error("tandem: arange: NaN in " + describe());
    if (!std::isfinite(a) || !std::isfinite(b))
      throw shape_error("tandem: arange: " + describe() + ": an infinite bound gives endless elements");
    const double count = std::ceil((b - a) / d);
    if (!(count < 9223372036854775808.0))  // 2^63; also catches an overflowing b - a
      throw shape_error("tandem: arange: " + describe() + " gives more elements than index_t can count");
    return count > 0 ? static_cast<index_t>(count) : 0;
  }
}

// Flattening nested initializer lists, checking that they are not ragged.
inline void record_length(std::size_t length, index_t* extents, std::size_t depth) {
  const auto n = static_cast<index_t>(length);
  if (extents[depth] < 0)
    extents[depth] = n;
  else if (extents[depth] != n)
    throw shape_error("tandem: from: nested lists are ragged at depth " + std::to_string(depth) + " (lengths " +
                      std::to_string(extents[depth]) + " and " + std::to_string(n) + ")");
}
template <class T>
void flatten(std::initializer_list<T> list, std::vector<T>& out, index_t* extents, std::size_t depth) {
  record_length(list.size(), extents, depth);
  out.insert(out.end(), list.begin(), list.end());
}
template <class T, class L>
void flatten(std::initializer_list<L> list, std::vector<T>& out, index_t* extents, std::size_t depth) {
  record_length(list.size(), extents, depth);
  for (const auto& inner : list) flatten(inner, out, extents, depth + 1);
}

/// Copies n host values (a std::vector, std::vector<bool> included) into memory of space S.
template <class S, class T>
void upload(T* dst, const std::vector<T>& src) {
  if constexpr (std::is_same_v<T, bool>) {
    std::vector<unsigned char> bytes(src.begin(), src.end());  // vector<bool> is packed
    static_assert(sizeof(bool) == 1);
    copy_bytes<S, host_space>(dst, bytes.data(), bytes.size());
  } else {
    copy_bytes<S, host_space>(dst, src.data(), src.size() * sizeof(T));
  }
}

template <class T, std::size_t R, class S, class L>
tensor<T, R, S> from_nested(L list) {
  std::vector<T> flat;
  shape<R> extents{};
  for (std::size_t d = 0; d != R; ++d) extents[d] = -1;
  flatten<T>(list, flat, extents.ext, 0);
  for (std::size_t d = 0; d != R; ++d)
    if (extents[d] < 0) extents[d] = 0;  // an empty outer list leaves inner extents unknown
  tensor<T, R, S> t(extents, uninitialized);
  upload<S>(t.data(), flat);
  return t;
}

}  // namespace detail

/// A zero-filled tensor.
template <class T, std::size_t R, space S = host_space>
tensor<T, R, S> zeros(const index_t (&extents)[R], S = {}) {
  return tensor<T, R, S>(detail::to_shape(extents));
}
template <class T, std::size_t R, space S = host_space>
tensor<T, R, S> zeros(const shape<R>& extents, S = {}) {
  return tensor<T, R, S>(extents);
}

/// A tensor whose elements are left uninitialized.
template <class T, std::size_t R, space S = host_space>
tensor<T, R, S> empty(const shape<R>& extents, S = {}) {
  return tensor<T, R, S>(extents, uninitialized);
}
template <class T, std::size_t R, space S = host_space>
tensor<T, R, S> empty(const index_t (&extents)[R], S space_tag = {}) {
  return empty<T>(detail::to_shape(extents), space_tag);
}

/// A tensor with every element equal to `value`.
template <class T, std::size_t R, space S = host_space>
tensor<T, R, S> full(const shape<R>& extents, T value, S = {}) {
  tensor<T, R, S> t(extents, uninitialized);
  t = value;
  return t;
}
template <class T, std::size_t R, space S = host_space>
tensor<T, R, S> full(const index_t (&extents)[R], T value, S space_tag = {}) {
  return full<T>(detail::to_shape(extents), value, space_tag);
}

/// A tensor of ones.
template <class T, std::size_t R, space S = host_space>
tensor<T, R, S> ones(const shape<R>& extents, S space_tag = {}) {
  return full<T>(extents, T(1), space_tag);
}
template <class T, std::size_t R, space S = host_space>
tensor<T, R, S> ones(const index_t (&extents)[R], S space_tag = {}) {
  return full<T>(detail::to_shape(extents), T(1), space_tag);
}

/// start, start + step, ... while below stop (above, for a negative step), as numpy's
/// arange: ceil((stop - start) / step) elements. A zero or NaN step, a NaN or infinite
/// bound, or a count past index_t throw td::shape_error.
template <class T, space S = host_space>
tensor<T, 1, S> arange(T start, T stop, T step = T(1), S = {}) {
  const index_t n = detail::arange_count(start, stop, step);
  tensor<T, 1, S> t(shape<1>{n}, uninitialized);
  for_each(S{}, n,
           detail::arange_kernel<T>{t.data(), detail::convert<double>(start), detail::convert<double>(step),
                                             start, step});
  return t;
}
/// 0, 1, ..., stop - 1.
template <class T, space S = host_space>
tensor<T, 1, S> arange(T stop, S space_tag = {}) {
  return arange<T>(T(0), stop, T(1), space_tag);
}

/// `num` evenly spaced values from start to stop, both included. Computed in double;
/// integer types take the floor of each value, as numpy's linspace does.
template <class T, space S = host_space>
tensor<T, 1, S> linspace(T start, T stop, index_t num, S = {}) {
  if (num < 0) throw shape_error("tandem: linspace: num must be non-negative, got " + std::to_string(num));
  tensor<T, 1, S> t(shape<1>{num}, uninitialized);
  const double a = detail::convert<double>(start), b = detail::convert<double>(stop);
  const double step = num > 1 ? (b - a) / static_cast<double>(num - 1) : 0.0;
  for_each(S{}, num, detail::linspace_kernel<T>{t.data(), a, step, a < b ? a : b, a < b ? b : a});
  if (num > 1) {
    const T last = stop;
    detail::copy_bytes<S, host_space>(t.data() + (num - 1), &last, sizeof(T));
  }
  return t;
}

/// `num` values base^x for x evenly spaced from start to stop (both included), as
/// numpy's logspace; computed in double.
template <class T, space S = host_space>
tensor<T, 1, S> logspace(double start, double stop, index_t num, double base = 10.0, S = {}) {
  if (num < 0) throw shape_error("tandem: logspace: num must be non-negative, got " + std::to_string(num));
  tensor<T, 1, S> t(shape<1>{num}, uninitialized);
  const double step = num > 1 ? (stop - start) / static_cast<double>(num - 1) : 0.0;
  for_each(S{}, num, detail::logspace_kernel<T>{t.data(), {start, step, stop, num, base}});
  return t;
}
template <class T, space S>
tensor<T, 1, S> logspace(double start, double stop, index_t num, S space_tag) {
  return logspace<T>(start, stop, num, 10.0, space_tag);
}

namespace detail {
/// An n x m matrix from a kernel run once per row (eye's and tri's), zeros first when
/// the kernel writes only some elements.
template <class T, class S, template <class> class Kernel>
tensor<T, 2, S> matrix_by_rows(index_t n, index_t m, index_t k, const char* what, bool zeroed) {
  if (n < 0 || m < 0)
    throw shape_error(std::string("tandem: ") + what + ": sizes must be non-negative, got " + std::to_string(n) +
                      " x " + std::to_string(m));
  tensor<T, 2, S> t = zeroed ? tensor<T, 2, S>(shape<2>{n, m}) : tensor<T, 2, S>(shape<2>{n, m}, uninitialized);
  for_each(S{}, n, Kernel<T>{t.data(), m, k});
  return t;
}
}  // namespace detail

/// numpy's eye: the n x m matrix with ones on diagonal k (above the main one for k > 0,
/// below for k < 0) and zeros elsewhere; numpy's tri: ones at and below diagonal k.
/// (n), (n, m) and (n, m, k), each with an optional space.
#define TANDEM_MATRIX_BY_ROWS(name, kernel, zeroed)                         \
  template <class T, space S = host_space>                                  \
  tensor<T, 2, S> name(index_t n, index_t m, index_t k, S = {}) {           \
    return detail::matrix_by_rows<T, S, detail::kernel>(n, m, k, #name, zeroed); \
  }                                                                         \
  template <class T, space S = host_space>                                  \
  tensor<T, 2, S> name(index_t n, S space_tag = {}) {                       \
    return name<T>(n, n, 0, space_tag);                                     \
  }                                                                         \
  template <class T, space S = host_space>                                  \
  tensor<T, 2, S> name(index_t n, index_t m, S space_tag = {}) {            \
    return name<T>(n, m, 0, space_tag);                                     \
  }
TANDEM_MATRIX_BY_ROWS(eye, eye_kernel, true)
TANDEM_MATRIX_BY_ROWS(tri, tri_kernel, false)
#undef TANDEM_MATRIX_BY_ROWS

/// numpy's geomspace: `num` values from start to stop (both included) in geometric
/// progression: numpy's logspace between the logs of |start| and |stop|, its end points
/// set to start and stop exactly, the sign of start restored; computed in double
/// (integer T truncates, as numpy's cast). A zero start or stop throws td::error (numpy's
/// ValueError); signs that differ give NaN between the ends, as numpy's.
template <class T, space S = host_space>
tensor<T, 1, S> geomspace(double start, double stop, index_t num, S = {}) {
  if (num < 0) throw shape_error("tandem: geomspace: num must be non-negative, got " + std::to_string(num));
  if (start == 0 || stop == 0) throw error("tandem: geomspace: a geometric sequence cannot include zero");
  const double sign = start < 0 ? -1.0 : 1.0, a = start / sign, b = stop / sign;
  const double la = std::log10(a), lb = std::log10(b);
  const double step = num > 1 ? (lb - la) / static_cast<double>(num - 1) : 0.0;
  tensor<T, 1, S> t(shape<1>{num}, uninitialized);
  for_each(S{}, num, detail::geomspace_kernel<T>{t.data(), {la, step, lb, num, 10.0}, a, b, sign});
  return t;
}

/// numpy's window functions of M points (float64 there; T here, computed in double):
/// bartlett (triangular), blackman, hamming and hanning, symmetric, with numpy's
/// formulas. M < 1 gives an empty tensor, M = 1 a single 1.
namespace detail {
template <window_kind Kind, class T, space S>
tensor<T, 1, S> window(index_t m) {
  const index_t n = m < 0 ? 0 : m;
  tensor<T, 1, S> t(shape<1>{n}, uninitialized);
  if (n == 1)
    t = convert<T>(1);
  else if (n > 1)
    for_each(S{}, n, window_kernel<T, Kind>{t.data(), static_cast<double>(n)});
  return t;
}
}  // namespace detail
#define TANDEM_WINDOW(name)                                        \
  template <class T = double, space S = host_space>                \
  tensor<T, 1, S> name(index_t m, S = {}) {                        \
    return detail::window<detail::window_kind::name, T, S>(m);     \
  }
TANDEM_WINDOW(bartlett)
TANDEM_WINDOW(blackman)
TANDEM_WINDOW(hamming)
TANDEM_WINDOW(hanning)
#undef TANDEM_WINDOW

/// numpy's kaiser window of M points with shape parameter beta.
template <class T = double, space S = host_space>
tensor<T, 1, S> kaiser(index_t m, double beta, S = {}) {
  const index_t n = m < 0 ? 0 : m;
  tensor<T, 1, S> t(shape<1>{n}, uninitialized);
  if (n == 1)
    t = detail::convert<T>(1);
  else if (n > 1)
    for_each(S{}, n, detail::kaiser_kernel<T>{t.data(), static_cast<double>(n - 1) / 2.0, beta});
  return t;
}

/// New tensors with the shape, element type and space of `x` (a tensor, view or
/// expression), as numpy's *_like.
namespace detail {
template <operand X>
using tensor_like_t = tensor<value_of_t<X>, rank_of_v<X>, space_of_t<X>>;
}  // namespace detail
template <operand X>
detail::tensor_like_t<X> zeros_like(const X& x) {
  return detail::tensor_like_t<X>(x.shape());
}
template <operand X>
detail::tensor_like_t<X> empty_like(const X& x) {
  return detail::tensor_like_t<X>(x.shape(), uninitialized);
}
template <operand X, class V>
auto full_like(const X& x, V value) {
  return full<value_of_t<X>>(x.shape(), detail::convert<value_of_t<X>>(value), space_of_t<X>{});
}
template <operand X>
auto ones_like(const X& x) {
  return full<value_of_t<X>>(x.shape(), value_of_t<X>(1), space_of_t<X>{});
}

/// A tensor from nested braced lists (rank 1 to 4); ragged lists throw td::shape_error.
template <class T, space S = host_space>
tensor<T, 1, S> from(std::initializer_list<T> list, S = {}) {
  return detail::from_nested<T, 1, S>(list);
}
template <class T, space S = host_space>
tensor<T, 2, S> from(std::initializer_list<std::initializer_list<T>> list, S = {}) {
  return detail::from_nested<T, 2, S>(list);
}
template <class T, space S = host_space>
tensor<T, 3, S> from(std::initializer_list<std::initializer_list<std::initializer_list<T>>> list, S = {}) {
  return detail::from_nested<T, 3, S>(list);
}
template <class T, space S = host_space>
tensor<T, 4, S> from(std::initializer_list<std::initializer_list<std::initializer_list<std::initializer_list<T>>>> list,
                     S = {}) {
  return detail::from_nested<T, 4, S>(list);
}

/// A tensor holding a copy of `data`, read row-major into the given shape.
template <class T, std::size_t R, space S = host_space>
tensor<T, R, S> from(const std::vector<T>& data, const index_t (&extents)[R], S = {}) {
  const shape<R> s = detail::to_shape(extents);
  detail::check_extents(s, "from", sizeof(T));
  if (s.size() != static_cast<index_t>(data.size()))
    throw shape_error("tandem: from: " + std::to_string(data.size()) + " values cannot fill shape " + to_string(s) +
                      " (" + std::to_string(s.size()) + " elements)");
  tensor<T, R, S> t(s, uninitialized);
  detail::upload<S>(t.data(), data);
  return t;
}

/// A view over memory the caller owns (row-major); nothing is copied or freed.
template <class T, std::size_t R, space S = host_space>
tensor_view<T, R, S> adapt(T* data, const index_t (&extents)[R], S = {}) {
  const shape<R> s = detail::to_shape(extents);
  detail::check_extents(s, "adapt", sizeof(T));
  return tensor_view<T, R, S>(data, s);
}

/// A copy of a tensor, view or expression in another (or the same) space.
template <space To, operand X>
auto to(To, const X& x) {
  using T = value_of_t<X>;
  using From = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  if constexpr (std::is_same_v<To, From>) {
    return eval(x);
  } else {
    tensor<T, R, To> out(x.shape(), uninitialized);
    detail::with_contiguous(x, [&](const T* src) {
      detail::copy_bytes<To, From>(out.data(), src, static_cast<std::size_t>(out.size()) * sizeof(T));
    });
    return out;
  }
}

namespace detail {
/// What `t` holds as a contiguous host view, and the tensor that keeps it alive: t's own
/// memory when the host can read it in place, else a host copy (the keeper is empty
/// when nothing was copied). For code that hands raw host pointers on (files, MPI).
template <class X>
auto contiguous_host_elements(const X& t) {
  using T = value_of_t<X>;
  using S = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  if constexpr (is_host_accessible_v<S>) {
    tandem::synchronize(S{});  // managed memory: the device's writes first
    const auto src = t.view();
    const tensor_view<const T, R, host_space> v(src.data(), src.shape(), src.strides());
    if (v.is_contiguous()) return std::pair{v, tensor<T, R, host_space>()};
    tensor<T, R, host_space> copy(v.shape(), uninitialized);
    copy.view() = v;
    return std::pair{tensor_view<const T, R, host_space>(copy.view()), std::move(copy)};
  } else {
    tensor<T, R, host_space> copy = tandem::to(host, t);
    return std::pair{tensor_view<const T, R, host_space>(copy.view()), std::move(copy)};
  }
}

}  // namespace detail

/// A tensor moved into its own space is returned as it is (no copy); into another
/// space, copied as above.
template <space To, class T, std::size_t R, class S>
tensor<T, R, To> to(To, tensor<T, R, S>&& x) {
  if constexpr (std::is_same_v<To, S>)
    return std::move(x);
  else
    return to(To{}, static_cast<const tensor<T, R, S>&>(x));
}

/// Copies elements between two tensors or views of one shape, in any two spaces.
/// Throws td::shape_error when the shapes differ.
template <operand Src, class Dst>
void copy(const Src& src, Dst&& dst) {
  const auto dst_view = detail::as_view(dst);
  using D = std::remove_cvref_t<decltype(dst_view)>;
  static_assert(rank_of_v<Src> == D::rank, "tandem: copy needs a source and destination of one rank");
  if (!(src.shape() == dst_view.shape()))
    throw shape_error("tandem: copy: source shape " + to_string(src.shape()) + " does not match destination shape " +
                      to_string(dst_view.shape()));
  using SrcSpace = space_of_t<Src>;
  using DstSpace = typename D::space_type;
  if constexpr (std::is_same_v<SrcSpace, DstSpace>) {
    detail::assign(dst_view, src);
  } else if constexpr (std::is_same_v<value_of_t<Src>, typename D::value_type>) {
    if (dst_view.is_contiguous()) {
      detail::with_contiguous(src, [&](const auto* p) {
        detail::copy_bytes<DstSpace, SrcSpace>(dst_view.data(), p,
                                               static_cast<std::size_t>(dst_view.size()) * sizeof(*p));
      });
    } else {
      const auto staged = to(DstSpace{}, src);
      detail::assign(dst_view, staged);
    }
  } else {
    const auto staged = to(DstSpace{}, src);
    detail::assign(dst_view, staged);
  }
}

/// The elements of a tensor, view or expression from any space, row-major.
template <operand X>
std::vector<value_of_t<X>> to_vector(const X& x) {
  using T = value_of_t<X>;
  const auto host_copy = to(host, x);
  if constexpr (std::is_same_v<T, bool>) {
    return std::vector<bool>(host_copy.data(), host_copy.data() + host_copy.size());
  } else {
    return std::vector<T>(host_copy.data(), host_copy.data() + host_copy.size());
  }
}

}  // namespace tandem
