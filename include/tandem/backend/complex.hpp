#pragma once
/// \file backend/complex.hpp
/// The complex type tandem's complex elements are, for host and device code alike:
/// libcu++'s, under every compiler. Kept out of portable.hpp, which every header
/// includes, so that only code using complex numbers pays for the header.

#include <cuda/std/complex>

namespace tandem::detail {

template <class T>
using native_complex = ::cuda::std::complex<T>;

}  // namespace tandem::detail
