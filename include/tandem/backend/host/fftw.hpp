#pragma once
/// \file backend/host/fftw.hpp
/// FFTs on the host (and the emulated device) through FFTW3's guru64 interface, which
/// takes any strides, so no layout is copied. Compiled in when TANDEM_HAS_FFTW is 1:
/// tandem's CMake package defines it, and links fftw3, fftw3f and their threads
/// libraries, when it finds FFTW3 at configure time (and TANDEM_USE_FFTW is not OFF).
/// Plans are cached (backend/plan_cache.hpp) by layout, kind, direction, the arrays'
/// alignment (FFTW's new-array execute needs the plan's), whether it is in place, the
/// planner effort and the number of threads; FFTW's planner is not thread-safe, so
/// planning and destroying plans hold one lock.

#include <atomic>
#include <mutex>

#include "../../config.hpp"
#include "../facets.hpp"

#if TANDEM_HAS_FFTW
#  include <algorithm>
#  include <cstddef>
#  include <cstdint>
#  include <memory>
#  include <string>
#  include <type_traits>

#  include <fftw3.h>

#  include "../../error.hpp"
#  include "../plan_cache.hpp"
#  include "thread_pool.hpp"
#endif

namespace tandem::detail {

/// How hard planners work: estimate (FFTW_ESTIMATE, no trial runs, the default) or
/// measure (FFTW_MEASURE: trial runs on scratch arrays when a plan is made, faster
/// transforms for sizes used often). cuFFT has one planner and ignores it.
inline std::atomic<int>& fft_planner_effort() {
  static std::atomic<int> effort{0};
  return effort;
}

template <class T>
inline constexpr bool fft_dependent_false = false;

#if TANDEM_HAS_FFTW

/// FFTW's names for one precision.
template <class Real>
struct fftw_api;
template <>
struct fftw_api<double> {
  using plan = fftw_plan;
  using complex = fftw_complex;
  static int alignment(const void* p) { return fftw_alignment_of(static_cast<double*>(const_cast<void*>(p))); }
  static void threads(int n) {
    static const int ok = fftw_init_threads();
    if (ok) fftw_plan_with_nthreads(n);
  }
  static plan make(const fft_desc& d, int rank, const fftw_iodim64* dims, int hr, const fftw_iodim64* hd, void* in,
                   void* out, unsigned flags) {
    switch (d.kind) {
      case fft_kind::c2c:
        return fftw_plan_guru64_dft(rank, dims, hr, hd, static_cast<complex*>(in), static_cast<complex*>(out), d.sign,
                                    flags);
      case fft_kind::r2c:
        return fftw_plan_guru64_dft_r2c(rank, dims, hr, hd, static_cast<double*>(in), static_cast<complex*>(out), flags);
      default:
        return fftw_plan_guru64_dft_c2r(rank, dims, hr, hd, static_cast<complex*>(in), static_cast<double*>(out), flags);
    }
  }
  static void execute(const fft_desc& d, plan p, const void* in, void* out) {
    void* i = const_cast<void*>(in);  // FFTW preserves the input of c2c and r2c plans
    switch (d.kind) {
      case fft_kind::c2c: fftw_execute_dft(p, static_cast<complex*>(i), static_cast<complex*>(out)); break;
      case fft_kind::r2c: fftw_execute_dft_r2c(p, static_cast<double*>(i), static_cast<complex*>(out)); break;
      default: fftw_execute_dft_c2r(p, static_cast<complex*>(i), static_cast<double*>(out)); break;
    }
  }
  static void destroy(plan p) { fftw_destroy_plan(p); }
  static void* malloc(std::size_t bytes) { return fftw_malloc(bytes); }
  static void free(void* p) { fftw_free(p); }
};
template <>
struct fftw_api<float> {
  using plan = fftwf_plan;
  using complex = fftwf_complex;
  static int alignment(const void* p) { return fftwf_alignment_of(static_cast<float*>(const_cast<void*>(p))); }
  static void threads(int n) {
    static const int ok = fftwf_init_threads();
    if (ok) fftwf_plan_with_nthreads(n);
  }
  static plan make(const fft_desc& d, int rank, const fftwf_iodim64* dims, int hr, const fftwf_iodim64* hd, void* in,
                   void* out, unsigned flags) {
    switch (d.kind) {
      case fft_kind::c2c:
        return fftwf_plan_guru64_dft(rank, dims, hr, hd, static_cast<complex*>(in), static_cast<complex*>(out), d.sign,
                                     flags);
      case fft_kind::r2c:
        return fftwf_plan_guru64_dft_r2c(rank, dims, hr, hd, static_cast<float*>(in), static_cast<complex*>(out),
                                         flags);
      default:
        return fftwf_plan_guru64_dft_c2r(rank, dims, hr, hd, static_cast<complex*>(in), static_cast<float*>(out),
                                         flags);
    }
  }
  static void execute(const fft_desc& d, plan p, const void* in, void* out) {
    void* i = const_cast<void*>(in);
    switch (d.kind) {
      case fft_kind::c2c: fftwf_execute_dft(p, static_cast<complex*>(i), static_cast<complex*>(out)); break;
      case fft_kind::r2c: fftwf_execute_dft_r2c(p, static_cast<float*>(i), static_cast<complex*>(out)); break;
      default: fftwf_execute_dft_c2r(p, static_cast<complex*>(i), static_cast<float*>(out)); break;
    }
  }
  static void destroy(plan p) { fftwf_destroy_plan(p); }
  static void* malloc(std::size_t bytes) { return fftwf_malloc(bytes); }
  static void free(void* p) { fftwf_free(p); }
};

/// The one lock around FFTW's planner (making and destroying plans, both precisions).
inline std::mutex& fftw_planner_mutex() {
  static std::mutex m;
  return m;
}

/// Elements spanned by a side (in or out) of the layout: 1 + sum of (n - 1) * |stride|.
inline index_t fft_span(const fft_desc& d, bool input) {
  index_t span = 1;
  const auto add = [&](const fft_axis& a, index_t n) {
    const index_t s = input ? a.is : a.os;
    span += (n - 1) * (s < 0 ? -s : s);
  };
  for (std::size_t i = 0; i != d.axes.size(); ++i) {
    index_t n = d.axes[i].n;
    // The halved axis of a real transform holds n/2 + 1 complex elements on its complex side.
    const bool last = i + 1 == d.axes.size();
    if (last && ((d.kind == fft_kind::r2c && !input) || (d.kind == fft_kind::c2r && input))) n = n / 2 + 1;
    add(d.axes[i], n);
  }
  for (const auto& b : d.batch) add(b, b.n);
  return span;
}

/// The threads a transform of `elements` points is given: one below 2^15 points (where
/// FFTW's threads cost more than they give), else tandem's host threads.
inline int fftw_threads_for(index_t elements) {
  if (elements < (index_t(1) << 15)) return 1;
  return host_thread_pool::instance().threads();
}

template <class Real>
void host_fft(const fft_desc& d, const void* in, void* out) {
  using api = fftw_api<Real>;
  using plan_t = std::remove_pointer_t<typename api::plan>;
  static plan_cache<plan_t> cache;

  index_t points = 1;
  for (const auto& a : d.axes) points *= a.n;
  for (const auto& b : d.batch) points *= b.n;
  if (points == 0) return;

  const int effort = fft_planner_effort().load();
  const int threads = fftw_threads_for(points);
  const bool in_place = in == out;
  const int in_align = api::alignment(in), out_align = api::alignment(out);
  std::vector<long long> key{static_cast<long long>(d.kind), d.sign, in_place, in_align, out_align, effort, threads,
                             static_cast<long long>(d.axes.size())};
  for (const auto& a : d.axes) key.insert(key.end(), {a.n, a.is, a.os});
  for (const auto& b : d.batch) key.insert(key.end(), {b.n, b.is, b.os});

  auto plan = cache.get(key, [&] {
    std::vector<fftw_iodim64> dims(d.axes.size()), hdims(d.batch.size());
    for (std::size_t i = 0; i != d.axes.size(); ++i) dims[i] = {d.axes[i].n, d.axes[i].is, d.axes[i].os};
    for (std::size_t i = 0; i != d.batch.size(); ++i) hdims[i] = {d.batch[i].n, d.batch[i].is, d.batch[i].os};
    unsigned flags = effort == 0 ? FFTW_ESTIMATE : FFTW_MEASURE;
    if (d.kind != fft_kind::c2r || !d.scratch_input) flags |= FFTW_PRESERVE_INPUT;
    std::lock_guard lock(fftw_planner_mutex());
    api::threads(threads);
    typename api::plan p = nullptr;
    if (effort == 0) {  // FFTW_ESTIMATE reads no array: plan on the caller's
      p = api::make(d, static_cast<int>(dims.size()), dims.data(), static_cast<int>(hdims.size()), hdims.data(),
                    const_cast<void*>(in), out, flags);
    } else {  // trial runs overwrite the arrays: plan on scratch ones, aligned as the caller's
      const std::size_t in_elem = d.kind == fft_kind::r2c ? sizeof(Real) : 2 * sizeof(Real);
      const std::size_t out_elem = d.kind == fft_kind::c2r ? sizeof(Real) : 2 * sizeof(Real);
      const auto bytes_in = static_cast<std::size_t>(fft_span(d, true)) * in_elem + 64;
      const auto bytes_out = static_cast<std::size_t>(fft_span(d, false)) * out_elem + 64;
      char* a = static_cast<char*>(api::malloc(bytes_in));
      char* b = in_place ? a : static_cast<char*>(api::malloc(bytes_out));
      if (a == nullptr || b == nullptr) {
        api::free(a);
        if (b != a) api::free(b);
        throw error("tandem: fft: FFTW could not allocate scratch arrays to measure a plan");
      }
      p = api::make(d, static_cast<int>(dims.size()), dims.data(), static_cast<int>(hdims.size()), hdims.data(),
                    a + in_align, b + (in_place ? in_align : out_align), flags);
      api::free(a);
      if (b != a) api::free(b);
    }
    if (p == nullptr)
      throw error("tandem: fft: FFTW could not plan a " +
                  std::string(d.kind == fft_kind::c2c ? "complex" : d.kind == fft_kind::r2c ? "real-to-complex"
                                                                                              : "complex-to-real") +
                  " transform of rank " + std::to_string(d.axes.size()) + " over " + std::to_string(d.batch.size()) +
                  " batch axes");
    return std::shared_ptr<plan_t>(p, [](typename api::plan q) {
      std::lock_guard destroy_lock(fftw_planner_mutex());
      api::destroy(q);
    });
  });
  api::execute(d, plan.get(), in, out);
}

#else

template <class Real>
void host_fft(const fft_desc&, const void*, void*) {
  static_assert(fft_dependent_false<Real>,
                "tandem: FFTs in the host space (and the emulated device) need FFTW3: install libfftw3-dev and "
                "configure with TANDEM_USE_FFTW=ON (tandem was configured without FFTW, so TANDEM_HAS_FFTW is 0)");
}

#endif

}  // namespace tandem::detail
