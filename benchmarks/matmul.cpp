// Matrix products, square n x n x n, float, double and td::half / td::bfloat16: FLOP/s
// (2 n^3 per product).
//
//   tandem_host    td::matmul into a preallocated tensor with tandem's own kernel
//   cblas_host     cblas_sgemm / cblas_dgemm directly (OpenBLAS; only when tandem was
//                  configured with it: TANDEM_HAS_CBLAS)
//   tandem_device  td::matmul on the device (cuBLAS under nvcc; tandem's kernel when the
//                  device is emulated)
//   cublas_device  cublasSgemm / cublasDgemm directly (under nvcc)
// Names: matmul_f32/<impl>/<n> and matmul_f64/<impl>/<n>; matmul_f16 and matmul_bf16
// with tandem only (on the host they widen to float; on a GPU they are cublasGemmEx with
// float accumulation). The inputs are uniform random in [-1, 1), never zeros.
#include <tandem/tandem.hpp>

#include <benchmark/benchmark.h>

#if TANDEM_HAS_CBLAS
#  include <cblas.h>
#endif

namespace td = tandem;

namespace {

template <class T>
void set_flops(benchmark::State& state, td::index_t n) {
  state.counters["FLOP/s"] =
      benchmark::Counter(2.0 * double(n) * double(n) * double(n) * double(state.iterations()),
                         benchmark::Counter::kIsRate);
}

template <class T, class Space>
void bm_tandem(benchmark::State& state) {
  const td::index_t n = state.range(0);
  td::random::generator g{11};
  using U = std::conditional_t<td::detail::is_reduced_float_v<T>, float, T>;  // what the generator draws
  const td::tensor<T, 2, Space> a = td::cast<T>(g.uniform<U>({n, n}, Space{}, U(-1), U(1)));
  const td::tensor<T, 2, Space> b = td::cast<T>(g.uniform<U>({n, n}, Space{}, U(-1), U(1)));
  auto c = td::empty<T>({n, n}, Space{});
  td::set_host_gemm(td::host_gemm::tandem);
  td::matmul(a, b, c);  // warm-up: kernel choice, cuBLAS handle
  td::synchronize(Space{});
  for (auto _ : state) {
    td::matmul(a, b, c);
    td::synchronize(Space{});
  }
  td::set_host_gemm(td::host_gemm::automatic);
  set_flops<T>(state, n);
}

#if TANDEM_HAS_CBLAS
template <class T>
void bm_cblas(benchmark::State& state) {
  const td::index_t n = state.range(0);
  td::random::generator g{11};
  const auto a = g.uniform<T>({n, n}, td::host, T(-1), T(1));
  const auto b = g.uniform<T>({n, n}, td::host, T(-1), T(1));
  auto c = td::empty<T>({n, n}, td::host);
  const int m = static_cast<int>(n);
  for (auto _ : state) {
    if constexpr (std::is_same_v<T, float>)
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, m, m, 1.f, a.data(), m, b.data(), m, 0.f, c.data(), m);
    else
      cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, m, m, 1.0, a.data(), m, b.data(), m, 0.0, c.data(), m);
    benchmark::ClobberMemory();
  }
  set_flops<T>(state, n);
}
#endif

#if TANDEM_HAS_CUDA
template <class T>
void bm_cublas(benchmark::State& state) {
  const td::index_t n = state.range(0);
  td::random::generator g{11};
  const auto a = g.uniform<T>({n, n}, td::device, T(-1), T(1));
  const auto b = g.uniform<T>({n, n}, td::device, T(-1), T(1));
  auto c = td::empty<T>({n, n}, td::device);
  cublasHandle_t h = nullptr;
  td::detail::check_cublas(cublasCreate(&h), "cublasCreate");
  td::detail::check_cublas(cublasSetStream(h, td::detail::current_stream()), "cublasSetStream");
  const int m = static_cast<int>(n);
  const T one = 1, zero = 0;
  auto run = [&] {
    // Row-major C = A B is column-major C^T = B^T A^T.
    if constexpr (std::is_same_v<T, float>)
      td::detail::check_cublas(
          cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, m, m, &one, b.data(), m, a.data(), m, &zero, c.data(), m),
          "cublasSgemm");
    else
      td::detail::check_cublas(
          cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, m, m, &one, b.data(), m, a.data(), m, &zero, c.data(), m),
          "cublasDgemm");
  };
  run();
  td::synchronize(td::device);
  for (auto _ : state) {
    run();
    td::synchronize(td::device);
  }
  cublasDestroy(h);
  set_flops<T>(state, n);
}
#endif

void sizes(benchmark::internal::Benchmark* b) {
  for (int n : {512, 1024, 2048}) b->Arg(n);
  b->UseRealTime()->Unit(benchmark::kMillisecond);
}

BENCHMARK(bm_tandem<float, td::host_space>)->Name("matmul_f32/tandem_host")->Apply(sizes);
BENCHMARK(bm_tandem<double, td::host_space>)->Name("matmul_f64/tandem_host")->Apply(sizes);
BENCHMARK(bm_tandem<td::half, td::host_space>)->Name("matmul_f16/tandem_host")->Apply(sizes);
#if TANDEM_HAS_CBLAS
BENCHMARK(bm_cblas<float>)->Name("matmul_f32/cblas_host")->Apply(sizes);
BENCHMARK(bm_cblas<double>)->Name("matmul_f64/cblas_host")->Apply(sizes);
#endif
BENCHMARK(bm_tandem<float, td::device_space>)->Name("matmul_f32/tandem_device")->Apply(sizes);
BENCHMARK(bm_tandem<double, td::device_space>)->Name("matmul_f64/tandem_device")->Apply(sizes);
#if TANDEM_HAS_CUDA
BENCHMARK(bm_tandem<td::half, td::device_space>)->Name("matmul_f16/tandem_device")->Apply(sizes);
BENCHMARK(bm_tandem<td::bfloat16, td::device_space>)->Name("matmul_bf16/tandem_device")->Apply(sizes);
#endif
#if TANDEM_HAS_CUDA
BENCHMARK(bm_cublas<float>)->Name("matmul_f32/cublas_device")->Apply(sizes);
BENCHMARK(bm_cublas<double>)->Name("matmul_f64/cublas_device")->Apply(sizes);
#endif

}  // namespace

BENCHMARK_MAIN();
