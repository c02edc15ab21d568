#pragma once
/// \file backend/host/sort.hpp
/// The sorting primitives over host memory (the host space, and the emulated device):
/// tandem's parallel radix sort. Every sorter (this one, cuda/sort.cuh's) has
/// sort(data, n, descending), sort_by_key(keys, values, n, descending),
/// argsort<T>(n, get, out, descending), sort_rows(data, rows, cols, descending) and
/// unique(data, n) -> count; every sort is stable and puts NaNs last.

#include <algorithm>

#include "../../config.hpp"
#include "radix_sort.hpp"

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
    return std::unique(data, data + n, same_or_both_nan_fn<T>{}) - data;
  }
};

}  // namespace tandem::detail
