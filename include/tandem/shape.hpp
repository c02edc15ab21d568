#pragma once
/// \file shape.hpp
/// `td::shape<R>`: R extents. Also row-major strides, flat-index decoding and numpy
/// broadcasting of shapes.
///
/// \code
/// td::shape<2> s{3, 4};
/// s[1] == 4; s.size() == 12;
/// td::broadcast_shape(td::shape<2>{3, 1}, td::shape<1>{5}) == td::shape<2>{3, 5};
/// \endcode

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <iosfwd>
#include <string>
#include <utility>

#include "config.hpp"
#include "error.hpp"

namespace tandem {

/// R extents (or, reused, R strides). Trivially copyable; usable in TANDEM_HD code.
template <std::size_t R>
struct shape {
  static constexpr std::size_t rank = R;
  // A zero-length array is not standard C++; rank 0 keeps one unused slot.
  index_t ext[R == 0 ? 1 : R]{};

  constexpr shape() = default;
  template <std::integral... I>
    requires(sizeof...(I) == R && R > 0)
  TANDEM_HD constexpr shape(I... extents) : ext{static_cast<index_t>(extents)...} {}

  TANDEM_HD constexpr index_t& operator[](std::size_t d) { return ext[d]; }
  TANDEM_HD constexpr const index_t& operator[](std::size_t d) const { return ext[d]; }

  /// Number of elements: the product of the extents (1 for rank 0).
  TANDEM_HD constexpr index_t size() const {
    index_t n = 1;
    for (std::size_t d = 0; d != R; ++d) n *= ext[d];
    return n;
  }
  constexpr const index_t* begin() const { return ext; }
  constexpr const index_t* end() const { return ext + R; }

  constexpr bool operator==(const shape&) const = default;
};

/// Writes a shape as numpy does, with brackets: `[3, 4]`. A template over the stream, so
/// that this header needs <iosfwd> only: whoever streams a shape has the stream's header.
template <class C, class Tr, std::size_t R>
std::basic_ostream<C, Tr>& operator<<(std::basic_ostream<C, Tr>& os, const shape<R>& s) {
  os << '[';
  for (std::size_t d = 0; d != R; ++d) os << (d ? ", " : "") << s[d];
  return os << ']';
}

/// The same text as a string (for error messages), without a stream.
template <std::size_t R>
std::string to_string(const shape<R>& s) {
  std::string out = "[";
  for (std::size_t d = 0; d != R; ++d) {
    if (d) out += ", ";
    out += std::to_string(s[d]);
  }
  return out + "]";
}

/// Row-major strides (in elements) for a shape.
template <std::size_t R>
constexpr shape<R> row_major_strides(const shape<R>& s) {
  shape<R> st;
  index_t step = 1;
  for (std::size_t d = R; d-- > 0;) {
    st[d] = step;
    step *= s[d];
  }
  return st;
}

/// The shape two operands broadcast to, as numpy defines it: aligned on the right, a
/// missing dimension or a dimension of 1 stretches. Throws td::shape_error naming both.
template <std::size_t A, std::size_t B>
constexpr shape<(A > B ? A : B)> broadcast_shape(const shape<A>& a, const shape<B>& b) {
  constexpr std::size_t R = A > B ? A : B;
  shape<R> out;
  for (std::size_t k = 0; k != R; ++k) {  // k counts from the right
    // k + 1 <= A rather than k < A: nvcc flags `k < 0` in the rank-0 instantiation.
    const index_t ea = k + 1 <= A ? a[A - 1 - k] : 1;
    const index_t eb = k + 1 <= B ? b[B - 1 - k] : 1;
    if (ea != eb && ea != 1 && eb != 1)
      throw shape_error("tandem: cannot broadcast " + to_string(a) + " with " + to_string(b));
    out[R - 1 - k] = ea == 1 ? eb : ea;
  }
  return out;
}

/// True when a shape of rank A can be stretched into `target` (numpy's rules).
template <std::size_t A, std::size_t R>
constexpr bool broadcasts_to(const shape<A>& a, const shape<R>& target) {
  if constexpr (A > R) {
    return false;
  } else {
    for (std::size_t k = 0; k != A; ++k) {
      const index_t ea = a[A - 1 - k];
      if (ea != 1 && ea != target[R - 1 - k]) return false;
    }
    return true;
  }
}

namespace detail {

/// Decodes a row-major flat index in [0, s.size()) into R coordinates.
template <std::size_t R>
TANDEM_HD inline void unravel(index_t flat, const shape<R>& s, index_t* idx) {
  if constexpr (R > 0) {
    // flat < s.size(): the leading coordinate is what remains, with no division (so a
    // rank-1 index costs none, where a 64-bit division costs tens of cycles).
    for (std::size_t d = R - 1; d > 0; --d) {
      const index_t e = s[d];
      idx[d] = flat % e;
      flat /= e;
    }
    idx[0] = flat;
  }
}

/// Walks the flat range [begin, begin + len) of row-major coordinates of `s` one row's
/// run at a time: f(idx, j0, j1) for each, idx the run's coordinates (idx[R - 1] == j0)
/// and [j0, j1) its columns. One index is decoded for the whole range; moving to the next
/// row carries into the leading coordinates, as nested loops do. len may be 0.
template <std::size_t R, class F>
TANDEM_HD inline void walk_rows(const shape<R>& s, index_t begin, index_t len, const F& f) {
  static_assert(R > 0, "tandem: walk_rows needs rows (rank 1 or more)");
  index_t idx[R];
  unravel(begin, s, idx);
  const index_t cols = s[R - 1];
  for (index_t done = 0; done < len;) {
    const index_t j0 = idx[R - 1], j1 = cols - j0 < len - done ? cols : j0 + (len - done);
    f(static_cast<const index_t*>(idx), j0, j1);
    done += j1 - j0;
    idx[R - 1] = 0;  // the next row (past the end, the leading coordinate reaches its extent)
    for (std::size_t d = R - 1; d-- > 0;) {
      if (++idx[d] < s[d] || d == 0) break;
      idx[d] = 0;
    }
  }
}

/// The offset of the element at coordinates idx[0], ..., idx[dims - 1] (the others 0)
/// under these strides: the sum of idx[d] * strides[d].
template <std::size_t R>
TANDEM_HD inline index_t offset_of(const index_t* idx, const shape<R>& strides, std::size_t dims = R) {
  index_t offset = 0;
  for (std::size_t d = 0; d != dims; ++d) offset += idx[d] * strides[d];
  return offset;
}

/// Whether a layout's elements, in row-major order of these extents, lie one constant
/// step apart (element i at offset i * step): each axis longer than one has the stride
/// of the inner axes' whole span, as a strided slice of a dense array has. A layout of
/// at most one element has step 1.
template <std::size_t R>
TANDEM_HD inline bool single_step(const shape<R>& extents, const shape<R>& strides, index_t& step) {
  step = 1;
  bool inner = true;
  index_t span = 0;  // stride times extent of the axes seen so far
  for (std::size_t d = R; d-- > 0;) {
    if (extents[d] == 1) continue;
    if (inner)
      step = strides[d];
    else if (strides[d] != span)
      return false;
    inner = false;
    span = strides[d] * extents[d];
  }
  return true;
}

/// The axis along which a layout's elements lie closest: the smallest nonzero |stride|
/// among axes of more than one element, the last of equals; -1 when there is none.
template <std::size_t R>
inline int closest_axis(const shape<R>& extents, const shape<R>& strides) {
  const auto magnitude = [](index_t x) { return x < 0 ? -x : x; };
  int b = -1;
  for (std::size_t d = 0; d != R; ++d)
    if (extents[d] > 1 && strides[d] != 0 &&
        (b < 0 || magnitude(strides[d]) <= magnitude(strides[std::size_t(b)])))
      b = int(d);
  return b;
}

/// The closest axis (closest_axis) when it is not the last and the last axis's stride
/// exceeds 4: a loop along the last axis would then stride through memory, and tiles of
/// that axis and this one serve it better (a transpose). -1 otherwise.
template <std::size_t R>
inline int across_rows_axis(const shape<R>& strides, const shape<R>& extents) {
  if constexpr (R >= 2) {
    const auto magnitude = [](index_t x) { return x < 0 ? -x : x; };
    if (extents[R - 1] < 2 || magnitude(strides[R - 1]) <= 4) return -1;
    const int b = closest_axis(extents, strides);
    return b >= 0 && magnitude(strides[std::size_t(b)]) < magnitude(strides[R - 1]) ? b : -1;
  } else {
    return -1;
  }
}

/// An order of a layout's axes that walks its memory outward from the closest axis:
/// axes[d] is the axis to put at position d. The axes of more than one element and a
/// nonzero stride are sorted by decreasing |stride| (stable, so equal strides keep their
/// order), each taking the place of one of them; axes of one element, and broadcast ones
/// (stride 0), stay where they are. `identity` when the layout is in that order already
/// (as every row-major one is).
template <std::size_t R>
struct axis_order {
  std::size_t axes[R == 0 ? 1 : R];
  bool identity;
  /// The position axis a has in this order.
  std::size_t place_of(std::size_t a) const {
    std::size_t d = 0;
    while (axes[d] != a) ++d;
    return d;
  }
};
/// s with its axes reordered: element d is s[axes[d]].
template <std::size_t R>
TANDEM_HD inline shape<R> reordered(const shape<R>& s, const std::size_t* axes) {
  shape<R> r{};
  for (std::size_t d = 0; d != R; ++d) r[d] = s[axes[d]];
  return r;
}
template <std::size_t R>
inline axis_order<R> memory_order(const shape<R>& extents, const shape<R>& strides) {
  axis_order<R> o{{}, true};
  std::size_t slots[R == 0 ? 1 : R] = {}, n = 0;
  for (std::size_t d = 0; d != R; ++d) {
    o.axes[d] = d;
    if (extents[d] > 1 && strides[d] != 0) slots[n++] = d;
  }
  const auto magnitude = [&](std::size_t d) { return strides[d] < 0 ? -strides[d] : strides[d]; };
  // Insertion sort of the long axes (R is small), stable.
  for (std::size_t i = 1; i < n; ++i)
    for (std::size_t j = i; j > 0 && magnitude(o.axes[slots[j - 1]]) < magnitude(o.axes[slots[j]]); --j) {
      std::swap(o.axes[slots[j - 1]], o.axes[slots[j]]);
      o.identity = false;
    }
  return o;
}

/// A tiled copy's geometry: the product of the extents of every axis but a and b (how
/// many (a, b) planes there are), and the offsets in two layouts of plane `plane`
/// (counted row-major over those other axes).
template <std::size_t R>
TANDEM_HD inline index_t planes_except(const shape<R>& extents, std::size_t a, std::size_t b) {
  index_t n = 1;
  for (std::size_t d = 0; d != R; ++d)
    if (d != a && d != b) n *= extents[d];
  return n;
}
/// The coordinates where plane `plane` starts: those of every axis but a and b (a == b
/// for the lanes along one axis), counted row-major; a and b at 0.
template <std::size_t R>
TANDEM_HD inline shape<R> plane_start(index_t plane, const shape<R>& extents, std::size_t a, std::size_t b) {
  shape<R> idx{};
  for (std::size_t d = R; d-- > 0;) {
    if (d == a || d == b) continue;
    idx[d] = plane % extents[d];
    plane /= extents[d];
  }
  return idx;
}
template <std::size_t R>
TANDEM_HD inline void plane_offsets(index_t plane, const shape<R>& extents, std::size_t a, std::size_t b,
                                    const shape<R>& strides1, const shape<R>& strides2, index_t& o1, index_t& o2) {
  const shape<R> idx = plane_start(plane, extents, a, b);
  o1 = offset_of(idx.ext, strides1);
  o2 = offset_of(idx.ext, strides2);
}

/// Maps a possibly negative axis onto [0, R); throws td::index_error when out of range.
inline std::size_t normalize_axis(index_t axis, std::size_t rank, const char* what) {
  const index_t r = static_cast<index_t>(rank);
  const index_t a = axis < 0 ? axis + r : axis;
  if (a < 0 || a >= r)
    throw index_error(std::string("tandem: ") + what + ": axis " + std::to_string(axis) +
                      " is out of range for a tensor of rank " + std::to_string(rank));
  return static_cast<std::size_t>(a);
}

/// The shape of a braced list of extents, `{3, 4}`, as creation functions take it.
template <std::size_t R>
constexpr shape<R> to_shape(const index_t (&extents)[R]) {
  shape<R> s{};
  for (std::size_t d = 0; d != R; ++d) s[d] = extents[d];
  return s;
}

template <std::size_t R>
shape<R> shape_from_list(std::initializer_list<index_t> list, const char* what) {
  if (list.size() != R)
    throw shape_error(std::string("tandem: ") + what + ": expected " + std::to_string(R) +
                      " extents, got " + std::to_string(list.size()));
  shape<R> s;
  std::copy(list.begin(), list.end(), s.ext);
  return s;
}

/// a * b for non-negative a and b, or false when the product does not fit in index_t.
inline bool multiply_fits(index_t a, index_t b, index_t& product) {
  return !__builtin_mul_overflow(a, b, &product);
}

/// a * b and a + b for extents and counts (non-negative): td::shape_error naming `what`
/// when the result does not fit in index_t (a repeat, tile, pad or concatenation past
/// 2^63 elements along an axis), where the wrapped value would pass as a shape.
inline index_t extent_product(index_t a, index_t b, const char* what) {
  index_t p;
  if (!multiply_fits(a, b, p))
    throw shape_error(std::string("tandem: ") + what + ": an extent of " + std::to_string(a) + " x " +
                      std::to_string(b) + " is more than index_t can count");
  return p;
}
inline index_t extent_sum(index_t a, index_t b, const char* what) {
  index_t r;
  if (__builtin_add_overflow(a, b, &r))
    throw shape_error(std::string("tandem: ") + what + ": an extent of " + std::to_string(a) + " + " +
                      std::to_string(b) + " is more than index_t can count");
  return r;
}

/// Throws the error check_extents found (kept out of line: the check itself is a few
/// instructions, run on every assignment's broadcast shape).
template <std::size_t R>
[[noreturn]] void extents_error(const shape<R>& s, const char* what, std::size_t element_bytes) {
  for (std::size_t d = 0; d != R; ++d)
    if (s[d] < 0) throw shape_error(std::string("tandem: ") + what + ": negative extent in shape " + to_string(s));
  throw shape_error(std::string("tandem: ") + what + ": shape " + to_string(s) + " is too big: its " +
                    "elements of " + std::to_string(element_bytes) + " bytes cannot be addressed with " +
                    "64-bit signed offsets");
}

/// Checks that a shape can describe elements of `element_bytes` bytes each in memory:
/// no extent is negative, and the product of the non-zero extents (the reach of the
/// strides) times element_bytes fits in index_t, as numpy's "array is too big" check.
/// Throws td::shape_error naming the shape otherwise.
template <std::size_t R>
inline void check_extents(const shape<R>& s, const char* what, std::size_t element_bytes = 1) {
  index_t reach = static_cast<index_t>(element_bytes);
  bool ok = true;
  for (std::size_t d = 0; d != R; ++d) {
    if (s[d] < 0) ok = false;
    else if (s[d] != 0 && !multiply_fits(reach, s[d], reach)) ok = false;
  }
  if (!ok) extents_error(s, what, element_bytes);
}

}  // namespace detail
}  // namespace tandem
