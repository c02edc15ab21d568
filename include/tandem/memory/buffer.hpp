#pragma once
/// \file memory/buffer.hpp
/// `detail::buffer<T, Space>`: an owning, typed allocation with value semantics.

#include <cstddef>
#include <limits>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>

#include "memory.hpp"

namespace tandem::detail {

template <class T, class Space>
class buffer {
  static_assert(std::is_trivially_copyable_v<T>,
                "tandem: tensor elements must be trivially copyable types");

 public:
  buffer() = default;
  explicit buffer(index_t count) {
    if (count < 0) throw shape_error("tandem: cannot allocate a negative number of elements");
    ptr_ = static_cast<T*>(memory<Space>::allocate(bytes_of(count)));
    count_ = count;
#if TANDEM_HAS_CUDA
    stream_ = current_stream();
    owner_ = std::this_thread::get_id();
#endif
  }
  buffer(const buffer& other) : buffer(other.count_) {
    copy_bytes<Space, Space>(ptr_, other.ptr_, bytes_of(count_));
  }
  buffer(buffer&& other) noexcept
      : ptr_(std::exchange(other.ptr_, nullptr)), count_(std::exchange(other.count_, 0)) {
#if TANDEM_HAS_CUDA
    stream_ = other.stream_;
    owner_ = other.owner_;
#endif
  }
  buffer& operator=(const buffer& other) {
    if (this != &other) {
      buffer copy(other);
      swap(copy);
    }
    return *this;
  }
  buffer& operator=(buffer&& other) noexcept {
    buffer moved(std::move(other));
    swap(moved);
    return *this;
  }
  ~buffer() {
#if TANDEM_HAS_CUDA
    if constexpr (std::is_same_v<Space, device_space>) {
      if (ptr_ && stream_ == cudaStreamPerThread && owner_ != std::this_thread::get_id()) {
        // cudaStreamPerThread names the calling thread's stream, not the allocating
        // thread's, which no other thread can queue on: wait for all device work, then
        // free on this thread's stream. (Only for tensors that move between threads.)
        (void)cudaDeviceSynchronize();
        memory<Space>::deallocate(ptr_, bytes_of(count_), cudaStreamPerThread);
        return;
      }
      memory<Space>::deallocate(ptr_, bytes_of(count_), stream_);
      return;
    }
#endif
    memory<Space>::deallocate(ptr_, bytes_of(count_));
  }

  void swap(buffer& other) noexcept {
    std::swap(ptr_, other.ptr_);
    std::swap(count_, other.count_);
#if TANDEM_HAS_CUDA
    std::swap(stream_, other.stream_);
    std::swap(owner_, other.owner_);
#endif
  }
  void zero() { memory<Space>::zero(ptr_, bytes_of(count_)); }
  T* data() const noexcept { return ptr_; }
  index_t size() const noexcept { return count_; }

 private:
  static std::size_t bytes_of(index_t count) {
    if (count > std::numeric_limits<index_t>::max() / index_t(sizeof(T)))
      throw shape_error("tandem: cannot allocate " + std::to_string(count) + " elements of " +
                        std::to_string(sizeof(T)) + " bytes: the size does not fit in 64-bit signed offsets");
    return static_cast<std::size_t>(count) * sizeof(T);
  }
  T* ptr_ = nullptr;
  index_t count_ = 0;
#if TANDEM_HAS_CUDA
  // Device memory goes back to the pool on the stream it was allocated on, after the
  // work queued there; work on other streams must be done before the buffer goes.
  cudaStream_t stream_ = nullptr;
  std::thread::id owner_{};
#endif
};

}  // namespace tandem::detail
