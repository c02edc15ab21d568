// The test runner. Built by the host compiler for both test executables; the GPU
// executable skips (CTest's SKIP_RETURN_CODE) when no CUDA device is usable.
#if __has_include(<catch2/catch_session.hpp>)
#  include <catch2/catch_session.hpp>
#else
#  define CATCH_CONFIG_RUNNER
#  include <catch2/catch.hpp>
#endif

#include <cstdio>

#ifdef TANDEM_GPU_TESTS
#  include <cuda_runtime_api.h>
#endif

int main(int argc, char* argv[]) {
#ifdef TANDEM_GPU_TESTS
  int devices = 0;
  const cudaError_t status = cudaGetDeviceCount(&devices);
  if (status != cudaSuccess || devices == 0) {
    std::printf("no usable CUDA device (%s): GPU tests skipped\n",
                status != cudaSuccess ? cudaGetErrorString(status) : "none found");
    return 77;
  }
#endif
  return Catch::Session().run(argc, argv);
}
