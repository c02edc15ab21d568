#pragma once
/// \file backend/select.hpp
/// The door to every backend's compaction (what algorithm/selection.hpp includes): two
/// parallel passes on the host, Thrust's select for the device space (CUB on a GPU,
/// Thrust's TBB system where the device is emulated).

#include "backend.hpp"
#include "host/select.hpp"
#include "thrust/select.hpp"
