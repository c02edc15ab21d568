// tandem/backend/cuda/cub_op.cuh, included alone: it compiles, links and does what it declares.
#include <tandem/backend/cuda/cub_op.cuh>

int header_use_backend_cuda_cub_op() {
  namespace td = tandem;
  const auto op = td::detail::cub_op<float>(td::detail::plus_fn{});
  return op(1.0f, 2.0f) == 3.0f ? 0 : 1;
}
