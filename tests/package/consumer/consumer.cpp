// The contract's examples, as a user outside the project writes them. Exits non-zero
// on a wrong value; under CUDA, 77 when there is no GPU to run on.
#include <tandem/tandem.hpp>

#include <cstdio>
#include <iostream>
#include <vector>

namespace td = tandem;

struct saxpy {
  float a;
  TANDEM_HD float operator()(float x, float y) const { return a * x + y; }
};

#define EXPECT(cond)                                              \
  do {                                                            \
    if (!(cond)) {                                                \
      std::fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
      return 1;                                                   \
    }                                                             \
  } while (0)

int main() {
#if TANDEM_HAS_CUDA
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) return 77;
#endif
  td::tensor<float, 2, td::device_space> a({3, 4});
  auto z = td::zeros<float>({3, 4}, td::device);
  auto o = td::ones<double>({5});
  auto f = td::full<float>({2, 2}, 7.f, td::device);
  auto e = td::empty<float>({1 << 20}, td::device);
  auto r = td::arange<float>(10, td::device);
  auto r2 = td::arange<double>(1.0, 2.0, 0.25);
  auto l = td::linspace<double>(0.0, 1.0, 11);
  auto m = td::from<float>({{1, 2, 3}, {4, 5, 6}}, td::device);
  auto v = td::from(std::vector<float>(6, 1.f), {2, 3}, td::device);
  float buffer[6] = {1, 2, 3, 4, 5, 6};
  auto w = td::adapt(buffer, {2, 3}, td::host);
  auto d = td::to(td::device, m);
  td::copy(w, v);
  std::vector<float> flat = td::to_vector(d);
  EXPECT(td::sum(a) == 0.f && td::sum(z) == 0.f && td::sum(o) == 5.0 && td::sum(f) == 28.f);
  EXPECT(e.size() == (1 << 20) && td::sum(r) == 45.f && td::sum(r2) == 5.5 && l.size() == 11);
  EXPECT(flat == (std::vector<float>{1, 2, 3, 4, 5, 6}) && td::sum(v) == 21.f);

  auto t = td::reshape(td::arange<float>(24), {2, 3, 4});
  EXPECT(td::sum(td::slice(t, td::range(1, 2), td::all)) == 210.f);
  EXPECT(td::sum(td::slice(t, 0, 2)) == 38.f);
  EXPECT(td::transpose(td::reshape(t, {6, 4})).extent(0) == 4);
  EXPECT(td::permute(t, {2, 0, 1}).shape() == (td::shape<3>{4, 2, 3}));

  auto x = td::arange<float>(8, td::device);
  auto y = td::ones<float>({8}, td::device);
  td::tensor<float, 1, td::device_space> c = x + 2.0f * y;
  c = td::exp(x * 0.f) - td::sqrt(y);
  auto c2 = td::eval(x * y + 1.f);
  auto y2 = td::eval(td::map(saxpy{2.f}, x, y));
  EXPECT(td::sum(c) == 0.f && td::sum(c2) == 36.f && td::sum(y2) == 64.f);
  EXPECT(td::sum(x * y) == 28.f && td::max(x) == 7.f && td::argmax(x) == 7 && td::all(x >= 0.f));
  EXPECT(td::to_vector(td::sum(m, 1)) == (std::vector<float>{6, 15}));
  std::cout << td::to(td::host, m) << "\n" << m << "\n";
  std::cout << "consumer: all contract examples passed (device emulated: " << std::boolalpha
            << td::device_is_emulated << ")\n";
  return 0;
}
