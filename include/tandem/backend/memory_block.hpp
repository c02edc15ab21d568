#pragma once
/// \file backend/memory_block.hpp
/// `detail::memory_block<T, Memory>`: an owning, typed allocation with value semantics,
/// in the memory of one backend (`Memory` is a backend's memory type). Tensors own one
/// through `detail::buffer<T, Space>` (memory/buffer.hpp); backends use it for scratch.

#include <cstddef>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "../config.hpp"
#include "../error.hpp"

namespace tandem::detail {

/// Copies `bytes` from memory of type `S` to memory of type `D` (backends' memory types).
/// Returns once the destination is safe to use from the host when host code may read
/// it. Two blocks of plain host memory may overlap (two views of one block).
template <class D, class S>
inline void copy_memory(void* dst, const void* src, std::size_t bytes) {
  if (bytes == 0 || dst == src) return;
  if constexpr (D::is_host_memory && S::is_host_memory) {
    D::copy(dst, src, bytes);
  } else {
    // The side that is not plain host memory queues the copy.
    using Q = std::conditional_t<D::is_host_memory, S, D>;
    Q::copy(dst, src, bytes);
    if constexpr (D::is_host_memory || S::is_host_memory || D::host_accessible) Q::wait();
  }
}

template <class T, class Memory>
class memory_block {
  static_assert(std::is_trivially_copyable_v<T>,
                "tandem: tensor elements must be trivially copyable types");

 public:
  memory_block() = default;
  explicit memory_block(index_t count) {
    if (count < 0) throw shape_error("tandem: cannot allocate a negative number of elements");
    ptr_ = static_cast<T*>(Memory::allocate(bytes_of(count)));
    count_ = count;
    owner_ = Memory::current_owner();
  }
  memory_block(const memory_block& other) : memory_block(other.count_) {
    copy_memory<Memory, Memory>(ptr_, other.ptr_, bytes_of(count_));
  }
  memory_block(memory_block&& other) noexcept
      : ptr_(std::exchange(other.ptr_, nullptr)),
        count_(std::exchange(other.count_, 0)),
        owner_(other.owner_),
        shared_(std::move(other.shared_)) {}
  memory_block& operator=(const memory_block& other) {
    if (this != &other) {
      memory_block copy(other);
      swap(copy);
    }
    return *this;
  }
  memory_block& operator=(memory_block&& other) noexcept {
    memory_block moved(std::move(other));
    swap(moved);
    return *this;
  }
  ~memory_block() {
    if (!shared_) Memory::deallocate(ptr_, bytes_of_unchecked(count_), owner_);
  }

  void swap(memory_block& other) noexcept {
    std::swap(ptr_, other.ptr_);
    std::swap(count_, other.count_);
    std::swap(owner_, other.owner_);
    shared_.swap(other.shared_);
  }

  /// Shared ownership of the elements (what a DLPack export holds): the memory is freed
  /// when this block and every copy of the returned pointer are gone. The block's own
  /// value semantics do not change (a copy of it is still a new allocation).
  std::shared_ptr<void> share() const {
    if (!shared_ && ptr_) {
      const std::size_t bytes = bytes_of_unchecked(count_);
      const auto owner = owner_;
      shared_ = std::shared_ptr<void>(static_cast<void*>(ptr_),
                                      [bytes, owner](void* p) { Memory::deallocate(p, bytes, owner); });
    }
    return shared_;
  }
  void zero() { Memory::zero(ptr_, bytes_of_unchecked(count_)); }
  T* data() const noexcept { return ptr_; }
  index_t size() const noexcept { return count_; }

 private:
  static std::size_t bytes_of(index_t count) {
    if (count > std::numeric_limits<index_t>::max() / index_t(sizeof(T)))
      throw shape_error("tandem: cannot allocate " + std::to_string(count) + " elements of " +
                        std::to_string(sizeof(T)) + " bytes: the size does not fit in 64-bit signed offsets");
    return bytes_of_unchecked(count);
  }
  static std::size_t bytes_of_unchecked(index_t count) noexcept { return static_cast<std::size_t>(count) * sizeof(T); }

  T* ptr_ = nullptr;
  index_t count_ = 0;
  [[no_unique_address]] typename Memory::owner owner_{};
  mutable std::shared_ptr<void> shared_;  // set once the elements are shared (share())
};

}  // namespace tandem::detail
