// The twenty-line example of README.md, kept compiling and running here.
#include <tandem/tandem.hpp>
#include <iostream>
namespace td = tandem;

struct saxpy {                               // one functor for both processors
  float a;
  TANDEM_HD float operator()(float x, float y) const { return a * x + y; }
};

int main() {
  auto x = td::arange<float>(1 << 20, td::device);           // lives on the GPU
  auto y = td::ones<float>({1 << 20}, td::device);
  td::tensor<float, 1, td::device_space> z = td::exp(x * 1e-6f) + 2.f * y;  // one kernel
  auto w = td::eval(td::map(saxpy{0.5f}, x, z));            // your functor, fused
  float total = td::sum(w * w);                              // reduced without materializing
  auto m = td::reshape(td::arange<double>(12), {3, 4});      // host memory
  std::cout << td::sum(m, 1) << " " << total << "\n";        // [6, 22, 38] ...
  std::cout << td::slice(td::to(td::host, w), td::range(0, 3)) << "\n";
}
