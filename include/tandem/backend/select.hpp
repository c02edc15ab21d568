#pragma once
/// \file backend/select.hpp
/// The door to every backend's compaction (what algorithm/selection.hpp includes): two
/// parallel passes on the host and the emulated device, Thrust's select (CUB's) on a
/// GPU. backend/thrust/select.hpp also runs on Thrust's TBB system; the tests run it there.

#include "backend.hpp"
#include "host/select.hpp"
#if TANDEM_HAS_CUDA
#  include "thrust/select.hpp"
#endif
