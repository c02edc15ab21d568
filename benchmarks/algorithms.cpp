// Scans and random generation: tandem in each space next to the standard library.
//
//   scan     cumsum of float32: tandem_host, tandem_device, std_par_unseq
//            (std::inclusive_scan with std::execution::par_unseq), std_serial
//            (std::inclusive_scan); 8 bytes per element (read, write). tandem's cumsum
//            returns a new tensor, so its figures include allocating the result.
//            Under CUDA also cub_device: cub::DeviceScan::InclusiveSum into a
//            preallocated output with preallocated scratch (the floor tandem aims at).
//   sort     float32 keys (sort_keys) and float32 keys with int32 values (sort_pairs),
//            uniform random: tandem_host, tandem_device (td::sort, td::sort_by_key),
//            std_par_unseq and std_serial (std::sort; for pairs, std::sort of
//            (key, value) pairs by key), cub_device (cub::DeviceRadixSort on a
//            DoubleBuffer). Every iteration first restores the unsorted input with a
//            copy, in every implementation alike; bytes are the input's (4 or 8 per
//            element), so GB/s is input sorted per second.
//   uniform  2^k float32 draws in [0, 1): tandem_host, tandem_device, std_mt19937
//            (std::mt19937 with std::uniform_real_distribution, one thread); 4 bytes
//            per element written.
#include <tandem/tandem.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <execution>
#include <utility>
#include <numeric>
#include <random>
#include <vector>

#if TANDEM_HAS_CUDA
#  include <cub/device/device_radix_sort.cuh>
#  include <cub/device/device_scan.cuh>
#endif

namespace td = tandem;

namespace {

template <class Space>
void bm_scan_tandem(benchmark::State& state) {
  const td::index_t n = state.range(0);
  const auto a = td::linspace<float>(0.f, 1.f, n, Space{});
  for (auto _ : state) {
    auto out = td::cumsum(a);
    td::synchronize(Space{});
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * n * 8);
}

template <class Policy>
void bm_scan_std(benchmark::State& state, Policy policy) {
  const td::index_t n = state.range(0);
  const auto host = td::to_vector(td::linspace<float>(0.f, 1.f, n));
  std::vector<float> out(host.size());
  for (auto _ : state) {
    std::inclusive_scan(policy, host.begin(), host.end(), out.begin());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * n * 8);
}

#if TANDEM_HAS_CUDA
void bm_scan_cub(benchmark::State& state) {
  const td::index_t n = state.range(0);
  const auto a = td::linspace<float>(0.f, 1.f, n, td::device_space{});
  auto out = td::empty<float>({n}, td::device_space{});
  std::size_t scratch_bytes = 0;
  TANDEM_CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, scratch_bytes, a.data(), out.data(), n));
  auto scratch = td::empty<unsigned char>({static_cast<td::index_t>(scratch_bytes)}, td::device_space{});
  for (auto _ : state) {
    TANDEM_CUDA_CHECK(cub::DeviceScan::InclusiveSum(scratch.data(), scratch_bytes, a.data(), out.data(), n,
                                                    td::detail::current_stream()));
    td::synchronize(td::device_space{});
  }
  state.SetBytesProcessed(state.iterations() * n * 8);
}
#endif

template <class Space>
void bm_sort_keys_tandem(benchmark::State& state) {
  const td::index_t n = state.range(0);
  td::random::generator g{3};
  const auto input = g.uniform<float>({n}, Space{}, -1.f, 1.f);
  auto work = td::empty<float>({n}, Space{});
  for (auto _ : state) {
    td::copy(input, work);
    td::sort(work);
    td::synchronize(Space{});
  }
  state.SetBytesProcessed(state.iterations() * n * 4);
}

template <class Space>
void bm_sort_pairs_tandem(benchmark::State& state) {
  const td::index_t n = state.range(0);
  td::random::generator g{3};
  const auto keys = g.uniform<float>({n}, Space{}, -1.f, 1.f);
  const auto vals = td::arange<std::int32_t>(static_cast<std::int32_t>(n), Space{});
  auto k = td::empty<float>({n}, Space{});
  auto v = td::empty<std::int32_t>({n}, Space{});
  for (auto _ : state) {
    td::copy(keys, k);
    td::copy(vals, v);
    td::sort_by_key(k, v);
    td::synchronize(Space{});
  }
  state.SetBytesProcessed(state.iterations() * n * 8);
}

template <class Policy>
void bm_sort_keys_std(benchmark::State& state, Policy policy) {
  const td::index_t n = state.range(0);
  td::random::generator g{3};
  const auto input = td::to_vector(g.uniform<float>({n}, td::host, -1.f, 1.f));
  std::vector<float> work(input.size());
  for (auto _ : state) {
    std::copy(policy, input.begin(), input.end(), work.begin());
    std::sort(policy, work.begin(), work.end());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * n * 4);
}

template <class Policy>
void bm_sort_pairs_std(benchmark::State& state, Policy policy) {
  const td::index_t n = state.range(0);
  td::random::generator g{3};
  const auto keys = td::to_vector(g.uniform<float>({n}, td::host, -1.f, 1.f));
  std::vector<std::pair<float, std::int32_t>> input(keys.size()), work(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) input[i] = {keys[i], static_cast<std::int32_t>(i)};
  for (auto _ : state) {
    std::copy(policy, input.begin(), input.end(), work.begin());
    std::sort(policy, work.begin(), work.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * n * 8);
}

#if TANDEM_HAS_CUDA
void bm_sort_keys_cub(benchmark::State& state) {
  const td::index_t n = state.range(0);
  td::random::generator g{3};
  const auto input = g.uniform<float>({n}, td::device, -1.f, 1.f);
  auto work = td::empty<float>({n}, td::device), alt = td::empty<float>({n}, td::device);
  cub::DoubleBuffer<float> keys(work.data(), alt.data());
  std::size_t scratch_bytes = 0;
  TANDEM_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(nullptr, scratch_bytes, keys, n));
  auto scratch = td::empty<unsigned char>({static_cast<td::index_t>(scratch_bytes)}, td::device);
  const auto stream = td::detail::current_stream();
  for (auto _ : state) {
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(work.data(), input.data(), sizeof(float) * std::size_t(n),
                                      cudaMemcpyDeviceToDevice, stream));
    cub::DoubleBuffer<float> k(work.data(), alt.data());
    TANDEM_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(scratch.data(), scratch_bytes, k, n, 0, 32, stream));
    td::synchronize(td::device);
  }
  state.SetBytesProcessed(state.iterations() * n * 4);
}

void bm_sort_pairs_cub(benchmark::State& state) {
  const td::index_t n = state.range(0);
  td::random::generator g{3};
  const auto keys = g.uniform<float>({n}, td::device, -1.f, 1.f);
  const auto vals = td::arange<std::int32_t>(static_cast<std::int32_t>(n), td::device);
  auto k0 = td::empty<float>({n}, td::device), k1 = td::empty<float>({n}, td::device);
  auto v0 = td::empty<std::int32_t>({n}, td::device), v1 = td::empty<std::int32_t>({n}, td::device);
  cub::DoubleBuffer<float> kb(k0.data(), k1.data());
  cub::DoubleBuffer<std::int32_t> vb(v0.data(), v1.data());
  std::size_t scratch_bytes = 0;
  TANDEM_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, scratch_bytes, kb, vb, n));
  auto scratch = td::empty<unsigned char>({static_cast<td::index_t>(scratch_bytes)}, td::device);
  const auto stream = td::detail::current_stream();
  for (auto _ : state) {
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(k0.data(), keys.data(), sizeof(float) * std::size_t(n),
                                      cudaMemcpyDeviceToDevice, stream));
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(v0.data(), vals.data(), sizeof(std::int32_t) * std::size_t(n),
                                      cudaMemcpyDeviceToDevice, stream));
    cub::DoubleBuffer<float> k(k0.data(), k1.data());
    cub::DoubleBuffer<std::int32_t> v(v0.data(), v1.data());
    TANDEM_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(scratch.data(), scratch_bytes, k, v, n, 0, 32, stream));
    td::synchronize(td::device);
  }
  state.SetBytesProcessed(state.iterations() * n * 8);
}
#endif

template <class Space>
void bm_uniform_tandem(benchmark::State& state) {
  const td::index_t n = state.range(0);
  td::random::generator g{1};
  for (auto _ : state) {
    auto u = g.uniform<float>({n}, Space{});
    td::synchronize(Space{});
    benchmark::DoNotOptimize(u.data());
  }
  state.SetBytesProcessed(state.iterations() * n * 4);
}

void bm_uniform_mt19937(benchmark::State& state) {
  const td::index_t n = state.range(0);
  std::mt19937 engine{1};
  std::uniform_real_distribution<float> dist(0.f, 1.f);
  std::vector<float> out(static_cast<std::size_t>(n));
  for (auto _ : state) {
    for (auto& x : out) x = dist(engine);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * n * 4);
}

void sizes(benchmark::internal::Benchmark* b) {
  for (int p = 16; p <= 26; p += 2) b->Arg(td::index_t(1) << p);
  b->UseRealTime();
}

BENCHMARK(bm_scan_tandem<td::host_space>)->Name("scan/tandem_host")->Apply(sizes);
BENCHMARK(bm_scan_tandem<td::device_space>)->Name("scan/tandem_device")->Apply(sizes);
#if TANDEM_HAS_CUDA
BENCHMARK(bm_scan_cub)->Name("scan/cub_device")->Apply(sizes);
#endif
BENCHMARK_CAPTURE(bm_scan_std, par_unseq, std::execution::par_unseq)->Name("scan/std_par_unseq")->Apply(sizes);
BENCHMARK_CAPTURE(bm_scan_std, seq, std::execution::seq)->Name("scan/std_serial")->Apply(sizes);
BENCHMARK(bm_sort_keys_tandem<td::host_space>)->Name("sort_keys/tandem_host")->Apply(sizes);
BENCHMARK(bm_sort_keys_tandem<td::device_space>)->Name("sort_keys/tandem_device")->Apply(sizes);
BENCHMARK_CAPTURE(bm_sort_keys_std, par_unseq, std::execution::par_unseq)->Name("sort_keys/std_par_unseq")->Apply(sizes);
BENCHMARK_CAPTURE(bm_sort_keys_std, seq, std::execution::seq)->Name("sort_keys/std_serial")->Apply(sizes);
BENCHMARK(bm_sort_pairs_tandem<td::host_space>)->Name("sort_pairs/tandem_host")->Apply(sizes);
BENCHMARK(bm_sort_pairs_tandem<td::device_space>)->Name("sort_pairs/tandem_device")->Apply(sizes);
BENCHMARK_CAPTURE(bm_sort_pairs_std, par_unseq, std::execution::par_unseq)->Name("sort_pairs/std_par_unseq")->Apply(sizes);
BENCHMARK_CAPTURE(bm_sort_pairs_std, seq, std::execution::seq)->Name("sort_pairs/std_serial")->Apply(sizes);
#if TANDEM_HAS_CUDA
BENCHMARK(bm_sort_keys_cub)->Name("sort_keys/cub_device")->Apply(sizes);
BENCHMARK(bm_sort_pairs_cub)->Name("sort_pairs/cub_device")->Apply(sizes);
#endif
BENCHMARK(bm_uniform_tandem<td::host_space>)->Name("uniform/tandem_host")->Apply(sizes);
BENCHMARK(bm_uniform_tandem<td::device_space>)->Name("uniform/tandem_device")->Apply(sizes);
BENCHMARK(bm_uniform_mt19937)->Name("uniform/std_mt19937")->Apply(sizes);

}  // namespace

BENCHMARK_MAIN();
