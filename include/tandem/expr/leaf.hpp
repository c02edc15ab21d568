#pragma once
/// \file expr/leaf.hpp
/// The leaves of an expression tree (views, owned temporaries, scalars) and the
/// device-copyable evaluators built from them for one output shape.
///
/// Every node offers, on the host, `shape()`, and through its one specialisation of
/// `expr_node` below `make_eval(node, out_shape)`, `flat_ok(node, out_shape)`,
/// `check_operand(node, write_target)` and `overlaps(node, view)`.
/// Every evaluator offers, in TANDEM_HD code: `at(idx)` (idx: the output multi-index)
/// and `flat(i)` (valid only when `flat_ok` held: the leaf is dense and unbroadcast),
/// `row(idx)`, and the cache hints `ahead(i, count)` (flat elements) and
/// `ahead_row(idx, j0, j1)` (part of a row), which change no value.

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>

#include "../backend/portable.hpp"
#include "../config.hpp"
#include "../shape.hpp"
#include "../traits.hpp"

namespace tandem::detail {

/// Reads a leaf's elements through strides broadcast to the output's rank (a stretched
/// dimension has stride 0).
template <class T, std::size_t R>
struct strided_eval {
  const T* ptr;
  shape<R> strides;
  TANDEM_HD T at(const index_t* idx) const { return ptr[offset_of(idx, strides)]; }
  TANDEM_HD T flat(index_t i) const { return ptr[i]; }

  /// One row (the last axis, from the position of the others in idx): a pointer and a
  /// step, so that a loop along the row reads p[j * step] and nothing else.
  struct row_reader {
    const T* p;
    index_t step;
    TANDEM_HD T operator()(index_t j) const { return p[j * step]; }
  };
  /// A row whose step is known to be 1 or 0 (unit_rows() held): p[j], or the leaf's one
  /// value when it is broadcast along the row. The test is invariant along the row, so
  /// an optimizing compiler unswitches a simple loop on it, and every version has unit
  /// steps and vectorizes (with runtime steps, a loop reading a broadcast leaf would stay
  /// scalar, as the compiler versions loops for steps of 1 only).
  struct unit_row_reader {
    const T* p;
    T value;
    bool constant;
    TANDEM_HD T operator()(index_t j) const { return constant ? value : p[j]; }
  };
  /// Whether every row's step is 1 or 0, so that row<true> may be used.
  TANDEM_HD bool unit_rows() const {
    if constexpr (R == 0)
      return true;
    else
      return strides[R - 1] == 0 || strides[R - 1] == 1;
  }
  /// Asks the cache for flat elements [i, i + count) (valid where flat(i) is).
  TANDEM_HD void ahead(index_t i, index_t count) const { prefetch_run(ptr + i, count); }
  /// Bytes a flat read advances per element (core/pairwise.hpp's ahead_elements).
  TANDEM_HD static constexpr index_t ahead_span() { return static_cast<index_t>(sizeof(T)); }
  /// Asks the cache for elements j0 .. j1 - 1 of the row at idx (see row()) where they
  /// lie a few to a line (prefetch_steps: broadcast, reversed and long steps ask nothing).
  TANDEM_HD void ahead_row(const index_t* idx, index_t j0, index_t j1) const {
    if constexpr (R > 0)
      prefetch_steps(ptr + offset_of(idx, strides, R - 1) + j0 * strides[R - 1], strides[R - 1], j1 - j0);
  }
  /// The axis a loop should tile with the last one for this leaf (shape.hpp's
  /// across_rows_axis over the output's extents), or -1. Host code.
  int across_rows(const shape<R>& extents) const { return across_rows_axis(strides, extents); }
  /// The same leaf with the output's axes reordered: axis d of the new output is axis
  /// axes[d] of this one. Host code.
  strided_eval permuted(const std::size_t* axes) const { return {ptr, reordered(strides, axes)}; }
  /// Unit: a unit_row_reader (only when unit_rows() holds), else a row_reader.
  template <bool Unit = false>
  TANDEM_HD auto row(const index_t* idx) const {
    index_t step = 0;
    const T* p = ptr;
    if constexpr (R > 0) {
      p += offset_of(idx, strides, R - 1);
      step = strides[R - 1];
    }
    if constexpr (Unit)
      return step == 0 ? unit_row_reader{p, *p, true} : unit_row_reader{p, T(), false};
    else
      return row_reader{p, step};
  }
};

template <class T>
struct scalar_eval {
  T value;
  TANDEM_HD T at(const index_t*) const { return value; }
  TANDEM_HD T flat(index_t) const { return value; }
  TANDEM_HD bool unit_rows() const { return true; }
  TANDEM_HD void ahead(index_t, index_t) const {}
  TANDEM_HD static constexpr index_t ahead_span() { return 0; }
  TANDEM_HD void ahead_row(const index_t*, index_t, index_t) const {}
  template <std::size_t R>
  int across_rows(const shape<R>&) const {
    return -1;
  }
  scalar_eval permuted(const std::size_t*) const { return *this; }
  template <bool Unit = false>
  TANDEM_HD scalar_eval row(const index_t*) const {
    return *this;
  }
  TANDEM_HD T operator()(index_t) const { return value; }
};

/// A scalar operand of an expression: rank 0, belongs to no space.
template <class T>
struct scalar_leaf {
  using value_type = T;
  using space_type = void;
  static constexpr std::size_t rank = 0;
  T value;
  tandem::shape<0> shape() const { return {}; }
};

/// A temporary tensor an expression was built from: the expression owns it, shared so
/// that copying the expression stays cheap.
template <class T, std::size_t R, class S>
struct owned_leaf {
  using value_type = T;
  using space_type = S;
  static constexpr std::size_t rank = R;
  std::shared_ptr<const tensor<T, R, S>> owner;
  tensor_view<const T, R, S> view;
  explicit owned_leaf(tensor<T, R, S>&& t)
      : owner(std::make_shared<const tensor<T, R, S>>(std::move(t))), view(owner->view()) {}
  const tandem::shape<R>& shape() const { return view.shape(); }
};

// ---- capture: how an argument is held inside an expression -------------------------

template <class X>
auto capture(X&& x) {
  using D = std::remove_cvref_t<X>;
  if constexpr (is_tensor_v<D>) {
    if constexpr (std::is_lvalue_reference_v<X>)
      return tensor_view<const typename D::value_type, D::rank, typename D::space_type>(x.view());
    else
      return owned_leaf<typename D::value_type, D::rank, typename D::space_type>(std::move(x));
  } else if constexpr (is_view_v<D>) {
    return tensor_view<const typename D::value_type, D::rank, typename D::space_type>(x);
  } else if constexpr (scalar<D>) {
    return scalar_leaf<D>{x};
  } else {
    return D(std::forward<X>(x));  // an expression node: held by value
  }
}

template <class X>
using captured_t = decltype(capture(std::declval<X>()));

// ---- what an assignment knows of its destination ----------------------------------

/// The address range a view's elements span, and how to compare two layouts.
struct span_info {
  const char* lo = nullptr;
  const char* hi = nullptr;  // one past the last byte
};
template <class T, std::size_t R, class S>
span_info span_of(const tensor_view<T, R, S>& v) {
  if (v.size() == 0) return {};
  index_t lo = 0, hi = 0;
  for (std::size_t d = 0; d != R; ++d) {
    const index_t reach = (v.extent(d) - 1) * v.stride(d);
    (reach < 0 ? lo : hi) += reach;
  }
  const char* base = reinterpret_cast<const char*>(v.data());
  return {base + lo * index_t(sizeof(T)), base + (hi + 1) * index_t(sizeof(T))};
}

inline bool spans_overlap(const span_info& a, const span_info& b) {
  return a.lo && b.lo && a.hi > b.lo && b.hi > a.lo;
}

/// The destination of an assignment as its operands' checks see it: its view, whether
/// it is dense, and the address range it spans, found once for all the operands.
template <class U, std::size_t R, class S>
struct write_target {
  const tensor_view<U, R, S>& view;  // a reference: copying the view cost a small assignment ~5%
  bool dense;
  span_info span;
  explicit write_target(const tensor_view<U, R, S>& v) : view(v), dense(v.is_contiguous()) {
    if (dense) {  // the common case, without span_of's walk over the strides
      const char* base = reinterpret_cast<const char*>(v.data());
      span = {base, base + v.size() * index_t(sizeof(U))};
    } else {
      span = span_of(v);
    }
  }
};

/// What an assignment must know of its operands, found in one walk over them: whether
/// every one can be read flat (as flat_ok says), and whether one overlaps the
/// destination with another layout, so that writing the destination in order could
/// change what is read (then the assignment goes through a temporary).
struct operand_check {
  bool flat = true;
  bool aliased = false;
};
inline operand_check operator&(operand_check a, operand_check b) {
  return {a.flat && b.flat, a.aliased || b.aliased};
}

// ---- one specialisation of expr_node per kind of node -------------------------------

/// How the engine reads one kind of expression node. Each node type specialises
/// expr_node once, with four static functions (x the node, Out the output's rank):
///   eval(x, shape<Out>)      its evaluator for that output shape (strided_eval,
///                            scalar_eval, map_eval: at(idx), flat(i), row(idx))
///   flat(x, shape<Out>)      whether the evaluator's flat(i) may be used: dense, unbroadcast
///   check(x, write_target)   its operand_check against an assignment's destination
///   overlaps(x, view)        whether the memory it reads overlaps the view's (what
///                            scatter and matmul must rule out)
/// Algorithms call them through make_eval, flat_ok, check_operand and overlaps below.
template <class X>
struct expr_node;

template <class X, std::size_t Out>
auto make_eval(const X& x, const shape<Out>& out) {
  return expr_node<X>::eval(x, out);
}
template <class X, std::size_t Out>
bool flat_ok(const X& x, const shape<Out>& out) {
  return expr_node<X>::flat(x, out);
}
template <class X, class Target>
TANDEM_ALWAYS_INLINE operand_check check_operand(const X& x, const Target& out) {
  return expr_node<X>::check(x, out);
}
template <class X, class V>
bool overlaps(const X& x, const V& view) {
  return expr_node<X>::overlaps(x, view);
}

/// A view: read through its strides, broadcast to the output's rank.
template <class T, std::size_t R, class S>
struct expr_node<tensor_view<T, R, S>> {
  using view = tensor_view<T, R, S>;

  template <std::size_t Out>
  static strided_eval<std::remove_cv_t<T>, Out> eval(const view& v, const shape<Out>& out) {
    static_assert(R <= Out);
    strided_eval<std::remove_cv_t<T>, Out> e{v.data(), {}};
    for (std::size_t k = 0; k != R; ++k) {
      const std::size_t d = Out - R + k;
      e.strides[d] = (v.extent(k) == 1 && out[d] != 1) ? 0 : v.stride(k);
    }
    return e;
  }

  template <std::size_t Out>
  static bool flat(const view& v, const shape<Out>& out) {
    if constexpr (R != Out)
      return v.size() == 1 && out.size() == 1;
    else
      return v.shape() == out && v.is_contiguous();
  }

  template <class U, std::size_t Out, class S2>
  TANDEM_ALWAYS_INLINE static operand_check check(const view& v, const write_target<U, Out, S2>& out) {
    if constexpr (R == Out) {
      if (out.dense && flat(v, out.view.shape())) {
        // Both dense, of one shape (the common case): the spans run from the first
        // element to the last, and only a shifted overlap is harmful.
        const char* lo = reinterpret_cast<const char*>(v.data());
        const char* hi = lo + v.size() * index_t(sizeof(T));
        const bool overlap = lo < out.span.hi && out.span.lo < hi;
        return {true, overlap && !(sizeof(T) == sizeof(U) && lo == out.span.lo)};
      }
    }
    return check_strided(v, out);
  }

  template <class U, std::size_t Out, class S2>
  static bool overlaps(const view& v, const tensor_view<U, Out, S2>& out) {
    return spans_overlap(span_of(v), span_of(out));
  }

 private:
  /// check() in general (any layout, any broadcast): out of line, as the dense case is
  /// what small assignments run.
  template <class U, std::size_t Out, class S2>
  TANDEM_NOINLINE static operand_check check_strided(const view& v, const write_target<U, Out, S2>& out) {
    operand_check c{flat(v, out.view.shape()), false};
    if (!spans_overlap(span_of(v), out.span)) return c;
    c.aliased = true;
    if constexpr (R == Out && sizeof(T) == sizeof(U)) {
      // The destination itself, element for element: each is read before it is written.
      if (static_cast<const void*>(v.data()) == static_cast<const void*>(out.view.data()) &&
          v.shape() == out.view.shape() && v.strides() == out.view.strides())
        c.aliased = false;
    }
    return c;
  }
};

/// A tensor passed directly (to a reduction, a copy): read as its view.
template <class T, std::size_t R, class S>
struct expr_node<tensor<T, R, S>> {
  using view_node = expr_node<tensor_view<const T, R, S>>;
  template <std::size_t Out>
  static auto eval(const tensor<T, R, S>& t, const shape<Out>& out) {
    return view_node::eval(t.view(), out);
  }
  template <std::size_t Out>
  static bool flat(const tensor<T, R, S>& t, const shape<Out>& out) {
    return view_node::flat(t.view(), out);
  }
  template <class Target>
  TANDEM_ALWAYS_INLINE static operand_check check(const tensor<T, R, S>& t, const Target& out) {
    return view_node::check(t.view(), out);
  }
  template <class V>
  static bool overlaps(const tensor<T, R, S>& t, const V& out) {
    return view_node::overlaps(t.view(), out);
  }
};

/// A temporary the expression owns: read as its view, and never aliased, since nobody
/// else can write it.
template <class T, std::size_t R, class S>
struct expr_node<owned_leaf<T, R, S>> {
  using view_node = expr_node<tensor_view<const T, R, S>>;
  template <std::size_t Out>
  static auto eval(const owned_leaf<T, R, S>& leaf, const shape<Out>& out) {
    return view_node::eval(leaf.view, out);
  }
  template <std::size_t Out>
  static bool flat(const owned_leaf<T, R, S>& leaf, const shape<Out>& out) {
    return view_node::flat(leaf.view, out);
  }
  template <class Target>
  static operand_check check(const owned_leaf<T, R, S>& leaf, const Target& out) {
    return {view_node::flat(leaf.view, out.view.shape()), false};
  }
  template <class V>
  static bool overlaps(const owned_leaf<T, R, S>&, const V&) {
    return false;
  }
};

/// A scalar: one value for every element, read flat, touching no memory.
template <class T>
struct expr_node<scalar_leaf<T>> {
  template <std::size_t Out>
  static scalar_eval<T> eval(const scalar_leaf<T>& s, const shape<Out>&) {
    return {s.value};
  }
  template <std::size_t Out>
  static bool flat(const scalar_leaf<T>&, const shape<Out>&) {
    return true;
  }
  template <class Target>
  static operand_check check(const scalar_leaf<T>&, const Target&) {
    return {};
  }
  template <class V>
  static bool overlaps(const scalar_leaf<T>&, const V&) {
    return false;
  }
};

}  // namespace tandem::detail

// Leaves wrap tensors and views: their definitions (and assignment, which tensor.hpp
// brings) come after the leaves, which expr/assign.hpp needs declared first.
#include "../tensor.hpp"
