// td::dist over MPI ranks (run under mpirun with 1, 2 and 4 ranks; scripts/bench-dist):
// each operation next to the same thing written by hand with MPI in this binary.
//
//   halo/tandem            td::dist::halo(u, 1) of a (rows, 2048) double grid (new ghost rows)
//   halo/tandem_reuse      td::dist::halo(u, 1, h): the ghost rows of an earlier call refreshed
//   halo/mpi_sendrecv      two MPI_Sendrecv of the same first and last rows into
//                          preallocated buffers (the hand-written exchange)
//   sum/tandem             td::sum(d): float32, bitwise the single process's sum
//   sum/local_allreduce    td::sum of the block, then MPI_Allreduce of the partial sums
//                          (fast, but its bits depend on the number of ranks)
//   heat/tandem            one heat step: halo (refreshed in place), then the five-point
//                          stencil over the block
// Strong scaling: 2^24 elements (sum) or a 2048 x 2048 grid (halo, heat) in all; weak
// scaling ("weak" in the name): 2^22 elements or 512 rows of 2048 per rank.
//
// Every rank runs the same fixed number of iterations (Google Benchmark's adaptive
// count could differ between ranks and leave one waiting in a collective); an
// iteration's time is the slowest rank's (MPI_Allreduce of MAX), reported by rank 0.
#include <tandem/dist.hpp>

#include <benchmark/benchmark.h>
#include <mpi.h>

#include <chrono>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace td = tandem;

namespace {

/// Times one iteration of `body` on every rank: the slowest rank's seconds.
template <class F>
void timed(benchmark::State& state, F&& body) {
  for (auto _ : state) {
    MPI_Barrier(MPI_COMM_WORLD);
    const auto begin = std::chrono::steady_clock::now();
    body();
    double mine = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count(), slowest = 0;
    MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    state.SetIterationTime(slowest);
  }
}

int ranks() {
  int p = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  return p;
}

td::index_t grid_rows(bool weak) { return weak ? 512 * td::index_t(ranks()) : 2048; }
constexpr td::index_t cols = 2048;

void bm_halo(benchmark::State& state, bool weak) {
  const auto w = td::dist::world();
  const auto u = td::dist::ones<double>(w, {grid_rows(weak), cols});
  timed(state, [&] { benchmark::DoNotOptimize(td::dist::halo(u, 1)); });
  state.counters["ranks"] = w.size();
}

void bm_halo_reuse(benchmark::State& state, bool weak) {
  const auto w = td::dist::world();
  const auto u = td::dist::ones<double>(w, {grid_rows(weak), cols});
  auto h = td::dist::halo(u, 1);
  timed(state, [&] {
    td::dist::halo(u, 1, h);
    benchmark::DoNotOptimize(h.above().data());
  });
  state.counters["ranks"] = w.size();
}

void bm_halo_sendrecv(benchmark::State& state, bool weak) {
  const auto w = td::dist::world();
  const auto u = td::dist::ones<double>(w, {grid_rows(weak), cols});
  const int me = w.rank(), p = w.size();
  const int prev = me > 0 ? me - 1 : MPI_PROC_NULL, next = me + 1 < p ? me + 1 : MPI_PROC_NULL;
  std::vector<double> above(cols), below(cols);
  const double* first = u.local().data();
  const double* last = first + (u.local().extent(0) - 1) * cols;
  timed(state, [&] {
    MPI_Sendrecv(first, int(cols), MPI_DOUBLE, prev, 1, below.data(), int(cols), MPI_DOUBLE, next, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(last, int(cols), MPI_DOUBLE, next, 2, above.data(), int(cols), MPI_DOUBLE, prev, 2, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    benchmark::DoNotOptimize(above.data());
  });
  state.counters["ranks"] = w.size();
}

td::index_t sum_size(bool weak) { return weak ? (td::index_t(1) << 22) * ranks() : td::index_t(1) << 24; }

void bm_sum(benchmark::State& state, bool weak) {
  const auto w = td::dist::world();
  td::random::generator g{1};
  const auto d = g.uniform<float>(w, {sum_size(weak)});
  timed(state, [&] { benchmark::DoNotOptimize(td::sum(d)); });
  state.counters["ranks"] = w.size();
}

void bm_sum_allreduce(benchmark::State& state, bool weak) {
  const auto w = td::dist::world();
  td::random::generator g{1};
  const auto d = g.uniform<float>(w, {sum_size(weak)});
  timed(state, [&] {
    float mine = td::sum(d.local()), all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    benchmark::DoNotOptimize(all);
  });
  state.counters["ranks"] = w.size();
}

struct heat_step {
  td::dist::halo_view<double, 2, td::host_space> u;
  td::tensor_view<double, 2, td::host_space> next;
  td::index_t first_row, rows;
  TANDEM_HD void operator()(td::index_t i, td::index_t j) const {
    const td::index_t gi = first_row + i;
    if (gi == 0 || gi == rows - 1 || j == 0 || j == cols - 1) {
      next(i, j) = u(i, j);
      return;
    }
    next(i, j) = u(i, j) + 0.2 * (u(i + 1, j) + u(i - 1, j) + u(i, j + 1) + u(i, j - 1) - 4.0 * u(i, j));
  }
};

void bm_heat(benchmark::State& state, bool weak) {
  const auto w = td::dist::world();
  const td::index_t rows = grid_rows(weak);
  auto u = td::dist::ones<double>(w, {rows, cols});
  auto next = td::dist::zeros<double>(w, {rows, cols});
  auto h = td::dist::halo(u, 1);
  timed(state, [&] {
    td::dist::halo(u, 1, h);
    td::for_each(td::host, u.local().shape(), heat_step{h.view(), next.local().view(), u.offset(), rows});
    std::swap(u, next);
  });
  state.counters["ranks"] = w.size();
}

/// The alpha-beta calibration (docs/scaling.md): rank r exchanges `bytes` with rank
/// r ^ 1 (MPI_Sendrecv, both ways at once); one rank alone exchanges with itself.
void bm_exchange(benchmark::State& state) {
  const auto bytes = static_cast<std::size_t>(state.range(0));
  const auto w = td::dist::world();
  const int peer = (w.rank() ^ 1) < w.size() ? (w.rank() ^ 1) : w.rank();
  std::vector<char> out(bytes, 1), in(bytes);
  timed(state, [&] {
    MPI_Sendrecv(out.data(), int(bytes), MPI_BYTE, peer, 5, in.data(), int(bytes), MPI_BYTE, peer, 5, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
  });
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

/// Rank 0 reports; the others run the same iterations silently.
class silent_reporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>&) override {}
};

}  // namespace

int main(int argc, char** argv) {
  td::dist::environment env(argc, argv);
  const auto w = td::dist::world();
  const std::pair<const char*, void (*)(benchmark::State&, bool)> suites[] = {
      {"halo/tandem", bm_halo}, {"halo/tandem_reuse", bm_halo_reuse}, {"halo/mpi_sendrecv", bm_halo_sendrecv}, {"sum/tandem", bm_sum},
      {"sum/local_allreduce", bm_sum_allreduce}, {"heat/tandem", bm_heat}};
  for (const auto& [name, fn] : suites) {
    for (bool weak : {false, true}) {
      std::string label = name;
      label.append(weak ? "/weak" : "/strong");
      const bool heavy = std::strncmp(name, "halo", 4) != 0;
      benchmark::RegisterBenchmark(label.c_str(), fn, weak)
          ->UseManualTime()
          ->Iterations(heavy ? 20 : 2000)
          ->Unit(heavy ? benchmark::kMillisecond : benchmark::kMicrosecond);
    }
  }
  benchmark::RegisterBenchmark("exchange/mpi_sendrecv", bm_exchange)
      ->Arg(8)
      ->Arg(1 << 16)
      ->Arg(1 << 23)
      ->UseManualTime()
      ->Iterations(200)
      ->Unit(benchmark::kMicrosecond);
  // Only rank 0 writes a --benchmark_out file.
  std::vector<char*> args(argv, argv + argc);
  if (w.rank() != 0)
    std::erase_if(args, [](const char* a) { return std::strncmp(a, "--benchmark_out", 15) == 0; });
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (w.rank() == 0) {
    benchmark::RunSpecifiedBenchmarks();
  } else {
    silent_reporter quiet;
    benchmark::RunSpecifiedBenchmarks(&quiet);
  }
  benchmark::Shutdown();
  return 0;
}
