#pragma once
/// \file expr/leaf.hpp
/// The leaves of an expression tree (views, owned temporaries, scalars) and the
/// device-copyable evaluators built from them for one output shape.
///
/// Every node offers, on the host: `shape()`, and through the detail functions below
/// `make_eval(node, out_shape)`, `flat_ok(node, out_shape)`, `overlaps(node, out)` and
/// `check_operand(node, write_target)`.
/// Every evaluator offers, in TANDEM_HD code: `at(idx)` (idx: the output multi-index)
/// and `flat(i)` (valid only when `flat_ok` held: the leaf is dense and unbroadcast).

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>

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
  if constexpr (is_tensor<D>::value) {
    if constexpr (std::is_lvalue_reference_v<X>)
      return tensor_view<const typename D::value_type, D::rank, typename D::space_type>(x.view());
    else
      return owned_leaf<typename D::value_type, D::rank, typename D::space_type>(std::move(x));
  } else if constexpr (is_view<D>::value) {
    return tensor_view<const typename D::value_type, D::rank, typename D::space_type>(x);
  } else if constexpr (scalar<D>) {
    return scalar_leaf<D>{x};
  } else {
    return D(std::forward<X>(x));  // an expression node: held by value
  }
}

template <class X>
using captured_t = decltype(capture(std::declval<X>()));

// ---- views as leaves ---------------------------------------------------------------

template <class T, std::size_t R, class S, std::size_t Out>
strided_eval<std::remove_cv_t<T>, Out> make_eval(const tensor_view<T, R, S>& v, const shape<Out>& out) {
  static_assert(R <= Out);
  strided_eval<std::remove_cv_t<T>, Out> e{v.data(), {}};
  for (std::size_t k = 0; k != R; ++k) {
    const std::size_t d = Out - R + k;
    e.strides[d] = (v.extent(k) == 1 && out[d] != 1) ? 0 : v.stride(k);
  }
  return e;
}
template <class T, std::size_t R, class S, std::size_t Out>
bool flat_ok(const tensor_view<T, R, S>& v, const shape<Out>& out) {
  if constexpr (R != Out) {
    return v.size() == 1 && out.size() == 1;
  } else {
    return v.shape() == out && v.is_contiguous();
  }
}

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

/// True when the address ranges of a leaf and of `out` overlap: writing `out` in any
/// order could change what the leaf reads (what scatter must rule out).
template <class T, std::size_t R, class S, class U, std::size_t Out, class S2>
bool overlaps(const tensor_view<T, R, S>& v, const tensor_view<U, Out, S2>& out) {
  return spans_overlap(span_of(v), span_of(out));
}

/// The destination of an assignment as its operands' checks see it: its view, whether
/// it is dense, and the address range it spans, found once for all the operands.
template <class U, std::size_t R, class S>
struct write_target {
  const tensor_view<U, R, S>& view;  // a reference: a copy here costs a small assignment ~5%
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

/// check_operand for a view in general (any layout, any broadcast): out of line, as
/// the dense case below is what small assignments run.
template <class T, std::size_t R, class S, class U, std::size_t Out, class S2>
TANDEM_NOINLINE operand_check check_strided_operand(const tensor_view<T, R, S>& v,
                                                    const write_target<U, Out, S2>& out) {
  operand_check c{flat_ok(v, out.view.shape()), false};
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

template <class T, std::size_t R, class S, class U, std::size_t Out, class S2>
TANDEM_ALWAYS_INLINE operand_check check_operand(const tensor_view<T, R, S>& v, const write_target<U, Out, S2>& out) {
  if constexpr (R == Out) {
    if (out.dense && v.shape() == out.view.shape() && v.is_contiguous()) {
      // Both dense, of one shape (the common case): the spans run from the first element
      // to the last, and only a shifted overlap is harmful.
      const char* lo = reinterpret_cast<const char*>(v.data());
      const char* hi = lo + v.size() * index_t(sizeof(T));
      const bool overlap = lo < out.span.hi && out.span.lo < hi;
      return {true, overlap && !(sizeof(T) == sizeof(U) && lo == out.span.lo)};
    }
  }
  return check_strided_operand(v, out);
}

// ---- owned temporaries and scalars -------------------------------------------------

template <class T, std::size_t R, class S, std::size_t Out>
auto make_eval(const owned_leaf<T, R, S>& leaf, const shape<Out>& out) {
  return make_eval(leaf.view, out);
}
template <class T, std::size_t R, class S, std::size_t Out>
bool flat_ok(const owned_leaf<T, R, S>& leaf, const shape<Out>& out) {
  return flat_ok(leaf.view, out);
}
template <class T, std::size_t R, class S, class Out>
operand_check check_operand(const owned_leaf<T, R, S>& leaf, const Out& out) {
  // Nobody else can write a tensor the expression owns.
  return {flat_ok(leaf.view, out.view.shape()), false};
}
template <class T, std::size_t R, class S, class Out>
bool overlaps(const owned_leaf<T, R, S>&, const Out&) {
  return false;
}

template <class T, std::size_t Out>
scalar_eval<T> make_eval(const scalar_leaf<T>& s, const shape<Out>&) {
  return {s.value};
}
template <class T, std::size_t Out>
bool flat_ok(const scalar_leaf<T>&, const shape<Out>&) {
  return true;
}
template <class T, class Out>
operand_check check_operand(const scalar_leaf<T>&, const Out&) {
  return {};
}
template <class T, class Out>
bool overlaps(const scalar_leaf<T>&, const Out&) {
  return false;
}

// ---- tensors passed directly (reductions, copies) behave as their views -----------

template <class T, std::size_t R, class S, std::size_t Out>
auto make_eval(const tensor<T, R, S>& t, const shape<Out>& out) {
  return make_eval(t.view(), out);
}
template <class T, std::size_t R, class S, std::size_t Out>
bool flat_ok(const tensor<T, R, S>& t, const shape<Out>& out) {
  return flat_ok(t.view(), out);
}
template <class T, std::size_t R, class S, class Out>
operand_check check_operand(const tensor<T, R, S>& t, const Out& out) {
  return check_operand(t.view(), out);
}
template <class T, std::size_t R, class S, class Out>
bool overlaps(const tensor<T, R, S>& t, const Out& out) {
  return overlaps(t.view(), out);
}

}  // namespace tandem::detail

// Leaves wrap tensors and views: their definitions (and assignment, which tensor.hpp
// brings) come after the leaves, which expr/assign.hpp needs declared first.
#include "../tensor.hpp"
