// Small TANDEM_HD functors the header uses hand to tandem's primitives.
#pragma once

#include <tandem/config.hpp>

namespace header_use {
/// A plain + with no plus_tag: CUB calls it rather than its own plus.
struct plus_op {
  TANDEM_HD double operator()(double a, double b) const { return a + b; }
};
/// Element i is i.
struct index_value {
  TANDEM_HD double operator()(tandem::index_t i) const { return double(i); }
};
}  // namespace header_use
