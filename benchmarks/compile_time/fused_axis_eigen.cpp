// Compile-time probe: a fused expression reduced along an axis, with Eigen's Tensor module.
#include <unsupported/Eigen/CXX11/Tensor>

#include <vector>

std::vector<float> fused_axis(const std::vector<float>& x, const std::vector<float>& y, Eigen::Index rows) {
  const Eigen::Index cols = Eigen::Index(x.size()) / rows;
  const Eigen::TensorMap<const Eigen::Tensor<float, 2, Eigen::RowMajor>> a(x.data(), rows, cols);
  const Eigen::TensorMap<const Eigen::Tensor<float, 2, Eigen::RowMajor>> b(y.data(), rows, cols);
  const Eigen::array<Eigen::Index, 1> axis{1};
  const Eigen::Tensor<float, 1, Eigen::RowMajor> r = (a.exp() * b + 1.f).sum(axis);
  return std::vector<float>(r.data(), r.data() + r.size());
}
