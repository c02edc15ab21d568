#pragma once
// Shared by every test file: the spaces each test body runs in, and helpers that read
// results back to the host for comparison against plain double-precision loops.

#include <cmath>
#include <complex>
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <tandem/tandem.hpp>

#include "catch.hpp"

namespace td = tandem;

#if !TANDEM_CATCH_V3
namespace Catch {
using Detail::Approx;  // Catch2 v3 spells it Catch::Approx
}
#endif

// Every space a test body is written once for.
#if TANDEM_HAS_CUDA
#  define TANDEM_TEST_SPACES td::host_space, td::device_space, td::managed_space
#else
#  define TANDEM_TEST_SPACES td::host_space, td::device_space
#endif

namespace testing {

/// The elements of any tensor, view or expression as doubles, read on the host.
template <class X>
std::vector<double> values(const X& x) {
  const auto v = td::to_vector(x);
  return std::vector<double>(v.begin(), v.end());
}

/// A real or complex element as std::complex<double> (a reference's type).
template <class Z>
std::complex<double> as_complex(const Z& z) {
  if constexpr (td::detail::is_complex_v<Z>)
    return {static_cast<double>(z.real()), static_cast<double>(z.imag())};
  else
    return {static_cast<double>(z), 0.0};
}

/// The elements of any tensor, view or expression as std::complex<double>, read on the host.
template <class X>
std::vector<std::complex<double>> complex_values(const X& x) {
  std::vector<std::complex<double>> out;
  for (const auto& z : td::to_vector(x)) out.push_back(as_complex(z));
  return out;
}

/// Deterministic uniform values in [lo, hi).
template <class T>
std::vector<T> random_values(std::size_t n, double lo, double hi, unsigned seed) {
  std::mt19937_64 gen(seed);
  std::uniform_real_distribution<double> dist(lo, hi);
  std::vector<T> out(n);
  for (auto& x : out) x = static_cast<T>(dist(gen));
  return out;
}

/// A message matcher that works with Catch2 v2 and v3.
inline auto contains(const std::string& s) {
#if TANDEM_CATCH_V3
  return Catch::Matchers::ContainsSubstring(s);
#else
  return Catch::Matchers::Contains(s);
#endif
}

template <class Space>
std::string space_name() {
  return Space::name;
}

/// Host loops on n threads while it lives (td::set_num_threads), then as before.
class threads_scope {
 public:
  explicit threads_scope(int n) : before_(td::num_threads()) { td::set_num_threads(n); }
  ~threads_scope() { td::set_num_threads(before_); }
  threads_scope(const threads_scope&) = delete;
  threads_scope& operator=(const threads_scope&) = delete;

 private:
  int before_;
};

/// The host matrix products this build has: tandem's kernel, and CBLAS when built with it.
inline std::vector<td::host_gemm> host_gemms() {
  std::vector<td::host_gemm> all{td::host_gemm::tandem};
  if (TANDEM_HAS_CBLAS) all.push_back(td::host_gemm::cblas);
  return all;
}

/// Runs body once per host matrix product where the space computes on the host (the
/// host, and the emulated device), once on a GPU.
template <class Space, class F>
void for_each_gemm(F&& body) {
  if (std::is_same_v<Space, td::host_space> || td::device_is_emulated) {
    for (auto g : host_gemms()) {
      td::set_host_gemm(g);
      INFO("host gemm " << (g == td::host_gemm::cblas ? "cblas" : "tandem"));
      body();
    }
    td::set_host_gemm(td::host_gemm::automatic);
  } else {
    body();
  }
}

}  // namespace testing
