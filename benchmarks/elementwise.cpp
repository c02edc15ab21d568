// Element-wise and sum throughput: tandem in each space next to hand-written loops.
//
// Ops (bytes moved per element, float32):
//   add     c = a + b                 12
//   axpy    y2 = 2 * x + y            12
//   fused5  o = a * b + c * d - e     24
//   sum     s = sum(a)                 4
// Implementations: tandem_host, tandem_device (the GPU, or the host's code when
// emulated), loop_serial (a plain loop on one thread), loop_tbb (the same loop split
// with tbb::parallel_for), and under CUDA kernel_cuda (a hand-written grid-stride
// kernel). Ceilings: ceiling_copy and ceiling_triad on the host, ceiling_d2d (a
// device-to-device cudaMemcpy) on the GPU. Throughput is reported as bytes/s.
// td::half: add_f16 (6 bytes per element) and sum_f16 (2, accumulating in float) with
// tandem in each space.
#include <tandem/tandem.hpp>

#include <benchmark/benchmark.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <cstring>
#include <memory>
#include <string>

namespace td = tandem;

namespace {

enum class op { add, axpy, fused5, sum };
constexpr op all_ops[] = {op::add, op::axpy, op::fused5, op::sum};

const char* name_of(op o) {
  switch (o) {
    case op::add: return "add";
    case op::axpy: return "axpy";
    case op::fused5: return "fused5";
    case op::sum: return "sum";
  }
  return "?";
}
std::int64_t bytes_per_element(op o) {
  switch (o) {
    case op::add:
    case op::axpy: return 12;
    case op::fused5: return 24;
    case op::sum: return 4;
  }
  return 0;
}

/// Five distinct, non-trivial inputs in one space.
template <class Space>
struct inputs {
  td::tensor<float, 1, Space> a, b, c, d, e, out;
  explicit inputs(td::index_t n)
      : a(td::linspace<float>(0.f, 1.f, n, Space{})),
        b(td::linspace<float>(1.f, 2.f, n, Space{})),
        c(td::linspace<float>(-1.f, 1.f, n, Space{})),
        d(td::linspace<float>(2.f, 3.f, n, Space{})),
        e(td::linspace<float>(0.5f, -0.5f, n, Space{})),
        out(td::shape<1>{n}) {}
};

template <class Space>
void bm_tandem(benchmark::State& state, op o) {
  const td::index_t n = state.range(0);
  inputs<Space> in(n);
  for (auto _ : state) {
    switch (o) {
      case op::add: in.out = in.a + in.b; break;
      case op::axpy: in.out = 2.f * in.a + in.b; break;
      case op::fused5: in.out = in.a * in.b + in.c * in.d - in.e; break;
      case op::sum: benchmark::DoNotOptimize(td::sum(in.a)); break;
    }
    td::synchronize(Space{});
  }
  state.SetBytesProcessed(state.iterations() * n * bytes_per_element(o));
}

/// c = a + b and sum(a) in td::half.
template <class Space>
void bm_tandem_half(benchmark::State& state, op o) {
  const td::index_t n = state.range(0);
  const td::tensor<td::half, 1, Space> a = td::cast<td::half>(td::linspace<float>(0.f, 1.f, n, Space{}));
  const td::tensor<td::half, 1, Space> b = td::cast<td::half>(td::linspace<float>(1.f, 2.f, n, Space{}));
  td::tensor<td::half, 1, Space> c(td::shape<1>{n});
  for (auto _ : state) {
    if (o == op::add)
      c = a + b;
    else
      benchmark::DoNotOptimize(td::sum(a));
    td::synchronize(Space{});
  }
  state.SetBytesProcessed(state.iterations() * n * std::int64_t(o == op::add ? 6 : 2));
}

/// Raw host arrays with the same values, for the hand-written loops.
struct raw_inputs {
  std::unique_ptr<float[]> a, b, c, d, e, out;
  explicit raw_inputs(td::index_t n) {
    inputs<td::host_space> t(n);
    a = copy_of(t.a, n), b = copy_of(t.b, n), c = copy_of(t.c, n), d = copy_of(t.d, n), e = copy_of(t.e, n);
    out.reset(new float[static_cast<std::size_t>(n)]());
  }
  static std::unique_ptr<float[]> copy_of(const td::tensor<float, 1>& t, td::index_t n) {
    std::unique_ptr<float[]> p(new float[static_cast<std::size_t>(n)]);
    std::memcpy(p.get(), t.data(), static_cast<std::size_t>(n) * sizeof(float));
    return p;
  }
};

/// The loop body a careful hand-written version would use over [begin, end).
float hand_loop(op o, const raw_inputs& in, td::index_t begin, td::index_t end) {
  const float *a = in.a.get(), *b = in.b.get(), *c = in.c.get(), *d = in.d.get(), *e = in.e.get();
  float* out = in.out.get();
  switch (o) {
    case op::add:
      for (td::index_t i = begin; i < end; ++i) out[i] = a[i] + b[i];
      return 0;
    case op::axpy:
      for (td::index_t i = begin; i < end; ++i) out[i] = 2.f * a[i] + b[i];
      return 0;
    case op::fused5:
      for (td::index_t i = begin; i < end; ++i) out[i] = a[i] * b[i] + c[i] * d[i] - e[i];
      return 0;
    case op::sum: {
      // Eight independent accumulators, so the compiler can vectorize without -ffast-math.
      float acc[8] = {};
      td::index_t i = begin;
      for (; i + 8 <= end; i += 8)
        for (int k = 0; k < 8; ++k) acc[k] += a[i + k];
      float s = ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
      for (; i < end; ++i) s += a[i];
      return s;
    }
  }
  return 0;
}

void bm_loop_serial(benchmark::State& state, op o) {
  const td::index_t n = state.range(0);
  raw_inputs in(n);
  for (auto _ : state) {
    benchmark::DoNotOptimize(hand_loop(o, in, 0, n));
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * n * bytes_per_element(o));
}

void bm_loop_tbb(benchmark::State& state, op o) {
  const td::index_t n = state.range(0);
  raw_inputs in(n);
  const tbb::blocked_range<td::index_t> whole(0, n, 1 << 14);
  for (auto _ : state) {
    if (o == op::sum) {
      benchmark::DoNotOptimize(tbb::parallel_reduce(
          whole, 0.f, [&](const auto& r, float s) { return s + hand_loop(o, in, r.begin(), r.end()); },
          [](float x, float y) { return x + y; }));
    } else {
      tbb::parallel_for(whole, [&](const auto& r) { hand_loop(o, in, r.begin(), r.end()); });
    }
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * n * bytes_per_element(o));
}

/// Host ceilings: a parallel copy (8 bytes per element) and triad (12).
void bm_ceiling_host(benchmark::State& state, bool triad) {
  const td::index_t n = state.range(0);
  raw_inputs in(n);
  const tbb::blocked_range<td::index_t> whole(0, n, 1 << 14);
  const float *a = in.a.get(), *b = in.b.get();
  float* out = in.out.get();
  for (auto _ : state) {
    tbb::parallel_for(whole, [&](const auto& r) {
      if (triad)
        for (td::index_t i = r.begin(); i < r.end(); ++i) out[i] = a[i] + 3.f * b[i];
      else
        for (td::index_t i = r.begin(); i < r.end(); ++i) out[i] = a[i];
    });
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * n * (triad ? 12 : 8));
}

#if TANDEM_HAS_CUDA
__global__ void add_kernel(const float* a, const float* b, float* out, td::index_t n) {
  for (td::index_t i = blockIdx.x * td::index_t(blockDim.x) + threadIdx.x; i < n; i += td::index_t(gridDim.x) * blockDim.x)
    out[i] = a[i] + b[i];
}
void bm_kernel_cuda_add(benchmark::State& state) {
  const td::index_t n = state.range(0);
  inputs<td::device_space> in(n);
  int sms = 0;
  TANDEM_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  for (auto _ : state) {
    add_kernel<<<sms * 8, 256, 0, cudaStreamPerThread>>>(in.a.data(), in.b.data(), in.out.data(), n);
    TANDEM_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
  }
  state.SetBytesProcessed(state.iterations() * n * 12);
}
/// Device ceiling: a device-to-device copy, counting bytes read plus bytes written.
void bm_ceiling_d2d(benchmark::State& state) {
  const td::index_t n = state.range(0);
  inputs<td::device_space> in(n);
  for (auto _ : state) {
    TANDEM_CUDA_CHECK(cudaMemcpyAsync(in.out.data(), in.a.data(), static_cast<std::size_t>(n) * sizeof(float),
                                      cudaMemcpyDeviceToDevice, cudaStreamPerThread));
    TANDEM_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
  }
  state.SetBytesProcessed(state.iterations() * n * 8);
}
#endif

/// What moving n floats between the spaces costs (td::copy, waited for): the transfer a
/// device computation on host data pays (scripts/bench-report adds it to device times).
void bm_transfer(benchmark::State& state, bool to_device) {
  const td::index_t n = state.range(0);
  auto h = td::linspace<float>(0.f, 1.f, n);
  auto d = td::to(td::device, h);
  for (auto _ : state) {
    if (to_device)
      td::copy(h, d);
    else
      td::copy(d, h);
    td::synchronize(td::device);
  }
  state.SetBytesProcessed(state.iterations() * n * 4);
}

void sizes(benchmark::internal::Benchmark* b) {
  for (int p = 10; p <= 26; p += 2) b->Arg(td::index_t(1) << p);
  b->UseRealTime();
}

int register_all() {
  for (op o : all_ops) {
    const std::string name = name_of(o);
    benchmark::RegisterBenchmark((name + "/tandem_host").c_str(), bm_tandem<td::host_space>, o)->Apply(sizes);
    benchmark::RegisterBenchmark((name + "/tandem_device").c_str(), bm_tandem<td::device_space>, o)->Apply(sizes);
    benchmark::RegisterBenchmark((name + "/loop_serial").c_str(), bm_loop_serial, o)->Apply(sizes);
    benchmark::RegisterBenchmark((name + "/loop_tbb").c_str(), bm_loop_tbb, o)->Apply(sizes);
  }
  for (op o : {op::add, op::sum}) {
    const std::string name = std::string(name_of(o)) + "_f16";
    benchmark::RegisterBenchmark((name + "/tandem_host").c_str(), bm_tandem_half<td::host_space>, o)->Apply(sizes);
    benchmark::RegisterBenchmark((name + "/tandem_device").c_str(), bm_tandem_half<td::device_space>, o)
        ->Apply(sizes);
  }
  benchmark::RegisterBenchmark("transfer/host_to_device", bm_transfer, true)->Apply(sizes);
  benchmark::RegisterBenchmark("transfer/device_to_host", bm_transfer, false)->Apply(sizes);
  benchmark::RegisterBenchmark("ceiling_copy/host", bm_ceiling_host, false)->Apply(sizes);
  benchmark::RegisterBenchmark("ceiling_triad/host", bm_ceiling_host, true)->Apply(sizes);
#if TANDEM_HAS_CUDA
  benchmark::RegisterBenchmark("add/kernel_cuda", bm_kernel_cuda_add)->Apply(sizes);
  benchmark::RegisterBenchmark("ceiling_d2d/device", bm_ceiling_d2d)->Apply(sizes);
#endif
  return 0;
}
const int registered = register_all();

}  // namespace

BENCHMARK_MAIN();
