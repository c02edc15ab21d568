#pragma once
/// \file algorithm/numeric.hpp
/// numpy's numeric routines over whole operands: convolve and correlate (rank 1, in
/// numpy's three modes), cross products along an axis, the Kronecker product, gradient
/// (central differences) and trapezoid (the trapezoidal rule).
///
/// \code
/// auto c = td::convolve(a, v);                              // numpy's 'full' mode
/// auto s = td::convolve(a, v, td::convolve_mode::same);     // max(n, m) elements, centred
/// auto r = td::correlate(a, v);                             // numpy's default 'valid'
/// auto n = td::cross(u, w);                                 // 3-vectors along the last axis
/// auto k = td::kron(a, b);                                  // [a0 b0, a1 b1, ...]
/// auto g = td::gradient(f, 0.1);                            // rank 1: one tensor
/// auto gy = td::gradient(img, 1.0, 0);                      // along one axis
/// auto gx = td::gradient(f, x);                             // at sample points x
/// auto gp = td::gradient(img, x, y);                        // points for every axis
/// auto y = td::polyval(p, x);                               // Horner's rule, numpy's
/// auto v = td::vander(x, 3);                                // x^2, x, 1 in each row
/// double area = td::trapezoid(y, 0.5);                      // rank 1: a value
/// \endcode
/// Results take the type of the product of the operands' elements (integers wrap, as
/// numpy's fixed-width integers do); gradient and trapezoid give double for integers,
/// as numpy's. Each runs in its operands' space, one source for both.

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../backend/backend.hpp"
#include "../backend/portable.hpp"
#include "../creation.hpp"
#include "../error.hpp"
#include "../expr/assign.hpp"
#include "../expr/functors.hpp"
#include "../expr/math.hpp"
#include "../shape.hpp"
#include "../tensor.hpp"
#include "../tensor_view.hpp"
#include "../views/axes.hpp"
#include "manipulation.hpp"
#include "reduce.hpp"
#include "scan.hpp"
#include "selection.hpp"

namespace tandem {

/// Which part of the full convolution or correlation td::convolve and td::correlate
/// return, as numpy's `mode`: every overlap (n + m - 1 elements), the centred max(n, m),
/// or only where the operands overlap whole (max(n, m) - min(n, m) + 1).
enum class convolve_mode { full, same, valid };

/// The order of td::gradient's one-sided differences at an axis' ends, 1 or 2 (numpy's
/// edge_order): `td::gradient(f, dx, td::edge_order{2})`.
struct edge_order {
  int order = 1;
};

namespace detail {

/// The element type of a * b for elements of A and B (tandem's promotion).
template <class A, class B>
using product_t = value_of_t<decltype(std::declval<const A&>() * std::declval<const B&>())>;

/// One element of a correlation: out[o] = sum over j of a[o + first - (m - 1) + j] * w[j],
/// j where both are defined, summed in four interleaved partial sums (in float for the
/// 16-bit floats, integers wrapping).
template <class R>
struct correlate_kernel {
  using C = accumulate_t<R>;
  const R* a;
  const R* w;
  R* out;
  index_t n, m, first;
  static TANDEM_HD C step(C s, const R& x, const R& y) {
    return static_cast<C>(add(s, multiply(convert<C>(x), convert<C>(y))));
  }
  TANDEM_HD void operator()(index_t o) const {
    const index_t shift = o + first - (m - 1);  // a's index paired with w[0]
    const index_t lo = shift < 0 ? -shift : 0, hi = n - shift < m ? n - shift : m;
    C s0{}, s1{}, s2{}, s3{};
    index_t j = lo;
    for (; j + 4 <= hi; j += 4) {
      s0 = step(s0, a[shift + j], w[j]);
      s1 = step(s1, a[shift + j + 1], w[j + 1]);
      s2 = step(s2, a[shift + j + 2], w[j + 2]);
      s3 = step(s3, a[shift + j + 3], w[j + 3]);
    }
    for (; j < hi; ++j) s0 = step(s0, a[shift + j], w[j]);
    out[o] = convert<R>(static_cast<C>(add(static_cast<C>(add(s0, s1)), static_cast<C>(add(s2, s3)))));
  }
};

/// numpy's correlate (Reverse false: w = conj(v)) and convolve (Reverse true: w = v
/// reversed), as one correlation of a with w cut to the mode.
template <bool Reverse, class A, class V>
auto correlation(const A& a, const V& v, convolve_mode mode, const char* what) {
  using S = typename spaces_must_match<space_of_t<A>, space_of_t<V>>::type;
  using R = product_t<A, V>;
  static_assert(rank_of_v<A> == 1 && rank_of_v<V> == 1, "tandem: convolve and correlate take rank-1 operands");
  static_assert(!std::is_same_v<R, bool>, "tandem: convolve and correlate take numbers, not bool");
  const index_t n = a.shape()[0], m = v.shape()[0];
  if (n == 0 || m == 0)
    throw shape_error(std::string("tandem: ") + what + ": " + (n == 0 ? "a" : "v") + " is empty");
  const index_t small = n < m ? n : m, large = n < m ? m : n;
  index_t first = 0, len = extent_sum(n, m - 1, what);
  if (mode == convolve_mode::same) {
    // numpy centres the cut the other way round when it swaps a shorter a with v to
    // correlate them (and reverses the result back).
    first = !Reverse && n < m ? small / 2 : (small - 1) / 2;
    len = large;
  } else if (mode == convolve_mode::valid) {
    first = small - 1;
    len = large - small + 1;
  }
  const dense_operand<R, A> da(a);
  const dense_operand<R, V> dv(v);
  const R* w = dv.data;  // a real correlate's w is v as it is
  tensor<R, 1, S> reordered;
  if constexpr (Reverse || is_complex_v<R>) {
    reordered = tensor<R, 1, S>(shape<1>{m}, uninitialized);
    const tensor_view<const R, 1, S> vv(dv.data, shape<1>{m});
    if constexpr (Reverse)
      reordered.view() = flip(vv);
    else
      reordered.view() = conj(vv);
    w = reordered.data();
  }
  tensor<R, 1, S> out(shape<1>{len}, uninitialized);
  backend_t<S>::for_each(len, correlate_kernel<R>{da.data, w, out.data(), n, m, first}, small);
  return out;
}

/// x1 * y2 - x2 * y1 in T, each product rounded on its own (never one FMA), as numpy's.
struct cross_term_fn {
  template <class T>
  TANDEM_HD T operator()(T x1, T y2, T x2, T y1) const {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
      return mul_rn(x1, y2) - mul_rn(x2, y1);
    else
      return static_cast<T>(minus_fn{}(multiplies_fn{}(x1, y2), multiplies_fn{}(x2, y1)));
  }
};

/// a x + b y + c z with each product and each sum rounded on its own (numpy's order; a
/// GPU compiler would otherwise fuse them into FMAs), in the type a * x has.
struct three_terms_fn {
  template <class C, class V>
  TANDEM_HD auto operator()(C a, V x, C b, V y, C c, V z) const {
    using T = decltype(multiplies_fn{}(a, x));
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      const T p = mul_rn(convert<T>(a), convert<T>(x)), q = mul_rn(convert<T>(b), convert<T>(y));
      return add_rn(add_rn(p, q), mul_rn(convert<T>(c), convert<T>(z)));
    } else {
      return plus_fn{}(plus_fn{}(multiplies_fn{}(a, x), multiplies_fn{}(b, y)), multiplies_fn{}(c, z));
    }
  }
};

/// The floating type numpy's gradient and trapezoid compute in: the type itself for
/// floating and complex types, double for integers and bool.
template <class T>
using inexact_t = std::conditional_t<std::is_integral_v<T>, double, T>;

/// x with a new axis of extent 1 before each of its axes, then padded on the left to
/// rank 2N (odd axes ones when Inner is false, even axes when true): the operand of
/// kron's product, which broadcasts it across the other's axes.
template <bool Inner, std::size_t N, class T, std::size_t R, class S>
tensor_view<const T, 2 * N, S> kron_operand(const tensor_view<const T, R, S>& x) {
  shape<2 * N> ext, str;
  for (std::size_t k = 0; k < 2 * N; ++k) {
    ext[k] = 1;
    str[k] = 0;
  }
  for (std::size_t k = 0; k < R; ++k) {
    const std::size_t at = 2 * (N - R + k) + (Inner ? 1 : 0);
    ext[at] = x.extent(k);
    str[at] = x.stride(k);
  }
  return tensor_view<const T, 2 * N, S>(x.data(), ext, str);
}

/// Refuses an edge order other than 1 and 2, and an axis too short for it.
inline void check_gradient_axis(index_t len, int order) {
  if (order != 1 && order != 2)
    throw shape_error("tandem: gradient: edge_order must be 1 or 2, not " + std::to_string(order));
  if (len < order + 1)
    throw shape_error("tandem: gradient: an axis of extent " + std::to_string(len) + " is too short; edge_order " +
                      std::to_string(order) + " needs at least " + std::to_string(order + 1) + " elements");
}

/// numpy's gradient formulas for evenly spaced points along `ax`, v into out (both of
/// one shape): central differences inside, one-sided ones of edge_order 1 or 2 at the
/// ends. k(i) gives the operands that carry the spacing h, in numpy's order: 2h, h, then
/// the second-order ends' -1.5/h, 2/h, -0.5/h and 0.5/h, -2/h, 1.5/h.
template <class G, std::size_t R, class S, class K>
void gradient_uniform(const tensor_view<const G, R, S>& v, const tensor_view<G, R, S>& out, std::size_t ax,
                      int order, const K& k) {
  const index_t len = v.extent(ax);
  const auto at = [&](const auto& x, index_t i) { return along(x, ax, i, 1); };
  if (len > 2) along(out, ax, 1, len - 2) = (along(v, ax, 2, len - 2) - along(v, ax, 0, len - 2)) / k(0);
  if (order == 1) {
    at(out, 0) = (at(v, 1) - at(v, 0)) / k(1);
    at(out, len - 1) = (at(v, len - 1) - at(v, len - 2)) / k(1);
  } else {  // numpy's second-order one-sided differences, its coefficients and order
    at(out, 0) = map(three_terms_fn{}, k(2), at(v, 0), k(3), at(v, 1), k(4), at(v, 2));
    at(out, len - 1) = map(three_terms_fn{}, k(5), at(v, len - 3), k(6), at(v, len - 2), k(7), at(v, len - 1));
  }
}

/// The gradient of v along `ax` into out (both of one shape), as numpy's for a uniform
/// spacing dx given as a number.
template <class G, std::size_t R, class S>
void gradient_along(const tensor_view<const G, R, S>& v, const tensor_view<G, R, S>& out, std::size_t ax, double dx,
                    tandem::edge_order edges) {
  check_gradient_axis(v.extent(ax), edges.order);
  using E = real_part_t<G>;  // numpy's Python float spacing is weak: it takes f's precision
  const double k[] = {2.0 * dx, dx, -1.5 / dx, 2.0 / dx, -0.5 / dx, 0.5 / dx, -2.0 / dx, 1.5 / dx};
  gradient_uniform(v, out, ax, edges.order, [&](int i) { return E(k[i]); });
}

/// The gradient of v along `ax` into out for sample points whose spacings are d (rank 1,
/// one less than the axis' extent), as numpy's: its coefficients, computed in d's type
/// from neighbouring spacings, and its order of operations. numpy's spacings are arrays,
/// not weak Python scalars, so the products take the wider of d's and v's types before
/// they are stored in out's; tensors of one element keep that here too.
template <class G, class D, std::size_t R, class S>
void gradient_along_points(const tensor_view<const G, R, S>& v, const tensor_view<G, R, S>& out, std::size_t ax,
                           const tensor<D, 1, S>& d, tandem::edge_order edges) {
  const int order = edges.order;
  const index_t len = v.extent(ax);
  check_gradient_axis(len, order);
  const auto at = [&](const auto& x, index_t i) { return along(x, ax, i, 1); };
  const auto spacing = [&](index_t first, index_t count) {
    return tensor_view<const D, 1, S>(d.data() + first, shape<1>{count});
  };
  const auto laid = [&](const tensor<D, 1, S>& c, index_t first, index_t count) {  // along ax, broadcast elsewhere
    shape<R> ext, str;
    for (std::size_t k = 0; k < R; ++k) {
      ext[k] = k == ax ? count : 1;
      str[k] = k == ax ? 1 : 0;
    }
    return tensor_view<const D, R, S>(c.data() + first, ext, str);
  };
  // numpy reduces evenly spaced points to the scalar case, with the spacing a numpy
  // scalar of d's type (not a weak Python float): its formulas, with coefficients
  // computed in D and kept as one-element operands of type D.
  const D h = to_vector(spacing(0, 1))[0];
  if (all(d.view() == h)) {
    const auto over = [&](double m) { return D(D(m) / h); };
    const tensor<D, 1, S> k =
        from<D>({D(D(2) * h), h, over(-1.5), over(2), over(-0.5), over(0.5), over(-2), over(1.5)}, S{});
    gradient_uniform(v, out, ax, order, [&](int i) { return laid(k, i, 1); });
    return;
  }
  if (len > 2) {
    const auto dx1 = spacing(0, len - 2), dx2 = spacing(1, len - 2);
    const tensor<D, 1, S> a = -dx2 / (dx1 * (dx1 + dx2)), b = (dx2 - dx1) / (dx1 * dx2),
                          c = dx1 / (dx2 * (dx1 + dx2));
    along(out, ax, 1, len - 2) = map(three_terms_fn{}, laid(a, 0, len - 2), along(v, ax, 0, len - 2),
                                     laid(b, 0, len - 2), along(v, ax, 1, len - 2), laid(c, 0, len - 2),
                                     along(v, ax, 2, len - 2));
  }
  if (order == 1) {
    at(out, 0) = (at(v, 1) - at(v, 0)) / laid(d, 0, 1);
    at(out, len - 1) = (at(v, len - 1) - at(v, len - 2)) / laid(d, len - 2, 1);
    return;
  }
  {
    const auto dx1 = spacing(0, 1), dx2 = spacing(1, 1);
    const tensor<D, 1, S> a = -(D(2) * dx1 + dx2) / (dx1 * (dx1 + dx2)), b = (dx1 + dx2) / (dx1 * dx2),
                          c = -dx1 / (dx2 * (dx1 + dx2));
    at(out, 0) = map(three_terms_fn{}, laid(a, 0, 1), at(v, 0), laid(b, 0, 1), at(v, 1), laid(c, 0, 1), at(v, 2));
  }
  {
    const auto dx1 = spacing(len - 3, 1), dx2 = spacing(len - 2, 1);
    const tensor<D, 1, S> a = dx2 / (dx1 * (dx1 + dx2)), b = -(dx2 + dx1) / (dx1 * dx2),
                          c = (D(2) * dx2 + dx1) / (dx2 * (dx1 + dx2));
    at(out, len - 1) = map(three_terms_fn{}, laid(a, 0, 1), at(v, len - 3), laid(b, 0, 1), at(v, len - 2),
                           laid(c, 0, 1), at(v, len - 1));
  }
}

/// The operand as a strided view of T in its space: read in place where it is a tensor or
/// view of T, else converted into `keep`.
template <class T, class X>
auto readable_as(const X& x, tensor<T, rank_of_v<X>, space_of_t<X>>& keep) {
  if constexpr (std::is_same_v<value_of_t<X>, T>)
    return readable_view(x, keep);
  else
    return readable_view(cast<T>(x), keep);
}

/// gradient's and trapezoid's operand: read as their floating type G, with its axis.
template <class G, class X>
struct inexact_operand {
  static constexpr std::size_t R = rank_of_v<X>;
  static_assert(R >= 1, "tandem: gradient and trapezoid need an operand of rank 1 or more");
  tensor<G, R, space_of_t<X>> keep;
  tensor_view<const G, R, space_of_t<X>> view;
  std::size_t ax;
  inexact_operand(const X& x, index_t axis, const char* what)
      : view(readable_as<G>(x, keep)), ax(normalize_axis(axis, R, what)) {}
};

/// trapezoid's sum of its terms along ax: a value for rank 1, else a tensor.
template <std::size_t R, class T>
auto trapezoid_sum(const T& terms, std::size_t ax) {
  if constexpr (R == 1)
    return sum(terms);
  else
    return sum(terms, static_cast<index_t>(ax));
}

}  // namespace detail

/// numpy's convolve of two rank-1 operands: out[k] = sum of a[i] * v[k - i], cut to
/// `mode` (numpy's default 'full'). Direct summation, O(n m). Either operand empty
/// throws td::shape_error.
template <operand A, operand V>
auto convolve(const A& a, const V& v, convolve_mode mode = convolve_mode::full) {
  return detail::correlation<true>(a, v, mode, "convolve");
}

/// numpy's correlate of two rank-1 operands: out[k] = sum of a[i + k] * conj(v[i]), cut to
/// `mode` (numpy's default 'valid').
template <operand A, operand V>
auto correlate(const A& a, const V& v, convolve_mode mode = convolve_mode::valid) {
  return detail::correlation<false>(a, v, mode, "correlate");
}

/// numpy's cross product of 3-vectors along `axis` of each operand (the last by default;
/// a negative axis counts from each operand's end), the other axes broadcast; the result
/// holds its vectors along the same axis. Both extents along it must be 3, else
/// td::shape_error (numpy 2 deprecates its 2-vector forms: pad them to 3 with zeros).
template <operand A, operand B>
auto cross(const A& a, const B& b, index_t axis = -1) {
  using S = typename detail::spaces_must_match<space_of_t<A>, space_of_t<B>>::type;
  using P = detail::product_t<A, B>;
  constexpr std::size_t RA = rank_of_v<A>, RB = rank_of_v<B>, R = RA > RB ? RA : RB;
  static_assert(RA >= 1 && RB >= 1, "tandem: cross takes operands of rank 1 or more");
  const std::size_t axa = detail::normalize_axis(axis, RA, "cross"), axb = detail::normalize_axis(axis, RB, "cross");
  if (a.shape()[axa] != 3 || b.shape()[axb] != 3)
    throw shape_error("tandem: cross needs 3-vectors along axis " + std::to_string(axis) + ", got shapes " +
                      to_string(a.shape()) + " and " + to_string(b.shape()) +
                      " (for 2-vectors pad them with a zero third component)");
  tensor<P, RA, S> keep_a;
  tensor<P, RB, S> keep_b;
  const auto va = moveaxis(detail::readable_as<P>(a, keep_a), static_cast<index_t>(axa), -1);
  const auto vb = moveaxis(detail::readable_as<P>(b, keep_b), static_cast<index_t>(axb), -1);
  shape<R> ext = broadcast_shape(va.shape(), vb.shape());  // throws naming both shapes
  tensor<P, R, S> last(ext, uninitialized);                 // the vectors along the last axis
  const auto ca = [&](index_t k) { return detail::along(va, RA - 1, k, 1); };
  const auto cb = [&](index_t k) { return detail::along(vb, RB - 1, k, 1); };
  for (index_t k = 0; k < 3; ++k) {
    const index_t k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    detail::along(last.view(), R - 1, k, 1) = map(detail::cross_term_fn{}, ca(k1), cb(k2), ca(k2), cb(k1));
  }
  const std::size_t axc = detail::normalize_axis(axis, R, "cross");
  if (axc == R - 1) return last;
  tensor<P, R, S> out = moveaxis(last.view(), -1, static_cast<index_t>(axc));
  return out;
}

/// numpy's Kronecker product: the blocks a(i...) * b, so out(i * b.extent + j) ==
/// a(i) * b(j) along each axis; the operand of lower rank is padded with leading axes of
/// extent 1, as numpy's.
template <operand A, operand B>
auto kron(const A& a, const B& b) {
  using S = typename detail::spaces_must_match<space_of_t<A>, space_of_t<B>>::type;
  using P = detail::product_t<A, B>;
  constexpr std::size_t RA = rank_of_v<A>, RB = rank_of_v<B>, R = RA > RB ? RA : RB;
  tensor<value_of_t<A>, RA, S> keep_a;
  tensor<value_of_t<B>, RB, S> keep_b;
  const auto wa = detail::kron_operand<false, R>(detail::readable_view(a, keep_a));
  const auto wb = detail::kron_operand<true, R>(detail::readable_view(b, keep_b));
  shape<R> ext;
  shape<2 * R> pairs;
  for (std::size_t k = 0; k < R; ++k) {
    ext[k] = detail::extent_product(wa.extent(2 * k), wb.extent(2 * k + 1), "kron");  // broadcast views can be vast
    pairs[2 * k] = wa.extent(2 * k);
    pairs[2 * k + 1] = wb.extent(2 * k + 1);
  }
  tensor<P, R, S> out(ext, uninitialized);
  shape<2 * R> str;  // out seen as [a0, b0, a1, b1, ...]
  index_t step = 1;
  for (std::size_t k = R; k-- > 0;) {
    str[2 * k + 1] = step;
    str[2 * k] = step * pairs[2 * k + 1];
    step *= ext[k];
  }
  tensor_view<P, 2 * R, S>(out.data(), pairs, str) = wa * wb;
  return out;
}

namespace detail {
/// The gradient along every axis, `along(v, out, ax)` writing axis ax's (f read as its
/// floating type v) into out: one tensor for rank 1, else a std::array of R.
template <class X, class Along>
auto gradient_all(const X& f, const Along& along) {
  constexpr std::size_t R = rank_of_v<X>;
  using G = inexact_t<value_of_t<X>>;
  using S = space_of_t<X>;
  tensor<G, R, S> keep;
  const auto v = readable_as<G>(f, keep);
  std::array<tensor<G, R, S>, R> out;
  for (std::size_t ax = 0; ax < R; ++ax) {
    out[ax] = tensor<G, R, S>(v.shape(), uninitialized);
    along(v, out[ax].view(), ax);
  }
  if constexpr (R == 1)
    return std::move(out[0]);
  else
    return out;
}
}  // namespace detail

/// numpy's gradient of a rank-1 operand with uniform spacing dx: (f[i+1] - f[i-1]) / 2dx
/// inside, one-sided differences of order 1 (or td::edge_order{2}) at the ends, in f's floating
/// type (double for integers). For rank 2 and more, a std::array of the gradients along
/// each axis, as numpy's tuple. An axis shorter than edge_order + 1 throws td::shape_error.
template <operand X>
auto gradient(const X& f, double dx = 1.0, edge_order edges = {}) {
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(R >= 1, "tandem: gradient needs an operand of rank 1 or more");
  return detail::gradient_all(f, [&](const auto& v, const auto& out, std::size_t ax) {
    detail::gradient_along(v, out, ax, dx, edges);
  });
}

/// numpy's gradient(f, dx0, dx1, ...): one spacing per axis, as a braced list of R
/// numbers (`td::gradient(img, {0.5, 0.25})`); a std::array of the R gradients.
template <operand X, std::size_t N>
  requires(N >= 2)
auto gradient(const X& f, const double (&dx)[N], edge_order edges = {}) {
  static_assert(N == rank_of_v<X>, "tandem: gradient takes one spacing per axis of f (or one for all)");
  return detail::gradient_all(f, [&](const auto& v, const auto& out, std::size_t ax) {
    detail::gradient_along(v, out, ax, dx[ax], edges);
  });
}

/// The gradient along one axis (numpy's gradient(f, dx, axis=axis)).
template <operand X>
auto gradient(const X& f, double dx, index_t axis, edge_order edges = {}) {
  using G = detail::inexact_t<value_of_t<X>>;
  const detail::inexact_operand<G, X> v(f, axis, "gradient");
  tensor<G, rank_of_v<X>, space_of_t<X>> out(v.view.shape(), uninitialized);
  detail::gradient_along(v.view, out.view(), v.ax, dx, edges);
  return out;
}

namespace detail {
/// The gradient of v along `ax` into out at sample points x (rank 1, as many as v has
/// along the axis), the spacing diff(x) taken in x's floating type.
template <class G, std::size_t R, class S, class P>
void gradient_at_points(const tensor_view<const G, R, S>& v, const tensor_view<G, R, S>& out, std::size_t ax,
                        const P& x, edge_order edges) {
  using D = inexact_t<value_of_t<P>>;
  static_assert(rank_of_v<P> == 1, "tandem: gradient's sample points are rank 1");
  static_assert(std::is_same_v<space_of_t<P>, S>,
                "tandem: gradient's sample points live in f's memory space; copy them with td::to(space, x)");
  if (x.shape()[0] != v.extent(ax))
    throw shape_error("tandem: gradient: " + std::to_string(x.shape()[0]) + " sample points for axis " +
                      std::to_string(ax) + " of extent " + std::to_string(v.extent(ax)) + " (f has shape " +
                      to_string(v.shape()) + ")");
  const tensor<D, 1, S> d = diff(cast<D>(x));
  gradient_along_points(v, out, ax, d, edges);
}

/// Whether no argument type follows a T among A...
template <class T, class... A>
constexpr bool nothing_after() {
  bool seen = false, ok = true;
  ((ok = ok && !seen, seen = seen || std::is_same_v<A, T>), ...);
  return ok;
}

/// The edge_order that ends a gradient's arguments, or the default.
inline edge_order trailing_edge_order() { return {}; }
template <class A, class... Rest>
edge_order trailing_edge_order(const A& a, const Rest&... rest) {
  if constexpr (sizeof...(Rest) != 0) {
    return trailing_edge_order(rest...);
  } else if constexpr (std::is_same_v<A, edge_order>) {
    return a;
  } else {
    return {};
  }
}
}  // namespace detail

/// numpy's gradient with sample points x along `axis` (numpy's array spacing): x rank 1,
/// as many points as f has along the axis, increasing or not but distinct (equal points
/// divide by zero, as numpy's); second-order accurate inside for uneven spacing.
/// Integer points are taken as double.
template <operand X, operand P>
auto gradient(const X& f, const P& x, index_t axis, edge_order edges = {}) {
  using G = detail::inexact_t<value_of_t<X>>;
  const detail::inexact_operand<G, X> v(f, axis, "gradient");
  tensor<G, rank_of_v<X>, space_of_t<X>> out(v.view.shape(), uninitialized);
  detail::gradient_at_points(v.view, out.view(), v.ax, x, edges);
  return out;
}

/// numpy's gradient(f, x0, x1, ...): sample points for every axis (rank-1 operands, one
/// per axis of f, each as many as f has along its axis), optionally followed by
/// td::edge_order; a std::array of the R gradients. An evenly spaced axis among them is
/// given its points too (`td::arange<double>(n) * 0.5`: numpy's formulas for a constant
/// spacing are used wherever the points are evenly spaced).
template <operand X, operand P0, operand P1, class... More>
  requires((operand<More> || std::is_same_v<More, edge_order>) && ...)
auto gradient(const X& f, const P0& x0, const P1& x1, const More&... more) {
  constexpr std::size_t R = rank_of_v<X>;
  constexpr std::size_t points = 2 + (std::size_t(operand<More>) + ... + 0);
  static_assert(detail::nothing_after<edge_order, More...>(), "tandem: gradient's edge_order comes last, after the sample points");
  static_assert(points == R, "tandem: gradient takes sample points for every axis of f (one rank-1 operand per axis)");
  const edge_order edges = detail::trailing_edge_order(more...);
  return detail::gradient_all(f, [&](const auto& v, const auto& out, std::size_t ax) {
    std::size_t k = 0;  // the ax-th operand among the arguments is axis ax's points
    const auto at = [&](const auto& x) {
      if constexpr (operand<std::remove_cvref_t<decltype(x)>>)
        if (k++ == ax) detail::gradient_at_points(v, out, ax, x, edges);
    };
    at(x0);
    at(x1);
    (at(more), ...);
  });
}

/// The same for rank 1 (numpy's gradient(f, x)).
template <operand X, operand P>
auto gradient(const X& f, const P& x, edge_order edges = {}) {
  static_assert(rank_of_v<X> == 1, "tandem: gradient(f, x) without an axis takes a rank-1 f");
  return gradient(f, x, 0, edges);
}

/// numpy's trapezoid: the integral of y along `axis` (the last by default) by the
/// trapezoidal rule with uniform spacing dx, sum of dx * (y[i] + y[i+1]) / 2, in y's
/// floating type (double for integers). A value for rank 1 (0 for fewer than two
/// points), else a tensor of one rank less.
template <operand Y>
auto trapezoid(const Y& y, double dx = 1.0, index_t axis = -1) {
  using G = detail::inexact_t<value_of_t<Y>>;
  const detail::inexact_operand<G, Y> v(y, axis, "trapezoid");
  const std::size_t ax = v.ax;
  const index_t len = v.view.extent(ax), m = len > 0 ? len - 1 : 0;
  using E = detail::real_part_t<G>;
  const auto terms =
      E(dx) * (detail::along(v.view, ax, len > 0 ? 1 : 0, m) + detail::along(v.view, ax, 0, m)) / E(2.0);
  return detail::trapezoid_sum<rank_of_v<Y>>(terms, ax);
}

/// numpy's trapezoid with sample points x: rank 1 (as many as y has along `axis`) or
/// y's shape; the spacing is diff(x) along the axis. y and x are each read in their
/// floating type (double for integers) and their products take the wider one, as numpy's.
template <operand Y, operand X>
auto trapezoid(const Y& y, const X& x, index_t axis = -1) {
  using G = detail::inexact_t<value_of_t<Y>>;
  using D = detail::inexact_t<value_of_t<X>>;
  using S = typename detail::spaces_must_match<space_of_t<Y>, space_of_t<X>>::type;
  constexpr std::size_t R = rank_of_v<Y>;
  static_assert(rank_of_v<X> == 1 || rank_of_v<X> == R, "tandem: trapezoid's x is rank 1 or y's rank");
  const detail::inexact_operand<G, Y> v(y, axis, "trapezoid");
  const std::size_t ax = v.ax;
  const index_t len = v.view.extent(ax), m = len > 0 ? len - 1 : 0;
  bool fits = false;
  if constexpr (rank_of_v<X> == 1)
    fits = x.shape()[0] == len;
  else
    fits = x.shape() == y.shape();
  if (!fits)
    throw shape_error("tandem: trapezoid: x has shape " + to_string(x.shape()) + ", y " + to_string(y.shape()) +
                      " (x must be rank 1 with y's extent along axis " + std::to_string(axis) + ", or y's shape)");
  const tensor<D, rank_of_v<X>, S> d = diff(cast<D>(x), 1, rank_of_v<X> == 1 ? 0 : static_cast<index_t>(ax));
  shape<R> d_ext, d_str;  // d laid along the axis (rank 1) or as it is
  for (std::size_t k = 0; k < R; ++k) {
    d_ext[k] = rank_of_v<X> == 1 ? (k == ax ? m : 1) : d.extent(k);
    d_str[k] = rank_of_v<X> == 1 ? (k == ax ? 1 : 0) : d.view().stride(k);
  }
  const tensor_view<const D, R, S> dv(d.data(), d_ext, d_str);
  const auto terms = dv * (detail::along(v.view, ax, len > 0 ? 1 : 0, m) + detail::along(v.view, ax, 0, m)) / 2.0;
  return detail::trapezoid_sum<R>(terms, ax);
}

namespace detail {
/// How many elements ediff1d's to_begin or to_end adds: one value, or an operand's all.
template <class A>
index_t piece_size(const A& a) {
  if constexpr (operand<A>)
    return a.shape().size();
  else
    return 1;
}
/// Writes one value, or an operand's elements in row-major order, into a dense rank-1 view.
template <class V, class S, class A>
void write_piece(const tensor_view<V, 1, S>& dest, const A& a) {
  if constexpr (operand<A>) {
    static_assert(std::is_same_v<space_of_t<A>, S>, "tandem: ediff1d's to_begin and to_end live in its operand's space");
    if (dest.size() != 0) tensor_view<V, rank_of_v<A>, S>(dest.data(), a.shape()) = cast<V>(a);
  } else {
    dest = convert<V>(a);
  }
}
}  // namespace detail

namespace detail {
/// numpy's density: n / diff(edges) / sum(n), in that order, as doubles.
template <class N, class S>
tensor<double, 1, S> density_of(const N& n, const tensor<double, 1, S>& edges) {
  const double total = sum(cast<double>(n));
  return tensor<double, 1, S>(cast<double>(n) / diff(edges) / total);
}
}  // namespace detail

/// numpy's histogram(..., density=True): the histogram (counts, or sums of weights) over
/// each bin's width and the whole, so that it integrates to 1 over the range, as
/// doubles in a's space. The arguments are td::histogram's: (a, bins[, lo, hi][,
/// weights]) or (a, edges[, weights]). Nothing in the range (an empty a) gives NaNs, as
/// numpy's (which warns).
template <operand E>
tensor<double, 1, space_of_t<E>> histogram_density(const E& e, index_t bins, double lo, double hi) {
  return detail::density_of(histogram(e, bins, lo, hi), histogram_bin_edges(e, bins, lo, hi));
}
template <operand E, operand W>
tensor<double, 1, space_of_t<E>> histogram_density(const E& e, index_t bins, double lo, double hi, const W& weights) {
  return detail::density_of(histogram(e, bins, lo, hi, weights), histogram_bin_edges(e, bins, lo, hi));
}
template <operand E>
tensor<double, 1, space_of_t<E>> histogram_density(const E& e, index_t bins) {
  const auto [lo, hi] = detail::histogram_auto_range(e, "histogram_density");
  return histogram_density(e, bins, lo, hi);
}
template <operand E, operand W>
tensor<double, 1, space_of_t<E>> histogram_density(const E& e, index_t bins, const W& weights) {
  detail::check_weights(e, weights, "histogram_density");
  const auto [lo, hi] = detail::histogram_auto_range(e, "histogram_density");
  return histogram_density(e, bins, lo, hi, weights);
}
template <operand E, operand B>
tensor<double, 1, space_of_t<E>> histogram_density(const E& e, const B& edges) {
  const auto ed = detail::histogram_edges<space_of_t<E>>(edges, "histogram_density");
  return detail::density_of(detail::edge_counts(e, ed), ed);
}
template <operand E, operand B, operand W>
tensor<double, 1, space_of_t<E>> histogram_density(const E& e, const B& edges, const W& weights) {
  const auto ed = detail::histogram_edges<space_of_t<E>>(edges, "histogram_density");
  return detail::density_of(detail::edge_sums(e, ed, weights, "histogram_density"), ed);
}

namespace detail {
/// numpy's density of a 2-d histogram: h / dx[:, None] / dy[None, :] / sum(h), in that
/// order, as doubles.
template <class H, class S>
tensor<double, 2, S> density_of(const H& h, const tensor<double, 1, S>& ex, const tensor<double, 1, S>& ey) {
  const double total = sum(cast<double>(h));
  const tensor<double, 1, S> dx = diff(ex), dy = diff(ey);
  return tensor<double, 2, S>(cast<double>(h) / reshape(dx, {dx.size(), 1}) / reshape(dy, {1, dy.size()}) / total);
}
/// histogram2d_density over ranges, weights nullptr for counts.
template <class X, class Y, class W>
tensor<double, 2, space_of_t<X>> uniform_density_2d(const X& x, const Y& y, const index_t (&bins)[2],
                                                    const double (&range)[2][2], const W& weights) {
  const auto h = uniform_histogram2d(x, y, bins, range, weights);  // checks bins and range first
  return density_of(h, histogram_bin_edges(x, bins[0], range[0][0], range[0][1]),
                    histogram_bin_edges(y, bins[1], range[1][0], range[1][1]));
}
template <class X, class Y, class BX, class BY, class W>
tensor<double, 2, space_of_t<X>> edge_density_2d(const X& x, const Y& y, const BX& x_edges, const BY& y_edges,
                                                 const W& weights) {
  using S = space_of_t<X>;
  const auto ex = histogram_edges<S>(x_edges, "histogram2d_density (x)");
  const auto ey = histogram_edges<S>(y_edges, "histogram2d_density (y)");
  return density_of(edge_histogram2d(x, y, ex, ey, weights), ex, ey);
}
}  // namespace detail

/// numpy's histogram2d(..., density=True): the counts (or sums of the weights) over each
/// cell's area and the whole, so that it integrates to 1 over the ranges, as doubles in
/// x's space. The arguments are td::histogram2d's: (x, y, bins[, range][, weights]) or
/// (x, y, x_edges, y_edges[, weights]). Nothing in the ranges gives NaNs, as numpy's.
template <operand X, operand Y>
tensor<double, 2, space_of_t<X>> histogram2d_density(const X& x, const Y& y, const index_t (&bins)[2],
                                                     const double (&range)[2][2]) {
  return detail::uniform_density_2d(x, y, bins, range, nullptr);
}
template <operand X, operand Y, operand W>
tensor<double, 2, space_of_t<X>> histogram2d_density(const X& x, const Y& y, const index_t (&bins)[2],
                                                     const double (&range)[2][2], const W& weights) {
  return detail::uniform_density_2d(x, y, bins, range, weights);
}
template <operand X, operand Y>
tensor<double, 2, space_of_t<X>> histogram2d_density(const X& x, const Y& y, index_t bins,
                                                     const double (&range)[2][2]) {
  return histogram2d_density(x, y, {bins, bins}, range);
}
template <operand X, operand Y, operand W>
tensor<double, 2, space_of_t<X>> histogram2d_density(const X& x, const Y& y, index_t bins,
                                                     const double (&range)[2][2], const W& weights) {
  return histogram2d_density(x, y, {bins, bins}, range, weights);
}
template <operand X, operand Y>
tensor<double, 2, space_of_t<X>> histogram2d_density(const X& x, const Y& y, const index_t (&bins)[2]) {
  return histogram2d_density(x, y, bins, detail::histogram2d_ranges(x, y, nullptr).r);
}
template <operand X, operand Y, operand W>
tensor<double, 2, space_of_t<X>> histogram2d_density(const X& x, const Y& y, const index_t (&bins)[2],
                                                     const W& weights) {
  return histogram2d_density(x, y, bins, detail::histogram2d_ranges(x, y, weights).r, weights);
}
template <operand X, operand Y>
tensor<double, 2, space_of_t<X>> histogram2d_density(const X& x, const Y& y, index_t bins = 10) {
  return histogram2d_density(x, y, {bins, bins});
}
template <operand X, operand Y, operand W>
tensor<double, 2, space_of_t<X>> histogram2d_density(const X& x, const Y& y, index_t bins, const W& weights) {
  return histogram2d_density(x, y, {bins, bins}, weights);
}
template <operand X, operand Y, operand BX, operand BY>
tensor<double, 2, space_of_t<X>> histogram2d_density(const X& x, const Y& y, const BX& x_edges, const BY& y_edges) {
  return detail::edge_density_2d(x, y, x_edges, y_edges, nullptr);
}
template <operand X, operand Y, operand BX, operand BY, operand W>
tensor<double, 2, space_of_t<X>> histogram2d_density(const X& x, const Y& y, const BX& x_edges, const BY& y_edges,
                                                     const W& weights) {
  return detail::edge_density_2d(x, y, x_edges, y_edges, weights);
}

/// numpy's ediff1d: the differences of consecutive elements of x flattened (row-major),
/// a[1:] - a[:-1] in x's type (diff's rules), with to_begin's elements before them and
/// to_end's after (each one value, an operand of any rank, or left out), converted to
/// x's type. A rank-1 tensor in x's space.
template <operand X, class End = std::nullptr_t, class Begin = std::nullptr_t>
  requires((operand<End> || scalar<End> || std::is_null_pointer_v<End>) &&
           (operand<Begin> || scalar<Begin> || std::is_null_pointer_v<Begin>))
auto ediff1d(const X& x, const End& to_end = nullptr, const Begin& to_begin = nullptr) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  tensor<V, rank_of_v<X>, S> keep;
  const auto v = detail::readable_view(x, keep);
  const index_t n = v.size(), m = n > 0 ? n - 1 : 0;
  tensor<V, 1, S> flat;
  if (!v.is_contiguous()) flat = detail::flat_copy(v);
  const tensor_view<const V, 1, S> f = v.is_contiguous() ? tensor_view<const V, 1, S>(v.data(), shape<1>{n}) : flat.view();
  index_t b = 0, e = 0;
  if constexpr (!std::is_null_pointer_v<Begin>) b = detail::piece_size(to_begin);
  if constexpr (!std::is_null_pointer_v<End>) e = detail::piece_size(to_end);
  tensor<V, 1, S> out(shape<1>{b + m + e}, uninitialized);
  if constexpr (!std::is_null_pointer_v<Begin>) detail::write_piece(detail::along(out.view(), 0, 0, b), to_begin);
  if (m > 0) {
    const auto hi = detail::along(f, 0, 1, m), lo = detail::along(f, 0, 0, m);
    if constexpr (std::is_same_v<V, bool>)
      detail::along(out.view(), 0, b, m) = hi != lo;
    else
      detail::along(out.view(), 0, b, m) = hi - lo;
  }
  if constexpr (!std::is_null_pointer_v<End>) detail::write_piece(detail::along(out.view(), 0, b + m, e), to_end);
  return out;
}

/// numpy's unwrap: p with each jump along `axis` (the last by default) larger than
/// `discont` (period / 2 when left out, as numpy's None) replaced by its equivalent
/// modulo `period` (2 pi by default), so a phase runs on continuously: numpy's formulas
/// (the jump reduced to [-period / 2, period / 2), +period / 2 for a positive jump on
/// the boundary), in p's floating type (double for integers).
template <operand P>
auto unwrap(const P& p, std::optional<double> discont = std::nullopt, index_t axis = -1,
            double period = 6.283185307179586) {
  using G = detail::inexact_t<value_of_t<P>>;
  using S = space_of_t<P>;
  constexpr std::size_t R = rank_of_v<P>;
  const detail::inexact_operand<G, P> v(p, axis, "unwrap");
  const std::size_t ax = v.ax;
  tensor<G, R, S> out = v.view;
  const index_t len = v.view.extent(ax);
  if (len < 2 || out.size() == 0) return out;
  const G high = G(period / 2), per = G(period), jump = G(discont ? *discont : period / 2);
  const tensor<G, R, S> dd = detail::along(v.view, ax, 1, len - 1) - detail::along(v.view, ax, 0, len - 1);
  tensor<G, R, S> fix = remainder(dd + high, per) - high;  // the jump modulo the period
  fix = where(fix == -high && dd > G(0), high, fix) - dd;
  fix = where(abs(dd) < jump, G(0), fix);
  const auto rest = detail::along(out.view(), ax, 1, len - 1);
  rest = rest + cumsum(fix, static_cast<index_t>(ax));
  return out;
}

namespace detail {
/// polyval at element i: Horner's rule over the n coefficients (highest power first), in
/// R, as numpy's y = y * x + c.
template <class R, class C, class Get>
struct polyval_kernel {
  const C* c;
  index_t n;
  Get x;
  R* out;
  TANDEM_HD void operator()(index_t i) const {
    const R v = convert<R>(x(i));
    R y = R(0);
    for (index_t k = 0; k < n; ++k) y = add(multiply(y, v), convert<R>(c[k]));
    out[i] = y;
  }
};
/// Row i of vander: the powers of x[i] by repeated multiplication (numpy's), highest
/// first unless increasing.
template <class T, class Get>
struct vander_kernel {
  Get x;
  index_t n;
  bool increasing;
  T* out;
  TANDEM_HD void operator()(index_t i) const {
    const T v = x(i);
    T p = T(1);
    for (index_t j = 0; j < n; ++j) {
      out[i * n + (increasing ? j : n - 1 - j)] = p;
      p = static_cast<T>(multiply(p, v));
    }
  }
};
}  // namespace detail

/// numpy's polyval: the polynomial with coefficients p (rank 1, highest power first) at
/// each element of x, by Horner's rule (numpy's y = y * x + c, so the same roundings); a
/// tensor of x's shape, of the type p and x multiply in (integers stay integers and wrap,
/// as numpy's). No coefficients give zeros.
template <operand P, operand X>
auto polyval(const P& p, const X& x) {
  using S = typename detail::spaces_must_match<space_of_t<P>, space_of_t<X>>::type;
  using C = value_of_t<P>;
  using R = detail::product_t<P, X>;
  static_assert(rank_of_v<P> == 1, "tandem: polyval's coefficients are rank 1 (highest power first)");
  const detail::dense_operand<C, P> c(p);
  tensor<R, rank_of_v<X>, S> out(x.shape(), uninitialized);
  if (out.size() == 0) return out;
  detail::with_getter<value_of_t<X>>(x, x.shape(), [&](auto get) {
    detail::backend_t<S>::for_each(out.size(), detail::polyval_kernel<R, C, decltype(get)>{c.data, p.shape()[0], get,
                                                                                             out.data()},
                                   p.shape()[0]);
  });
  detail::backend_t<S>::finish();
  return out;
}

/// numpy's vander: the Vandermonde matrix of x (rank 1), n columns (x's length when
/// left out), x^(n-1) ... x^0 in each row (x^0 ... x^(n-1) when increasing), by repeated
/// multiplication as numpy's, in x's element type (integers wrap).
template <operand X>
auto vander(const X& x, std::optional<index_t> columns = std::nullopt, bool increasing = false) {
  using T = value_of_t<X>;
  using S = space_of_t<X>;
  static_assert(rank_of_v<X> == 1, "tandem: vander takes a rank-1 operand (numpy: x must be one-dimensional)");
  const index_t m = x.shape()[0], n = columns ? *columns : m;
  if (n < 0) throw shape_error("tandem: vander: a negative number of columns (" + std::to_string(n) + ")");
  tensor<T, 2, S> out(shape<2>{m, n}, uninitialized);
  if (out.size() == 0) return out;
  detail::with_getter<T>(x, x.shape(), [&](auto get) {
    detail::backend_t<S>::for_each(m, detail::vander_kernel<T, decltype(get)>{get, n, increasing, out.data()}, n);
  });
  detail::backend_t<S>::finish();
  return out;
}

}  // namespace tandem
