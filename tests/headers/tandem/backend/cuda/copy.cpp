// tandem/backend/cuda/copy.cuh, included alone: it compiles, links and does what it declares.
#include <tandem/backend/cuda/copy.cuh>
#include <tandem/backend/cuda/runtime.hpp>
#include <tandem/backend/memory_block.hpp>

int header_use_backend_cuda_copy() {
  namespace td = tandem;
  // A 2x3 matrix (row-major) into its 3x2 transpose: out(i, j) = in(j, i).
  const double host_in[6] = {0, 1, 2, 3, 4, 5};
  td::detail::memory_block<double, td::detail::cuda_device_memory> in(6), out(6);
  td::detail::cuda_device_memory::copy(in.data(), host_in, sizeof host_in);
  // Over the destination's extents (3, 2): its strides (2, 1), the source's read as (1, 3).
  td::detail::cuda_copy_tiles(out.data(), static_cast<const double*>(in.data()), td::shape<2>{3, 2},
                              td::shape<2>{2, 1}, td::shape<2>{1, 3}, 0);
  double got[6] = {};
  td::detail::cuda_device_memory::copy(got, out.data(), sizeof got);
  td::detail::cuda_device_memory::wait();
  const double want[6] = {0, 3, 1, 4, 2, 5};
  for (int i = 0; i < 6; ++i)
    if (got[i] != want[i]) return 1;
  return 0;
}
