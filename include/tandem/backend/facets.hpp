#pragma once
/// \file backend/facets.hpp
/// What the backend structs name before the headers that define it are included. The
/// heavy operations (sorting, compaction, matrix products) are defined in their own
/// headers, which only the algorithm headers that use them include (through the doors
/// sort.hpp, select.hpp and gemm.hpp here); backend.hpp, which every tensor includes,
/// names them through these declarations, so a program that never sorts never compiles
/// a sort. backend/all.hpp includes every operation and checks each backend whole.

#include "../config.hpp"

namespace tandem::detail {

/// One strided matrix of a batch: element (q, i, j) at data[q * bs + i * rs + j * cs].
template <class T>
struct strided_matrix {
  T* data;
  index_t bs, rs, cs;
};

// Defined in host/gemm.hpp (with cuda/gemm.cuh under CUDA).
template <class T>
void host_batched_gemm(index_t batch, index_t m, index_t n, index_t k, strided_matrix<const T> a,
                       strided_matrix<const T> b, strided_matrix<T> c);
inline bool gemm_reads_layout(index_t rows, index_t cols, index_t rs, index_t cs);
template <class T>
void cuda_batched_gemm(index_t batch, index_t m, index_t n, index_t k, strided_matrix<const T> a,
                       strided_matrix<const T> b, strided_matrix<T> c);

struct host_sorter;    // host/sort.hpp
struct cuda_sorter;    // cuda/sort.cuh
struct host_selector;  // host/select.hpp
template <class Space>
struct thrust_selector;  // thrust/select.hpp

}  // namespace tandem::detail
