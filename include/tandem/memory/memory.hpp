#pragma once
/// \file memory/memory.hpp
/// Byte copies between any two spaces, waiting for a space's work, and the controls of
/// the memory each space keeps for reuse. The memory itself (allocation, zero-fill, the
/// caches, the streams device work is ordered on) is the backend's:
/// `detail::memory_t<Space>`, from backend/backend.hpp.

#include <cstddef>

#include "../backend/backend.hpp"
#include "../backend/memory_block.hpp"
#include "../config.hpp"
#include "../space.hpp"

namespace tandem {
namespace detail {

/// Waits until work queued for `Space` is done (a no-op where there is nothing to wait for).
template <class Space>
inline void wait_for(Space) {
  memory_t<Space>::wait();
}

/// Copies `bytes` from memory of space `Src` to memory of space `Dst`. Returns once the
/// destination is safe to use from the host when the destination is host-accessible.
template <class Dst, class Src>
inline void copy_bytes(void* dst, const void* src, std::size_t bytes) {
  copy_memory<memory_t<Dst>, memory_t<Src>>(dst, src, bytes);
}

}  // namespace detail

/// How many freed bytes tandem keeps for reuse in a space's memory: the host's block
/// cache (see detail::host_block_cache; 1 GiB unless set), or the current GPU's
/// stream-ordered pool (every freed byte unless set). 0 keeps nothing. An emulated
/// device's memory is host memory, so there the device's limit is the host's.
template <class Space>
  requires is_space_v<Space>
inline void set_cache_limit(Space, std::size_t bytes) {
  detail::memory_t<Space>::set_cache_limit(bytes);
}
template <class Space>
  requires is_space_v<Space>
inline std::size_t cache_limit(Space) {
  return detail::memory_t<Space>::cache_limit();
}
/// Bytes freed by tensors and kept for reuse in a space's memory now.
template <class Space>
  requires is_space_v<Space>
inline std::size_t cached_bytes(Space) {
  return detail::memory_t<Space>::cached_bytes();
}
/// Gives the memory a space keeps for reuse back to the system (for the GPU, after the
/// work queued on the calling thread's stream is done). Tensors still alive keep theirs.
template <class Space>
  requires is_space_v<Space>
inline void release_cached_memory(Space) {
  detail::memory_t<Space>::release_cached();
}
/// The same for every space.
inline void release_cached_memory() {
  release_cached_memory(host_space{});
  if constexpr (!detail::memory_t<device_space>::is_host_memory) release_cached_memory(device_space{});
}

/// Waits for all work tandem queued on the calling thread's device stream.
inline void synchronize() {
  using runtime = typename detail::backend_t<device_space>::runtime;
  runtime::synchronize(runtime::current_stream());
}
/// Waits for the work of one space: a no-op for the host, whose operations return
/// finished, so single-source timing code needs no GPU to time the host.
template <class Space>
  requires is_space_v<Space>
inline void synchronize(Space space_tag) {
  detail::wait_for(space_tag);
}

}  // namespace tandem
