# What tandem::tandem needs, found the same way in the build tree and in an installed
# package: the platform's threads (the host backend's pool), TBB (Thrust's device system
# without CUDA, for Thrust code next to the emulated device) and the CCCL headers
# (Thrust, CUB, libcu++) that the CUDA toolkit ships. No CUDA compiler and no GPU are
# needed for a host-only build. Optional: a CBLAS library (OpenBLAS) for host matrix
# products (tandem::cblas, empty when none is found or TANDEM_USE_CBLAS is OFF) and, in
# projects that enable CUDA, cuBLAS for device matrix products (tandem::cublas).

if(NOT TARGET Threads::Threads)
  set(THREADS_PREFER_PTHREAD_FLAG ON)
  find_package(Threads REQUIRED)
endif()

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

if(NOT TARGET tandem::cblas)
  add_library(tandem::cblas INTERFACE IMPORTED GLOBAL)
  if(NOT DEFINED TANDEM_USE_CBLAS OR TANDEM_USE_CBLAS)
    find_library(TANDEM_OPENBLAS_LIBRARY NAMES openblas)
    # OpenBLAS's own header folder first: the generic cblas.h may be another CBLAS's.
    find_path(TANDEM_CBLAS_INCLUDE_DIR NAMES cblas.h
      PATHS /usr/include/${CMAKE_LIBRARY_ARCHITECTURE}/openblas-pthread /usr/include/openblas
            /usr/local/include/openblas /opt/OpenBLAS/include
      NO_DEFAULT_PATH)
    if(TANDEM_OPENBLAS_LIBRARY AND TANDEM_CBLAS_INCLUDE_DIR)
      set_target_properties(tandem::cblas PROPERTIES
        INTERFACE_LINK_LIBRARIES "${TANDEM_OPENBLAS_LIBRARY}"
        INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${TANDEM_CBLAS_INCLUDE_DIR}"
        INTERFACE_INCLUDE_DIRECTORIES "${TANDEM_CBLAS_INCLUDE_DIR}"
        INTERFACE_COMPILE_DEFINITIONS "TANDEM_HAS_CBLAS=1")
      message(STATUS "tandem: host matmul can use CBLAS (${TANDEM_OPENBLAS_LIBRARY})")
    else()
      message(STATUS "tandem: no OpenBLAS found; host matmul uses tandem's own kernel only")
    endif()
  endif()
endif()

if(NOT TARGET tandem::cublas)
  add_library(tandem::cublas INTERFACE IMPORTED GLOBAL)
  get_property(tandem_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(CUDA IN_LIST tandem_languages)
    find_package(CUDAToolkit QUIET)
    if(TARGET CUDA::cublas)
      set_target_properties(tandem::cublas PROPERTIES INTERFACE_LINK_LIBRARIES CUDA::cublas)
    endif()
  endif()
endif()
