// Compile-time probe: a fused expression reduced along an axis, with only the headers it uses.
#include <tandem/algorithm/reduce.hpp>
#include <tandem/creation.hpp>
#include <tandem/expr/math.hpp>
#include <tandem/tensor.hpp>

#include "fused_axis.inc"
