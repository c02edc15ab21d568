// Heat diffusion on a 2-d grid, one source for the CPU and the GPU: an explicit
// five-point stencil written once as a TANDEM_HD functor and run with td::for_each over
// the 2-d index space, in the host space and in the device space.
//
// The start is the mode u(x, y) = sin(pi x) sin(pi y) on [0, 1]^2 with zero edges. The
// stencil maps that mode to itself times g = 1 - 8 r sin^2(pi h / 2) (r = alpha dt /
// h^2), so after s steps the exact discrete answer is g^s times the start: the check.
#include <tandem/tandem.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <utility>

namespace td = tandem;

namespace {

template <class Space>
struct heat_step {
  td::tensor_view<const double, 2, Space> u;
  td::tensor_view<double, 2, Space> next;
  double r;
  TANDEM_HD void operator()(td::index_t i, td::index_t j) const {
    const td::index_t last = u.extent(0) - 1;
    if (i == 0 || j == 0 || i == last || j == last) {
      next(i, j) = u(i, j);  // the edges hold their (zero) temperature
      return;
    }
    next(i, j) = u(i, j) + r * (u(i + 1, j) + u(i - 1, j) + u(i, j + 1) + u(i, j - 1) - 4.0 * u(i, j));
  }
};

template <class Space>
double simulate(Space space, td::index_t n, int steps, double r, double& ms) {
  const double pi = 3.14159265358979323846;
  const auto x = td::linspace<double>(0.0, 1.0, n, space);
  td::tensor<double, 2, Space> u = td::sin(pi * td::reshape(x, {n, 1})) * td::sin(pi * x);  // [n, 1] * [n]
  const auto start_values = u;
  td::tensor<double, 2, Space> next(u.shape(), td::uninitialized);

  const auto begin = std::chrono::steady_clock::now();
  for (int s = 0; s < steps; ++s) {
    td::for_each(space, u.shape(), heat_step<Space>{u.view(), next.view(), r});
    std::swap(u, next);
  }
  td::synchronize(space);
  ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();

  const double h = 1.0 / static_cast<double>(n - 1);
  const double g = 1.0 - 8.0 * r * std::pow(std::sin(pi * h / 2), 2);
  return td::max(td::abs(u - std::pow(g, steps) * start_values));  // largest error, on the host
}

}  // namespace

int main() {
  const td::index_t n = 512;
  const int steps = 200;
  const double r = 0.2;  // stable for r <= 1/4
  std::printf("heat diffusion: %lld x %lld grid, %d explicit steps\n", static_cast<long long>(n),
              static_cast<long long>(n), steps);
  double host_ms = 0, device_ms = 0;
  const double host_error = simulate(td::host, n, steps, r, host_ms);
  std::printf("  host    max error vs exact %.1e  %8.2f ms\n", host_error, host_ms);
  double device_error = 0;
  try {
    device_error = simulate(td::device, n, steps, r, device_ms);
  } catch (const td::cuda_error& err) {
    std::printf("  device: not run, no usable GPU (%s)\n", err.what());
    return host_error < 1e-9 ? 0 : 1;
  }
  std::printf("  device  max error vs exact %.1e  %8.2f ms%s\n", device_error, device_ms,
              td::device_is_emulated ? "  (emulated on the CPU)" : "");
  return host_error < 1e-9 && device_error < 1e-9 ? 0 : 1;
}
