#pragma once
/// \file backend/gemm.hpp
/// The door to every backend's matrix product (what algorithm/matmul.hpp includes):
/// tandem's blocked kernel or CBLAS on the host, cuBLAS under CUDA.

#include "backend.hpp"
#include "host/gemm.hpp"

#if TANDEM_HAS_CUDA
#  include "cuda/gemm.cuh"
#endif
