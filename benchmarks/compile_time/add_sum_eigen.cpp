// Compile-time probe: add_sum with Eigen's Tensor module.
#include <unsupported/Eigen/CXX11/Tensor>

#include <vector>

float add_sum(const std::vector<float>& x, const std::vector<float>& y) {
  const auto n = Eigen::Index(x.size());
  Eigen::Tensor<float, 1> a(n), b(n);
  std::copy(x.begin(), x.end(), a.data());
  std::copy(y.begin(), y.end(), b.data());
  const Eigen::Tensor<float, 1> c = a + b;
  const Eigen::Tensor<float, 0> s = c.sum();
  return s();
}
