#pragma once
/// \file backend/backend.hpp
/// The one place that says which backend runs each memory space, and what a backend is.
///
/// A backend is one struct of static members (the `backend` concept below checks them):
/// - loops: `for_each(n, f[, cost])`, `store_each(n, out, f)`, `reduce<V>(n, get, op, init)`,
///   `scan<V>(n, get, op, out, init*)`, `scan_contiguous<V>(n, in, op, out, init*)`,
///   `runs_on_cpu` (algorithms pick cache-friendly shapes of work on CPU cores);
/// - `sum_bins(n, bin, weight, bins, sums)` (index_t or double sums), `gemm<T>(batch, m, n, k, a, b, c)` with
///   `gemm_native<T>` and `gemm_reads(rows, cols, rs, cs)`;
/// - `sorter` (sort, sort_by_key, argsort, sort_rows, unique), `selector` (select) and
///   `solver` (dense linear algebra: lu, lu_solve, cholesky, qr, qr_q, svd, eigh, eig);
/// - `memory` (allocation, zero-fill, copies, waiting, the cache of freed memory) and
///   `runtime` (streams and events);
/// - `finish()` after each operation, `synchronize()`.
/// Adding a backend means writing that struct and naming it here for its space. The
/// sorter, selector and gemm are defined in their own headers (facets.hpp), reached
/// through the doors sort.hpp, select.hpp and gemm.hpp; all.hpp checks every backend
/// against the concept.

#include <cstddef>
#include <type_traits>

#include "../config.hpp"
#include "../shape.hpp"
#include "../space.hpp"
#include "facets.hpp"
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
/// The backend that runs work on memory of `Space`.
template <class Space>
using backend_t = typename backend_for<Space>::type;

template <class Space>
using memory_t = typename backend_t<Space>::memory;
template <class Space>
using sorter_t = typename backend_t<Space>::sorter;
template <class Space>
using selector_t = typename backend_t<Space>::selector;
template <class Space>
using solver_t = typename backend_t<Space>::solver;

namespace probe {
// Stand-ins for the callables algorithms hand a backend, for checking its interface.
struct loop_kernel {
  TANDEM_HD void operator()(index_t) const {}
};
struct getter {
  TANDEM_HD double operator()(index_t) const { return 0; }
};
struct combine_fn {
  TANDEM_HD double operator()(double a, double b) const { return a + b; }
};
struct predicate {
  TANDEM_HD bool operator()(index_t) const { return true; }
};
struct bin {
  TANDEM_HD index_t operator()(index_t) const { return 0; }
};
struct allocate {
  double* operator()(index_t) const { return nullptr; }
};
}  // namespace probe

/// What every backend offers.
template <class B>
concept backend = requires(index_t n, double* out, const double* in, float* f, index_t* idx, void* p,
                           std::size_t bytes, typename B::memory::owner owner,
                           typename B::runtime::stream_type s, typename B::runtime::event_type e) {
  { B::runs_on_cpu } -> std::convertible_to<bool>;
  B::for_each(n, probe::loop_kernel{});
  B::for_each(n, probe::loop_kernel{}, n);
  B::store_each(n, out, probe::getter{});
  { B::template reduce<double>(n, probe::getter{}, probe::combine_fn{}, 0.0) } -> std::same_as<double>;
  B::template scan<double>(n, probe::getter{}, probe::combine_fn{}, out, in);
  B::template scan_contiguous<double>(n, in, probe::combine_fn{}, out, in);
  B::sum_bins(n, probe::bin{}, unit_weight{}, n, idx);
  B::sum_bins(n, probe::bin{}, probe::getter{}, n, out);
  B::copy_tiles(out, f, shape<2>{}, shape<2>{}, shape<2>{}, std::size_t{0});
  B::template gemm<float>(n, n, n, n, strided_matrix<const float>{}, strided_matrix<const float>{},
                          strided_matrix<float>{});
  B::template gemm<double>(n, n, n, n, strided_matrix<const double>{}, strided_matrix<const double>{},
                           strided_matrix<double>{});
  { B::template gemm_native<float> } -> std::convertible_to<bool>;
  { B::gemm_reads(n, n, n, n) } -> std::convertible_to<bool>;
  B::finish();
  B::synchronize();

  B::sorter::sort(f, n, true);
  B::sorter::sort_by_key(f, idx, n, true);
  B::sorter::template argsort<double>(n, probe::getter{}, idx, true);
  B::sorter::sort_rows(f, n, n, true);
  { B::sorter::unique(f, n) } -> std::same_as<index_t>;
  B::selector::template select<double>(n, probe::predicate{}, probe::getter{}, probe::allocate{});

  { B::memory::is_host_memory } -> std::convertible_to<bool>;
  { B::memory::host_accessible } -> std::convertible_to<bool>;
  { B::memory::current_owner() } -> std::same_as<typename B::memory::owner>;
  { B::memory::allocate(bytes) } -> std::same_as<void*>;
  B::memory::deallocate(p, bytes, owner);
  B::memory::zero(p, bytes);
  B::memory::copy(p, p, bytes);
  B::memory::wait();
  B::memory::set_cache_limit(bytes);
  { B::memory::cache_limit() } -> std::same_as<std::size_t>;
  { B::memory::cached_bytes() } -> std::same_as<std::size_t>;
  B::memory::release_cached();

  { B::runtime::has_streams } -> std::convertible_to<bool>;
  { B::runtime::take_stream() } -> std::same_as<typename B::runtime::stream_type>;
  B::runtime::give_stream(s);
  { B::runtime::current_stream() } -> std::same_as<typename B::runtime::stream_type>;
  B::runtime::set_current(s);
  B::runtime::order_after(s, s);
  B::runtime::synchronize(s);
  { B::runtime::valid(s) } -> std::convertible_to<bool>;
  { B::runtime::make_event() } -> std::same_as<typename B::runtime::event_type>;
  B::runtime::record(e, s);
  B::runtime::synchronize(e);
  { B::runtime::query(e) } -> std::convertible_to<bool>;
  B::runtime::wait(s, e);
  { B::runtime::elapsed_ms(e, e) } -> std::convertible_to<float>;
  B::runtime::destroy_event(e);
};

}  // namespace tandem::detail
