#pragma once
/// \file backend/sort.hpp
/// The door to every backend's sorter (what algorithm/sort.hpp and the other sorting
/// algorithms include): tandem's radix sort on the host, CUB's under CUDA.

#include "backend.hpp"
#include "host/sort.hpp"

#if TANDEM_HAS_CUDA
#  include "cuda/sort.cuh"
#endif
