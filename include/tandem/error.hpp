#pragma once
/// \file error.hpp
/// The exception hierarchy. Every check runs on the host before work is launched, so
/// nothing throws inside TANDEM_HD code.

#include <cstddef>
#include <cstdio>
#include <new>
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

namespace detail {

/// std::bad_alloc with what() saying what could not be had: a tensor's memory that the
/// system refuses (its shape having passed check_extents) is still caught as
/// std::bad_alloc, as the standard library's allocations are, and the message names the
/// bytes asked for, in which space, and through which call (numpy: "Unable to allocate
/// 4.00 TiB for an array").
class allocation_error : public std::bad_alloc {
 public:
  explicit allocation_error(std::string what) : what_(std::move(what)) {}
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  std::string what_;
};

/// "could not allocate N bytes (X GiB) of <where>".
inline std::string allocation_message(std::size_t bytes, const char* where) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024 && u < 6) v /= 1024, ++u;
  char size[32];
  std::snprintf(size, sizeof size, "%.2f %s", v, units[u]);
  return "tandem: could not allocate " + std::to_string(bytes) + " bytes (" + size + ") of " + where;
}

}  // namespace detail
}  // namespace tandem
