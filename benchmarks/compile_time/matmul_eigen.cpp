// Compile-time probe: one matrix product with Eigen's Tensor module (a contraction).
#include <unsupported/Eigen/CXX11/Tensor>

#include <vector>

std::vector<float> product(const std::vector<float>& x, const std::vector<float>& y, Eigen::Index n) {
  const Eigen::TensorMap<const Eigen::Tensor<float, 2, Eigen::RowMajor>> a(x.data(), n, n);
  const Eigen::TensorMap<const Eigen::Tensor<float, 2, Eigen::RowMajor>> b(y.data(), n, n);
  const Eigen::array<Eigen::IndexPair<int>, 1> dims{Eigen::IndexPair<int>(1, 0)};
  const Eigen::Tensor<float, 2, Eigen::RowMajor> c = a.contract(b, dims);
  return std::vector<float>(c.data(), c.data() + c.size());
}
