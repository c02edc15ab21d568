// tandem/backend/cuda/cub_op.cuh, included alone: it compiles, links and does what it declares.
#include <tandem/backend/cuda/cub_op.cuh>


#include <tandem/config.hpp>

namespace {
struct tagged_plus {
  using plus_tag = void;  // a plain +: handed to CUB as its own plus, never called
};
struct max_op {
  TANDEM_HD double operator()(double a, double b) const { return a > b ? a : b; }
};
}  // namespace

int header_use_backend_cuda_cub_op() {
  namespace td = tandem;
  const auto plus = td::detail::cub_op<double>(tagged_plus{});
  const auto max = td::detail::cub_op<double>(max_op{});
  return plus(1.0, 2.0) == 3.0 && max(1.0, 2.0) == 2.0 ? 0 : 1;
}
