// tandem/backend/cuda/reduce.cuh, included alone: it compiles, links and does what it declares.
#include <tandem/backend/cuda/reduce.cuh>


namespace {
struct plus_op {  // no plus_tag: CUB calls it
  TANDEM_HD double operator()(double a, double b) const { return a + b; }
};
struct index_value {
  TANDEM_HD double operator()(tandem::index_t i) const { return double(i); }
};
}  // namespace

int header_use_backend_cuda_reduce() {
  namespace td = tandem;
  const double s = td::detail::cub_reduce<double>(10, index_value{}, plus_op{}, 0.0);
  return s == 45.0 ? 0 : 1;
}
