#pragma once
/// \file backend/spaces.hpp
/// The memory spaces that exist only with a backend: `td::managed_space` (CUDA unified
/// memory) under a CUDA compiler. Included at the end of space.hpp.

#include "../space.hpp"

#if TANDEM_HAS_CUDA
namespace tandem {

/// CUDA unified memory: readable from the host, computed on by the device backend.
struct managed_space {
  static constexpr const char* name = "managed_space";
};
inline constexpr managed_space managed{};

template <>
struct is_space<managed_space> : std::true_type {};
template <>
struct is_host_accessible<managed_space> : std::true_type {};

}  // namespace tandem
#endif
