// tandem/backend/cuda/solver.cuh, included alone: it compiles, links and does what it declares.
#include <tandem/backend/cuda/solver.cuh>

int header_use_backend_cuda_solver() {
  namespace td = tandem;
  (void)td::detail::cusolver_handle();
  return 0;
}
