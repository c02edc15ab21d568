// Compile-time probe: add_sum with raw Thrust (its TBB system under g++, CUDA under nvcc).
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>

#include <vector>

float add_sum(const std::vector<float>& x, const std::vector<float>& y) {
  const thrust::device_vector<float> a(x.begin(), x.end()), b(y.begin(), y.end());
  thrust::device_vector<float> c(x.size());
  thrust::transform(a.begin(), a.end(), b.begin(), c.begin(), thrust::plus<float>());
  return thrust::reduce(c.begin(), c.end(), 0.f);
}
