// Compile-time probe: sorting a vector with raw Thrust.
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/sort.h>

#include <vector>

std::vector<float> sort_values(const std::vector<float>& x) {
  thrust::device_vector<float> a(x.begin(), x.end());
  thrust::sort(a.begin(), a.end());
  std::vector<float> out(x.size());
  thrust::copy(a.begin(), a.end(), out.begin());
  return out;
}
