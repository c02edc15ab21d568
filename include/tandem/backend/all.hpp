#pragma once
/// \file backend/all.hpp
/// Every operation of every backend, and the check that each backend offers the whole
/// interface (the `backend` concept of backend.hpp). <tandem/tandem.hpp> includes it.

#include "backend.hpp"
#include "gemm.hpp"
#include "select.hpp"
#include "sort.hpp"

namespace tandem::detail {

static_assert(backend<backend_t<host_space>>, "tandem: the host backend must offer every backend operation");
static_assert(backend<backend_t<device_space>>, "tandem: the device backend must offer every backend operation");

}  // namespace tandem::detail
