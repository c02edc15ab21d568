// FFTs next to the libraries called directly: complex single precision of 2^20 points
// and 4096 x 4096 (2-d), real of 2^20 points. Items/s are transform points.
//
//   tandem_host    td::fft::fft / fft2 / rfft on a host tensor, the plan cached (each call
//                  allocates its result, as a user's call does)
//   fftw_host      FFTW's plan (FFTW_ESTIMATE, the threads tandem gives it) made once,
//                  executed into a preallocated array (only with TANDEM_HAS_FFTW)
//   tandem_device  the same calls on device tensors (cuFFT under nvcc, FFTW emulated)
//   cufft_device   cufftExecC2C / R2C with a plan made once (under nvcc)
// Names: fft_c2c_f32/<impl>/<n>, fft2_c2c_f32/<impl>/<n> (n x n), fft_r2c_f32/<impl>/<n>.
// fft_plan_c2c_f32/<impl>/<n>: the first call's cost, planning included (tandem's cache
// cleared each time; FFTW planned, executed and destroyed each time).
#include <tandem/tandem.hpp>

#include <benchmark/benchmark.h>

#include <optional>

#if TANDEM_HAS_FFTW
#  include <fftw3.h>
#endif

namespace td = tandem;

namespace {

using cf = td::complex<float>;

void set_points(benchmark::State& state, double points) {
  state.counters["points/s"] = benchmark::Counter(points * double(state.iterations()), benchmark::Counter::kIsRate);
}

template <class Space>
td::tensor<cf, 1, Space> signal(td::index_t n, Space space) {
  td::random::generator g{5};
  return td::eval(td::polar(g.uniform<float>({n}, space, 0.5f, 1.f), g.uniform<float>({n}, space, -3.f, 3.f)));
}

/// The operand of each transform: 2^20 complex points, 4096 x 4096 of them, 2^20 real ones.
struct c2c_1d {
  template <class Space>
  static auto operand(td::index_t n, Space space) { return signal(n, space); }
  template <class X>
  static auto run(const X& x) { return td::fft::fft(x); }
  static double points(td::index_t n) { return double(n); }
};
struct c2c_2d {
  template <class Space>
  static auto operand(td::index_t n, Space space) { return td::reshape(signal(n * n, space), {n, n}); }
  template <class X>
  static auto run(const X& x) { return td::fft::fft2(x); }
  static double points(td::index_t n) { return double(n) * double(n); }
};
struct r2c_1d {
  template <class Space>
  static auto operand(td::index_t n, Space space) { return td::random::generator{6}.uniform<float>({n}, space, -1.f, 1.f); }
  template <class X>
  static auto run(const X& x) { return td::fft::rfft(x); }
  static double points(td::index_t n) { return double(n); }
};

template <class Transform, class Space>
void bm_tandem(benchmark::State& state) {
  const td::index_t n = state.range(0);
  const auto x = Transform::operand(n, Space{});
  (void)Transform::run(x);  // plans
  td::synchronize(Space{});
  for (auto _ : state) {
    auto f = Transform::run(x);
    td::synchronize(Space{});
    benchmark::DoNotOptimize(f.data());
  }
  set_points(state, Transform::points(n));
}

template <class Space>
void bm_plan_c2c(benchmark::State& state) {
  const td::index_t n = state.range(0);
  const auto x = signal(n, Space{});
  for (auto _ : state) {
    td::fft::clear_plan_cache();
    auto f = td::fft::fft(x);
    td::synchronize(Space{});
    benchmark::DoNotOptimize(f.data());
  }
  set_points(state, double(n));
}

#if TANDEM_HAS_FFTW
/// FFTW directly: one plan (the threads tandem would use: its host threads from 2^15 points).
struct fftw_direct {
  fftwf_plan plan = nullptr;
  explicit fftw_direct(fftwf_plan p) : plan(p) {}
  fftw_direct(const fftw_direct&) = delete;
  fftw_direct& operator=(const fftw_direct&) = delete;
  ~fftw_direct() { fftwf_destroy_plan(plan); }
};
int fftw_threads() {
  static const int ok = fftwf_init_threads();
  (void)ok;
  return td::num_threads();
}

/// FFTW's plan for the transform (plan(in, out)), executed into a preallocated result;
/// with `planning`, planned, executed and destroyed each time.
template <class Transform, bool Planning = false, class Plan>
void bm_fftw(benchmark::State& state, Plan plan) {
  const td::index_t n = state.range(0);
  const auto x = Transform::operand(n, td::host);
  auto y = Transform::run(x);  // a result of the right shape, overwritten
  fftwf_plan_with_nthreads(fftw_threads());
  auto* in = const_cast<td::value_of_t<decltype(x)>*>(x.data());
  auto* out = reinterpret_cast<fftwf_complex*>(y.data());
  std::optional<fftw_direct> once;
  if (!Planning) once.emplace(plan(int(n), in, out));
  for (auto _ : state) {
    if (Planning) {
      const fftw_direct p(plan(int(n), in, out));
      fftwf_execute(p.plan);
    } else {
      fftwf_execute(once->plan);
    }
    benchmark::ClobberMemory();
  }
  set_points(state, Transform::points(n));
}
constexpr unsigned fftw_flags = FFTW_ESTIMATE | FFTW_PRESERVE_INPUT;
fftwf_plan fftw_c2c_1d(int n, td::complex<float>* in, fftwf_complex* out) {
  return fftwf_plan_dft_1d(n, reinterpret_cast<fftwf_complex*>(in), out, FFTW_FORWARD, fftw_flags);
}
fftwf_plan fftw_c2c_2d(int n, td::complex<float>* in, fftwf_complex* out) {
  return fftwf_plan_dft_2d(n, n, reinterpret_cast<fftwf_complex*>(in), out, FFTW_FORWARD, fftw_flags);
}
fftwf_plan fftw_r2c_1d(int n, float* in, fftwf_complex* out) { return fftwf_plan_dft_r2c_1d(n, in, out, fftw_flags); }
void bm_fftw_c2c(benchmark::State& state) { bm_fftw<c2c_1d>(state, fftw_c2c_1d); }
void bm_fftw_c2c_2d(benchmark::State& state) { bm_fftw<c2c_2d>(state, fftw_c2c_2d); }
void bm_fftw_r2c(benchmark::State& state) { bm_fftw<r2c_1d>(state, fftw_r2c_1d); }
void bm_fftw_plan_c2c(benchmark::State& state) { bm_fftw<c2c_1d, true>(state, fftw_c2c_1d); }
#endif

#if TANDEM_HAS_CUDA
struct cufft_direct {
  cufftHandle h = 0;
  cufft_direct() = default;
  cufft_direct(const cufft_direct&) = delete;
  cufft_direct& operator=(const cufft_direct&) = delete;
  ~cufft_direct() { (void)cufftDestroy(h); }
};

/// cuFFT directly: plan(handle, n) once, exec(handle, in, out) timed.
template <class Transform, class Plan, class Exec>
void bm_cufft(benchmark::State& state, Plan plan, Exec exec) {
  const td::index_t n = state.range(0);
  const auto x = Transform::operand(n, td::device);
  auto y = Transform::run(x);  // a result of the right shape, overwritten
  cufft_direct p;
  td::detail::check_cufft(plan(&p.h, int(n)), "cufftPlan");
  auto* in = const_cast<td::value_of_t<decltype(x)>*>(x.data());
  auto* out = reinterpret_cast<cufftComplex*>(y.data());
  for (auto _ : state) {
    td::detail::check_cufft(exec(p.h, in, out), "cufftExec");
    td::synchronize(td::device);
  }
  set_points(state, Transform::points(n));
}
void bm_cufft_c2c(benchmark::State& state) {
  bm_cufft<c2c_1d>(
      state, [](cufftHandle* h, int n) { return cufftPlan1d(h, n, CUFFT_C2C, 1); },
      [](cufftHandle h, cf* in, cufftComplex* out) {
        return cufftExecC2C(h, reinterpret_cast<cufftComplex*>(in), out, CUFFT_FORWARD);
      });
}
void bm_cufft_c2c_2d(benchmark::State& state) {
  bm_cufft<c2c_2d>(
      state, [](cufftHandle* h, int n) { return cufftPlan2d(h, n, n, CUFFT_C2C); },
      [](cufftHandle h, cf* in, cufftComplex* out) {
        return cufftExecC2C(h, reinterpret_cast<cufftComplex*>(in), out, CUFFT_FORWARD);
      });
}
void bm_cufft_r2c(benchmark::State& state) {
  bm_cufft<r2c_1d>(
      state, [](cufftHandle* h, int n) { return cufftPlan1d(h, n, CUFFT_R2C, 1); },
      [](cufftHandle h, float* in, cufftComplex* out) { return cufftExecR2C(h, in, out); });
}
#endif

}  // namespace

BENCHMARK((bm_tandem<c2c_1d, td::host_space>))->Name("fft_c2c_f32/tandem_host")->Arg(1 << 20)->UseRealTime();
BENCHMARK((bm_tandem<c2c_1d, td::device_space>))->Name("fft_c2c_f32/tandem_device")->Arg(1 << 20)->UseRealTime();
BENCHMARK((bm_tandem<c2c_2d, td::host_space>))->Name("fft2_c2c_f32/tandem_host")->Arg(4096)->UseRealTime();
BENCHMARK((bm_tandem<c2c_2d, td::device_space>))->Name("fft2_c2c_f32/tandem_device")->Arg(4096)->UseRealTime();
BENCHMARK((bm_tandem<r2c_1d, td::host_space>))->Name("fft_r2c_f32/tandem_host")->Arg(1 << 20)->UseRealTime();
BENCHMARK((bm_tandem<r2c_1d, td::device_space>))->Name("fft_r2c_f32/tandem_device")->Arg(1 << 20)->UseRealTime();
BENCHMARK(bm_plan_c2c<td::host_space>)->Name("fft_plan_c2c_f32/tandem_host")->Arg(1 << 20)->UseRealTime();
#if TANDEM_HAS_FFTW
BENCHMARK(bm_fftw_c2c)->Name("fft_c2c_f32/fftw_host")->Arg(1 << 20)->UseRealTime();
BENCHMARK(bm_fftw_c2c_2d)->Name("fft2_c2c_f32/fftw_host")->Arg(4096)->UseRealTime();
BENCHMARK(bm_fftw_r2c)->Name("fft_r2c_f32/fftw_host")->Arg(1 << 20)->UseRealTime();
BENCHMARK(bm_fftw_plan_c2c)->Name("fft_plan_c2c_f32/fftw_host")->Arg(1 << 20)->UseRealTime();
#endif
#if TANDEM_HAS_CUDA
BENCHMARK(bm_cufft_c2c)->Name("fft_c2c_f32/cufft_device")->Arg(1 << 20)->UseRealTime();
BENCHMARK(bm_cufft_c2c_2d)->Name("fft2_c2c_f32/cufft_device")->Arg(4096)->UseRealTime();
BENCHMARK(bm_cufft_r2c)->Name("fft_r2c_f32/cufft_device")->Arg(1 << 20)->UseRealTime();
BENCHMARK(bm_plan_c2c<td::device_space>)->Name("fft_plan_c2c_f32/tandem_device")->Arg(1 << 20)->UseRealTime();
#endif

BENCHMARK_MAIN();
