// Compile-time probe: sorting a vector, with the one-line include.
#include <tandem/tandem.hpp>

#include "sort.inc"
