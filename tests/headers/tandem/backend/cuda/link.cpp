// tandem/backend/cuda/link.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/cuda/link.hpp>

#include <cstdint>
#include <vector>

int header_use_backend_cuda_link() {
  namespace td = tandem;
  namespace mpi = td::detail::mpi;
  if (!mpi::initialized()) return 1;
  const mpi::comm c(mpi::world_handle());
  auto& link = td::detail::cuda::device_link::of(c);
  if (&link != &td::detail::cuda::device_link::of(c)) return 1;  // made once, kept
  // Each rank's rank, in device memory, gathered on every rank through the link.
  const int p = c.size();
  std::int32_t* d = nullptr;
  TANDEM_CUDA_CHECK(cudaMalloc(&d, sizeof(std::int32_t) * static_cast<std::size_t>(p + 1)));
  const std::int32_t mine = c.rank();
  TANDEM_CUDA_CHECK(cudaMemcpy(d, &mine, sizeof mine, cudaMemcpyHostToDevice));
  link.allgatherv(d, 1, d + 1, std::vector<td::index_t>(static_cast<std::size_t>(p), 1), sizeof mine);
  std::vector<std::int32_t> all(static_cast<std::size_t>(p));
  TANDEM_CUDA_CHECK(cudaStreamSynchronize(td::detail::current_stream()));
  TANDEM_CUDA_CHECK(cudaMemcpy(all.data(), d + 1, sizeof(std::int32_t) * all.size(), cudaMemcpyDeviceToHost));
  TANDEM_CUDA_CHECK(cudaFree(d));
  for (int r = 0; r < p; ++r)
    if (all[static_cast<std::size_t>(r)] != r) return 1;
  return link.name().empty() ? 1 : 0;
}
