// Compile-time probe: a fused expression reduced along an axis, with the one-line include.
#include <tandem/tandem.hpp>

#include "fused_axis.inc"
