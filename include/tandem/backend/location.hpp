#pragma once
/// \file backend/location.hpp
/// Where a block of memory lives, as another library must be told (DLPack's device
/// type and number): each backend memory type says it with
/// `static memory_location locate(const void* p)`.

namespace tandem::detail {

enum class memory_kind { host, cuda_device, cuda_managed };
struct memory_location {
  memory_kind kind = memory_kind::host;
  int device = 0;
};

}  // namespace tandem::detail
