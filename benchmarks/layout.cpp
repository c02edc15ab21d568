// Reductions along an axis of a 4096x4096 float32 matrix, next to hand-written loops in
// the same binary. Bytes are the matrix's (4 per element read), so GB/s compares
// directly with the element-wise suites' copy ceilings.
//
//   colsum   td::sum(m, 0): tandem_host, tandem_device, and rows_loop: the best
//            hand-written loop for a leading axis (every row added into a vector of
//            column accumulators, rows split between threads in blocks, then the
//            blocks' vectors added; sequential along the axis, as numpy's
//            m.sum(axis=0) is, so less accurate than tandem's pairwise sums).
//   colmax   td::max(m, 0) and the same loop with max.
//   rowsum   td::sum(m, 1): tandem and lanes_loop: 32 accumulators per row, rows split
//            between threads.
#include <tandem/tandem.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <execution>
#include <vector>

namespace td = tandem;

namespace {

constexpr td::index_t side = 4096;

const std::vector<float>& matrix_values() {
  static const std::vector<float> values = td::to_vector(td::random::generator(3).uniform<float>({side * side}));
  return values;
}

template <class Space>
td::tensor<float, 2, Space> make_matrix() {
  return td::from(matrix_values(), {side, side}, Space{});
}

template <class Space, bool Max>
void bm_colreduce_tandem(benchmark::State& state) {
  const auto m = make_matrix<Space>();
  for (auto _ : state) {
    auto r = Max ? td::max(m, 0) : td::sum(m, 0);
    td::synchronize(Space{});
    benchmark::DoNotOptimize(r.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

/// Column accumulators over blocks of rows, one block per task, then the blocks added.
template <bool Max>
void bm_colreduce_rows_loop(benchmark::State& state) {
  const std::vector<float>& m = matrix_values();
  constexpr td::index_t blocks = 16;
  std::vector<float> partial(static_cast<std::size_t>(blocks * side));
  std::vector<float> out(static_cast<std::size_t>(side));
  std::vector<td::index_t> ids(blocks);
  for (td::index_t b = 0; b < blocks; ++b) ids[std::size_t(b)] = b;
  for (auto _ : state) {
    std::for_each(std::execution::par, ids.begin(), ids.end(), [&](td::index_t b) {
      float* acc = partial.data() + b * side;
      const td::index_t r0 = b * side / blocks, r1 = (b + 1) * side / blocks;
      std::copy(m.begin() + r0 * side, m.begin() + (r0 + 1) * side, acc);
      for (td::index_t r = r0 + 1; r < r1; ++r) {
        const float* row = m.data() + r * side;
        for (td::index_t j = 0; j < side; ++j) acc[j] = Max ? std::max(acc[j], row[j]) : acc[j] + row[j];
      }
    });
    for (td::index_t j = 0; j < side; ++j) {
      float s = partial[std::size_t(j)];
      for (td::index_t b = 1; b < blocks; ++b) {
        const float x = partial[std::size_t(b * side + j)];
        s = Max ? std::max(s, x) : s + x;
      }
      out[std::size_t(j)] = s;
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

template <class Space>
void bm_rowsum_tandem(benchmark::State& state) {
  const auto m = make_matrix<Space>();
  for (auto _ : state) {
    auto r = td::sum(m, 1);
    td::synchronize(Space{});
    benchmark::DoNotOptimize(r.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

void bm_rowsum_lanes_loop(benchmark::State& state) {
  const std::vector<float>& m = matrix_values();
  std::vector<float> out(static_cast<std::size_t>(side));
  std::vector<td::index_t> rows(side);
  for (td::index_t r = 0; r < side; ++r) rows[std::size_t(r)] = r;
  for (auto _ : state) {
    std::for_each(std::execution::par, rows.begin(), rows.end(), [&](td::index_t r) {
      const float* row = m.data() + r * side;
      float acc[32] = {};
      for (td::index_t j = 0; j < side; j += 32)
        for (int k = 0; k < 32; ++k) acc[k] += row[j + k];
      float s = 0;
      for (float a : acc) s += a;
      out[std::size_t(r)] = s;
    });
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

}  // namespace

BENCHMARK(bm_colreduce_tandem<td::host_space, false>)->Name("colsum/tandem_host")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_colreduce_tandem<td::device_space, false>)->Name("colsum/tandem_device")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_colreduce_rows_loop<false>)->Name("colsum/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_colreduce_tandem<td::host_space, true>)->Name("colmax/tandem_host")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_colreduce_tandem<td::device_space, true>)->Name("colmax/tandem_device")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_colreduce_rows_loop<true>)->Name("colmax/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_rowsum_tandem<td::host_space>)->Name("rowsum/tandem_host")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_rowsum_tandem<td::device_space>)->Name("rowsum/tandem_device")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_rowsum_lanes_loop)->Name("rowsum/lanes_loop")->Arg(side)->UseRealTime();  // the argument names the size

BENCHMARK_MAIN();
