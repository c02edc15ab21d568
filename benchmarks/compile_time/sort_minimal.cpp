// Compile-time probe: sorting a vector, with only the headers it uses.
#include <tandem/algorithm/sort.hpp>
#include <tandem/creation.hpp>
#include <tandem/tensor.hpp>

#include "sort.inc"
