// Heat diffusion over MPI ranks: the heat_diffusion example's five-point stencil on a
// grid whose rows are split over the ranks (td::dist::tensor), one halo row exchanged
// with each neighbour per step (td::dist::halo). The same steps on the whole grid in
// one process give the reference: the distributed result must be the same bits, in the
// host space and in the device space. Run with `mpirun -np 4 dist_heat`.
#include <tandem/dist.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <utility>

namespace td = tandem;

namespace {

/// One explicit step at (i, j) of this rank's rows; u reads the rows around the block.
template <class Space>
struct heat_step {
  td::dist::halo_view<double, 2, Space> u;
  td::tensor_view<double, 2, Space> next;
  td::index_t first_row, rows;  // the block's first global row; the grid's rows
  double r;
  TANDEM_HD void operator()(td::index_t i, td::index_t j) const {
    const td::index_t gi = first_row + i, cols = next.extent(1);
    if (gi == 0 || gi == rows - 1 || j == 0 || j == cols - 1) {
      next(i, j) = u(i, j);  // the edges hold their (zero) temperature
      return;
    }
    next(i, j) = u(i, j) + r * (u(i + 1, j) + u(i - 1, j) + u(i, j + 1) + u(i, j - 1) - 4.0 * u(i, j));
  }
};

template <class Space>
td::tensor<double, 2, Space> start(Space space, td::index_t n) {
  const double pi = 3.14159265358979323846;
  const auto x = td::linspace<double>(0.0, 1.0, n, space);
  return td::sin(pi * td::reshape(x, {n, 1})) * td::sin(pi * x);
}

/// Steps on the distributed grid; returns the whole grid on every rank.
template <class Space>
td::tensor<double, 2, Space> simulate(const td::dist::communicator& w, Space space, td::index_t n, int steps, double r,
                                      double& ms) {
  auto u = td::dist::scatter(w, start(space, n), 0);
  auto next = td::dist::zeros<double>(w, {n, n}, space);
  w.barrier();
  const auto begin = std::chrono::steady_clock::now();
  for (int s = 0; s < steps; ++s) {
    const auto h = td::dist::halo(u, 1);
    td::for_each(space, u.local().shape(), heat_step<Space>{h.view(), next.local().view(), u.offset(), n, r});
    std::swap(u, next);
  }
  td::synchronize(space);
  w.barrier();
  ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
  return td::dist::allgather(u);
}

/// The same steps on the whole grid in this process (no neighbours: empty halo rows).
template <class Space>
td::tensor<double, 2, Space> reference(Space space, td::index_t n, int steps, double r) {
  auto u = start(space, n);
  td::tensor<double, 2, Space> next(u.shape(), td::uninitialized);
  const auto none = td::zeros<double>({0, n}, space);
  for (int s = 0; s < steps; ++s) {
    td::for_each(space, u.shape(), heat_step<Space>{{none.view(), u.view(), none.view()}, next.view(), 0, n, r});
    std::swap(u, next);
  }
  return u;
}

template <class Space>
bool run(const td::dist::communicator& w, Space space, const char* name, td::index_t n, int steps, double r) {
  double ms = 0;
  const auto whole = simulate(w, space, n, steps, r, ms);
  const auto ref = reference(space, n, steps, r);
  const bool same = td::array_equal(whole, ref);
  const double pi = 3.14159265358979323846, h = 1.0 / static_cast<double>(n - 1);
  const double g = 1.0 - 8.0 * r * std::pow(std::sin(pi * h / 2), 2);
  const double err = td::max(td::abs(whole - std::pow(g, steps) * start(space, n)));
  if (w.rank() == 0)
    std::printf("  %-7s %d ranks  %8.2f ms  max error vs exact %.1e  same bits as one process: %s\n", name, w.size(),
                ms, err, same ? "yes" : "NO");
  return same && err < 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
  td::dist::environment env(argc, argv);
  const auto w = td::dist::world();
  const td::index_t n = 256;
  const int steps = 100;
  const double r = 0.2;
  if (w.rank() == 0)
    std::printf("heat diffusion over %d ranks: %lld x %lld grid, %d steps\n", w.size(), static_cast<long long>(n),
                static_cast<long long>(n), steps);
  bool ok = run(w, td::host, "host", n, steps, r);
  try {
    ok = run(w, td::device, td::device_is_emulated ? "device (emulated)" : "device", n, steps, r) && ok;
  } catch (const td::cuda_error& err) {
    if (w.rank() == 0) std::printf("  device: not run, no usable GPU (%s)\n", err.what());
  }
  return ok ? 0 : 1;
}
