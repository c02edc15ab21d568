#pragma once
/// \file algorithm/for_each.hpp
/// `td::for_each`: call a TANDEM_HD functor for every index of a 1-d or n-d index
/// space, in the backend of the given space.
///
/// \code
/// auto v = grid.view();                                  // a device tensor's view
/// td::for_each(td::device, td::shape<2>{m, n},
///              [=] TANDEM_HD (td::index_t i, td::index_t j) { v(i, j) = float(i + j); });
/// \endcode
/// Performance: one parallel loop; on the host, serial below 2^15 indices. On CPU cores
/// (the host, the emulated device) each task walks its indices as nested loops would,
/// decoding only its first; a GPU thread decodes its own index.

#include <cstddef>
#include <utility>

#include "../backend/backend.hpp"
#include "../core/tuning.hpp"
#include "../shape.hpp"
#include "../space.hpp"

namespace tandem {
namespace detail {

/// Decodes a flat index and calls f(i0, i1, ...).
template <std::size_t R, class F>
struct nd_call_kernel {
  shape<R> extents;
  F fn;
  TANDEM_HD void operator()(index_t flat) const { call(flat, std::make_index_sequence<R>{}); }

 private:
  template <std::size_t... D>
  TANDEM_HD void call(index_t flat, std::index_sequence<D...>) const {
    index_t idx[R];
    unravel(flat, extents, idx);
    fn(idx[D]...);
  }
};

/// The same calls on CPU cores, a run of `run` flat indices per call: the first index is
/// decoded once, then the last coordinate steps along its row and carries into the
/// others, as nested loops do (decoding every index costs a 64-bit division per
/// coordinate, which made a 2-d stencil take 1.6 to 2.3 times its loop).
template <std::size_t R, class F>
struct nd_run_kernel {
  shape<R> extents;
  F fn;
  index_t run;
  index_t n;
  void operator()(index_t t) const {
    const F g = fn;  // a local copy: its members stay in registers
    const index_t at = t * run;
    walk_rows(extents, at, n - at < run ? n - at : run, [&g](const index_t* idx, index_t j0, index_t j1) {
      row(g, idx, j0, j1, std::make_index_sequence<R - 1>{});
    });
  }

 private:
  template <std::size_t... D>
  static void row(const F& g, const index_t* idx, index_t j0, index_t j1, std::index_sequence<D...>) {
    for (index_t j = j0; j < j1; ++j) g(idx[D]..., j);
  }
};

}  // namespace detail

/// Calls f(i) for every i in [0, n), in the backend of space S.
template <space S, class F>
void for_each(S, index_t n, F f) {
  using backend = detail::backend_t<S>;
  backend::for_each(n, f);
  backend::finish();
}

/// Calls f(i, j, ...) for every index of the shape, row-major, in the backend of space S.
template <space S, std::size_t R, class F>
  requires(R > 0)
void for_each(S space_tag, const shape<R>& extents, F f) {
  detail::check_extents(extents, "for_each");
  using backend = detail::backend_t<S>;
  if constexpr (R > 1 && backend::runs_on_cpu) {
    const index_t n = extents.size(), run = detail::tuning::task_size;
    backend::for_each((n + run - 1) / run, detail::nd_run_kernel<R, F>{extents, std::move(f), run, n}, run);
    backend::finish();
  } else {
    for_each(space_tag, extents.size(), detail::nd_call_kernel<R, F>{extents, std::move(f)});
  }
}

}  // namespace tandem
