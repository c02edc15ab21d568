#pragma once
/// \file error.hpp
/// The exception hierarchy. Every check runs on the host before work is launched, so
/// nothing throws inside TANDEM_HD code.

#include <stdexcept>
#include <string>

#include "config.hpp"

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
/// (Thrown by the CUDA backend, backend/cuda/runtime.hpp.)
struct cuda_error : error {
  using error::error;
};
/// A linear algebra routine met a matrix it cannot take: singular (solve, inv) or not
/// positive definite (cholesky). The message names the batch entry and the pivot or
/// minor, as numpy's LinAlgError.
struct linalg_error : error {
  using error::error;
};
/// An MPI call failed (td::dist); the message names the call and MPI's error string.
/// (Thrown by backend/mpi.hpp.)
struct mpi_error : error {
  using error::error;
};
/// Reading or writing a file failed.
struct io_error : error {
  using error::error;
};

}  // namespace tandem
