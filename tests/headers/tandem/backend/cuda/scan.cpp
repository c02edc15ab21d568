// tandem/backend/cuda/scan.cuh, included alone: it compiles, links and does what it declares.
#include <tandem/backend/cuda/scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include "../../../use_functors.hpp"

using header_use::index_value;
using header_use::plus_op;

int header_use_backend_cuda_scan() {
  namespace td = tandem;
  td::detail::memory_block<double, td::detail::cuda_device_memory> out(4);
  td::detail::cub_scan<double>(4, thrust::make_transform_iterator(thrust::counting_iterator<td::index_t>(0), index_value{}),
                               plus_op{}, out.data(), nullptr);
  double last = 0;
  td::detail::cuda_device_memory::copy(&last, out.data() + 3, sizeof last);
  td::detail::cuda_device_memory::wait();
  return last == 6.0 ? 0 : 1;
}
