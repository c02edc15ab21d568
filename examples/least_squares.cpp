// A linear least-squares fit, one source for the CPU and the GPU: 2000 noisy samples of
// y = 1.5 - 2 x + 0.75 x^2 (normal noise of standard deviation 0.1) at x in [-2, 2],
// fitted by td::linalg::lstsq to the three columns 1, x, x^2. The coefficients must come
// back within 0.02 of the true ones (their standard errors are about 0.004), the design
// matrix must have full rank 3, and the residual sum of squares must be near n sigma^2 =
// 20. Checked in the host space and the device space.
#include <tandem/tandem.hpp>

#include <cmath>
#include <cstdio>

namespace td = tandem;

namespace {

struct fit {
  double c[3];
  double rss;
  td::index_t rank;
};

template <class Space>
bool fit_quadratic(Space space, fit& f) {
  const td::index_t n = 2000;
  td::random::generator g{11};
  const auto x = td::linspace<double>(-2.0, 2.0, n, space);
  const auto y = td::eval(1.5 - 2.0 * x + 0.75 * x * x + 0.1 * g.normal<double>({n}, space));
  const auto ones = td::ones<double>({n}, space);
  const auto x2 = td::eval(x * x);
  const auto design = td::stack({ones.view(), x.view(), x2.view()}, 1);  // (n, 3)
  const auto r = td::linalg::lstsq(design, y);
  const auto c = td::to_vector(r.x);
  f = {{c[0], c[1], c[2]}, td::to_vector(r.residuals)[0], r.rank};
  const double truth[3] = {1.5, -2.0, 0.75};
  bool ok = r.rank == 3 && std::abs(f.rss - 20) < 4;
  for (int i = 0; i < 3; ++i) ok = ok && std::abs(c[std::size_t(i)] - truth[i]) < 0.02;
  return ok;
}

void report(const char* where, const fit& f, bool ok, const char* note) {
  std::printf("%s y = %.4f %+.4f x %+.4f x^2 (rank %ld, residual sum of squares %.2f): %s%s\n", where, f.c[0], f.c[1],
              f.c[2], static_cast<long>(f.rank), f.rss, ok ? "as expected" : "WRONG", note);
}

}  // namespace

int main() {
  fit f{};
  const bool host_ok = fit_quadratic(td::host, f);
  report("host:  ", f, host_ok, "");
  bool device_ok = false;
  try {
    device_ok = fit_quadratic(td::device, f);
  } catch (const td::cuda_error& err) {
    std::printf("device: not run, no usable GPU (%s)\n", err.what());
    return host_ok ? 0 : 1;
  }
  report("device:", f, device_ok, td::device_is_emulated ? " (emulated on the CPU)" : "");
  return host_ok && device_ok ? 0 : 1;
}
