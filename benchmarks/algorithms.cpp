// Scans and random generation: tandem in each space next to the standard library.
//
//   scan     cumsum of float32: tandem_host, tandem_device, std_par_unseq
//            (std::inclusive_scan with std::execution::par_unseq), std_serial
//            (std::inclusive_scan); 8 bytes per element (read, write). tandem's cumsum
//            returns a new tensor, so its figures include allocating the result.
//   uniform  2^k float32 draws in [0, 1): tandem_host, tandem_device, std_mt19937
//            (std::mt19937 with std::uniform_real_distribution, one thread); 4 bytes
//            per element written.
#include <tandem/tandem.hpp>

#include <benchmark/benchmark.h>

#include <execution>
#include <numeric>
#include <random>
#include <vector>

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
BENCHMARK_CAPTURE(bm_scan_std, par_unseq, std::execution::par_unseq)->Name("scan/std_par_unseq")->Apply(sizes);
BENCHMARK_CAPTURE(bm_scan_std, seq, std::execution::seq)->Name("scan/std_serial")->Apply(sizes);
BENCHMARK(bm_uniform_tandem<td::host_space>)->Name("uniform/tandem_host")->Apply(sizes);
BENCHMARK(bm_uniform_tandem<td::device_space>)->Name("uniform/tandem_device")->Apply(sizes);
BENCHMARK(bm_uniform_mt19937)->Name("uniform/std_mt19937")->Apply(sizes);

}  // namespace

BENCHMARK_MAIN();
