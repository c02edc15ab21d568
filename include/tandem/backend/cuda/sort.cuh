#pragma once
/// \file backend/cuda/sort.cuh
/// Sorting on the GPU with CUB's radix sorts (stable) and segmented sort, on tandem's
/// stream. CUB orders floating-point keys by their bits, which puts NaNs with the sign
/// bit set first; tandem puts every NaN last, so the copies it makes anyway turn NaNs
/// into the NaN that sorts last, and in-place sorts move a leading run of NaNs to the
/// end afterwards (checking one element, so only inputs with NaNs pay). Only included
/// under nvcc.

#include <cstddef>
#include <cstring>
#include <type_traits>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_segmented_sort.cuh>
#include <cuda/std/limits>
#include <thrust/execution_policy.h>
#include <thrust/find.h>
#include <thrust/for_each.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/unique.h>

#include "../../error.hpp"
#include "../memory_block.hpp"
#include "runtime.hpp"
#include "../../core/radix_key.hpp"
#include "../thrust/loops.hpp"

namespace tandem::detail {

/// x, with any NaN replaced by the NaN that CUB sorts last in the given direction.
template <class T>
struct nan_sorts_last_fn {
  bool descending;
  TANDEM_HD T operator()(T x) const {
    if constexpr (is_floating_v<T>) {
      const T nan = convert<T>(::cuda::std::numeric_limits<float>::quiet_NaN());
      if (x != x) return descending ? T(-nan) : nan;
    }
    return x;
  }
};

template <class T>
struct not_nan_fn {
  TANDEM_HD bool operator()(T x) const { return x == x; }
};

/// keys[i] = f(get(i)), indices[i] = i.
template <class T, class Get>
struct argsort_prepare_kernel {
  Get get;
  nan_sorts_last_fn<T> canonical;
  T* keys;
  index_t* indices;
  TANDEM_HD void operator()(index_t i) const {
    keys[i] = canonical(static_cast<T>(get(i)));
    indices[i] = i;
  }
};

/// keys[i] = data[i]'s order-preserving unsigned key, -0.0 and +0.0 sharing one.
template <class T>
struct merged_key_kernel {
  const T* data;
  typename radix_key<T, true>::U* keys;
  bool descending;
  TANDEM_HD void operator()(index_t i) const { keys[i] = radix_key<T, true>::to(data[i], descending); }
};

struct row_offset_getter {
  index_t cols;
  TANDEM_HD index_t operator()(index_t r) const { return r * cols; }
};

struct cuda_sorter {
  static auto policy() { return device_policy(); }

  /// Moves [0, k) of data to the end: [k, n) then [0, k).
  template <class T>
  static void rotate_left(T* data, index_t n, index_t k) {
    const cudaStream_t stream = current_stream();
    memory_block<T, cuda_device_memory> tmp(n);
    const std::size_t head = sizeof(T) * static_cast<std::size_t>(k);
    const std::size_t tail = sizeof(T) * static_cast<std::size_t>(n - k);
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(tmp.data(), data + k, tail, cudaMemcpyDeviceToDevice, stream));
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(tmp.data() + (n - k), data, head, cudaMemcpyDeviceToDevice, stream));
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(data, tmp.data(), head + tail, cudaMemcpyDeviceToDevice, stream));
  }

  /// After CUB's sort of floating-point keys, NaNs of one sign lead: move them last.
  template <class K, class V>
  static void move_leading_nans(K* keys, V* values, index_t n) {
    if constexpr (is_floating_v<K>) {
      K first;
      TANDEM_CUDA_CHECK(cudaMemcpyAsync(&first, keys, sizeof(K), cudaMemcpyDeviceToHost, current_stream()));
      TANDEM_CUDA_CHECK(cudaStreamSynchronize(current_stream()));
      if (first == first) return;
      const index_t k = thrust::find_if(policy(), keys, keys + n, not_nan_fn<K>{}) - keys;
      TANDEM_CUDA_CHECK(cudaPeekAtLastError());
      if (k == n) return;
      rotate_left(keys, n, k);
      if constexpr (!std::is_void_v<V>) rotate_left(values, n, k);
    }
  }

  template <class T>
  static void sort(T* data, index_t n, bool descending) {
    if (n <= 1) return;
    const cudaStream_t stream = current_stream();
    memory_block<T, cuda_device_memory> alt(n);
    cub::DoubleBuffer<T> keys(data, alt.data());
    constexpr int bits = int(8 * sizeof(T));
    std::size_t temp_bytes = 0;
    if (descending)
      TANDEM_CUDA_CHECK(cub::DeviceRadixSort::SortKeysDescending(nullptr, temp_bytes, keys, n, 0, bits, stream));
    else
      TANDEM_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, keys, n, 0, bits, stream));
    memory_block<unsigned char, cuda_device_memory> temp(static_cast<index_t>(temp_bytes));
    if (descending)
      TANDEM_CUDA_CHECK(cub::DeviceRadixSort::SortKeysDescending(temp.data(), temp_bytes, keys, n, 0, bits, stream));
    else
      TANDEM_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(temp.data(), temp_bytes, keys, n, 0, bits, stream));
    if (keys.Current() != data)
      TANDEM_CUDA_CHECK(cudaMemcpyAsync(data, keys.Current(), sizeof(T) * static_cast<std::size_t>(n),
                                        cudaMemcpyDeviceToDevice, stream));
    move_leading_nans<T, void>(data, nullptr, n);
  }

  template <class K, class V>
  static void sort_by_key(K* keys, V* values, index_t n, bool descending) {
    if (n <= 1) return;
    const cudaStream_t stream = current_stream();
    memory_block<K, cuda_device_memory> alt_keys(n);
    memory_block<V, cuda_device_memory> alt_values(n);
    cub::DoubleBuffer<K> k(keys, alt_keys.data());
    cub::DoubleBuffer<V> v(values, alt_values.data());
    constexpr int bits = int(8 * sizeof(K));
    std::size_t temp_bytes = 0;
    if (descending)
      TANDEM_CUDA_CHECK(cub::DeviceRadixSort::SortPairsDescending(nullptr, temp_bytes, k, v, n, 0, bits, stream));
    else
      TANDEM_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, k, v, n, 0, bits, stream));
    memory_block<unsigned char, cuda_device_memory> temp(static_cast<index_t>(temp_bytes));
    if (descending)
      TANDEM_CUDA_CHECK(
          cub::DeviceRadixSort::SortPairsDescending(temp.data(), temp_bytes, k, v, n, 0, bits, stream));
    else
      TANDEM_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp.data(), temp_bytes, k, v, n, 0, bits, stream));
    if (k.Current() != keys)
      TANDEM_CUDA_CHECK(cudaMemcpyAsync(keys, k.Current(), sizeof(K) * static_cast<std::size_t>(n),
                                        cudaMemcpyDeviceToDevice, stream));
    if (v.Current() != values)
      TANDEM_CUDA_CHECK(cudaMemcpyAsync(values, v.Current(), sizeof(V) * static_cast<std::size_t>(n),
                                        cudaMemcpyDeviceToDevice, stream));
    move_leading_nans(keys, values, n);
  }

  /// out = the stable order of the keys get(0), ..., get(n-1).
  template <class T, class Get>
  static void argsort(index_t n, const Get& get, index_t* out, bool descending) {
    if (n <= 0) return;
    const cudaStream_t stream = current_stream();
    memory_block<T, cuda_device_memory> keys_in(n), keys_out(n);
    memory_block<index_t, cuda_device_memory> order(n);
    thrust::for_each_n(policy(), thrust::counting_iterator<index_t>(0), n,
                       argsort_prepare_kernel<T, Get>{get, {descending}, keys_in.data(), order.data()});
    TANDEM_CUDA_CHECK(cudaPeekAtLastError());
    constexpr int bits = int(8 * sizeof(T));
    std::size_t temp_bytes = 0;
    auto run = [&](void* temp) {
      if (descending)
        return cub::DeviceRadixSort::SortPairsDescending(temp, temp_bytes, keys_in.data(), keys_out.data(),
                                                         order.data(), out, n, 0, bits, stream);
      return cub::DeviceRadixSort::SortPairs(temp, temp_bytes, keys_in.data(), keys_out.data(), order.data(), out,
                                             n, 0, bits, stream);
    };
    TANDEM_CUDA_CHECK(run(nullptr));
    memory_block<unsigned char, cuda_device_memory> temp(static_cast<index_t>(temp_bytes));
    TANDEM_CUDA_CHECK(run(temp.data()));
  }

  /// Sorts each of `rows` contiguous rows of `cols` elements. CUB's segmented sort
  /// compares short segments with operator<, which does not order NaNs, so each row is
  /// sorted by its elements' order-preserving unsigned keys (NaNs last), the elements
  /// themselves carried along as values: -0.0 and +0.0 share a key, and a stable sort
  /// keeps them in input order with their signs, as the host's sort does.
  template <class T>
  static void sort_rows(T* data, index_t rows, index_t cols, bool descending) {
    using U = typename radix_key<T, true>::U;
    const index_t n = rows * cols;
    if (n == 0 || cols <= 1) return;
    const cudaStream_t stream = current_stream();
    memory_block<U, cuda_device_memory> key_in(n), key_alt(n);
    memory_block<T, cuda_device_memory> value_alt(n);
    thrust::for_each_n(policy(), thrust::counting_iterator<index_t>(0), n,
                       merged_key_kernel<T>{data, key_in.data(), descending});
    TANDEM_CUDA_CHECK(cudaPeekAtLastError());
    cub::DoubleBuffer<U> keys(key_in.data(), key_alt.data());
    cub::DoubleBuffer<T> values(data, value_alt.data());
    const auto begin = thrust::make_transform_iterator(thrust::counting_iterator<index_t>(0), row_offset_getter{cols});
    const auto end = begin + 1;
    std::size_t temp_bytes = 0;
    TANDEM_CUDA_CHECK(
        cub::DeviceSegmentedSort::StableSortPairs(nullptr, temp_bytes, keys, values, n, rows, begin, end, stream));
    memory_block<unsigned char, cuda_device_memory> temp(static_cast<index_t>(temp_bytes));
    TANDEM_CUDA_CHECK(cub::DeviceSegmentedSort::StableSortPairs(temp.data(), temp_bytes, keys, values, n, rows, begin,
                                                                end, stream));
    if (values.Current() != data)
      TANDEM_CUDA_CHECK(cudaMemcpyAsync(data, values.Current(), sizeof(T) * static_cast<std::size_t>(n),
                                        cudaMemcpyDeviceToDevice, stream));
  }

  /// Sorts data and moves its distinct values to the front; returns how many there are.
  template <class T>
  static index_t unique(T* data, index_t n) {
    if (n <= 1) return n;
    sort(data, n, false);
    const index_t m = thrust::unique(policy(), data, data + n, same_or_both_nan_fn<T>{}) - data;
    TANDEM_CUDA_CHECK(cudaPeekAtLastError());
    return m;
  }
};

}  // namespace tandem::detail
