// tandem/backend/cuda/reduce.cuh, included alone: it compiles, links and does what it declares.
#include <tandem/backend/cuda/reduce.cuh>
#include "../../../use_functors.hpp"

using header_use::index_value;
using header_use::plus_op;

int header_use_backend_cuda_reduce() {
  namespace td = tandem;
  const double s = td::detail::cub_reduce<double>(10, index_value{}, plus_op{}, 0.0);
  return s == 45.0 ? 0 : 1;
}
