// Compile-time probe: one vector add and one sum, with the one-line include.
#include <tandem/tandem.hpp>

#include "add_sum.inc"
