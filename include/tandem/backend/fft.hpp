#pragma once
/// \file backend/fft.hpp
/// The door to every backend's FFTs (what tandem/fft.hpp includes): FFTW3 on the host
/// and the emulated device, cuFFT under CUDA.

#include "backend.hpp"
#include "host/fftw.hpp"
#include "plan_cache.hpp"

#if TANDEM_HAS_CUDA
#  include "cuda/fft.cuh"
#endif
