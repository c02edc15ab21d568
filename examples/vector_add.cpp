// Vector add, one source for the CPU and the GPU: c = a + b over 2^24 floats in the
// host space and in the device space, each checked element by element and timed.
//
// Built twice by CMake: by the host compiler (the device space is then emulated on
// TBB) and, when nvcc is found, as CUDA (the device space is the GPU).
#include <tandem/tandem.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace td = tandem;

namespace {

struct timing {
  double median_ms;
  bool correct;
};

template <class Space>
timing vector_add(Space space, td::index_t n, int repeats) {
  // a[i] = i / 2, b[i] = 2: exact in float for every i below 2^24.
  const auto a = td::eval(td::cast<float>(td::arange<td::index_t>(n, space)) * 0.5f);
  const auto b = td::full<float>({n}, 2.f, space);
  td::tensor<float, 1, Space> c({n});

  c = a + b;  // warm-up: first touch of the pages, thread pool or CUDA context start-up
  td::synchronize(space);
  std::vector<double> ms;
  for (int r = 0; r < repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    c = a + b;
    td::synchronize(space);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());

  const std::vector<float> result = td::to_vector(c);
  bool correct = static_cast<td::index_t>(result.size()) == n;
  for (td::index_t i = 0; correct && i < n; ++i) correct = result[i] == static_cast<float>(i) * 0.5f + 2.f;
  return {ms[ms.size() / 2], correct};
}

void report(const char* name, const timing& t, td::index_t n) {
  const double gbytes = 3.0 * sizeof(float) * static_cast<double>(n) / 1e9;  // read a, b; write c
  std::printf("  %-28s %s   median %8.3f ms   %7.1f GB/s\n", name, t.correct ? "correct" : "WRONG  ", t.median_ms,
              gbytes / (t.median_ms / 1e3));
}

}  // namespace

int main() {
  const td::index_t n = td::index_t(1) << 24;
  const int repeats = 20;
  std::printf("tandem vector add: c = a + b, %lld floats, median of %d runs\n", static_cast<long long>(n), repeats);
  std::printf("  compiled %s CUDA; the device space %s\n", TANDEM_HAS_CUDA ? "with" : "without",
              td::device_is_emulated ? "is emulated on the CPU (Thrust's TBB system)" : "is the GPU");

  const timing host = vector_add(td::host, n, repeats);
  report("host (C++ parallel algs)", host, n);

  timing device{};
  try {
    device = vector_add(td::device, n, repeats);
  } catch (const td::cuda_error& err) {
    std::printf("  device: not run, no usable GPU (%s)\n", err.what());
    return host.correct ? 0 : 1;
  }
  report(td::device_is_emulated ? "device (emulated, TBB)" : "device (GPU)", device, n);
  std::printf("  device / host time: %.2fx\n", device.median_ms / host.median_ms);
  return host.correct && device.correct ? 0 : 1;
}
