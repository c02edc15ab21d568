// Compile-time probe: add_sum with xtensor.
#include <xtensor/xadapt.hpp>
#include <xtensor/xarray.hpp>
#include <xtensor/xmath.hpp>
#include <xtensor/xtensor.hpp>

#include <vector>

float add_sum(const std::vector<float>& x, const std::vector<float>& y) {
  const xt::xtensor<float, 1> a = xt::adapt(x, {x.size()});
  const xt::xtensor<float, 1> b = xt::adapt(y, {y.size()});
  const xt::xtensor<float, 1> c = a + b;
  return xt::sum(c)();
}
