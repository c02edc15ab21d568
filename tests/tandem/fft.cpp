// FFTs (fft.hpp): every function against a direct O(n^2) DFT in double, for the lengths
// numpy users meet (1, primes, powers of two and not), along any axis of strided and
// batched operands; round trips, Parseval, numpy's norm modes, n cropping and padding,
// irfft with odd n, frequencies and shifts against numpy's documented values, the
// errors, and the plan cache (planning once for a loop, bounded, thread-safe).
#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "support/test_support.hpp"

namespace {

using cf = td::complex<float>;
using cd = td::complex<double>;
using ref = std::complex<double>;

/// A row-major array of std::complex<double> with its shape: the reference's data.
struct ref_array {
  std::vector<std::size_t> shape;
  std::vector<ref> v;
  std::size_t stride(std::size_t axis) const {
    std::size_t s = 1;
    for (std::size_t d = axis + 1; d < shape.size(); ++d) s *= shape[d];
    return s;
  }
};

/// The DFT (sign -1) or unnormalized inverse DFT (+1) of each line along axis, the line
/// first cropped or zero-padded to n points.
ref_array dft_axis(const ref_array& a, std::size_t axis, std::size_t n, int sign) {
  ref_array out{a.shape, {}};
  out.shape[axis] = n;
  std::size_t total = 1;
  for (auto e : out.shape) total *= e;
  out.v.assign(total, ref(0, 0));
  const std::size_t len = a.shape[axis], s_in = a.stride(axis), s_out = out.stride(axis);
  std::vector<ref> w(n);
  for (std::size_t m = 0; m < n; ++m)
    w[m] = std::polar(1.0, sign * 2 * std::numbers::pi * static_cast<double>(m) / static_cast<double>(n));
  const std::size_t outer = total / (n * s_out);
  for (std::size_t o = 0; o < outer; ++o)
    for (std::size_t i = 0; i < s_out; ++i)
      for (std::size_t k = 0; k < n; ++k) {
        ref acc(0, 0);
        for (std::size_t j = 0; j < std::min(n, len); ++j) acc += a.v[o * len * s_in + j * s_in + i] * w[(j * k) % n];
        out.v[o * n * s_out + k * s_out + i] = acc;
      }
  return out;
}

template <class X>
ref_array ref_of(const X& x) {
  ref_array a;
  for (std::size_t d = 0; d < td::rank_of_v<X>; ++d) a.shape.push_back(static_cast<std::size_t>(x.extent(d)));
  for (const auto& z : td::to_vector(x)) {
    if constexpr (td::detail::is_complex_v<std::remove_cvref_t<decltype(z)>>)
      a.v.emplace_back(static_cast<double>(z.real()), static_cast<double>(z.imag()));
    else
      a.v.emplace_back(static_cast<double>(z), 0.0);
  }
  return a;
}

/// Largest |got - want|, relative to want's L2 norm (an FFT's error grows as eps log n of it).
double rel_error(const ref_array& got, const ref_array& want) {
  if (got.shape != want.shape) return 1e300;  // (no REQUIRE: threads call this too)
  double err = 0, norm = 0;
  for (std::size_t i = 0; i < want.v.size(); ++i) {
    err = std::max(err, std::abs(got.v[i] - want.v[i]));
    norm += std::norm(want.v[i]);
  }
  return norm == 0 ? err : err / std::sqrt(norm);
}

template <class Z>
std::vector<Z> z_sample(std::size_t n, unsigned seed) {
  const auto re = testing::random_values<double>(n, -1, 1, seed), im = testing::random_values<double>(n, -1, 1, seed + 7);
  std::vector<Z> out;
  using P = typename Z::value_type;
  for (std::size_t i = 0; i < n; ++i) out.emplace_back(static_cast<P>(re[i]), static_cast<P>(im[i]));
  return out;
}

ref_array scaled(ref_array a, double s) {
  for (auto& z : a.v) z *= s;
  return a;
}

/// The Hermitian extension of half spectra along the last axis, as c2r reads them: n
/// points from n/2 + 1 (cropped or zero-padded to that first), the imaginary parts of the
/// zero (and, for even n, the Nyquist) bin ignored.
ref_array hermitian_full(const ref_array& h, std::size_t n) {
  const std::size_t m = h.shape.back(), keep = n / 2 + 1, rows = h.v.size() / m;
  ref_array out{h.shape, std::vector<ref>(rows * n)};
  out.shape.back() = n;
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t src = k < keep ? k : n - k;
      ref z = src < std::min(m, keep) ? h.v[r * m + src] : ref(0, 0);
      if (k >= keep) z = std::conj(z);
      if (k == 0 || (n % 2 == 0 && k == n / 2)) z = ref(z.real(), 0);
      out.v[r * n + k] = z;
    }
  return out;
}

const std::vector<std::size_t> lengths{1, 2, 3, 5, 7, 16, 17, 100, 128, 1000, 1024, 1009};

}  // namespace

TEMPLATE_TEST_CASE("fft and ifft match a direct DFT for every length", "[fft]", TANDEM_TEST_SPACES) {
  const TestType space{};
  for (std::size_t n : lengths) {
    CAPTURE(n);
    const auto zd = td::from(z_sample<cd>(n, static_cast<unsigned>(n)), {td::index_t(n)}, space);
    const auto zf = td::from(z_sample<cf>(n, static_cast<unsigned>(n)), {td::index_t(n)}, space);
    const ref_array a = ref_of(zd);
    const auto f = td::fft::fft(zd);
    static_assert(std::is_same_v<td::value_of_t<decltype(f)>, cd>);
    CHECK(rel_error(ref_of(f), dft_axis(a, 0, n, -1)) < 1e-13);
    const auto g = td::fft::fft(zf);
    static_assert(std::is_same_v<td::value_of_t<decltype(g)>, cf>);
    CHECK(rel_error(ref_of(g), dft_axis(ref_of(zf), 0, n, -1)) < 2e-6);
    // ifft is 1/n times the inverse DFT, and undoes fft.
    CHECK(rel_error(ref_of(td::fft::ifft(zd)), scaled(dft_axis(a, 0, n, +1), 1.0 / double(n))) < 1e-13);
    CHECK(rel_error(ref_of(td::fft::ifft(f)), a) < 1e-13);
    CHECK(rel_error(ref_of(td::fft::ifft(g)), ref_of(zf)) < 2e-6);
    // Parseval: sum |x|^2 = sum |X|^2 / n.
    double ex = 0, eX = 0;
    for (const auto& z : a.v) ex += std::norm(z);
    for (const auto& z : ref_of(f).v) eX += std::norm(z);
    CHECK(std::abs(ex - eX / double(n)) <= 1e-12 * ex);
  }
}

TEMPLATE_TEST_CASE("rfft and irfft match a direct DFT, odd n included", "[fft]", TANDEM_TEST_SPACES) {
  const TestType space{};
  for (std::size_t n : lengths) {
    CAPTURE(n);
    const auto xd = td::from(testing::random_values<double>(n, -1, 1, 40 + unsigned(n)), {td::index_t(n)}, space);
    const auto xf = td::from(testing::random_values<float>(n, -1, 1, 40 + unsigned(n)), {td::index_t(n)}, space);
    const auto r = td::fft::rfft(xd);
    static_assert(std::is_same_v<td::value_of_t<decltype(r)>, cd>);
    REQUIRE(r.extent(0) == td::index_t(n / 2 + 1));
    ref_array full = dft_axis(ref_of(xd), 0, n, -1);
    full.v.resize(n / 2 + 1);
    full.shape[0] = n / 2 + 1;
    CHECK(rel_error(ref_of(r), full) < 1e-13);
    const auto rf = td::fft::rfft(xf);
    static_assert(std::is_same_v<td::value_of_t<decltype(rf)>, cf>);
    // Round trips: irfft(rfft(x), n) == x for odd and even n.
    const auto back = td::fft::irfft(r, td::index_t(n));
    static_assert(std::is_same_v<td::value_of_t<decltype(back)>, double>);
    CHECK(rel_error(ref_of(back), ref_of(xd)) < 1e-13);
    CHECK(rel_error(ref_of(td::fft::irfft(rf, td::index_t(n))), ref_of(xf)) < 2e-6);
  }
  // irfft of arbitrary spectra (imaginary parts in the zero and Nyquist bins, which c2r
  // ignores as numpy does), for odd and even n, cropped and padded, against the inverse
  // DFT of the Hermitian extension.
  const auto h = td::from(z_sample<cd>(9, 5), {9}, space);
  for (std::size_t n : {16u, 17u, 11u, 25u, 1u, 2u}) {
    CAPTURE(n);
    const auto x = td::fft::irfft(h, td::index_t(n));
    REQUIRE(x.extent(0) == td::index_t(n));
    CHECK(rel_error(ref_of(x), scaled(dft_axis(hermitian_full(ref_of(h), n), 0, n, +1), 1.0 / double(n))) < 1e-13);
  }
  // The default n is 2 (m - 1).
  CHECK(td::fft::irfft(h).extent(0) == 16);
}

TEMPLATE_TEST_CASE("fft's n crops and zero-pads, and norm scales as numpy's", "[fft]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto x = td::from(z_sample<cd>(12, 3), {12}, space);
  const ref_array a = ref_of(x);
  for (std::size_t n : {5u, 12u, 20u}) {
    CAPTURE(n);
    CHECK(rel_error(ref_of(td::fft::fft(x, td::index_t(n))), dft_axis(a, 0, n, -1)) < 1e-13);
    CHECK(rel_error(ref_of(td::fft::ifft(x, td::index_t(n))), scaled(dft_axis(a, 0, n, +1), 1.0 / double(n))) <
          1e-13);
  }
  const ref_array want = dft_axis(a, 0, 12, -1), inv = dft_axis(a, 0, 12, +1);
  using td::fft::norm;
  CHECK(rel_error(ref_of(td::fft::fft(x, norm::backward)), want) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::fft(x, norm::ortho)), scaled(want, 1 / std::sqrt(12.0))) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::fft(x, norm::forward)), scaled(want, 1 / 12.0)) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::ifft(x, norm::ortho)), scaled(inv, 1 / std::sqrt(12.0))) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::ifft(x, norm::forward)), inv) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::ifft(td::fft::fft(x, norm::forward), norm::forward)), a) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::ifft(td::fft::fft(x, norm::ortho), norm::ortho)), a) < 1e-13);
  // ortho is unitary: Parseval without a factor.
  double ex = 0, eX = 0;
  for (const auto& z : a.v) ex += std::norm(z);
  for (const auto& z : ref_of(td::fft::fft(x, norm::ortho)).v) eX += std::norm(z);
  CHECK(std::abs(ex - eX) <= 1e-12 * ex);
  // rfft / irfft with ortho and forward.
  const auto r = td::from(testing::random_values<double>(9, -1, 1, 8), {9}, space);
  CHECK(rel_error(ref_of(td::fft::irfft(td::fft::rfft(r, 9, -1, norm::ortho), 9, -1, norm::ortho)), ref_of(r)) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::irfft(td::fft::rfft(r, norm::forward), 9, 0, norm::forward)), ref_of(r)) < 1e-13);
  // Real and integer operands and expressions are transformed as complex (numpy 2's
  // precision: float32 stays single, integers go to double).
  const auto xi = td::arange<int>(6, space);
  const auto fi = td::fft::fft(xi);
  static_assert(std::is_same_v<td::value_of_t<decltype(fi)>, cd>);
  CHECK(rel_error(ref_of(fi), dft_axis(ref_of(xi), 0, 6, -1)) < 1e-13);
  const auto xe = td::fft::fft(td::arange<float>(6, space) * 2.f);
  static_assert(std::is_same_v<td::value_of_t<decltype(xe)>, cf>);
  CHECK(rel_error(ref_of(xe), dft_axis(ref_of(td::eval(td::arange<float>(6, space) * 2.f)), 0, 6, -1)) < 1e-6);
  // Hand values: fft([1, 2, 3, 4]) = [10, -2+2j, -2, -2-2j].
  CHECK(td::to_vector(td::fft::fft(td::from<double>({1, 2, 3, 4}, space))) ==
        std::vector<cd>{cd(10, 0), cd(-2, 2), cd(-2, 0), cd(-2, -2)});
}

TEMPLATE_TEST_CASE("fft runs along any axis of strided and batched operands", "[fft]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto m = td::reshape(td::from(z_sample<cd>(5 * 6 * 7, 11), {5 * 6 * 7}, space), {5, 6, 7});
  const ref_array a = ref_of(m);
  for (int axis : {0, 1, 2, -1, -2}) {
    CAPTURE(axis);
    const std::size_t ax = static_cast<std::size_t>(axis < 0 ? axis + 3 : axis);
    CHECK(rel_error(ref_of(td::fft::fft(m, -1, axis)), dft_axis(a, ax, a.shape[ax], -1)) < 1e-13);
    CHECK(rel_error(ref_of(td::fft::fft(m, 4, axis)), dft_axis(a, ax, 4, -1)) < 1e-13);
  }
  // Views read in place: a transposed (column-major) matrix, a strided slice, a flip
  // (negative strides: copied first).
  const auto sq = td::reshape(td::from(z_sample<cd>(8 * 6, 12), {48}, space), {8, 6});
  const auto t = td::transpose(sq);
  CHECK(rel_error(ref_of(td::fft::fft(t)), dft_axis(ref_of(t), 1, 8, -1)) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::fft(t, -1, 0)), dft_axis(ref_of(t), 0, 6, -1)) < 1e-13);
  const auto sl = td::slice(sq, td::range(1, 8, 2), td::range(0, 6, 2));
  CHECK(rel_error(ref_of(td::fft::fft(sl)), dft_axis(ref_of(sl), 1, 3, -1)) < 1e-13);
  const auto fl = td::flip(sq, 1);
  CHECK(rel_error(ref_of(td::fft::fft(fl)), dft_axis(ref_of(fl), 1, 6, -1)) < 1e-13);
  // Real transforms along axis 0 of a transposed view.
  const auto rt = td::transpose(td::reshape(td::from(testing::random_values<double>(42, -1, 1, 13), {42}, space), {6, 7}));
  auto want = dft_axis(ref_of(rt), 0, 7, -1);
  const auto got = td::fft::rfft(rt, -1, 0);
  REQUIRE(got.shape() == td::shape<2>{4, 6});
  want.v.resize(4 * 6);
  want.shape[0] = 4;
  CHECK(rel_error(ref_of(got), want) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::irfft(got, 7, 0)), ref_of(rt)) < 1e-13);
  // An empty batch gives an empty result of the right shape.
  const auto e = td::fft::fft(td::zeros<cd>({0, 4}, space));
  CHECK(e.shape() == td::shape<2>{0, 4});
}

TEMPLATE_TEST_CASE("fft2, fftn and their real forms match separable DFTs", "[fft]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto m = td::reshape(td::from(z_sample<cd>(4 * 6 * 5, 21), {120}, space), {4, 6, 5});
  const ref_array a = ref_of(m);
  const ref_array want2 = dft_axis(dft_axis(a, 2, 5, -1), 1, 6, -1);
  CHECK(rel_error(ref_of(td::fft::fft2(m)), want2) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::ifft2(td::fft::fft2(m))), a) < 1e-13);
  const ref_array want_all = dft_axis(want2, 0, 4, -1);
  CHECK(rel_error(ref_of(td::fft::fftn(m)), want_all) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::ifftn(td::fft::fftn(m))), a) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::fftn(m, {0, 2})), dft_axis(dft_axis(a, 0, 4, -1), 2, 5, -1)) < 1e-13);
  // s crops and pads per axis; on a transposed (strided) operand too.
  CHECK(rel_error(ref_of(td::fft::fft2(m, {3, 8})), dft_axis(dft_axis(a, 2, 8, -1), 1, 3, -1)) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::fftn(m, {2, 0}, {7, 2})), dft_axis(dft_axis(a, 0, 2, -1), 2, 7, -1)) < 1e-13);
  const auto pt = td::permute(m, {2, 0, 1});
  CHECK(rel_error(ref_of(td::fft::fft2(pt)), dft_axis(dft_axis(ref_of(pt), 2, 6, -1), 1, 4, -1)) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::fftn(pt, td::fft::norm::ortho)),
                  scaled(dft_axis(dft_axis(dft_axis(ref_of(pt), 2, 6, -1), 1, 4, -1), 0, 5, -1), 1 / std::sqrt(120.0))) <
        1e-13);
  // rfft2 / rfftn halve the last axis given; irfftn with odd last n inverts them.
  const auto r = td::reshape(td::from(testing::random_values<double>(4 * 6 * 5, -1, 1, 22), {120}, space), {4, 6, 5});
  auto half = [](ref_array full, std::size_t axis) {  // the first n/2 + 1 along axis
    ref_array h{full.shape, {}};
    const std::size_t n = full.shape[axis], keep = n / 2 + 1, s = full.stride(axis);
    h.shape[axis] = keep;
    for (std::size_t i = 0; i < full.v.size(); ++i)
      if ((i / s) % n < keep) h.v.push_back(full.v[i]);
    return h;
  };
  const ref_array ra = ref_of(r);
  CHECK(rel_error(ref_of(td::fft::rfft2(r)), half(dft_axis(dft_axis(ra, 2, 5, -1), 1, 6, -1), 2)) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::rfftn(r)), half(dft_axis(dft_axis(dft_axis(ra, 2, 5, -1), 1, 6, -1), 0, 4, -1), 2)) <
        1e-13);
  CHECK(rel_error(ref_of(td::fft::rfftn(r, {2, 0})), half(dft_axis(dft_axis(ra, 2, 5, -1), 0, 4, -1), 0)) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::irfftn(td::fft::rfftn(r), {}, {4, 6, 5})), ra) < 1e-13);
  CHECK(rel_error(ref_of(td::fft::irfft2(td::fft::rfft2(r), {6, 5})), ra) < 1e-13);
  // Without s the last axis comes back even (2 (m - 1)), as numpy's.
  CHECK(td::fft::irfft2(td::fft::rfft2(r)).shape() == td::shape<3>{4, 6, 4});
}

TEMPLATE_TEST_CASE("fftfreq, rfftfreq, fftshift and ifftshift give numpy's values", "[fft]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // numpy's documented examples: fftfreq(8, d=0.1) and rfftfreq(8, d=0.1).
  const auto f = td::fft::fftfreq<double>(8, 0.1, space);
  const std::vector<double> want{0, 1.25, 2.5, 3.75, -5, -3.75, -2.5, -1.25};
  const auto got = td::to_vector(f);
  REQUIRE(got.size() == 8);
  for (std::size_t i = 0; i < 8; ++i) CHECK(got[i] == Catch::Approx(want[i]).margin(1e-12));
  CHECK(td::to_vector(td::fft::fftfreq<float>(5, space)) == std::vector<float>{0, 0.2f, 0.4f, -0.4f, -0.2f});
  CHECK(td::to_vector(td::fft::rfftfreq<double>(8, 0.1, space)) ==
        std::vector<double>{0, 1.25, 2.5, 3.75, 5});
  CHECK(td::to_vector(td::fft::rfftfreq<double>(5)) == std::vector<double>{0, 0.2, 0.4});
  // fftshift(fftfreq(10, 0.1)) = [-5, -4, ..., 4]; ifftshift undoes it, odd lengths too.
  const auto s = td::fft::fftshift(td::fft::fftfreq<double>(10, 0.1, space));
  const auto sv = td::to_vector(s);
  for (std::size_t i = 0; i < 10; ++i) CHECK(sv[i] == Catch::Approx(double(i) - 5).margin(1e-12));
  const auto odd = td::arange<int>(5, space);
  CHECK(td::to_vector(td::fft::fftshift(odd)) == std::vector<int>{3, 4, 0, 1, 2});
  CHECK(td::to_vector(td::fft::ifftshift(odd)) == std::vector<int>{2, 3, 4, 0, 1});
  CHECK(td::to_vector(td::fft::ifftshift(td::fft::fftshift(odd))) == std::vector<int>{0, 1, 2, 3, 4});
  // numpy's 2-d example: fftshift(fftfreq(9, d=1/9).reshape(3, 3), axes=(1,)).
  const auto g = td::reshape(td::fft::fftfreq<double>(9, 1.0 / 9, space), {3, 3});
  CHECK(testing::values(td::fft::fftshift(g, {1})) == std::vector<double>{2, 0, 1, -4, 3, 4, -1, -3, -2});
  CHECK(testing::values(td::fft::fftshift(g)) == std::vector<double>{-1, -3, -2, 2, 0, 1, -4, 3, 4});
}

TEMPLATE_TEST_CASE("fft's bad arguments throw and name what is wrong", "[fft]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto x = td::zeros<cd>({3, 4}, space);
  const auto message = [](auto f) {
    try {
      f();
    } catch (const td::error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK_THROWS_AS(td::fft::fft(x, 0), td::shape_error);
  CHECK(message([&] { (void)td::fft::fft(x, 0); }).find("invalid number of data points (0) along axis 1") !=
        std::string::npos);
  CHECK_THROWS_AS(td::fft::fft(x, -1, 2), td::index_error);
  CHECK(message([&] { (void)td::fft::fft(x, -1, 2); }).find("axis 2 is out of range") != std::string::npos);
  CHECK_THROWS_AS(td::fft::fftn(x, {1, -1}), td::index_error);
  CHECK(message([&] { (void)td::fft::fftn(x, {1, -1}); }).find("repeated") != std::string::npos);
  CHECK_THROWS_AS(td::fft::fft2(x, {3}), td::shape_error);
  CHECK_THROWS_AS(td::fft::fftn(x, {0}, {2, 2}), td::shape_error);
  CHECK_THROWS_AS(td::fft::fft(td::zeros<cd>({3, 0}, space)), td::shape_error);
  // irfft of one bin: the default n, 2 (1 - 1) = 0, is no length.
  CHECK_THROWS_AS(td::fft::irfft(td::zeros<cd>({1}, space)), td::shape_error);
  CHECK_THROWS_AS(td::fft::fftfreq<double>(0), td::shape_error);
  CHECK_THROWS_AS(td::fft::fftfreq<double>(4, 0.0), td::error);
}

TEMPLATE_TEST_CASE("fft plans are made once per layout, bounded and shared between threads", "[fft]",
                   TANDEM_TEST_SPACES) {
  const TestType space{};
  td::fft::clear_plan_cache();
  const auto x = td::from(z_sample<cd>(96 * 10, 31), {960}, space);
  const auto m = td::reshape(x, {10, 96});
  const auto before = td::fft::cache_info();
  CHECK(before.size == 0);
  std::vector<ref_array> results;
  for (int i = 0; i < 5; ++i) results.push_back(ref_of(td::fft::fft(m)));
  const auto after = td::fft::cache_info();
  CHECK(after.misses - before.misses == 1);  // planned once
  CHECK(after.hits - before.hits == 4);      // then reused
  CHECK(after.size == 1);
  for (const auto& r : results) CHECK(rel_error(r, dft_axis(ref_of(m), 1, 96, -1)) < 1e-13);
  // The cache is bounded: at most two plans kept, the oldest out first.
  td::fft::set_plan_cache_size(2);
  for (td::index_t n : {10, 11, 12, 13}) (void)td::fft::fft(m, n);
  CHECK(td::fft::cache_info().size <= 2);
  CHECK(td::fft::cache_info().capacity == 2);
  const auto hits = td::fft::cache_info().hits;
  (void)td::fft::fft(m, 13);  // the newest is still there
  CHECK(td::fft::cache_info().hits == hits + 1);
  td::fft::set_plan_cache_size(0);  // none kept: still correct
  CHECK(rel_error(ref_of(td::fft::fft(m)), dft_axis(ref_of(m), 1, 96, -1)) < 1e-13);
  CHECK(td::fft::cache_info().size == 0);
  td::fft::set_plan_cache_size(64);
  // Threads transforming at once, sharing and making plans, each checked.
  std::vector<std::thread> pool;
  std::vector<double> errors(4, 1.0);
  for (int t = 0; t < 4; ++t)
    pool.emplace_back([&, t] {
      double worst = 0;
      for (int i = 0; i < 20; ++i) {
        const td::index_t n = 90 + (i + t) % 3;
        const ref_array got = ref_of(td::fft::fft(m, n));
        worst = std::max(worst, rel_error(got, dft_axis(ref_of(m), 1, std::size_t(n), -1)));
      }
      errors[std::size_t(t)] = worst;
    });
  for (auto& th : pool) th.join();
  for (double e : errors) CHECK(e < 1e-13);
  td::fft::clear_plan_cache();
  CHECK(td::fft::cache_info().size == 0);
}
