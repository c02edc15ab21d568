// Compile-time probe: a fused expression reduced along an axis, with raw Thrust: one
// reduce_by_key over row numbers of a transformed zip of the two inputs.
#include <thrust/device_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/reduce.h>

#include <cmath>
#include <vector>

struct row_of {
  long cols;
  __host__ __device__ long operator()(long i) const { return i / cols; }
};
struct fused {
  __host__ __device__ float operator()(const thrust::tuple<float, float>& t) const {
    return expf(thrust::get<0>(t)) * thrust::get<1>(t) + 1.f;
  }
};

std::vector<float> fused_axis(const std::vector<float>& x, const std::vector<float>& y, long rows) {
  const long cols = long(x.size()) / rows;
  const thrust::device_vector<float> a(x.begin(), x.end()), b(y.begin(), y.end());
  thrust::device_vector<float> r(static_cast<std::size_t>(rows));
  const auto keys = thrust::make_transform_iterator(thrust::counting_iterator<long>(0), row_of{cols});
  const auto values =
      thrust::make_transform_iterator(thrust::make_zip_iterator(thrust::make_tuple(a.begin(), b.begin())), fused{});
  thrust::reduce_by_key(keys, keys + rows * cols, values, thrust::make_discard_iterator(), r.begin());
  std::vector<float> out(r.size());
  thrust::copy(r.begin(), r.end(), out.begin());
  return out;
}
