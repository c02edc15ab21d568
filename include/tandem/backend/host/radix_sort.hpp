#pragma once
/// \file backend/host/radix_sort.hpp
/// A stable least-significant-digit radix sort for arithmetic keys, with an optional
/// payload carried along, over host memory. Keys are first mapped to unsigned integers
/// whose order is the wanted order (NaNs last in either direction, as numpy puts them);
/// each 8-bit digit is then one counting pass and one scatter pass, split into chunks
/// that run in parallel. Digits that every key shares are skipped.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "../../config.hpp"
#include "../../core/radix_key.hpp"
#include "../../half.hpp"
#include "loops.hpp"

namespace tandem::detail {

/// Marks a keys-only sort.
struct no_payload {};

/// Sorts n keys read by get_key(i) (stable; with a payload read by get_val(i)) and
/// writes them in order through put_key(i, key) and put_val(i, value). Either put may
/// be a no_payload, which writes nothing. Runs on the calling thread unless `parallel`.
template <class T, class V, class GetKey, class GetVal, class PutKey, class PutVal>
void radix_sort(index_t n, const GetKey& get_key, const GetVal& get_val, const PutKey& put_key,
                const PutVal& put_val, bool descending, bool parallel = true) {
  constexpr bool has_val = !std::is_same_v<V, no_payload>;
  constexpr bool keeps_keys = !std::is_same_v<PutKey, no_payload>;
  // -0.0 and +0.0 sort as equals (stably); when keys are written back, each zero gets
  // its sign back in the order the zeros came in, which a stable sort keeps.
  constexpr bool signed_zeros = is_floating_v<T> && keeps_keys;
  using K = radix_key<T, is_floating_v<T>>;
  using U = typename K::U;
  auto is_negative_zero = [](T x) { return pstd::bit_cast<U>(x) == K::top; };
  // The signs of the zeros in input order (read before any key is written back), and
  // the zeros' run [first, first + count) in the sorted keys.
  auto zero_signs = [&](index_t count) {
    std::vector<unsigned char> signs;
    signs.reserve(static_cast<std::size_t>(count));
    for (index_t i = 0; i < n; ++i) {
      const T x = static_cast<T>(get_key(i));
      if (K::to(x, false) == K::to(T(0), false)) signs.push_back(is_negative_zero(x) ? 1 : 0);
    }
    return signs;
  };
  auto put_sorted_key = [&](index_t i, U key, const std::vector<unsigned char>& signs, index_t first) {
    if constexpr (keeps_keys) {  // (put_key is no_payload otherwise)
      if constexpr (signed_zeros) {
        if (!signs.empty() && i >= first && i - first < index_t(signs.size()) && signs[std::size_t(i - first)]) {
          put_key(i, convert<T>(-0.0f));
          return;
        }
      }
      put_key(i, K::from(key, descending));
    }
  };
  auto zero_run_start = [&](const U* sorted) {
    const U zero = K::to(T(0), descending);
    return index_t(std::lower_bound(sorted, sorted + n, zero) - sorted);
  };
  constexpr int digits = int(sizeof(U));
  constexpr index_t radix = 256;
  if (n <= 0) return;

  const std::unique_ptr<U[]> keys_a(new U[static_cast<std::size_t>(n)]);
  const std::unique_ptr<U[]> keys_b(new U[static_cast<std::size_t>(n)]);
  std::unique_ptr<V[]> vals_a, vals_b;
  if constexpr (has_val) {
    vals_a.reset(new V[static_cast<std::size_t>(n)]);
    vals_b.reset(new V[static_cast<std::size_t>(n)]);
  }
  U* a = keys_a.get();
  U* b = keys_b.get();
  V* va = vals_a.get();
  V* vb = vals_b.get();

  if (n <= 32) {  // short: a stable insertion sort on the mapped keys
    index_t negative_zeros = 0;
    for (index_t i = 0; i < n; ++i) {
      const T x = static_cast<T>(get_key(i));
      if constexpr (signed_zeros) negative_zeros += is_negative_zero(x) ? 1 : 0;
      const U k = K::to(x, descending);
      index_t j = i;
      for (; j > 0 && a[j - 1] > k; --j) {
        a[j] = a[j - 1];
        if constexpr (has_val) va[j] = va[j - 1];
      }
      a[j] = k;
      if constexpr (has_val) va[j] = get_val(i);
    }
    std::vector<unsigned char> signs;
    if (negative_zeros > 0) signs = zero_signs(n);
    const index_t first = signs.empty() ? 0 : zero_run_start(a);
    for (index_t i = 0; i < n; ++i) {
      if constexpr (keeps_keys) put_sorted_key(i, a[i], signs, first);
      if constexpr (has_val && !std::is_same_v<PutVal, no_payload>) put_val(i, va[i]);
    }
    return;
  }

  // Chunks: fixed by n (not by the thread count), a few per core for balance.
  const index_t chunks = parallel ? std::clamp<index_t>(n >> 16, 1, 64) : 1;
  auto chunk_begin = [n, chunks](index_t c) { return c * n / chunks; };
  auto run = [&](auto&& body) {
    if (chunks == 1) {
      body(index_t(0));
    } else {
      host_loops::parallel_tasks(chunks, body);
    }
  };
  using counts = std::array<index_t, radix>;
  std::vector<counts> count(static_cast<std::size_t>(chunks * digits));  // [chunk][digit]
  auto count_of = [&](index_t c, int d) -> counts& { return count[static_cast<std::size_t>(c * digits + d)]; };

  // Gather: map the keys, copy the payload, count every digit of each chunk.
  std::vector<index_t> negative_zeros(static_cast<std::size_t>(chunks), 0);
  run([&](index_t c) {
    for (int d = 0; d < digits; ++d) count_of(c, d).fill(0);
    index_t chunk_negative_zeros = 0;
    for (index_t i = chunk_begin(c), e = chunk_begin(c + 1); i < e; ++i) {
      const T x = static_cast<T>(get_key(i));
      if constexpr (signed_zeros) chunk_negative_zeros += is_negative_zero(x) ? 1 : 0;
      const U k = K::to(x, descending);
      a[i] = k;
      if constexpr (has_val) va[i] = get_val(i);
      for (int d = 0; d < digits; ++d) ++count_of(c, d)[(k >> (8 * d)) & 0xff];
    }
    negative_zeros[static_cast<std::size_t>(c)] = chunk_negative_zeros;
  });
  std::array<counts, digits> total{};
  for (int d = 0; d < digits; ++d)
    for (index_t c = 0; c < chunks; ++c)
      for (index_t v = 0; v < radix; ++v) total[d][v] += count_of(c, d)[v];

  bool permuted = false;
  std::vector<counts> offset(static_cast<std::size_t>(chunks));
  for (int d = 0; d < digits; ++d) {
    const int shift = 8 * d;
    if (total[d][(a[0] >> shift) & 0xff] == n) continue;  // every key has this digit
    if (permuted) {
      run([&](index_t c) {
        counts& cnt = count_of(c, d);
        cnt.fill(0);
        for (index_t i = chunk_begin(c), e = chunk_begin(c + 1); i < e; ++i) ++cnt[(a[i] >> shift) & 0xff];
      });
    }
    index_t base = 0;
    for (index_t v = 0; v < radix; ++v) {
      for (index_t c = 0; c < chunks; ++c) {
        offset[static_cast<std::size_t>(c)][v] = base;
        base += count_of(c, d)[v];
      }
    }
    run([&](index_t c) {
      counts& pos = offset[static_cast<std::size_t>(c)];
      for (index_t i = chunk_begin(c), e = chunk_begin(c + 1); i < e; ++i) {
        const index_t to = pos[(a[i] >> shift) & 0xff]++;
        b[to] = a[i];
        if constexpr (has_val) vb[to] = va[i];
      }
    });
    std::swap(a, b);
    if constexpr (has_val) std::swap(va, vb);
    permuted = true;
  }

  std::vector<unsigned char> signs;
  for (const index_t z : negative_zeros)
    if (z > 0) {
      signs = zero_signs(n);
      break;
    }
  const index_t first = signs.empty() ? 0 : zero_run_start(a);
  run([&](index_t c) {
    for (index_t i = chunk_begin(c), e = chunk_begin(c + 1); i < e; ++i) {
      if constexpr (keeps_keys) put_sorted_key(i, a[i], signs, first);
      if constexpr (has_val && !std::is_same_v<PutVal, no_payload>) put_val(i, va[i]);
    }
  });
}

/// Sorts `rows` contiguous rows of `cols` elements each, every row on its own (keys
/// only). Many rows run in parallel, each sorted serially; a few long rows are sorted
/// one after another, each in parallel.
template <class T>
void radix_sort_rows(T* data, index_t rows, index_t cols, bool descending) {
  auto sort_row = [data, cols, descending](index_t r, bool parallel) {
    T* row = data + r * cols;
    radix_sort<T, no_payload>(
        cols, [row](index_t i) { return row[i]; }, no_payload{}, [row](index_t i, T x) { row[i] = x; },
        no_payload{}, descending, parallel);
  };
  if (rows < 8) {
    for (index_t r = 0; r < rows; ++r) sort_row(r, true);
    return;
  }
  host_loops::for_each(rows, [&sort_row](index_t r) { sort_row(r, false); }, 8 * cols);
}

}  // namespace tandem::detail
