#pragma once
/// \file random/philox.hpp
/// Philox-4x32-10, the counter-based generator of Salmon, Moraes, Dror and Shaw,
/// "Parallel random numbers: as easy as 1, 2, 3" (SC 2011): ten rounds of two 32-bit
/// multiplications that map a 128-bit counter and a 64-bit key to 128 random bits.
/// Written once as TANDEM_HD code, so host and device compute the same bits.

#include <cstdint>

#include "../config.hpp"

namespace tandem::random {

/// Four 32-bit words: a Philox counter or its output.
struct words4 {
  std::uint32_t w[4];
  friend constexpr bool operator==(const words4& a, const words4& b) {
    return a.w[0] == b.w[0] && a.w[1] == b.w[1] && a.w[2] == b.w[2] && a.w[3] == b.w[3];
  }
};

/// The Philox-4x32-10 bijection of `counter` under `key`.
TANDEM_HD constexpr words4 philox4x32_10(words4 counter, std::uint32_t key0, std::uint32_t key1) {
  constexpr std::uint32_t multiplier0 = 0xD2511F53u, multiplier1 = 0xCD9E8D57u;
  constexpr std::uint32_t weyl0 = 0x9E3779B9u, weyl1 = 0xBB67AE85u;  // the key schedule's increments
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      key0 += weyl0;
      key1 += weyl1;
    }
    const std::uint64_t p0 = std::uint64_t(multiplier0) * counter.w[0];
    const std::uint64_t p1 = std::uint64_t(multiplier1) * counter.w[2];
    counter = words4{{static_cast<std::uint32_t>(p1 >> 32) ^ counter.w[1] ^ key0, static_cast<std::uint32_t>(p1),
                      static_cast<std::uint32_t>(p0 >> 32) ^ counter.w[3] ^ key1, static_cast<std::uint32_t>(p0)}};
  }
  return counter;
}

}  // namespace tandem::random
