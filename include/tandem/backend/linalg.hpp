#pragma once
/// \file backend/linalg.hpp
/// The door to every backend's dense linear algebra (what tandem/linalg.hpp includes):
/// LAPACKE on the host and the emulated device, cuSOLVER under CUDA.

#include "backend.hpp"
#include "host/lapack.hpp"

#if TANDEM_HAS_CUDA
#  include "cuda/solver.cuh"
#endif
