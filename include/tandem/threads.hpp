#pragma once
/// \file threads.hpp
/// How many threads host-space loops use (the emulated device space's too, which runs
/// on the same threads): `TANDEM_NUM_THREADS` from the environment, else the number of
/// hardware threads, until set_num_threads changes it.
///
/// td::set_num_threads(1);    // every host loop on the calling thread
/// td::set_num_threads(0);    // back to the default
/// int n = td::num_threads();
///
/// Results do not depend on it: parallel reductions and scans split their work into
/// chunks fixed by the size alone.

#include "backend/backend.hpp"
#include "space.hpp"

namespace tandem {

/// Threads host loops use, the calling thread's included.
inline int num_threads() { return detail::backend_t<host_space>::threads(); }

/// Sets the threads host loops use from the next loop on; n < 1 restores the default.
inline void set_num_threads(int n) { detail::backend_t<host_space>::set_threads(n); }

}  // namespace tandem
