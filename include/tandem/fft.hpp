#pragma once
/// \file fft.hpp
/// numpy.fft, written once for every space: FFTW3 does the work on the host (and the
/// emulated device), cuFFT on a GPU.
///
/// auto f = td::fft::fft(x);                          // along the last axis, batched over the others
/// auto g = td::fft::fft(x, 128, 0);                  // n = 128 points (cropped or zero-padded), axis 0
/// auto h = td::fft::ifft(f, -1, -1, td::fft::norm::ortho);
/// auto r = td::fft::rfft(signal);                    // n/2 + 1 complex bins of a real signal
/// auto s = td::fft::irfft(r, 1001);                  // back to 1001 real points (odd n)
/// auto k = td::fft::fftn(volume, {0, 2});            // over axes 0 and 2
/// auto w = td::fft::fftfreq<double>(n, 1.0 / rate);  // the bins' frequencies
///
/// - Results are new tensors in the operand's space: complex for fft, ifft, rfft and
///   their 2-d and n-d forms, real for irfft. Precision follows numpy 2: float32 and
///   complex64 (and the 16-bit floats) transform in single precision, everything else
///   (float64, integers, bool, complex128) in double.
/// - `n` (or `s`, one per axis) crops or zero-pads each transformed axis first; -1 (or an
///   empty `s`) keeps its extent (for irfft: 2 (m - 1) for m input points). Fewer than one
///   point throws td::shape_error, an axis out of range or repeated td::index_error.
/// - `norm` scales as numpy's: backward (the default: forward transforms unscaled,
///   inverse ones by 1/N), ortho (both by 1/sqrt(N)) or forward (forward by 1/N).
/// - A tensor or view of the transform's own element type (complex for c2c, real for
///   rfft) with positive strides and no cropping or padding is read in place, whatever its
///   layout; anything else (an expression, another element type, n different from the
///   extent) is first written into the result (or a scratch tensor), resized.
/// - Plans are made once per layout and cached (keyed by shape, strides, type, direction,
///   alignment, threads, and on the GPU stream and device; thread-safe, bounded,
///   least recently used out): `set_plan_cache_size`, `clear_plan_cache`, `cache_info`.
///   `set_planner(planner::measure)` makes FFTW time candidate plans when it plans (slower
///   planning, often faster transforms); the default is planner::estimate.
/// - FFTW is GPL: a program that links it is bound by the GPL. Configure with
///   -DTANDEM_USE_FFTW=OFF to decline it; host FFTs then fail to compile, with a message
///   naming what is missing (device FFTs under CUDA use cuFFT and still work).

#include <cmath>
#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "backend/backend.hpp"
#include "backend/fft.hpp"
#include "complex.hpp"
#include "creation.hpp"
#include "error.hpp"
#include "expr/assign.hpp"
#include "expr/operators.hpp"
#include "half.hpp"
#include "shape.hpp"
#include "tensor.hpp"
#include "algorithm/manipulation.hpp"

namespace tandem::fft {

/// numpy's normalization modes.
enum class norm { backward, ortho, forward };
/// How hard FFTW's planner works when it makes a plan (cuFFT has one planner).
enum class planner { estimate, measure };

inline void set_planner(planner p) { detail::fft_planner_effort().store(p == planner::measure ? 1 : 0); }

/// What the plan caches hold and have done (all of them: FFTW's two precisions, cuFFT's).
using plan_cache_stats = detail::plan_cache_counts;
inline plan_cache_stats cache_info() { return detail::plan_caches_info(); }
/// At most n plans per cache (0: plans are made for each call and not kept).
inline void set_plan_cache_size(std::size_t n) { detail::set_plan_caches_capacity(n); }
/// Drops every cached plan (the capacity stays).
inline void clear_plan_cache() { detail::clear_plan_caches(); }

}  // namespace tandem::fft

namespace tandem::detail {

/// The precision a transform of V runs in (numpy 2's rule).
template <class V>
using fft_real_t =
    std::conditional_t<is_complex_v<V>, real_part_t<V>,
                       std::conditional_t<std::is_same_v<V, float> || is_reduced_float_v<V>, float, double>>;

/// The transformed axes (normalized, in the caller's order) and their lengths.
struct fft_plan_axes {
  std::vector<std::size_t> axes;
  std::vector<index_t> n;
};

template <std::size_t R>
fft_plan_axes fft_resolve(const shape<R>& sh, std::vector<index_t> axes, const std::vector<index_t>& s,
                          bool inverse_real, const char* what) {
  if (axes.empty()) {  // numpy: the last len(s) axes, or all of them
    const std::size_t k = s.empty() ? R : s.size();
    if (k > R)
      throw shape_error(std::string("tandem: fft::") + what + ": " + std::to_string(k) +
                        " lengths for a tensor of rank " + std::to_string(R));
    for (std::size_t i = R - k; i != R; ++i) axes.push_back(static_cast<index_t>(i));
  }
  if (!s.empty() && s.size() != axes.size())
    throw shape_error(std::string("tandem: fft::") + what + ": " + std::to_string(s.size()) + " lengths for " +
                      std::to_string(axes.size()) + " axes");
  fft_plan_axes p;
  for (std::size_t i = 0; i != axes.size(); ++i) {
    const std::size_t a = normalize_axis(axes[i], R, what);
    for (std::size_t b : p.axes)
      if (b == a)
        throw index_error(std::string("tandem: fft::") + what + ": axis " + std::to_string(axes[i]) +
                          " is repeated");
    index_t n = s.empty() ? -1 : s[i];
    if (n == -1) n = inverse_real && i + 1 == axes.size() ? 2 * (sh[a] - 1) : sh[a];
    if (n < 1)
      throw shape_error(std::string("tandem: fft::") + what + ": invalid number of data points (" +
                        std::to_string(n) + ") along axis " + std::to_string(a) + " of shape " + to_string(sh));
    p.axes.push_back(a);
    p.n.push_back(n);
  }
  if (p.axes.empty()) throw shape_error(std::string("tandem: fft::") + what + ": no axis to transform");
  return p;
}


/// Whether a view can be handed to the library as it is: positive strides (where the
/// extent exceeds 1) and each transformed axis exactly as long as the transform (no cropping or padding).
template <class T, std::size_t R, class S>
bool fft_reads_in_place(const tensor_view<const T, R, S>& v, const fft_plan_axes& p) {
  if (v.size() == 0) return false;
  for (std::size_t d = 0; d != R; ++d)
    if (v.extent(d) > 1 && v.stride(d) <= 0) return false;
  for (std::size_t i = 0; i != p.axes.size(); ++i) {
    if (v.extent(p.axes[i]) != p.n[i]) return false;
  }
  return true;
}

/// dst (whose extents are the transform's) = src cropped or zero-padded to it, converted.
template <class D, class T, std::size_t R, class S>
void fft_fill(const tensor_view<D, R, S>& dst, const tensor_view<const T, R, S>& src) {
  shape<R> common = dst.shape();
  bool pad = false;
  for (std::size_t d = 0; d != R; ++d) {
    if (src.extent(d) < common[d]) {
      common[d] = src.extent(d);
      pad = true;
    }
  }
  if (pad) assign(dst, D(0));
  if (tensor_view<const T, R, S>(src.data(), common, src.strides()).size() == 0) return;
  assign(tensor_view<D, R, S>(dst.data(), common, dst.strides()), tensor_view<const T, R, S>(src.data(), common, src.strides()));
}

/// The library's description of a transform from in to out over p's axes.
template <class I, class O, std::size_t R, class S>
fft_desc fft_layout(fft_kind kind, int sign, const tensor_view<I, R, S>& in, const tensor_view<O, R, S>& out,
                    const fft_plan_axes& p, bool scratch) {
  const auto stride = [](index_t extent, index_t s) { return extent > 1 ? s : index_t(1); };
  fft_desc d{kind, sign, {}, {}, scratch};
  std::vector<bool> transformed(R, false);
  for (std::size_t i = 0; i != p.axes.size(); ++i) {
    const std::size_t a = p.axes[i];
    transformed[a] = true;
    d.axes.push_back({p.n[i], stride(in.extent(a), in.stride(a)), stride(out.extent(a), out.stride(a))});
  }
  for (std::size_t a = 0; a != R; ++a)
    if (!transformed[a]) d.batch.push_back({out.extent(a), stride(in.extent(a), in.stride(a)), stride(out.extent(a), out.stride(a))});
  return d;
}

inline double fft_scale(const fft_plan_axes& p, tandem::fft::norm nm, bool inverse) {
  double points = 1;
  for (index_t n : p.n) points *= static_cast<double>(n);
  switch (nm) {
    case tandem::fft::norm::ortho: return 1 / std::sqrt(points);
    case tandem::fft::norm::forward: return inverse ? 1 : 1 / points;
    default: return inverse ? 1 / points : 1;
  }
}

template <class T, std::size_t R, class S>
void fft_apply_scale(tensor<T, R, S>& out, double scale) {
  if (scale == 1 || out.size() == 0) return;
  using P = real_part_t<T>;
  assign(out.view(), out.view() * static_cast<P>(scale));
}

/// numpy's c2c transforms (fft, ifft, fft2, fftn, ...): sign -1 forward, +1 backward.
template <class X>
auto fft_c2c(const X& x, const std::vector<index_t>& axes, const std::vector<index_t>& s, tandem::fft::norm nm,
             int sign, const char* what) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(R >= 1, "tandem: fft needs a tensor of rank 1 or more");
  using P = fft_real_t<V>;
  using C = native_complex<P>;
  const operand_view<X> src(x);
  const fft_plan_axes p = fft_resolve(src.view.shape(), axes, s, false, what);
  shape<R> out_shape = src.view.shape();
  for (std::size_t i = 0; i != p.axes.size(); ++i) out_shape[p.axes[i]] = p.n[i];
  tensor<C, R, S> out(out_shape, uninitialized);
  if (out.size() == 0) return out;
  const tensor_view<C, R, S> ov = out.view();
  if constexpr (std::is_same_v<V, C>) {
    if (fft_reads_in_place(src.view, p)) {
      backend_t<S>::template fft<P>(fft_layout(fft_kind::c2c, sign, src.view, ov, p, false), src.view.data(),
                                    ov.data());
      fft_apply_scale(out, fft_scale(p, nm, sign > 0));
      return out;
    }
  }
  fft_fill(ov, src.view);
  backend_t<S>::template fft<P>(fft_layout(fft_kind::c2c, sign, tensor_view<const C, R, S>(ov), ov, p, false),
                                ov.data(), ov.data());
  fft_apply_scale(out, fft_scale(p, nm, sign > 0));
  return out;
}

/// numpy's real-input transforms (rfft, rfft2, rfftn): the last axis halved to n/2 + 1.
template <class X>
auto fft_r2c(const X& x, const std::vector<index_t>& axes, const std::vector<index_t>& s, tandem::fft::norm nm,
             const char* what) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(R >= 1, "tandem: rfft needs a tensor of rank 1 or more");
  static_assert(!is_complex_v<V>, "tandem: rfft takes real input (use fft for complex input)");
  using P = fft_real_t<V>;
  using C = native_complex<P>;
  const operand_view<X> src(x);
  const fft_plan_axes p = fft_resolve(src.view.shape(), axes, s, false, what);
  shape<R> real_shape = src.view.shape();
  for (std::size_t i = 0; i != p.axes.size(); ++i) real_shape[p.axes[i]] = p.n[i];
  shape<R> out_shape = real_shape;
  out_shape[p.axes.back()] = p.n.back() / 2 + 1;
  tensor<C, R, S> out(out_shape, uninitialized);
  if (out.size() == 0) return out;
  const tensor_view<C, R, S> ov = out.view();
  if constexpr (std::is_same_v<V, P>) {
    if (fft_reads_in_place(src.view, p)) {
      backend_t<S>::template fft<P>(fft_layout(fft_kind::r2c, -1, src.view, ov, p, false), src.view.data(),
                                    ov.data());
      fft_apply_scale(out, fft_scale(p, nm, false));
      return out;
    }
  }
  tensor<P, R, S> work(real_shape, uninitialized);
  fft_fill(work.view(), src.view);
  backend_t<S>::template fft<P>(fft_layout(fft_kind::r2c, -1, tensor_view<const P, R, S>(work.view()), ov, p, true),
                                work.data(), ov.data());
  fft_apply_scale(out, fft_scale(p, nm, false));
  return out;
}

/// numpy's inverse real transforms (irfft, irfft2, irfftn): n/2 + 1 points of the last
/// axis are read (cropped or zero-padded to that), n real points come out.
template <class X>
auto fft_c2r(const X& x, const std::vector<index_t>& axes, const std::vector<index_t>& s, tandem::fft::norm nm,
             const char* what) {
  using V = value_of_t<X>;
  using S = space_of_t<X>;
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(R >= 1, "tandem: irfft needs a tensor of rank 1 or more");
  using P = fft_real_t<V>;
  using C = native_complex<P>;
  const operand_view<X> src(x);
  const fft_plan_axes p = fft_resolve(src.view.shape(), axes, s, true, what);
  shape<R> out_shape = src.view.shape();
  for (std::size_t i = 0; i != p.axes.size(); ++i) out_shape[p.axes[i]] = p.n[i];
  shape<R> half_shape = out_shape;
  half_shape[p.axes.back()] = p.n.back() / 2 + 1;
  tensor<P, R, S> out(out_shape, uninitialized);
  if (out.size() == 0) return out;
  tensor<C, R, S> work(half_shape, uninitialized);  // the library overwrites its input
  fft_fill(work.view(), src.view);
  backend_t<S>::template fft<P>(
      fft_layout(fft_kind::c2r, +1, tensor_view<const C, R, S>(work.view()), out.view(), p, true), work.data(),
      out.data());
  fft_apply_scale(out, fft_scale(p, nm, true));
  return out;
}

/// The transform of one kind and direction (fft.hpp's public functions all come here).
template <fft_kind K, int Sign, class X>
auto fft_run(const X& x, const std::vector<index_t>& axes, const std::vector<index_t>& s, tandem::fft::norm nm,
             const char* what) {
  if constexpr (K == fft_kind::c2c) return fft_c2c(x, axes, s, nm, Sign, what);
  else if constexpr (K == fft_kind::r2c) return fft_r2c(x, axes, s, nm, what);
  else return fft_c2r(x, axes, s, nm, what);
}

inline std::vector<index_t> fft_one(index_t n) { return n == -1 ? std::vector<index_t>{} : std::vector<index_t>{n}; }

}  // namespace tandem::detail

namespace tandem::fft {

// Each transform has three forms (numpy's argument orders; `n` = -1 and empty `s` keep the
// extents, empty `axes` for the n-d forms means all axes, or the last s.size()):
//   one axis:  name(a[, n][, axis][, norm]),  name(a, norm)    fft ifft rfft irfft
//   n axes:    name(a[, axes][, s][, norm]),  name(a, norm)    fftn ifftn rfftn irfftn
//   two axes:  name(a[, s][, axes][, norm]),  name(a, norm)    fft2 ifft2 rfft2 irfft2
#define TANDEM_FFT_FORMS(one, nd, two, kind, sign)                                                                \
  template <operand X>                                                                                             \
  auto one(const X& x, index_t n = -1, index_t axis = -1, norm nm = norm::backward) {                              \
    return detail::fft_run<detail::fft_kind::kind, sign>(x, {axis}, detail::fft_one(n), nm, #one);                 \
  }                                                                                                                \
  template <operand X>                                                                                             \
  auto one(const X& x, norm nm) {                                                                                  \
    return one(x, -1, -1, nm);                                                                                     \
  }                                                                                                                \
  template <operand X>                                                                                             \
  auto nd(const X& x, const std::vector<index_t>& axes = {}, const std::vector<index_t>& s = {},                   \
          norm nm = norm::backward) {                                                                              \
    return detail::fft_run<detail::fft_kind::kind, sign>(x, axes, s, nm, #nd);                                     \
  }                                                                                                                \
  template <operand X>                                                                                             \
  auto nd(const X& x, norm nm) {                                                                                   \
    return nd(x, {}, {}, nm);                                                                                      \
  }                                                                                                                \
  template <operand X>                                                                                             \
  auto two(const X& x, const std::vector<index_t>& s = {}, const std::vector<index_t>& axes = {-2, -1},            \
           norm nm = norm::backward) {                                                                             \
    return detail::fft_run<detail::fft_kind::kind, sign>(x, axes, s, nm, #two);                                    \
  }                                                                                                                \
  template <operand X>                                                                                             \
  auto two(const X& x, norm nm) {                                                                                  \
    return two(x, {}, {-2, -1}, nm);                                                                               \
  }

/// numpy.fft.fft, fftn, fft2: the forward complex transforms.
TANDEM_FFT_FORMS(fft, fftn, fft2, c2c, -1)
/// numpy.fft.ifft, ifftn, ifft2: the inverse complex transforms (1/N by default).
TANDEM_FFT_FORMS(ifft, ifftn, ifft2, c2c, +1)
/// numpy.fft.rfft, rfftn, rfft2: real input, the last transformed axis halved to n/2 + 1.
TANDEM_FFT_FORMS(rfft, rfftn, rfft2, r2c, -1)
/// numpy.fft.irfft, irfftn, irfft2: back to real, n (default 2 (m - 1)) points on the last axis.
TANDEM_FFT_FORMS(irfft, irfftn, irfft2, c2r, +1)
#undef TANDEM_FFT_FORMS

// ---- frequencies and shifts ----------------------------------------------------------

namespace detail_freq {
template <class T, class S>
tensor<T, 1, S> from_values(const std::vector<double>& v, S) {
  tensor<T, 1, host_space> h(shape<1>{static_cast<index_t>(v.size())}, uninitialized);
  for (std::size_t i = 0; i != v.size(); ++i) h(static_cast<index_t>(i)) = static_cast<T>(v[i]);
  return tandem::to(S{}, h);
}
inline void check_n(index_t n, double d, const char* what) {
  if (n < 1) throw shape_error(std::string("tandem: fft::") + what + ": n must be at least 1, not " + std::to_string(n));
  if (!(d != 0)) throw error(std::string("tandem: fft::") + what + ": the sample spacing d must not be 0");
}
}  // namespace detail_freq

/// numpy.fft.fftfreq: the frequency of each bin of an n-point fft, for samples d apart:
/// [0, 1, ..., (n-1)/2, -(n/2), ..., -1] / (d n).
template <class T, space S = host_space>
tensor<T, 1, S> fftfreq(index_t n, double d = 1.0, S space = {}) {
  detail_freq::check_n(n, d, "fftfreq");
  std::vector<double> v(static_cast<std::size_t>(n));
  const double step = 1.0 / (static_cast<double>(n) * d);
  const index_t positive = (n - 1) / 2 + 1;
  for (index_t i = 0; i != n; ++i) v[static_cast<std::size_t>(i)] = static_cast<double>(i < positive ? i : i - n) * step;
  return detail_freq::from_values<T>(v, space);
}
template <class T, space S>
tensor<T, 1, S> fftfreq(index_t n, S space) {
  return fftfreq<T>(n, 1.0, space);
}
/// numpy.fft.rfftfreq: the n/2 + 1 frequencies of an n-point rfft.
template <class T, space S = host_space>
tensor<T, 1, S> rfftfreq(index_t n, double d = 1.0, S space = {}) {
  detail_freq::check_n(n, d, "rfftfreq");
  std::vector<double> v(static_cast<std::size_t>(n / 2 + 1));
  const double step = 1.0 / (static_cast<double>(n) * d);
  for (std::size_t i = 0; i != v.size(); ++i) v[i] = static_cast<double>(i) * step;
  return detail_freq::from_values<T>(v, space);
}
template <class T, space S>
tensor<T, 1, S> rfftfreq(index_t n, S space) {
  return rfftfreq<T>(n, 1.0, space);
}

namespace detail_freq {
template <class X>
auto shift(const X& x, const std::vector<index_t>& axes, bool inverse, const char* what) {
  constexpr std::size_t R = rank_of_v<X>;
  static_assert(R >= 1, "tandem: fftshift needs a tensor of rank 1 or more");
  const detail::operand_view<X> src(x);
  std::vector<std::size_t> which;
  if (axes.empty())
    for (std::size_t a = 0; a != R; ++a) which.push_back(a);
  for (index_t a : axes) which.push_back(detail::normalize_axis(a, R, what));
  tensor<value_of_t<X>, R, space_of_t<X>> out(src.view);
  for (std::size_t a : which) {
    const index_t n = out.extent(a);
    out = tandem::roll(out, inverse ? -(n / 2) : n / 2, static_cast<index_t>(a));
  }
  return out;
}
}  // namespace detail_freq

/// numpy.fft.fftshift: the zero frequency moved to the centre (all axes by default).
template <operand X>
auto fftshift(const X& x, const std::vector<index_t>& axes = {}) {
  return detail_freq::shift(x, axes, false, "fftshift");
}
/// numpy.fft.ifftshift: fftshift undone.
template <operand X>
auto ifftshift(const X& x, const std::vector<index_t>& axes = {}) {
  return detail_freq::shift(x, axes, true, "ifftshift");
}

}  // namespace tandem::fft
