// Files (issue: .npy/.npz): each tandem call next to the system calls that move the same
// bytes, in this binary, on 1 GiB of float32 (2^28 elements) and 64 MiB for a quick
// look, with the page cache warm (every file is written once before timing).
//
//   save       td::save_npy(path, t): a temporary beside path, the header and the
//              elements written, renamed over path; next to baseline_write: open(path,
//              O_TRUNC), write() of the same bytes, close. Both replace the file each
//              iteration. save_durable adds fdatasync and the folder's fsync
//              (td::durable), next to baseline_write_fdatasync.
//   load       td::load_npy<float, 1>(path): open, header checked, the elements read
//              into a new tensor; next to baseline_read: open, read() into a buffer
//              allocated once, close; and baseline_read_fresh: the same into a buffer
//              allocated (new[], uninitialized) and freed each time, as a new tensor is.
//   load_into  td::load_npy(path, dest): the same file into a tensor allocated once,
//              next to baseline_read (the like-for-like pair: neither allocates).
//   map        td::map_npy<float, 1>(path): open, mmap, header checked (nothing read).
//
// Bytes are the elements' (4 per element). Files live in $TANDEM_BENCH_DIR (default
// /tmp). Each benchmark runs its operation once untimed first; run with
// --benchmark_min_time=2 or more so that the 1 GiB cases repeat within a run.
#include <tandem/tandem.hpp>

#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace td = tandem;

namespace {

std::string bench_path(const std::string& name) {
  const char* dir = std::getenv("TANDEM_BENCH_DIR");
  return std::string(dir ? dir : "/tmp") + "/tandem-bench-" + name;
}

void write_all(int fd, const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t put = ::write(fd, p, n);
    if (put <= 0) std::abort();
    p += put;
    n -= static_cast<std::size_t>(put);
  }
}
void read_all(int fd, void* data, std::size_t n) {
  char* p = static_cast<char*>(data);
  while (n > 0) {
    const ssize_t got = ::read(fd, p, n);
    if (got <= 0) std::abort();
    p += got;
    n -= static_cast<std::size_t>(got);
  }
}

enum class op { save, save_durable, write, write_fdatasync, load, load_into, read, read_fresh, map };

void bm_io(benchmark::State& state, op which) {
  const td::index_t n = state.range(0);
  const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(float);
  const auto t = td::linspace<float>(0.f, 1.f, n);
  const std::string npy = bench_path("a.npy"), raw = bench_path("a.raw");
  td::save_npy(npy, t);
  {
    const int fd = ::open(raw.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    write_all(fd, t.data(), bytes);
    ::close(fd);
  }
  std::vector<float> buffer(which == op::read ? static_cast<std::size_t>(n) : 0);
  auto dest = td::zeros<float>({which == op::load_into ? n : td::index_t(0)});
  // The first pass untimed: memory this process has never touched costs its first
  // touch (2.2 s for 1 GiB on this virtual machine, 69 ms after), on either side.
  for (bool warm = false;; warm = true) {
    if (warm && !state.KeepRunning()) break;
    switch (which) {
      case op::save: td::save_npy(npy, t); break;
      case op::save_durable: td::save_npy(npy, t, td::durable); break;
      case op::write:
      case op::write_fdatasync: {
        const int fd = ::open(raw.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        write_all(fd, t.data(), bytes);
        if (which == op::write_fdatasync) ::fdatasync(fd);
        ::close(fd);
        break;
      }
      case op::load: {
        auto back = td::load_npy<float, 1>(npy);
        benchmark::DoNotOptimize(back.data());
        break;
      }
      case op::load_into: {
        td::load_npy(npy, dest);
        benchmark::DoNotOptimize(dest.data());
        break;
      }
      case op::read: {
        const int fd = ::open(raw.c_str(), O_RDONLY);
        read_all(fd, buffer.data(), bytes);
        ::close(fd);
        benchmark::DoNotOptimize(buffer.data());
        break;
      }
      case op::read_fresh: {
        const int fd = ::open(raw.c_str(), O_RDONLY);
        std::unique_ptr<float[]> fresh(new float[static_cast<std::size_t>(n)]);
        read_all(fd, fresh.get(), bytes);
        ::close(fd);
        benchmark::DoNotOptimize(fresh.get());
        break;
      }
      case op::map: {
        auto m = td::map_npy<float, 1>(npy);
        benchmark::DoNotOptimize(m.data());
        break;
      }
    }
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes));
  std::filesystem::remove(npy);
  std::filesystem::remove(raw);
}

void sizes(benchmark::internal::Benchmark* b) {
  b->Arg(1 << 24)->Arg(1 << 28);
  b->UseRealTime();
  b->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) {
  const std::pair<const char*, op> ops[] = {
      {"save/tandem", op::save},         {"save/baseline_write", op::write},
      {"save_durable/tandem", op::save_durable}, {"save_durable/baseline_write_fdatasync", op::write_fdatasync},
      {"load/tandem", op::load},         {"load/baseline_read", op::read},
      {"load/baseline_read_fresh", op::read_fresh}, {"load_into/tandem", op::load_into},
      {"load_into/baseline_read", op::read},
      {"map/tandem", op::map}};
  for (const auto& [name, which] : ops) benchmark::RegisterBenchmark(name, bm_io, which)->Apply(sizes);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
