// Monte Carlo estimate of pi, one source for the CPU and the GPU: draw 2^24 points in
// the unit square with td::random::generator and count those inside the quarter
// circle, in the host space and in the device space. The generator is counter-based,
// so both spaces draw the same points and give the same estimate (up to points within
// an ulp of the circle, where a GPU's fused multiply-add may round differently).
#include <tandem/tandem.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>

namespace td = tandem;

namespace {

template <class Space>
double estimate_pi(Space space, td::index_t n, double& ms) {
  // A first, untimed draw: under CUDA the first call creates the context and loads
  // the kernels, which would otherwise be timed.
  (void)td::sum(td::random::generator{1}.uniform<float>({1024}, space));
  td::random::generator g{2026};
  const auto start = std::chrono::steady_clock::now();
  const auto x = g.uniform<float>({n}, space);
  const auto y = g.uniform<float>({n}, space);
  const double inside = td::mean(x * x + y * y < 1.f);  // fused: no temporaries
  ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return 4.0 * inside;
}

}  // namespace

int main() {
  const td::index_t n = td::index_t(1) << 24;
  const double pi = 3.14159265358979323846;
  // The estimate is a binomial proportion times 4: its standard deviation.
  const double sigma = 4.0 * std::sqrt(pi / 4 * (1 - pi / 4) / static_cast<double>(n));
  std::printf("Monte Carlo pi from %lld points (standard deviation %.1e)\n", static_cast<long long>(n), sigma);

  double host_ms = 0, device_ms = 0;
  const double on_host = estimate_pi(td::host, n, host_ms);
  std::printf("  host    %.6f  error %+.1e  %7.2f ms\n", on_host, on_host - pi, host_ms);
  double on_device = 0;
  try {
    on_device = estimate_pi(td::device, n, device_ms);
  } catch (const td::cuda_error& err) {
    std::printf("  device: not run, no usable GPU (%s)\n", err.what());
    return std::abs(on_host - pi) < 5 * sigma ? 0 : 1;
  }
  std::printf("  device  %.6f  error %+.1e  %7.2f ms%s\n", on_device, on_device - pi, device_ms,
              td::device_is_emulated ? "  (emulated on the CPU)" : "");
  const bool close = std::abs(on_host - pi) < 5 * sigma;
  // Both spaces draw the same points. A GPU may fuse x * x + y * y into one FMA, which
  // can move a point lying within an ulp of the circle: allow a few such points.
  const double point = 4.0 / static_cast<double>(n);
  const double apart = std::abs(on_host - on_device) / point;
  const bool same = apart <= 16;
  std::printf("  within 5 sigma of pi: %s; host and device differ by %.0f points of %lld\n", close ? "yes" : "NO",
              apart, static_cast<long long>(n));
  return close && same ? 0 : 1;
}
