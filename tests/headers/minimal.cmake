# Headers pay only for what they use: each header named in HEADERS, included alone by a
# one-line program and preprocessed by the host compiler (-H lists every file it opens),
# must open none of the heavy dependencies below. A header that starts pulling one in
# again fails here, naming the header and the file.
#   cmake -DCXX=... -DFLAGS=... -DHEADERS=... [-DALLOW=...] -DWORK_DIR=... -P minimal.cmake
# FLAGS, HEADERS and ALLOW are ;-lists (HEADERS relative to include/tandem; ALLOW names
# entries of the list below that these headers may open, such as cblas.h for matmul).
set(forbidden
  "thrust/" "cub/" "cuda/std/" "/execution$" "/tbb/" "/oneapi/" "cblas.h" "fftw3" "lapack" "mpi.h"
  "/regex$" "/iostream$" "/sstream$" "/chrono$" "intrin.h$")
if(ALLOW)
  list(REMOVE_ITEM forbidden ${ALLOW})
endif()
file(MAKE_DIRECTORY ${WORK_DIR})
set(failed "")
foreach(header IN LISTS HEADERS)
  string(MAKE_C_IDENTIFIER ${header} id)
  set(src ${WORK_DIR}/${id}.cpp)
  file(WRITE ${src} "#include <tandem/${header}>\nint main() { return 0; }\n")
  execute_process(COMMAND ${CXX} ${FLAGS} -E -H ${src} -o ${WORK_DIR}/${id}.i
                  RESULT_VARIABLE rc ERROR_VARIABLE opened)
  if(NOT rc EQUAL 0)
    list(APPEND failed "tandem/${header}: the compiler failed (${rc}):\n${opened}")
    continue()
  endif()
  string(REPLACE "\n" ";" lines "${opened}")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^\\.+ ")
      continue()
    endif()
    string(REGEX REPLACE "^\\.+ " "" path "${line}")
    if(path MATCHES "(^|/)include/tandem/")  # tandem's own headers (backend/thrust/ is a folder name)
      continue()
    endif()
    foreach(pattern IN LISTS forbidden)
      if(path MATCHES "${pattern}")
        list(APPEND failed "tandem/${header} includes ${path}")
        break()
      endif()
    endforeach()
  endforeach()
endforeach()
list(LENGTH HEADERS count)
if(failed)
  list(REMOVE_DUPLICATES failed)
  list(JOIN failed "\n  " text)
  message(FATAL_ERROR "minimal headers pull in what they should not:\n  ${text}")
endif()
list(JOIN forbidden ", " text)
message(STATUS "${count} headers open nothing matching: ${text}")
