// tandem/backend/cuda/gemm.cuh, included alone: it compiles, links and does what it declares.
#include <tandem/backend/cuda/gemm.cuh>

int header_use_backend_cuda_gemm() {
  namespace td = tandem;
  (void)td::detail::cublas_handle();
  return 0;
}
