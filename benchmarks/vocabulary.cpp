// numpy's vocabulary (issue: element-wise functions, statistics, searching, copies):
// each tandem function next to its baseline in this binary, on 2^24 float32 (and 2^20
// for a quick look), in each space.
//
//   unary     out = floor(a), round(a) (half to even), isnan(a) (bool out) next to
//             add: out = a + b, the bandwidth they are held to. Bytes per element: 8
//             for floor and round, 5 for isnan, 12 for add; throughput is bytes/s.
//   var       td::var(a) next to td::sum(a) (4 bytes per element each).
//   median    td::median(a) (copies a, selects in the copy) next to td::sort of a copy
//             and std::nth_element of a copy (one thread; the C++ library's selection).
//             Every implementation copies the input each iteration; bytes are the
//             input's (4 per element).
#include <tandem/tandem.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

namespace td = tandem;

namespace {

enum class unary { floor, round, isnan, add };

template <class Space>
void bm_unary(benchmark::State& state, unary which) {
  const td::index_t n = state.range(0);
  td::random::generator g{5};
  const auto a = g.uniform<float>({n}, Space{}, -100.f, 100.f);
  const auto b = g.uniform<float>({n}, Space{}, -100.f, 100.f);
  auto out = td::empty<float>({n}, Space{});
  auto mask = td::empty<bool>({n}, Space{});
  for (auto _ : state) {
    switch (which) {
      case unary::floor: out = td::floor(a); break;
      case unary::round: out = td::round(a); break;
      case unary::isnan: mask = td::isnan(a); break;
      case unary::add: out = a + b; break;
    }
    td::synchronize(Space{});
  }
  const std::int64_t bytes = which == unary::add ? 12 : which == unary::isnan ? 5 : 8;
  state.SetBytesProcessed(state.iterations() * n * bytes);
}

template <class Space>
void bm_var(benchmark::State& state, bool variance) {
  const td::index_t n = state.range(0);
  td::random::generator g{7};
  const auto a = g.uniform<float>({n}, Space{}, 10.f, 11.f);
  for (auto _ : state) {
    if (variance)
      benchmark::DoNotOptimize(td::var(a));
    else
      benchmark::DoNotOptimize(td::sum(a));
  }
  state.SetBytesProcessed(state.iterations() * n * 4);
}

enum class select_by { median, sort, nth_element };

template <class Space>
void bm_median(benchmark::State& state, select_by how) {
  const td::index_t n = state.range(0);
  td::random::generator g{9};
  const auto a = g.uniform<float>({n}, Space{}, -1.f, 1.f);
  auto work = td::empty<float>({n}, Space{});
  std::vector<float> host_a = td::to_vector(a), host_work(static_cast<std::size_t>(n));
  for (auto _ : state) {
    switch (how) {
      case select_by::median: benchmark::DoNotOptimize(td::median(a)); break;
      case select_by::sort:
        td::copy(a, work);
        td::sort(work);
        td::synchronize(Space{});
        break;
      case select_by::nth_element:
        std::copy(host_a.begin(), host_a.end(), host_work.begin());
        std::nth_element(host_work.begin(), host_work.begin() + n / 2, host_work.end());
        benchmark::DoNotOptimize(host_work[std::size_t(n / 2)]);
        break;
    }
  }
  state.SetBytesProcessed(state.iterations() * n * 4);
}

void sizes(benchmark::internal::Benchmark* b) {
  b->Arg(1 << 20)->Arg(1 << 24);
  b->UseRealTime();
  b->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) {
  const std::pair<const char*, unary> unaries[] = {
      {"floor", unary::floor}, {"round", unary::round}, {"isnan", unary::isnan}, {"add", unary::add}};
  for (const auto& [name, which] : unaries) {
    const std::string base = std::string("unary/") + name;
    benchmark::RegisterBenchmark((base + "/tandem_host").c_str(), bm_unary<td::host_space>, which)->Apply(sizes);
    benchmark::RegisterBenchmark((base + "/tandem_device").c_str(), bm_unary<td::device_space>, which)->Apply(sizes);
  }
  for (const bool variance : {true, false}) {
    const std::string base = variance ? "var" : "var/baseline_sum";
    benchmark::RegisterBenchmark((base + (variance ? "/tandem_host" : "_host")).c_str(), bm_var<td::host_space>,
                                 variance)
        ->Apply(sizes);
    benchmark::RegisterBenchmark((base + (variance ? "/tandem_device" : "_device")).c_str(),
                                 bm_var<td::device_space>, variance)
        ->Apply(sizes);
  }
  benchmark::RegisterBenchmark("median/tandem_host", bm_median<td::host_space>, select_by::median)->Apply(sizes);
  benchmark::RegisterBenchmark("median/tandem_device", bm_median<td::device_space>, select_by::median)->Apply(sizes);
  benchmark::RegisterBenchmark("median/sort_host", bm_median<td::host_space>, select_by::sort)->Apply(sizes);
  benchmark::RegisterBenchmark("median/sort_device", bm_median<td::device_space>, select_by::sort)->Apply(sizes);
  benchmark::RegisterBenchmark("median/std_nth_element", bm_median<td::host_space>, select_by::nth_element)
      ->Apply(sizes);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
