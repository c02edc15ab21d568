#pragma once
/// \file memory/buffer.hpp
/// `detail::buffer<T, Space>`: an owning, typed allocation with value semantics in the
/// memory of a space (the backend's memory_block over the space's memory).

#include "../backend/backend.hpp"
#include "../backend/memory_block.hpp"
#include "memory.hpp"

namespace tandem::detail {

template <class T, class Space>
using buffer = memory_block<T, memory_t<Space>>;

}  // namespace tandem::detail
