// Monte Carlo pi over MPI ranks: 2^24 points drawn as distributed tensors (each rank
// draws only its block, the values the single-process call would give), counted with a
// global reduction. The estimate equals the single-process one exactly, on any number
// of ranks. Run with `mpirun -np 4 dist_monte_carlo_pi`.
#include <tandem/dist.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>

namespace td = tandem;

int main(int argc, char** argv) {
  td::dist::environment env(argc, argv);
  const auto w = td::dist::world();
  const td::index_t n = td::index_t(1) << 24;
  const double pi = 3.14159265358979323846;
  const double sigma = 4.0 * std::sqrt(pi / 4 * (1 - pi / 4) / static_cast<double>(n));

  td::random::generator g{2026};
  w.barrier();
  const auto begin = std::chrono::steady_clock::now();
  const auto x = g.uniform<float>(w, {n});
  const auto y = g.uniform<float>(w, {n});
  const double inside = td::mean(x * x + y * y < 1.f);  // fused, then one global sum
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
  const double estimate = 4.0 * inside;

  // The same draw in one process (every rank, to check).
  td::random::generator g1{2026};
  const auto x1 = g1.uniform<float>({n});
  const auto y1 = g1.uniform<float>({n});
  const double single = 4.0 * td::mean(x1 * x1 + y1 * y1 < 1.f);
  const bool close = std::abs(estimate - pi) < 5 * sigma, same = estimate == single;
  if (w.rank() == 0)
    std::printf("Monte Carlo pi over %d ranks from %lld points: %.6f (error %+.1e, sigma %.1e), %.2f ms; "
                "equal to one process's %.6f: %s\n",
                w.size(), static_cast<long long>(n), estimate, estimate - pi, sigma, ms, single, same ? "yes" : "NO");
  return close && same ? 0 : 1;
}
