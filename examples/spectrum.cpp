// The spectrum of a noisy signal, one source for the CPU and the GPU: two sines (50 Hz
// of amplitude 1 and 120 Hz of amplitude 0.5) in normal noise of standard deviation 1,
// 10000 samples at 1000 Hz. td::fft::rfft gives the non-negative frequency bins (a
// length that is no power of two, as real recordings have); the two largest peaks must
// be at 50 and 120 Hz with amplitudes near 1 and 0.5 (the noise adds about 2 / sqrt(n) =
// 0.02 to a bin's amplitude). Checked in the host space and the device space.
#include <tandem/tandem.hpp>

#include <cmath>
#include <cstdio>

namespace td = tandem;

namespace {

struct peak {
  double hz, amplitude;
};

/// The two strongest bins of the signal's spectrum, the second one at least 5 Hz from the first.
template <class Space>
bool two_peaks(Space space, peak& first, peak& second) {
  const td::index_t n = 10000;
  const double rate = 1000, pi = 3.14159265358979323846;
  td::random::generator g{7};
  const auto t = td::eval(td::arange<double>(n, space) / rate);
  const auto x = td::eval(td::sin(2 * pi * 50 * t) + 0.5 * td::sin(2 * pi * 120 * t) + g.normal<double>({n}, space));
  const auto spectrum = td::fft::rfft(x);                     // n/2 + 1 bins
  const auto freq = td::fft::rfftfreq<double>(n, 1 / rate, space);
  const auto amplitude = td::eval(2.0 / double(n) * td::abs(spectrum));  // a sine's amplitude in its bin
  const td::index_t k1 = td::argmax(amplitude);
  const double f1 = double(k1) * rate / double(n);
  const td::index_t k2 = td::argmax(td::where(td::abs(freq - f1) < 5.0, 0.0, amplitude));
  const auto a = td::to_vector(amplitude);
  first = {f1, a[std::size_t(k1)]};
  second = {double(k2) * rate / double(n), a[std::size_t(k2)]};
  return std::abs(first.hz - 50) < 0.05 && std::abs(second.hz - 120) < 0.05 && std::abs(first.amplitude - 1) < 0.1 &&
         std::abs(second.amplitude - 0.5) < 0.1;
}

}  // namespace

int main() {
  peak a{}, b{};
  const bool host_ok = two_peaks(td::host, a, b);
  std::printf("host:   peaks at %.1f Hz (amplitude %.3f) and %.1f Hz (amplitude %.3f): %s\n", a.hz, a.amplitude, b.hz,
              b.amplitude, host_ok ? "as expected" : "WRONG");
  bool device_ok = false;
  try {
    device_ok = two_peaks(td::device, a, b);
  } catch (const td::cuda_error& err) {
    std::printf("device: not run, no usable GPU (%s)\n", err.what());
    return host_ok ? 0 : 1;
  }
  std::printf("device: peaks at %.1f Hz (amplitude %.3f) and %.1f Hz (amplitude %.3f): %s%s\n", a.hz, a.amplitude, b.hz,
              b.amplitude, device_ok ? "as expected" : "WRONG", td::device_is_emulated ? " (emulated on the CPU)" : "");
  return host_ok && device_ok ? 0 : 1;
}
