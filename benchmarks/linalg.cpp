// Dense linear algebra next to the libraries called directly, double precision: solve
// (a x = b, b one vector) and cholesky of n = 1024 and 4096, svd (reduced, vectors) of
// 1024. Items/s are matrices.
//
//   tandem_host    td::linalg::solve / cholesky / svd on host tensors (each call copies
//                  its operand into column-major scratch and its result out, as a
//                  user's call does)
//   lapack_host    LAPACKE's dgesv / dpotrf / dgesdd on a column-major copy made in the
//                  timed loop (LAPACK overwrites its input), workspace allocated once
//   tandem_device  the same calls on device tensors (cuSOLVER under nvcc, LAPACK emulated)
//   cusolver_device cusolverDnDgetrf+getrs / potrf / gesvd on a device copy, workspace
//                  allocated once (under nvcc)
// Names: solve_f64/<impl>/<n>, cholesky_f64/<impl>/<n>, svd_f64/<impl>/<n>.
//
// Batches of small matrices: solve (b one vector per matrix) and eigh (vectors) of
// <batch> matrices of 16 x 16, items/s matrices, next to the batched routines called
// directly under nvcc (cublas_device: cublasDgetrfBatched + getrsBatched;
// cusolver_device: cusolverDnDsyevjBatched), address arrays and workspace made once.
// Names: solve_batch16_f64/<impl>/<batch>, eigh_batch16_f64/<impl>/<batch>.
#include <tandem/tandem.hpp>

#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#if TANDEM_HAS_LAPACKE
#  include <lapacke.h>
#endif

namespace td = tandem;

namespace {

/// A well-conditioned n x n matrix (random plus n on the diagonal), symmetric positive
/// definite with `spd` (its symmetric part plus n I).
template <class Space>
td::tensor<double, 2, Space> matrix(td::index_t n, bool spd, Space space) {
  auto r = td::random::generator{3}.uniform<double>({n, n}, space, -1.0, 1.0);
  if (spd) return td::eval((r + td::transpose(r)) * 0.5 + td::eye<double>(n, space) * double(n));
  return td::eval(r + td::eye<double>(n, space) * double(n));
}

void set_matrices(benchmark::State& state, td::index_t per_iteration = 1) {
  state.counters["matrices/s"] =
      benchmark::Counter(double(state.iterations()) * double(per_iteration), benchmark::Counter::kIsRate);
}

constexpr td::index_t small_n = 16;

/// `batch` well-conditioned small_n x small_n matrices (symmetric with `spd`, as matrix()).
template <class Space>
td::tensor<double, 3, Space> matrices(td::index_t batch, bool spd, Space space) {
  auto r = td::random::generator{4}.uniform<double>({batch, small_n, small_n}, space, -1.0, 1.0);
  const auto d = td::eye<double>(small_n, space) * double(small_n);
  if (spd) return td::eval((r + td::swapaxes(r, 1, 2)) * 0.5 + d);
  return td::eval(r + d);
}

template <class Space>
void bm_solve_batch(benchmark::State& state) {
  const td::index_t batch = state.range(0);
  const auto a = matrices(batch, false, Space{});
  const auto b = td::ones<double>({batch, small_n, 1}, Space{});
  for (auto _ : state) {
    auto x = td::linalg::solve(a, b);
    td::synchronize(Space{});
    benchmark::DoNotOptimize(x.data());
  }
  set_matrices(state, batch);
}

template <class Space>
void bm_eigh_batch(benchmark::State& state) {
  const td::index_t batch = state.range(0);
  const auto a = matrices(batch, true, Space{});
  for (auto _ : state) {
    auto e = td::linalg::eigh(a);
    td::synchronize(Space{});
    benchmark::DoNotOptimize(e.eigenvalues.data());
  }
  set_matrices(state, batch);
}

template <class Space>
void bm_solve(benchmark::State& state) {
  const td::index_t n = state.range(0);
  const auto a = matrix(n, false, Space{});
  const auto b = td::ones<double>({n}, Space{});
  for (auto _ : state) {
    auto x = td::linalg::solve(a, b);
    td::synchronize(Space{});
    benchmark::DoNotOptimize(x.data());
  }
  set_matrices(state);
}

template <class Space>
void bm_cholesky(benchmark::State& state) {
  const td::index_t n = state.range(0);
  const auto a = matrix(n, true, Space{});
  for (auto _ : state) {
    auto l = td::linalg::cholesky(a);
    td::synchronize(Space{});
    benchmark::DoNotOptimize(l.data());
  }
  set_matrices(state);
}

template <class Space>
void bm_svd(benchmark::State& state) {
  const td::index_t n = state.range(0);
  const auto a = matrix(n, false, Space{});
  for (auto _ : state) {
    auto f = td::linalg::svd(a);
    td::synchronize(Space{});
    benchmark::DoNotOptimize(f.s.data());
  }
  set_matrices(state);
}

#if TANDEM_HAS_LAPACKE
/// The matrix's elements on the host (a symmetric one reads the same either way; the
/// others are solved transposed, which costs LAPACK the same).
std::vector<double> host_copy(td::index_t n, bool spd) { return td::to_vector(matrix(n, spd, td::host)); }

void bm_lapack_solve(benchmark::State& state) {
  const auto n = static_cast<lapack_int>(state.range(0));
  const auto a = host_copy(n, false);
  std::vector<double> w(a.size()), b(static_cast<std::size_t>(n));
  std::vector<lapack_int> piv(static_cast<std::size_t>(n));
  for (auto _ : state) {
    std::memcpy(w.data(), a.data(), a.size() * sizeof(double));
    std::fill(b.begin(), b.end(), 1.0);
    if (LAPACKE_dgesv_work(LAPACK_COL_MAJOR, n, 1, w.data(), n, piv.data(), b.data(), n) != 0)
      state.SkipWithError("dgesv failed");
    benchmark::DoNotOptimize(b.data());
  }
  set_matrices(state);
}

void bm_lapack_cholesky(benchmark::State& state) {
  const auto n = static_cast<lapack_int>(state.range(0));
  const auto a = host_copy(n, true);
  std::vector<double> w(a.size());
  for (auto _ : state) {
    std::memcpy(w.data(), a.data(), a.size() * sizeof(double));
    if (LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, 'L', n, w.data(), n) != 0) state.SkipWithError("dpotrf failed");
    benchmark::DoNotOptimize(w.data());
  }
  set_matrices(state);
}

void bm_lapack_svd(benchmark::State& state) {
  const auto n = static_cast<lapack_int>(state.range(0));
  const auto a = host_copy(n, false);
  std::vector<double> w(a.size()), s(static_cast<std::size_t>(n)), u(a.size()), vt(a.size());
  std::vector<lapack_int> iwork(8 * static_cast<std::size_t>(n));
  double query = 0;
  (void)LAPACKE_dgesdd_work(LAPACK_COL_MAJOR, 'S', n, n, w.data(), n, s.data(), u.data(), n, vt.data(), n, &query, -1,
                            iwork.data());
  std::vector<double> work(static_cast<std::size_t>(query));
  for (auto _ : state) {
    std::memcpy(w.data(), a.data(), a.size() * sizeof(double));
    if (LAPACKE_dgesdd_work(LAPACK_COL_MAJOR, 'S', n, n, w.data(), n, s.data(), u.data(), n, vt.data(), n,
                            work.data(), static_cast<lapack_int>(work.size()), iwork.data()) != 0)
      state.SkipWithError("dgesdd failed");
    benchmark::DoNotOptimize(s.data());
  }
  set_matrices(state);
}
#endif

#if TANDEM_HAS_CUDA
/// Device scratch for the direct calls, allocated once.
struct device_buffer {
  void* p = nullptr;
  explicit device_buffer(std::size_t bytes) { TANDEM_CUDA_CHECK(cudaMalloc(&p, bytes)); }
  device_buffer(const device_buffer&) = delete;
  device_buffer& operator=(const device_buffer&) = delete;
  ~device_buffer() { (void)cudaFree(p); }
  template <class T>
  T* as() const { return static_cast<T*>(p); }
};

void bm_cusolver_solve(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const auto a = matrix(n, false, td::device);
  const cusolverDnHandle_t h = td::detail::cusolver_handle();
  const std::size_t bytes = std::size_t(n) * std::size_t(n) * sizeof(double);
  device_buffer w(bytes), b(std::size_t(n) * sizeof(double)), piv(std::size_t(n) * sizeof(int)), info(sizeof(int));
  int lwork = 0;
  td::detail::check_cusolver(cusolverDnDgetrf_bufferSize(h, n, n, w.as<double>(), n, &lwork), "getrf_bufferSize");
  device_buffer work(std::size_t(lwork) * sizeof(double));
  const auto ones = td::ones<double>({n}, td::device);
  for (auto _ : state) {
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(w.p, a.data(), bytes, cudaMemcpyDeviceToDevice, td::detail::current_stream()));
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(b.p, ones.data(), std::size_t(n) * sizeof(double), cudaMemcpyDeviceToDevice,
                                           td::detail::current_stream()));
    td::detail::check_cusolver(cusolverDnDgetrf(h, n, n, w.as<double>(), n, work.as<double>(), piv.as<int>(), info.as<int>()),
                               "getrf");
    td::detail::check_cusolver(cusolverDnDgetrs(h, CUBLAS_OP_N, n, 1, w.as<double>(), n, piv.as<int>(), b.as<double>(), n,
                                                info.as<int>()),
                               "getrs");
    td::synchronize(td::device);
  }
  set_matrices(state);
}

void bm_cusolver_cholesky(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const auto a = matrix(n, true, td::device);
  const cusolverDnHandle_t h = td::detail::cusolver_handle();
  const std::size_t bytes = std::size_t(n) * std::size_t(n) * sizeof(double);
  device_buffer w(bytes), info(sizeof(int));
  int lwork = 0;
  td::detail::check_cusolver(
      cusolverDnDpotrf_bufferSize(h, CUBLAS_FILL_MODE_LOWER, n, w.as<double>(), n, &lwork), "potrf_bufferSize");
  device_buffer work(std::size_t(lwork) * sizeof(double));
  for (auto _ : state) {
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(w.p, a.data(), bytes, cudaMemcpyDeviceToDevice, td::detail::current_stream()));
    td::detail::check_cusolver(cusolverDnDpotrf(h, CUBLAS_FILL_MODE_LOWER, n, w.as<double>(), n, work.as<double>(), lwork,
                                                info.as<int>()),
                               "potrf");
    td::synchronize(td::device);
  }
  set_matrices(state);
}

void bm_cusolver_svd(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const auto a = matrix(n, false, td::device);
  const cusolverDnHandle_t h = td::detail::cusolver_handle();
  const std::size_t bytes = std::size_t(n) * std::size_t(n) * sizeof(double);
  device_buffer w(bytes), u(bytes), vt(bytes), s(std::size_t(n) * sizeof(double)), rwork(std::size_t(n) * sizeof(double)),
      info(sizeof(int));
  int lwork = 0;
  td::detail::check_cusolver(cusolverDnDgesvd_bufferSize(h, n, n, &lwork), "gesvd_bufferSize");
  device_buffer work(std::size_t(lwork) * sizeof(double));
  for (auto _ : state) {
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(w.p, a.data(), bytes, cudaMemcpyDeviceToDevice, td::detail::current_stream()));
    td::detail::check_cusolver(cusolverDnDgesvd(h, 'S', 'S', n, n, w.as<double>(), n, s.as<double>(), u.as<double>(), n,
                                                vt.as<double>(), n, work.as<double>(), lwork, rwork.as<double>(),
                                                info.as<int>()),
                               "gesvd");
    td::synchronize(td::device);
  }
  set_matrices(state);
}

void bm_cublas_solve_batch(benchmark::State& state) {
  const td::index_t batch = state.range(0);
  const int n = static_cast<int>(small_n), count = static_cast<int>(batch);
  const auto a = matrices(batch, false, td::device);
  const std::size_t bytes = std::size_t(batch) * std::size_t(n * n) * sizeof(double);
  device_buffer w(bytes), b(std::size_t(batch) * std::size_t(n) * sizeof(double)),
      piv(std::size_t(batch) * std::size_t(n) * sizeof(int)), info(std::size_t(batch) * sizeof(int)),
      aw(std::size_t(batch) * sizeof(double*)), bw(std::size_t(batch) * sizeof(double*));
  std::vector<double*> at(static_cast<std::size_t>(batch)), bt(static_cast<std::size_t>(batch));
  for (td::index_t q = 0; q != batch; ++q) {
    at[std::size_t(q)] = w.as<double>() + q * n * n;
    bt[std::size_t(q)] = b.as<double>() + q * n;
  }
  TANDEM_CUDA_CHECK(cudaMemcpy(aw.p, at.data(), at.size() * sizeof(double*), cudaMemcpyHostToDevice));
  TANDEM_CUDA_CHECK(cudaMemcpy(bw.p, bt.data(), bt.size() * sizeof(double*), cudaMemcpyHostToDevice));
  const auto ones = td::ones<double>({batch * n}, td::device);
  const cublasHandle_t h = td::detail::cublas_handle();
  for (auto _ : state) {
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(w.p, a.data(), bytes, cudaMemcpyDeviceToDevice, td::detail::current_stream()));
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(b.p, ones.data(), std::size_t(batch) * std::size_t(n) * sizeof(double),
                                      cudaMemcpyDeviceToDevice, td::detail::current_stream()));
    td::detail::check_cublas(cublasDgetrfBatched(h, n, aw.as<double*>(), n, piv.as<int>(), info.as<int>(), count),
                             "getrfBatched");
    int host_info = 0;
    td::detail::check_cublas(cublasDgetrsBatched(h, CUBLAS_OP_T, n, 1, aw.as<double*>(), n, piv.as<int>(),
                                                 bw.as<double*>(), n, &host_info, count),
                             "getrsBatched");
    td::synchronize(td::device);
  }
  set_matrices(state, batch);
}

void bm_cusolver_eigh_batch(benchmark::State& state) {
  const td::index_t batch = state.range(0);
  const int n = static_cast<int>(small_n), count = static_cast<int>(batch);
  const auto a = matrices(batch, true, td::device);
  const std::size_t bytes = std::size_t(batch) * std::size_t(n * n) * sizeof(double);
  device_buffer w(bytes), values(std::size_t(batch) * std::size_t(n) * sizeof(double)),
      info(std::size_t(batch) * sizeof(int));
  const cusolverDnHandle_t h = td::detail::cusolver_handle();
  syevjInfo_t params = nullptr;
  td::detail::check_cusolver(cusolverDnCreateSyevjInfo(&params), "CreateSyevjInfo");
  int lwork = 0;
  td::detail::check_cusolver(cusolverDnDsyevjBatched_bufferSize(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n,
                                                                w.as<double>(), n, values.as<double>(), &lwork, params,
                                                                count),
                             "syevjBatched_bufferSize");
  device_buffer work(std::size_t(lwork) * sizeof(double));
  for (auto _ : state) {
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(w.p, a.data(), bytes, cudaMemcpyDeviceToDevice, td::detail::current_stream()));
    td::detail::check_cusolver(cusolverDnDsyevjBatched(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n,
                                                       w.as<double>(), n, values.as<double>(), work.as<double>(), lwork,
                                                       info.as<int>(), params, count),
                               "syevjBatched");
    td::synchronize(td::device);
  }
  (void)cusolverDnDestroySyevjInfo(params);
  set_matrices(state, batch);
}
#endif

}  // namespace

BENCHMARK(bm_solve<td::host_space>)->Name("solve_f64/tandem_host")->Arg(1024)->Arg(4096)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_cholesky<td::host_space>)->Name("cholesky_f64/tandem_host")->Arg(1024)->Arg(4096)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_svd<td::host_space>)->Name("svd_f64/tandem_host")->Arg(1024)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_solve<td::device_space>)->Name("solve_f64/tandem_device")->Arg(1024)->Arg(4096)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_cholesky<td::device_space>)->Name("cholesky_f64/tandem_device")->Arg(1024)->Arg(4096)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_svd<td::device_space>)->Name("svd_f64/tandem_device")->Arg(1024)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_solve_batch<td::host_space>)->Name("solve_batch16_f64/tandem_host")->Arg(8192)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_eigh_batch<td::host_space>)->Name("eigh_batch16_f64/tandem_host")->Arg(8192)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_solve_batch<td::device_space>)->Name("solve_batch16_f64/tandem_device")->Arg(8192)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_eigh_batch<td::device_space>)->Name("eigh_batch16_f64/tandem_device")->Arg(8192)->UseRealTime()->Unit(benchmark::kMillisecond);
#if TANDEM_HAS_LAPACKE
BENCHMARK(bm_lapack_solve)->Name("solve_f64/lapack_host")->Arg(1024)->Arg(4096)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_lapack_cholesky)->Name("cholesky_f64/lapack_host")->Arg(1024)->Arg(4096)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_lapack_svd)->Name("svd_f64/lapack_host")->Arg(1024)->UseRealTime()->Unit(benchmark::kMillisecond);
#endif
#if TANDEM_HAS_CUDA
BENCHMARK(bm_cusolver_solve)->Name("solve_f64/cusolver_device")->Arg(1024)->Arg(4096)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_cusolver_cholesky)->Name("cholesky_f64/cusolver_device")->Arg(1024)->Arg(4096)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_cusolver_svd)->Name("svd_f64/cusolver_device")->Arg(1024)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_cublas_solve_batch)->Name("solve_batch16_f64/cublas_device")->Arg(8192)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(bm_cusolver_eigh_batch)->Name("eigh_batch16_f64/cusolver_device")->Arg(8192)->UseRealTime()->Unit(benchmark::kMillisecond);
#endif

BENCHMARK_MAIN();
