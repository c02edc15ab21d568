# tandem_precompile_headers(<target> [HEADERS <header>...])
#
# Compiles tandem's headers once for <target> (CMake's target_precompile_headers)
# instead of in every source file: by default <tandem/tandem.hpp>, or the headers named.
# Sources of other languages than CXX (.cu files compiled by nvcc) are left alone, as
# nvcc does not take g++'s precompiled headers. Every source of the target then sees
# the headers first, so use it for targets whose sources include them anyway.
function(tandem_precompile_headers target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "HEADERS")
  if(NOT arg_HEADERS)
    set(arg_HEADERS <tandem/tandem.hpp>)
  endif()
  set(list "")
  foreach(header IN LISTS arg_HEADERS)
    list(APPEND list "$<$<COMPILE_LANGUAGE:CXX>:${header}>")
  endforeach()
  target_precompile_headers(${target} PRIVATE ${list})
endfunction()
