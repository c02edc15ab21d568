// tandem/backend/cuda/sort.cuh, included alone: it compiles, links and does what it declares.
#include <tandem/backend/cuda/sort.cuh>

int header_use_backend_cuda_sort() {
  namespace td = tandem;
  const float host[4] = {3, 1, 2, 0};
  td::detail::memory_block<float, td::detail::cuda_device_memory> d(4);
  td::detail::cuda_device_memory::copy(d.data(), host, sizeof host);
  td::detail::cuda_sorter::sort(d.data(), 4, false);
  float first = -1;
  td::detail::cuda_device_memory::copy(&first, d.data(), sizeof first);
  td::detail::cuda_device_memory::wait();
  return first == 0.0f ? 0 : 1;
}
