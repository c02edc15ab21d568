// Compile-time probe: one matrix product, with the one-line include.
#include <tandem/tandem.hpp>

#include "matmul.inc"
