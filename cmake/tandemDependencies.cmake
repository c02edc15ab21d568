# What tandem::tandem needs, found the same way in the build tree and in an installed
# package: the platform's threads (the host backend's pool), TBB (Thrust's device system
# without CUDA, for Thrust code next to the emulated device) and the CCCL headers
# (Thrust, CUB, libcu++) that the CUDA toolkit ships. No CUDA compiler and no GPU are
# needed for a host-only build. Optional: a CBLAS library (OpenBLAS) for host matrix
# products (tandem::cblas, empty when none is found or TANDEM_USE_CBLAS is OFF) and, in
# projects that enable CUDA, cuBLAS for device matrix products (tandem::cublas); FFTW3
# for host FFTs (tandem::fftw) and, with CUDA, cuFFT (tandem::cufft); zlib for .npz
# archives (tandem::zlib); DLPack's header (tandem::dlpack); for td::dist, MPI
# (tandem::mpi) and, in projects that enable CUDA, NCCL (tandem::nccl: device blocks
# move with NCCL; without it, with a CUDA-aware MPI or through pinned host buffers).

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

# FFTW3 (both precisions, with their threads libraries) for host FFTs: tandem::fftw,
# empty when it is not found or TANDEM_USE_FFTW is OFF (FFTW is GPL; declining it makes
# host FFTs a compile-time error that says so).
if(NOT TARGET tandem::fftw)
  add_library(tandem::fftw INTERFACE IMPORTED GLOBAL)
  if(NOT DEFINED TANDEM_USE_FFTW OR TANDEM_USE_FFTW)
    find_path(TANDEM_FFTW_INCLUDE_DIR NAMES fftw3.h)
    set(tandem_fftw_libraries "")
    set(tandem_fftw_found ON)
    foreach(lib fftw3_threads fftw3f_threads fftw3 fftw3f)
      find_library(TANDEM_${lib}_LIBRARY NAMES ${lib})
      if(TANDEM_${lib}_LIBRARY)
        list(APPEND tandem_fftw_libraries "${TANDEM_${lib}_LIBRARY}")
      else()
        set(tandem_fftw_found OFF)
      endif()
    endforeach()
    if(TANDEM_FFTW_INCLUDE_DIR AND tandem_fftw_found)
      set_target_properties(tandem::fftw PROPERTIES
        INTERFACE_LINK_LIBRARIES "${tandem_fftw_libraries}"
        INTERFACE_INCLUDE_DIRECTORIES "${TANDEM_FFTW_INCLUDE_DIR}"
        INTERFACE_COMPILE_DEFINITIONS "TANDEM_HAS_FFTW=1")
      message(STATUS "tandem: host FFTs use FFTW3 (${TANDEM_fftw3_LIBRARY})")
    else()
      message(STATUS "tandem: FFTW3 (fftw3, fftw3f and their threads libraries) not found; host FFTs will not compile")
    endif()
  else()
    message(STATUS "tandem: TANDEM_USE_FFTW is OFF; host FFTs will not compile")
  endif()
endif()

# LAPACKE (over the LAPACK that OpenBLAS or the reference provides) for host linear
# algebra: tandem::lapacke, empty when it is not found (host linear algebra then fails
# to compile, with a message that names what is missing).
if(NOT TARGET tandem::lapacke)
  add_library(tandem::lapacke INTERFACE IMPORTED GLOBAL)
  find_path(TANDEM_LAPACKE_INCLUDE_DIR NAMES lapacke.h PATH_SUFFIXES lapacke)
  find_library(TANDEM_LAPACKE_LIBRARY NAMES lapacke)
  find_library(TANDEM_LAPACK_LIBRARY NAMES lapack openblas)
  if(TANDEM_LAPACKE_INCLUDE_DIR AND TANDEM_LAPACKE_LIBRARY AND TANDEM_LAPACK_LIBRARY)
    set_target_properties(tandem::lapacke PROPERTIES
      INTERFACE_LINK_LIBRARIES "${TANDEM_LAPACKE_LIBRARY};${TANDEM_LAPACK_LIBRARY}"
      INTERFACE_INCLUDE_DIRECTORIES "${TANDEM_LAPACKE_INCLUDE_DIR}"
      INTERFACE_COMPILE_DEFINITIONS "TANDEM_HAS_LAPACKE=1")
    message(STATUS "tandem: host linear algebra uses LAPACKE (${TANDEM_LAPACKE_LIBRARY})")
  else()
    message(STATUS "tandem: LAPACKE not found; host linear algebra will not compile")
  endif()
endif()

# zlib for .npz archives (tandem::zlib, empty when it is not found: reading or writing an
# .npz then fails to compile with a message that says so; .npy files need nothing).
if(NOT TARGET tandem::zlib)
  add_library(tandem::zlib INTERFACE IMPORTED GLOBAL)
  find_package(ZLIB QUIET)
  if(ZLIB_FOUND)
    set_target_properties(tandem::zlib PROPERTIES
      INTERFACE_LINK_LIBRARIES "${ZLIB_LIBRARIES}"
      INTERFACE_INCLUDE_DIRECTORIES "${ZLIB_INCLUDE_DIRS}"
      INTERFACE_COMPILE_DEFINITIONS "TANDEM_HAS_ZLIB=1")
    message(STATUS "tandem: .npz archives use zlib (${ZLIB_LIBRARIES})")
  else()
    message(STATUS "tandem: zlib not found; .npz archives will not compile")
  endif()
endif()

# DLPack's header for td::to_dlpack and td::from_dlpack (tandem::dlpack, empty when it is
# not found: they then fail to compile with a message that says so).
if(NOT TARGET tandem::dlpack)
  add_library(tandem::dlpack INTERFACE IMPORTED GLOBAL)
  find_path(TANDEM_DLPACK_INCLUDE_DIR NAMES dlpack/dlpack.h)
  if(TANDEM_DLPACK_INCLUDE_DIR)
    set_target_properties(tandem::dlpack PROPERTIES
      INTERFACE_INCLUDE_DIRECTORIES "${TANDEM_DLPACK_INCLUDE_DIR}"
      INTERFACE_COMPILE_DEFINITIONS "TANDEM_HAS_DLPACK=1")
    message(STATUS "tandem: DLPack's header found (${TANDEM_DLPACK_INCLUDE_DIR})")
  else()
    message(STATUS "tandem: DLPack's header (dlpack/dlpack.h) not found; td::to_dlpack and td::from_dlpack will not compile")
  endif()
endif()

# tandem::<name> for a CUDA toolkit library (cuBLAS, cuFFT, ...): CUDA::<name> in projects
# that enable CUDA, else empty.
function(tandem_cuda_library name)
  if(NOT TARGET tandem::${name})
    add_library(tandem::${name} INTERFACE IMPORTED GLOBAL)
    get_property(tandem_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
    if(CUDA IN_LIST tandem_languages)
      find_package(CUDAToolkit QUIET)
      if(TARGET CUDA::${name})
        set_target_properties(tandem::${name} PROPERTIES INTERFACE_LINK_LIBRARIES CUDA::${name})
      endif()
    endif()
  endif()
endfunction()
tandem_cuda_library(cublas)
tandem_cuda_library(cufft)
tandem_cuda_library(cusolver)

# NCCL for td::dist's device tensors (tandem::nccl): in projects that enable CUDA, when
# the toolkit (or the system) has nccl.h and libnccl, unless TANDEM_USE_NCCL is OFF.
if(NOT TARGET tandem::nccl)
  add_library(tandem::nccl INTERFACE IMPORTED GLOBAL)
  get_property(tandem_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(CUDA IN_LIST tandem_languages AND (NOT DEFINED TANDEM_USE_NCCL OR TANDEM_USE_NCCL))
    find_package(CUDAToolkit QUIET)
    find_path(TANDEM_NCCL_INCLUDE_DIR NAMES nccl.h HINTS ${CUDAToolkit_INCLUDE_DIRS} $ENV{NCCL_HOME}/include)
    find_library(TANDEM_NCCL_LIBRARY NAMES nccl HINTS ${CUDAToolkit_LIBRARY_DIR} $ENV{NCCL_HOME}/lib)
    if(TANDEM_NCCL_INCLUDE_DIR AND TANDEM_NCCL_LIBRARY)
      set_target_properties(tandem::nccl PROPERTIES
        INTERFACE_INCLUDE_DIRECTORIES "${TANDEM_NCCL_INCLUDE_DIR}"
        INTERFACE_LINK_LIBRARIES "${TANDEM_NCCL_LIBRARY}"
        INTERFACE_COMPILE_DEFINITIONS "TANDEM_HAS_NCCL=1")
      message(STATUS "tandem: td::dist moves device blocks with NCCL (${TANDEM_NCCL_LIBRARY})")
    else()
      message(STATUS "tandem: NCCL not found; td::dist moves device blocks with a CUDA-aware MPI or through pinned host buffers")
    endif()
  endif()
endif()

# MPI for td::dist (tandem::mpi, behind tandem::dist): Open MPI or any MPI that CMake's
# FindMPI finds. Looked for unless TANDEM_USE_MPI is OFF; a program that does not use
# td::dist needs none.
if(NOT TARGET tandem::mpi)
  add_library(tandem::mpi INTERFACE IMPORTED GLOBAL)
  if(NOT DEFINED TANDEM_USE_MPI OR TANDEM_USE_MPI)
    find_package(MPI QUIET COMPONENTS CXX)
  endif()
  if(MPI_CXX_FOUND)
    set_target_properties(tandem::mpi PROPERTIES
      INTERFACE_LINK_LIBRARIES MPI::MPI_CXX
      INTERFACE_COMPILE_DEFINITIONS "TANDEM_HAS_MPI=1")
    set(TANDEM_HAS_MPI ON)
    message(STATUS "tandem: td::dist uses MPI (${MPI_CXX_LIBRARIES})")
  else()
    set(TANDEM_HAS_MPI OFF)
    message(STATUS "tandem: MPI not found; td::dist (tandem::dist) is not available")
  endif()
endif()
