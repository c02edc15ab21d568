#pragma once
/// \file complex.hpp
/// Complex element types: `td::complex<float>` and `td::complex<double>`, which are
/// libcu++'s `cuda::std::complex` under every compiler (laid out as two T, real part
/// first, as std::complex, cuFFT's and FFTW's complex types are), usable in host and
/// device code alike.
///
/// \code
/// using cf = td::complex<float>;
/// auto z = td::from<cf>({cf(1, 2), cf(3, -0.5f)});
/// auto w = td::eval(z * cf(0, 1) + 2.f);                  // i z + 2, complex64
/// auto r = td::eval(td::abs(z));                           // float: |z|
/// auto p = td::eval(td::polar(td::abs(z), td::angle(z)));  // z again
/// td::complex<float> s = td::sum(z);                     // prod, mean, dot too
/// td::complex<float> v = td::vdot(z, z);                  // sum(conj(z) * z) = 13.25
/// std::cout << z;                                          // [1+2j, 3-0.5j]
/// \endcode
/// Types meet as numpy's do: complex64 with float32 (or a 16-bit float, or a Python-like
/// scalar) stays complex64, with float64 it becomes complex128; a complex scalar beside
/// real elements takes their precision (`float_tensor * td::complex<double>(0, 1)` is
/// complex64). One exception: integers of 32 or 64 bits beside complex64 stay complex64,
/// as tandem's float32 beside them stays float32 (numpy widens both to 64 bits).
/// Converting complex to a real type keeps the real part, as numpy's astype does.

#include "algorithm/reduce.hpp"
#include "backend/complex.hpp"
#include "config.hpp"
#include "error.hpp"
#include "expr/functors.hpp"
#include "expr/map.hpp"
#include "expr/operators.hpp"
#include "half.hpp"
#include "views/axes.hpp"

namespace tandem {

/// A complex number of two T (float or double).
template <class T>
using complex = detail::native_complex<T>;

static_assert(detail::is_complex_v<complex<float>> && detail::is_complex_v<complex<double>>);
static_assert(sizeof(complex<float>) == 2 * sizeof(float) && sizeof(complex<double>) == 2 * sizeof(double));

namespace detail {
/// r (cos theta + i sin theta), in the complex type of the real types' meeting point.
struct polar_fn {
  template <class X, class Y>
  TANDEM_HD auto operator()(X r, Y theta) const {
    using M = math_t<common_element_t<X, Y>>;
    const M m = convert<M>(r), t = convert<M>(theta);
    return ::tandem::complex<M>(m * pstd::cos(t), m * pstd::sin(t));
  }
};
}  // namespace detail

/// The complex numbers with magnitudes r and angles theta (radians), elementwise; either
/// side may be a scalar.
template <class A, class B>
  requires binary_operands<A, B>
auto polar(A&& r, B&& theta) {
  return detail::make_binary(detail::polar_fn{}, std::forward<A>(r), std::forward<B>(theta));
}

/// numpy's vdot: the sum of conj(a) * b over the elements of two operands with as many
/// elements, each taken flat (row-major); for real operands the plain dot product.
template <operand A, operand B>
auto vdot(const A& a, const B& b) {
  if (a.shape().size() != b.shape().size())
    throw shape_error("tandem: vdot needs operands with as many elements, got shapes " + to_string(a.shape()) +
                      " and " + to_string(b.shape()));
  if constexpr (rank_of_v<A> == rank_of_v<B>) {
    if (a.shape() == b.shape()) return dot(conj(a), b);
  }
  const auto flat = [](const auto& x) {
    if constexpr (detail::is_tensor_or_view_v<decltype(x)>)
      return flatten(x);
    else
      return flatten(eval(x));
  };
  return dot(conj(flat(a)), flat(b));
}

}  // namespace tandem
