// Compile-time probe: one matrix product, with only the headers it uses.
#include <tandem/algorithm/matmul.hpp>
#include <tandem/creation.hpp>
#include <tandem/tensor.hpp>

#include "matmul.inc"
