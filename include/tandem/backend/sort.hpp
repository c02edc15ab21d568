#pragma once
/// \file backend/sort.hpp
/// `sorter_t<Space>`: the sorting primitives of a space, over contiguous memory.
/// Host memory (and the emulated device, whose memory is host memory) uses tandem's
/// parallel radix sort; the GPU uses CUB.
///
/// Each sorter has: sort(data, n, descending), sort_by_key(keys, values, n, descending),
/// argsort<T>(n, get, out, descending), sort_rows(data, rows, cols, descending) and
/// unique(data, n) -> count. Every sort is stable and puts NaNs last.

#include <algorithm>
#include <execution>
#include <type_traits>

#include "../config.hpp"
#include "../space.hpp"
#include "host/radix_sort.hpp"

#if TANDEM_HAS_CUDA
#  include "cuda/sort.cuh"
#endif

namespace tandem::detail {

struct host_sorter {
  template <class T>
  static void sort(T* data, index_t n, bool descending) {
    radix_sort<T, no_payload>(
        n, [data](index_t i) { return data[i]; }, no_payload{}, [data](index_t i, T x) { data[i] = x; },
        no_payload{}, descending);
  }

  template <class K, class V>
  static void sort_by_key(K* keys, V* values, index_t n, bool descending) {
    radix_sort<K, V>(
        n, [keys](index_t i) { return keys[i]; }, [values](index_t i) { return values[i]; },
        [keys](index_t i, K x) { keys[i] = x; }, [values](index_t i, const V& v) { values[i] = v; }, descending);
  }

  template <class T, class Get>
  static void argsort(index_t n, const Get& get, index_t* out, bool descending) {
    radix_sort<T, index_t>(
        n, get, [](index_t i) { return i; }, no_payload{}, [out](index_t i, index_t v) { out[i] = v; },
        descending);
  }

  template <class T>
  static void sort_rows(T* data, index_t rows, index_t cols, bool descending) {
    radix_sort_rows(data, rows, cols, descending);
  }

  template <class T>
  static index_t unique(T* data, index_t n) {
    if (n <= 1) return n;
    sort(data, n, false);
    return std::unique(data, data + n, same_or_both_nan<T>{}) - data;
  }
};

#if TANDEM_HAS_CUDA
template <class Space>
using sorter_t = std::conditional_t<std::is_same_v<Space, host_space>, host_sorter, cuda_sorter>;
#else
template <class Space>
using sorter_t = host_sorter;
#endif

}  // namespace tandem::detail
