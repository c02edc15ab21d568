// Compile-time probe: add_sum_tandem.cpp with only the headers it uses.
#include <tandem/algorithm/reduce.hpp>
#include <tandem/creation.hpp>
#include <tandem/expr/operators.hpp>
#include <tandem/tensor.hpp>

#include "add_sum.inc"
