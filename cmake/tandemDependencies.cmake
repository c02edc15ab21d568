# What tandem::tandem needs, found the same way in the build tree and in an installed
# package: TBB (the host backend and the emulated device) and the CCCL headers
# (Thrust, CUB, libcu++) that the CUDA toolkit ships. No CUDA compiler and no GPU are
# needed for a host-only build.

if(NOT TARGET TBB::tbb)
  find_package(TBB REQUIRED)
  # Visible to the directories above too, so add_subdirectory(tandem) consumers link it.
  set_target_properties(TBB::tbb PROPERTIES IMPORTED_GLOBAL TRUE)
endif()

if(NOT TARGET tandem::cccl)
  find_path(TANDEM_CCCL_INCLUDE_DIR
    NAMES thrust/version.h
    HINTS ${CCCL_ROOT} $ENV{CCCL_ROOT} ${CUDAToolkit_ROOT} $ENV{CUDA_PATH} $ENV{CUDA_HOME}
    PATHS /usr/local/cuda /opt/cuda
    PATH_SUFFIXES include/cccl include targets/x86_64-linux/include/cccl targets/sbsa-linux/include/cccl
    NO_DEFAULT_PATH)
  if(NOT TANDEM_CCCL_INCLUDE_DIR)
    message(FATAL_ERROR
      "tandem needs the CCCL headers (Thrust, CUB, libcu++) of CUDA 12.x or later. Install the "
      "CUDA toolkit, or point CCCL_ROOT at a CCCL checkout (the folder holding thrust/).")
  endif()
  add_library(tandem::cccl INTERFACE IMPORTED GLOBAL)
  set_target_properties(tandem::cccl PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${TANDEM_CCCL_INCLUDE_DIR}"
    INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${TANDEM_CCCL_INCLUDE_DIR}")
endif()
