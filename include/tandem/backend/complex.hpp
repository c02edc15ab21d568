#pragma once
/// \file backend/complex.hpp
/// The complex type tandem's complex elements are, for host and device code alike:
/// libcu++'s, under every compiler. Kept out of portable.hpp, which every header
/// includes, so that only code using complex numbers pays for the header.

#include "../config.hpp"

// Under a host compiler libcu++ would include CUDA's cuda_fp16.h and cuda_bf16.h where
// the toolkit's headers are on the include path, and with them a global `half` typedef
// that collides with user code (and -Wshadow) in programs that never touch a GPU. Its
// 16-bit support is declined for this include (tandem brings its own 16-bit types on the
// host), unless the program has set libcu++'s switch itself.
#if !TANDEM_HAS_CUDA && !defined(CCCL_DISABLE_FP16_SUPPORT)
#  define CCCL_DISABLE_FP16_SUPPORT
#  define TANDEM_DECLINED_FP16
#endif
#include <cuda/std/complex>
#ifdef TANDEM_DECLINED_FP16
#  undef CCCL_DISABLE_FP16_SUPPORT
#  undef TANDEM_DECLINED_FP16
#endif

namespace tandem::detail {

template <class T>
using native_complex = ::cuda::std::complex<T>;

}  // namespace tandem::detail
