// tandem/backend/cuda/runtime.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/cuda/runtime.hpp>

int header_use_backend_cuda_runtime() {
  namespace td = tandem;
  using R = td::detail::cuda_runtime;
  auto s = R::take_stream();
  R::synchronize(s);
  R::give_stream(s);
  void* p = td::detail::cuda_device_memory::allocate(256);
  td::detail::cuda_device_memory::zero(p, 256);
  td::detail::cuda_device_memory::deallocate(p, 256);
  td::detail::cuda_device_memory::wait();
  return 0;
}
