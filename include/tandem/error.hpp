#pragma once
/// \file error.hpp
/// The exception hierarchy. Every check runs on the host before work is launched, so
/// nothing throws inside TANDEM_HD code.

#include <stdexcept>
#include <string>

#include "config.hpp"

#if TANDEM_HAS_CUDA
#  include <cuda_runtime_api.h>
#endif

namespace tandem {

/// Base of every exception tandem throws.
struct error : std::runtime_error {
  using std::runtime_error::runtime_error;
};
/// Shapes that cannot be broadcast, reshaped, copied or multiplied together.
struct shape_error : error {
  using error::error;
};
/// A slice, axis or element index out of range.
struct index_error : error {
  using error::error;
};
/// A CUDA runtime call failed; the message names the call and CUDA's error string.
struct cuda_error : error {
  using error::error;
};
/// Reading or writing a file failed.
struct io_error : error {
  using error::error;
};

namespace detail {

#if TANDEM_HAS_CUDA
inline void check_cuda(cudaError_t status, const char* call, const char* file, int line) {
  if (status == cudaSuccess) return;
  // Clear the error so that later checks do not report it again (errors that leave the
  // context unusable stay, and are reported by the next call).
  (void)cudaGetLastError();
  throw cuda_error(std::string("tandem: CUDA call ") + call + " failed with " +
                   cudaGetErrorName(status) + " (" + cudaGetErrorString(status) + ") at " +
                   file + ":" + std::to_string(line));
}
#endif

}  // namespace detail
}  // namespace tandem

#if TANDEM_HAS_CUDA
/// Throws td::cuda_error naming the call when a CUDA runtime call fails.
#  define TANDEM_CUDA_CHECK(call) ::tandem::detail::check_cuda((call), #call, __FILE__, __LINE__)
#endif
