// tandem/backend/cuda/reduce.cuh, included alone: it compiles, links and does what it declares.
#include <tandem/backend/cuda/reduce.cuh>

int header_use_backend_cuda_reduce() {
  namespace td = tandem;
  const double s = td::detail::cub_reduce<double>(10, td::detail::index_getter{}, td::detail::plus_fn{}, 0.0);
  return s == 45.0 ? 0 : 1;
}
