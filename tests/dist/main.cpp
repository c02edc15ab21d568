// The td::dist test runner: MPI started first, then Catch2 on every rank. A rank whose
// checks fail exits non-zero, and mpirun then fails the run.
#if __has_include(<catch2/catch_session.hpp>)
#  include <catch2/catch_session.hpp>
#else
#  define CATCH_CONFIG_RUNNER
#  include <catch2/catch.hpp>
#endif

#include <tandem/dist/communicator.hpp>

#ifdef TANDEM_GPU_TESTS
#  include <cuda_runtime_api.h>

#  include <cstdio>
#endif

int main(int argc, char* argv[]) {
#ifdef TANDEM_GPU_TESTS
  // The nvcc build runs the device space on a GPU; without one every rank skips (77).
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no usable CUDA device: distributed GPU tests skipped\n");
    return 77;
  }
#endif
  tandem::dist::environment env(argc, argv);
  return Catch::Session().run(argc, argv);
}
