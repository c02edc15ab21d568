#pragma once
/// \file space.hpp
/// Memory spaces: tag types that say where a tensor's elements live and which backend
/// runs loops over them.
///
/// \code
/// auto a = td::zeros<float>({3, 4}, td::device);   // GPU memory (or emulated)
/// auto b = td::to(td::host, a);                      // copied into host memory
/// \endcode

#include <type_traits>

#include "config.hpp"

namespace tandem {

/// Host memory; loops run on tandem's pool of threads, serially when small.
struct host_space {
  static constexpr const char* name = "host_space";
};
/// GPU global memory under a CUDA compiler; host memory otherwise, its loops, sorts and
/// compaction the host backend's, on the host's threads (see `device_is_emulated`).
struct device_space {
  static constexpr const char* name = "device_space";
};
inline constexpr host_space host{};
inline constexpr device_space device{};

template <class S>
struct is_space : std::false_type {};
template <>
struct is_space<host_space> : std::true_type {};
template <>
struct is_space<device_space> : std::true_type {};
template <class S>
inline constexpr bool is_space_v = is_space<S>::value;

/// True for spaces whose elements host code may read and write directly.
template <class S>
struct is_host_accessible : std::false_type {};
template <>
struct is_host_accessible<host_space> : std::true_type {};
template <class S>
inline constexpr bool is_host_accessible_v = is_host_accessible<S>::value;

/// A memory space tag type.
template <class S>
concept space = is_space_v<S>;

namespace detail {

/// Instantiated only when an expression mixes two spaces; the two spaces appear in the
/// compiler's message as this template's arguments.
template <class SpaceA, class SpaceB>
struct spaces_must_match {
  static_assert(std::is_same_v<SpaceA, SpaceB>,
                "tandem: one expression cannot mix operands from two memory spaces (the "
                "two spaces are this template's arguments); copy one operand with "
                "td::to(space, x) first");
  using type = SpaceA;
};

}  // namespace detail
}  // namespace tandem

// The spaces a backend adds (CUDA's managed memory), declared with the traits above.
#include "backend/spaces.hpp"
