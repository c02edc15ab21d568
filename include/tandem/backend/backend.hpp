#pragma once
/// \file backend/backend.hpp
/// Which backend runs loops over which space.

#include "../space.hpp"
#include "host/host_backend.hpp"
#include "thrust/thrust_backend.hpp"

namespace tandem::detail {

template <class Space>
struct backend_for {
  using type = thrust_backend<Space>;
};
template <>
struct backend_for<host_space> {
  using type = host_backend;
};
template <class Space>
using backend_t = typename backend_for<Space>::type;

}  // namespace tandem::detail
