#pragma once
/// \file backend/cuda/fft.cuh
/// FFTs on the GPU with cuFFT, on tandem's stream. A layout cuFFT's advanced data layout
/// takes (up to three transformed axes whose strides nest, one batch axis) is one plan
/// and one call; more batch axes loop over the outer ones; other layouts are done one
/// axis at a time (the last axis first for r2c, last for c2r), each pass in place on the
/// output (or, for c2r, on the caller's scratch input). Plans are cached
/// (backend/plan_cache.hpp), keyed by layout, type, stream and device. Only included
/// under nvcc; link CUDA::cufft (tandem::tandem does so for CUDA links).

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include <cufft.h>

#include "../../error.hpp"
#include "../facets.hpp"
#include "../plan_cache.hpp"
#include "runtime.hpp"

namespace tandem::detail {

inline const char* cufft_result_name(cufftResult r) {
  switch (r) {
    case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
    case CUFFT_ALLOC_FAILED: return "CUFFT_ALLOC_FAILED";
    case CUFFT_INVALID_TYPE: return "CUFFT_INVALID_TYPE";
    case CUFFT_INVALID_VALUE: return "CUFFT_INVALID_VALUE";
    case CUFFT_INTERNAL_ERROR: return "CUFFT_INTERNAL_ERROR";
    case CUFFT_EXEC_FAILED: return "CUFFT_EXEC_FAILED";
    case CUFFT_SETUP_FAILED: return "CUFFT_SETUP_FAILED";
    case CUFFT_INVALID_SIZE: return "CUFFT_INVALID_SIZE";
    case CUFFT_UNALIGNED_DATA: return "CUFFT_UNALIGNED_DATA";
    case CUFFT_INVALID_DEVICE: return "CUFFT_INVALID_DEVICE";
    case CUFFT_NO_WORKSPACE: return "CUFFT_NO_WORKSPACE";
    case CUFFT_NOT_IMPLEMENTED: return "CUFFT_NOT_IMPLEMENTED";
    case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
    default: return "a cuFFT error";
  }
}

inline void check_cufft(cufftResult r, const char* call) {
  if (r != CUFFT_SUCCESS)
    throw cuda_error(std::string("tandem: ") + call + " failed: " + cufft_result_name(r) + " (" +
                     std::to_string(static_cast<int>(r)) + ")");
}

struct cufft_plan {
  cufftHandle handle = 0;
  cufft_plan() { check_cufft(cufftCreate(&handle), "cufftCreate"); }
  cufft_plan(const cufft_plan&) = delete;
  cufft_plan& operator=(const cufft_plan&) = delete;
  ~cufft_plan() { (void)cufftDestroy(handle); }
};

/// The layout with batch axes of one point dropped and neighbours that nest merged.
inline fft_desc cufft_merged(const fft_desc& d) {
  fft_desc m{d.kind, d.sign, d.axes, {}, d.scratch_input};
  for (const auto& b : d.batch) {
    if (b.n == 1) continue;
    if (!m.batch.empty()) {
      fft_axis& outer = m.batch.back();
      if (outer.is == b.is * b.n && outer.os == b.os * b.n) {
        outer = {outer.n * b.n, b.is, b.os};
        continue;
      }
    }
    m.batch.push_back(b);
  }
  return m;
}

/// Elements of one side along transformed axis i (the halved axis on the complex side).
inline index_t cufft_side_extent(const fft_desc& d, std::size_t i, bool input) {
  const bool halved = i + 1 == d.axes.size() &&
                      ((d.kind == fft_kind::r2c && !input) || (d.kind == fft_kind::c2r && input));
  return halved ? d.axes[i].n / 2 + 1 : d.axes[i].n;
}

/// Whether the transformed axes fit cuFFT's advanced layout on one side: at most three,
/// positive strides, each a multiple of the next one's and spanning its extent.
inline bool cufft_nests(const fft_desc& d, bool input) {
  if (d.axes.size() > 3) return false;
  for (std::size_t i = 0; i != d.axes.size(); ++i) {
    const index_t s = input ? d.axes[i].is : d.axes[i].os;
    if (s <= 0) return false;
    if (i + 1 != d.axes.size()) {
      const index_t next = input ? d.axes[i + 1].is : d.axes[i + 1].os;
      if (next <= 0 || s % next != 0 || s / next < cufft_side_extent(d, i + 1, input)) return false;
    }
  }
  return true;
}

template <class Real>
cufftType cufft_type(fft_kind k) {
  constexpr bool dbl = std::is_same_v<Real, double>;
  switch (k) {
    case fft_kind::c2c: return dbl ? CUFFT_Z2Z : CUFFT_C2C;
    case fft_kind::r2c: return dbl ? CUFFT_D2Z : CUFFT_R2C;
    default: return dbl ? CUFFT_Z2D : CUFFT_C2R;
  }
}

/// One cuFFT call: the layout nests and has at most one batch axis.
template <class Real>
void cufft_once(const fft_desc& d, const void* in, void* out) {
  static plan_cache<cufft_plan> cache;
  const cudaStream_t stream = current_stream();
  int device = 0;
  TANDEM_CUDA_CHECK(cudaGetDevice(&device));
  const std::size_t k = d.axes.size();
  const fft_axis b = d.batch.empty() ? fft_axis{1, 0, 0} : d.batch[0];
  std::vector<long long> key{static_cast<long long>(d.kind), static_cast<long long>(k), b.n, b.is, b.os,
                             static_cast<long long>(reinterpret_cast<std::uintptr_t>(stream)), device};
  for (const auto& a : d.axes) key.insert(key.end(), {a.n, a.is, a.os});
  auto plan = cache.get(key, [&] {
    auto p = std::make_shared<cufft_plan>();
    long long n[3], inembed[3], onembed[3];
    for (std::size_t i = 0; i != k; ++i) {
      n[i] = d.axes[i].n;
      inembed[i] = i == 0 ? cufft_side_extent(d, 0, true) : d.axes[i - 1].is / d.axes[i].is;
      onembed[i] = i == 0 ? cufft_side_extent(d, 0, false) : d.axes[i - 1].os / d.axes[i].os;
    }
    long long idist = b.is, odist = b.os;
    if (b.n == 1) {  // one transform: any distance will do; cuFFT wants a positive one
      idist = inembed[0] * d.axes[0].is;
      odist = onembed[0] * d.axes[0].os;
    }
    std::size_t work = 0;
    check_cufft(cufftMakePlanMany64(p->handle, static_cast<int>(k), n, inembed, d.axes[k - 1].is, idist, onembed,
                                    d.axes[k - 1].os, odist, cufft_type<Real>(d.kind), b.n, &work),
                "cufftMakePlanMany64");
    check_cufft(cufftSetStream(p->handle, stream), "cufftSetStream");
    return p;
  });
  void* i = const_cast<void*>(in);  // cuFFT reads the input of c2c and r2c plans only
  const cufftHandle h = plan->handle;
  if constexpr (std::is_same_v<Real, double>) {
    if (d.kind == fft_kind::c2c)
      check_cufft(cufftExecZ2Z(h, static_cast<cufftDoubleComplex*>(i), static_cast<cufftDoubleComplex*>(out),
                               d.sign < 0 ? CUFFT_FORWARD : CUFFT_INVERSE),
                  "cufftExecZ2Z");
    else if (d.kind == fft_kind::r2c)
      check_cufft(cufftExecD2Z(h, static_cast<cufftDoubleReal*>(i), static_cast<cufftDoubleComplex*>(out)),
                  "cufftExecD2Z");
    else
      check_cufft(cufftExecZ2D(h, static_cast<cufftDoubleComplex*>(i), static_cast<cufftDoubleReal*>(out)),
                  "cufftExecZ2D");
  } else {
    if (d.kind == fft_kind::c2c)
      check_cufft(cufftExecC2C(h, static_cast<cufftComplex*>(i), static_cast<cufftComplex*>(out),
                               d.sign < 0 ? CUFFT_FORWARD : CUFFT_INVERSE),
                  "cufftExecC2C");
    else if (d.kind == fft_kind::r2c)
      check_cufft(cufftExecR2C(h, static_cast<cufftReal*>(i), static_cast<cufftComplex*>(out)), "cufftExecR2C");
    else
      check_cufft(cufftExecC2R(h, static_cast<cufftComplex*>(i), static_cast<cufftReal*>(out)), "cufftExecC2R");
  }
}

/// Transformed axes nest: one call per point of the batch axes but the innermost.
template <class Real>
void cufft_batched(const fft_desc& d, const void* in, void* out) {
  if (d.batch.size() <= 1) {
    cufft_once<Real>(d, in, out);
    return;
  }
  const std::size_t in_elem = d.kind == fft_kind::r2c ? sizeof(Real) : 2 * sizeof(Real);
  const std::size_t out_elem = d.kind == fft_kind::c2r ? sizeof(Real) : 2 * sizeof(Real);
  fft_desc inner{d.kind, d.sign, d.axes, {d.batch.begin() + 1, d.batch.end()}, d.scratch_input};
  const fft_axis outer = d.batch[0];
  for (index_t q = 0; q != outer.n; ++q)
    cufft_batched<Real>(inner, static_cast<const char*>(in) + q * outer.is * static_cast<index_t>(in_elem),
                        static_cast<char*>(out) + q * outer.os * static_cast<index_t>(out_elem));
}

/// The transform along transformed axis j alone, the other transformed axes joining the batch.
inline fft_desc cufft_pass(const fft_desc& d, std::size_t j, fft_kind kind, bool on_input, bool on_output) {
  fft_desc p{kind, d.sign, {}, {}, d.scratch_input};
  const auto side = [&](const fft_axis& a) {  // in place on one side, or across in -> out
    if (on_input) return fft_axis{a.n, a.is, a.is};
    if (on_output) return fft_axis{a.n, a.os, a.os};
    return a;
  };
  for (const auto& b : d.batch) p.batch.push_back(side(b));
  for (std::size_t i = 0; i != d.axes.size(); ++i) {
    fft_axis a = d.axes[i];
    if (i + 1 == d.axes.size() && d.kind != fft_kind::c2c && i != j) a.n = a.n / 2 + 1;  // halved, complex here
    if (i == j) p.axes.push_back(side(a));
    else p.batch.push_back(side(a));
  }
  return p;
}

template <class Real>
void cuda_fft(const fft_desc& d0, const void* in, void* out) {
  const fft_desc d = cufft_merged(d0);
  for (const auto& a : d.axes)
    if (a.n == 0) return;
  for (const auto& b : d.batch)
    if (b.n == 0) return;
  if (cufft_nests(d, true) && cufft_nests(d, false)) {
    cufft_batched<Real>(d, in, out);
    return;
  }
  const std::size_t k = d.axes.size();
  if (k == 1)
    throw error("tandem: fft: cuFFT cannot take a transform with stride " + std::to_string(d.axes[0].is) + " -> " +
                std::to_string(d.axes[0].os));
  if (d.kind == fft_kind::c2r) {  // c2c in place on the scratch input, then c2r along the last axis
    void* scratch = const_cast<void*>(in);
    for (std::size_t j = 0; j + 1 < k; ++j)
      cuda_fft<Real>(cufft_pass(d, j, fft_kind::c2c, true, false), scratch, scratch);
    cuda_fft<Real>(cufft_pass(d, k - 1, fft_kind::c2r, false, false), in, out);
    return;
  }
  // c2c or r2c along the last axis into the output, then c2c in place on it.
  cuda_fft<Real>(cufft_pass(d, k - 1, d.kind, false, false), in, out);
  for (std::size_t j = 0; j + 1 < k; ++j) cuda_fft<Real>(cufft_pass(d, j, fft_kind::c2c, false, true), out, out);
}

}  // namespace tandem::detail
