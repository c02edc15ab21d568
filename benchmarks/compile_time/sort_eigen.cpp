// Compile-time probe: sorting a vector held in an Eigen tensor (Eigen has no sort; this
// is std::sort over its storage, what an Eigen user writes).
#include <unsupported/Eigen/CXX11/Tensor>

#include <algorithm>
#include <vector>

std::vector<float> sort_values(const std::vector<float>& x) {
  Eigen::Tensor<float, 1> a(Eigen::Index(x.size()));
  std::copy(x.begin(), x.end(), a.data());
  std::sort(a.data(), a.data() + a.size());
  return std::vector<float>(a.data(), a.data() + a.size());
}
