// numpy's vocabulary (issue: element-wise functions, statistics, searching, copies):
// each tandem function next to its baseline in this binary, on 2^24 float32 (and 2^20
// for a quick look), in each space.
//
//   unary     out = floor(a), round(a) (half to even), isnan(a) (bool out) next to
//             add: out = a + b, the bandwidth they are held to, and scale: out = a * 2,
//             floor's bytes with next to no arithmetic (what memory allows for one read
//             and one write). Bytes per element: 8 for floor, round and scale, 5 for
//             isnan, 12 for add; throughput is bytes/s.
//   var       td::var(a) next to td::sum(a) (4 bytes per element each).
//   median    td::median(a) (copies a, selects in the copy) next to td::sort of a copy
//             and std::nth_element of a copy (one thread; the C++ library's selection).
//             Every implementation copies the input each iteration; bytes are the
//             input's (4 per element).
//   topk      td::topk(a, 16) (values and indices, largest first) next to the same
//             td::sort of a copy as median's baseline: a full sort is what topk spares.
//   copies    td::concatenate of two halves along axis 0 and td::roll (shift 1000) of
//             2^k float32 next to baseline_memcpy: std::memcpy of the same bytes into a
//             buffer allocated once (concatenate's two halves as two memcpy calls);
//             bytes are the output's (4 per element).
//   convolve  td::convolve(a, v) ('full') of 2^k float32 with 16 and 255 taps next to
//             baseline_loop: the direct sum written out in one loop per output, on one
//             thread, as a user would write it. Items are multiply-adds (n m).
//   einsum    td::einsum<"ij,jk->ik"> of two 1024 x 1024 float32 next to td::matmul of the
//             same (the matmul path's own cost; items are multiply-adds n^3), and
//             td::einsum<"ij,ij->i"> (a row's products summed, td::sum along j),
//             td::einsum<"ijk->i"> (two letters summed, merged into one axis: td::sum)
//             and td::einsum<"ikj->i"> (the same letters in the other order, which do
//             not merge: the loop per result element) of 2^24 float32 next to
//             baseline_loop, one loop over the rows on one thread. Items are the
//             operands' elements. td::einsum<"ij,jk,kl->il"> of three 1024 x 1024
//             float32 (contracted pairwise: two matmuls) next to td::matmul called
//             twice; items are multiply-adds (2 n^3).
//   random    2^20 (and 2^24) doubles drawn by td::random::generator: normal (the
//             reference: one Box-Muller value each), gamma(2.5), poisson(25) and
//             binomial(1000, 0.4), next to baseline_std: the <random> distribution of the
//             same parameters on std::mt19937_64 in one loop on one thread, as a user
//             writes it (numpy's Generator, `benchmarks/vocabulary_numpy.py`, for
//             scale). Items are values drawn.
//   histogram td::histogram of 2^24 float32 into 64 bins between given (uneven) edges,
//             each element's bin found by binary search, and into 64 equal bins over a
//             range (the bin computed), next to baseline_loop: std::upper_bound over the
//             edges for each element, one thread. Items are elements. weighted: 64
//             equal bins summing float32 weights (numpy's weights=), next to
//             baseline_loop: the bin computed and the weight added in double, one thread.
#include <tandem/tandem.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace td = tandem;

namespace {

enum class unary { floor, round, isnan, add, scale };

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
      case unary::scale: out = a * 2.0f; break;
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

enum class select_by { median, topk, sort, nth_element };

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
      case select_by::topk: {
        auto best = td::topk(a, 16);
        td::synchronize(Space{});
        benchmark::DoNotOptimize(best.values.data());
        break;
      }
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

enum class copy_kind { concatenate, roll, memcpy_halves, memcpy_whole };

template <class Space>
void bm_copy(benchmark::State& state, copy_kind kind) {
  const td::index_t n = state.range(0);
  td::random::generator g{11};
  const auto a = g.uniform<float>({n}, Space{}, -1.f, 1.f);
  const auto lo = td::slice(a, td::range(0, n / 2)), hi = td::slice(a, td::range(n / 2, n));
  std::vector<float> host_a = td::to_vector(a), host_out(static_cast<std::size_t>(n));
  const std::size_t half = static_cast<std::size_t>(n / 2);
  for (auto _ : state) {
    switch (kind) {
      case copy_kind::concatenate: {
        auto c = td::concatenate({lo, hi}, 0);
        benchmark::DoNotOptimize(c.data());
        break;
      }
      case copy_kind::roll: {
        auto r = td::roll(a, 1000);
        benchmark::DoNotOptimize(r.data());
        break;
      }
      case copy_kind::memcpy_halves:
        std::memcpy(host_out.data(), host_a.data(), half * sizeof(float));
        std::memcpy(host_out.data() + half, host_a.data() + half, (host_a.size() - half) * sizeof(float));
        benchmark::DoNotOptimize(host_out.data());
        break;
      case copy_kind::memcpy_whole:
        std::memcpy(host_out.data(), host_a.data(), host_a.size() * sizeof(float));
        benchmark::DoNotOptimize(host_out.data());
        break;
    }
    td::synchronize(Space{});
  }
  state.SetBytesProcessed(state.iterations() * n * 4);
}

template <class Space>
void bm_convolve(benchmark::State& state, bool baseline) {
  const td::index_t n = state.range(0), m = state.range(1);
  td::random::generator g{12};
  const auto a = g.uniform<float>({n}, Space{}, -1.f, 1.f), v = g.uniform<float>({m}, Space{}, -1.f, 1.f);
  const std::vector<float> ha = td::to_vector(a), hv = td::to_vector(v);
  std::vector<float> out(static_cast<std::size_t>(n + m - 1));
  for (auto _ : state) {
    if (baseline) {
      for (td::index_t i = 0; i < n + m - 1; ++i) {
        const td::index_t lo = i - (n - 1) > 0 ? i - (n - 1) : 0, hi = i < m - 1 ? i : m - 1;
        float s = 0;
        for (td::index_t j = lo; j <= hi; ++j) s += ha[static_cast<std::size_t>(i - j)] * hv[static_cast<std::size_t>(j)];
        out[static_cast<std::size_t>(i)] = s;
      }
      benchmark::DoNotOptimize(out.data());
    } else {
      auto c = td::convolve(a, v);
      benchmark::DoNotOptimize(c.data());
    }
    td::synchronize(Space{});
  }
  state.SetItemsProcessed(state.iterations() * n * m);
}

enum class einsum_case { matmul, matmul_baseline, chain3, chain3_baseline, rows, rows_baseline, sum2, sum2_crossed, sum2_baseline };

template <class Space>
void bm_einsum(benchmark::State& state, einsum_case which) {
  td::random::generator g{13};
  const td::index_t n = 1024, rows = 4096, cols = 4096;
  const auto a = g.uniform<float>({n, n}, Space{}, -1.f, 1.f), b = g.uniform<float>({n, n}, Space{}, -1.f, 1.f);
  const auto x = g.uniform<float>({rows, cols}, Space{}, -1.f, 1.f), y = g.uniform<float>({rows, cols}, Space{}, -1.f, 1.f);
  const auto hx = td::to_vector(x), hy = td::to_vector(y);
  std::vector<float> out(static_cast<std::size_t>(rows));
  for (auto _ : state) {
    switch (which) {
      case einsum_case::matmul: benchmark::DoNotOptimize(td::einsum<"ij,jk->ik">(a, b).data()); break;
      case einsum_case::matmul_baseline: benchmark::DoNotOptimize(td::matmul(a, b).data()); break;
      case einsum_case::chain3: benchmark::DoNotOptimize(td::einsum<"ij,jk,kl->il">(a, b, a).data()); break;
      case einsum_case::chain3_baseline: benchmark::DoNotOptimize(td::matmul(td::matmul(a, b), a).data()); break;
      case einsum_case::rows: benchmark::DoNotOptimize(td::einsum<"ij,ij->i">(x, y).data()); break;
      case einsum_case::sum2:
        benchmark::DoNotOptimize(td::einsum<"ijk->i">(td::reshape(x, {rows, 64, cols / 64})).data());
        break;
      case einsum_case::sum2_crossed:
        benchmark::DoNotOptimize(td::einsum<"ikj->i">(td::reshape(x, {rows, 64, cols / 64})).data());
        break;
      case einsum_case::rows_baseline:
      case einsum_case::sum2_baseline:
        for (std::size_t i = 0; i < out.size(); ++i) {
          const float* p = hx.data() + i * static_cast<std::size_t>(cols);
          const float* q = hy.data() + i * static_cast<std::size_t>(cols);
          float s = 0;
          if (which == einsum_case::rows_baseline)
            for (std::size_t j = 0; j < static_cast<std::size_t>(cols); ++j) s += p[j] * q[j];
          else
            for (std::size_t j = 0; j < static_cast<std::size_t>(cols); ++j) s += p[j];
          out[i] = s;
        }
        benchmark::DoNotOptimize(out.data());
        break;
    }
    td::synchronize(Space{});
  }
  const bool product = which == einsum_case::matmul || which == einsum_case::matmul_baseline;
  const bool chain = which == einsum_case::chain3 || which == einsum_case::chain3_baseline;
  state.SetItemsProcessed(state.iterations() * (product ? n * n * n : chain ? 2 * n * n * n : rows * cols));
}

enum class draw { normal, gamma, poisson, binomial };

template <class Space>
void bm_draw(benchmark::State& state, draw which, bool baseline) {
  const td::index_t n = state.range(0);
  td::random::generator g{14};
  std::mt19937_64 engine{14};
  std::vector<double> real(static_cast<std::size_t>(n));
  std::vector<std::int64_t> count(static_cast<std::size_t>(n));
  std::normal_distribution<double> normal;
  std::gamma_distribution<double> gamma(2.5);
  std::poisson_distribution<std::int64_t> poisson(25.0);
  std::binomial_distribution<std::int64_t> binomial(1000, 0.4);
  for (auto _ : state) {
    if (baseline) {
      switch (which) {
        case draw::normal: for (auto& x : real) x = normal(engine); break;
        case draw::gamma: for (auto& x : real) x = gamma(engine); break;
        case draw::poisson: for (auto& k : count) k = poisson(engine); break;
        case draw::binomial: for (auto& k : count) k = binomial(engine); break;
      }
      benchmark::DoNotOptimize(real.data());
      benchmark::DoNotOptimize(count.data());
    } else {
      switch (which) {
        case draw::normal: benchmark::DoNotOptimize(g.normal<double>({n}, Space{}).data()); break;
        case draw::gamma: benchmark::DoNotOptimize(g.gamma({n}, Space{}, 2.5).data()); break;
        case draw::poisson: benchmark::DoNotOptimize(g.poisson({n}, Space{}, 25.0).data()); break;
        case draw::binomial: benchmark::DoNotOptimize(g.binomial({n}, Space{}, 1000, 0.4).data()); break;
      }
    }
    td::synchronize(Space{});
  }
  state.SetItemsProcessed(state.iterations() * n);
}

enum class binning { edges, uniform, baseline, weighted, weighted_baseline, pairs, pairs_baseline };

template <class Space>
void bm_histogram(benchmark::State& state, binning how) {
  const td::index_t n = state.range(0);
  td::random::generator g{15};
  const auto a = g.normal<float>({n}, Space{});
  std::vector<double> edges(65);
  for (std::size_t k = 0; k < edges.size(); ++k) {  // uneven: denser near 0
    const double t = -1.0 + 2.0 * double(k) / 64.0;
    edges[k] = 3.0 * t * (t < 0 ? -t : t);
  }
  const auto e = td::from(edges, {65}, Space{});
  const std::vector<float> host = td::to_vector(a);
  std::vector<td::index_t> counts(64);
  const auto w = g.uniform<float>({n}, Space{});
  const std::vector<float> host_w = td::to_vector(w);
  std::vector<double> sums(64);
  std::vector<td::index_t> cells;
  for (auto _ : state) {
    switch (how) {
      case binning::edges: benchmark::DoNotOptimize(td::histogram(a, e).data()); break;
      case binning::uniform: benchmark::DoNotOptimize(td::histogram(a, 64, -3.0, 3.0).data()); break;
      case binning::baseline:
        std::fill(counts.begin(), counts.end(), 0);
        for (const float x : host) {
          const double v = x;
          if (!(v >= edges.front() && v <= edges.back())) continue;
          const auto it = std::upper_bound(edges.begin(), edges.end() - 1, v);
          ++counts[static_cast<std::size_t>(it - edges.begin() - 1)];
        }
        benchmark::DoNotOptimize(counts.data());
        break;
      case binning::weighted: benchmark::DoNotOptimize(td::histogram(a, 64, -3.0, 3.0, w).data()); break;
      case binning::weighted_baseline:
        std::fill(sums.begin(), sums.end(), 0.0);
        for (std::size_t i = 0; i < host.size(); ++i) {
          const double v = host[i];
          if (!(v >= -3.0 && v <= 3.0)) continue;
          const auto k = static_cast<std::size_t>((v + 3.0) * (64.0 / 6.0));
          sums[k < 63 ? k : 63] += host_w[i];
        }
        benchmark::DoNotOptimize(sums.data());
        break;
      case binning::pairs:  // the points (a, w) in 64 x 32 cells over [-3, 3] x [0, 1]
        benchmark::DoNotOptimize(td::histogram2d(a, w, {64, 32}, {{-3.0, 3.0}, {0.0, 1.0}}).data());
        break;
      case binning::pairs_baseline:
        cells.assign(64 * 32, 0);
        for (std::size_t i = 0; i < host.size(); ++i) {
          const double u = host[i], v = host_w[i];
          if (!(u >= -3.0 && u <= 3.0 && v >= 0.0 && v <= 1.0)) continue;
          const auto bx = static_cast<std::size_t>((u + 3.0) * (64.0 / 6.0)), by = static_cast<std::size_t>(v * 32.0);
          ++cells[(bx < 63 ? bx : 63) * 32 + (by < 31 ? by : 31)];
        }
        benchmark::DoNotOptimize(cells.data());
        break;
    }
    td::synchronize(Space{});
  }
  state.SetItemsProcessed(state.iterations() * n);
}

void einsum_setup(benchmark::internal::Benchmark* b) {
  b->UseRealTime();
  b->Unit(benchmark::kMillisecond);
}

void convolve_sizes(benchmark::internal::Benchmark* b) {
  b->Args({1 << 20, 16})->Args({1 << 20, 255});
  b->UseRealTime();
  b->Unit(benchmark::kMillisecond);
}

void sizes(benchmark::internal::Benchmark* b) {
  b->Arg(1 << 20)->Arg(1 << 24);
  b->UseRealTime();
  b->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) {
  const std::pair<const char*, unary> unaries[] = {
      {"floor", unary::floor}, {"round", unary::round}, {"isnan", unary::isnan}, {"add", unary::add}, {"scale", unary::scale}};
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
  benchmark::RegisterBenchmark("topk16/tandem_host", bm_median<td::host_space>, select_by::topk)->Apply(sizes);
  benchmark::RegisterBenchmark("topk16/tandem_device", bm_median<td::device_space>, select_by::topk)->Apply(sizes);
  benchmark::RegisterBenchmark("median/sort_host", bm_median<td::host_space>, select_by::sort)->Apply(sizes);
  benchmark::RegisterBenchmark("median/sort_device", bm_median<td::device_space>, select_by::sort)->Apply(sizes);
  benchmark::RegisterBenchmark("median/std_nth_element", bm_median<td::host_space>, select_by::nth_element)
      ->Apply(sizes);
  benchmark::RegisterBenchmark("concatenate/tandem_host", bm_copy<td::host_space>, copy_kind::concatenate)->Apply(sizes);
  benchmark::RegisterBenchmark("concatenate/tandem_device", bm_copy<td::device_space>, copy_kind::concatenate)
      ->Apply(sizes);
  benchmark::RegisterBenchmark("concatenate/baseline_memcpy", bm_copy<td::host_space>, copy_kind::memcpy_halves)
      ->Apply(sizes);
  benchmark::RegisterBenchmark("roll/tandem_host", bm_copy<td::host_space>, copy_kind::roll)->Apply(sizes);
  benchmark::RegisterBenchmark("roll/tandem_device", bm_copy<td::device_space>, copy_kind::roll)->Apply(sizes);
  benchmark::RegisterBenchmark("roll/baseline_memcpy", bm_copy<td::host_space>, copy_kind::memcpy_whole)->Apply(sizes);
  benchmark::RegisterBenchmark("convolve/tandem_host", bm_convolve<td::host_space>, false)->Apply(convolve_sizes);
  benchmark::RegisterBenchmark("convolve/tandem_device", bm_convolve<td::device_space>, false)->Apply(convolve_sizes);
  benchmark::RegisterBenchmark("convolve/baseline_loop", bm_convolve<td::host_space>, true)->Apply(convolve_sizes);
  const std::pair<const char*, einsum_case> einsums[] = {{"einsum/matmul", einsum_case::matmul},
                                                        {"einsum/chain3", einsum_case::chain3},
                                                        {"einsum/rows", einsum_case::rows},
                                                        {"einsum/sum2", einsum_case::sum2},
                                                        {"einsum/sum2_crossed", einsum_case::sum2_crossed}};
  for (const auto& [name, which] : einsums) {
    benchmark::RegisterBenchmark((std::string(name) + "/tandem_host").c_str(), bm_einsum<td::host_space>, which)
        ->Apply(einsum_setup);
    benchmark::RegisterBenchmark((std::string(name) + "/tandem_device").c_str(), bm_einsum<td::device_space>, which)
        ->Apply(einsum_setup);
  }
  benchmark::RegisterBenchmark("einsum/matmul/baseline_matmul", bm_einsum<td::host_space>, einsum_case::matmul_baseline)
      ->Apply(einsum_setup);
  benchmark::RegisterBenchmark("einsum/chain3/baseline_matmul", bm_einsum<td::host_space>, einsum_case::chain3_baseline)
      ->Apply(einsum_setup);
  benchmark::RegisterBenchmark("einsum/rows/baseline_loop", bm_einsum<td::host_space>, einsum_case::rows_baseline)
      ->Apply(einsum_setup);
  benchmark::RegisterBenchmark("einsum/sum2/baseline_loop", bm_einsum<td::host_space>, einsum_case::sum2_baseline)
      ->Apply(einsum_setup);
  const std::pair<const char*, draw> draws[] = {
      {"random/normal", draw::normal}, {"random/gamma", draw::gamma}, {"random/poisson", draw::poisson},
      {"random/binomial", draw::binomial}};
  for (const auto& [name, which] : draws) {
    const std::string base = name;
    benchmark::RegisterBenchmark((base + "/tandem_host").c_str(), bm_draw<td::host_space>, which, false)->Apply(sizes);
    benchmark::RegisterBenchmark((base + "/tandem_device").c_str(), bm_draw<td::device_space>, which, false)
        ->Apply(sizes);
    benchmark::RegisterBenchmark((base + "/baseline_std").c_str(), bm_draw<td::host_space>, which, true)->Apply(sizes);
  }
  benchmark::RegisterBenchmark("histogram/edges/tandem_host", bm_histogram<td::host_space>, binning::edges)
      ->Apply(sizes);
  benchmark::RegisterBenchmark("histogram/edges/tandem_device", bm_histogram<td::device_space>, binning::edges)
      ->Apply(sizes);
  benchmark::RegisterBenchmark("histogram/uniform/tandem_host", bm_histogram<td::host_space>, binning::uniform)
      ->Apply(sizes);
  benchmark::RegisterBenchmark("histogram/edges/baseline_loop", bm_histogram<td::host_space>, binning::baseline)
      ->Apply(sizes);
  benchmark::RegisterBenchmark("histogram/weighted/tandem_host", bm_histogram<td::host_space>, binning::weighted)
      ->Apply(sizes);
  benchmark::RegisterBenchmark("histogram/weighted/tandem_device", bm_histogram<td::device_space>, binning::weighted)
      ->Apply(sizes);
  benchmark::RegisterBenchmark("histogram/weighted/baseline_loop", bm_histogram<td::host_space>,
                               binning::weighted_baseline)
      ->Apply(sizes);
  benchmark::RegisterBenchmark("histogram2d/tandem_host", bm_histogram<td::host_space>, binning::pairs)->Apply(sizes);
  benchmark::RegisterBenchmark("histogram2d/tandem_device", bm_histogram<td::device_space>, binning::pairs)
      ->Apply(sizes);
  benchmark::RegisterBenchmark("histogram2d/baseline_loop", bm_histogram<td::host_space>, binning::pairs_baseline)
      ->Apply(sizes);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
