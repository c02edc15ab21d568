#pragma once
/// numpy's einsum, with the subscripts a template argument so that the result's rank is
/// known when the program compiles:
///
/// auto c = td::einsum<"ij,jk->ik">(a, b);      // matmul
/// auto t = td::einsum<"ii">(m);                 // trace: a value, as td::sum's
/// auto d = td::einsum<"ii->i">(m);              // the diagonal
/// auto x = td::einsum<"bij,bjk->bik">(p, q);    // batched products
/// auto y = td::einsum<"...ij,...j->...i">(m, v);  // numpy's ellipsis broadcasting
///
/// Subscripts are letters (a-z, A-Z), one term per operand separated by commas, an
/// optional "->" and the result's subscripts; spaces are ignored. Without "->" the
/// result holds the ellipsis' axes and then the letters that occur once, in ASCII order
/// (numpy's implicit mode). Letters missing from the result are summed over; a letter
/// repeated within one term takes that operand's diagonal. An axis of extent 1
/// broadcasts against the same letter's other extents, as numpy's. Malformed subscripts
/// (a term too many or too few, a letter count that is not the operand's rank, a result
/// letter no operand has) are refused when the program compiles; extents that disagree
/// throw td::shape_error.
///
/// The result's element type is that of the operands' product (tandem's promotion: int8
/// times int8 is int, where numpy keeps int8); integers wrap, 16-bit floats are computed
/// in float. A result of rank 0 is returned as a value. Two operands of matmul's element
/// types whose subscripts describe a matrix product (no letter repeated within a term, a
/// result letter of one operand only) run as one matmul, batched over the letters in
/// both operands and in the result, after summing those only one operand has; sums over
/// everything, or over one letter (or several whose strides merge into one, as a dense
/// block's trailing axes), run as td::sum of the products; three or more operands
/// contract a pair first (chosen from the subscripts: the product keeping the fewest
/// letters) where that takes fewer products than one loop over every letter, the rest
/// an einsum of one operand fewer; everything else runs as one loop per result element
/// over the summed letters, the one with the smallest steps through memory fastest.
#include <array>
#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../error.hpp"
#include "../shape.hpp"
#include "../space.hpp"
#include "../tensor.hpp"
#include "../tensor_view.hpp"
#include "../expr/assign.hpp"
#include "../expr/functors.hpp"
#include "../expr/map.hpp"
#include "../backend/select.hpp"
#include "matmul.hpp"
#include "numeric.hpp"
#include "reduce.hpp"

namespace tandem {
namespace detail {

/// einsum's subscripts as a template argument (the characters and their terminating 0).
template <std::size_t Size>
struct einsum_text {
  char text[Size]{};
  constexpr einsum_text() = default;
  constexpr einsum_text(const char (&s)[Size]) {  // NOLINT: implicit, so "ij,jk->ik" converts
    for (std::size_t i = 0; i != Size; ++i) text[i] = s[i];
  }
};

/// At most this many labels (52 letters and the ellipsis' axes) and axes per operand.
inline constexpr std::size_t einsum_max_labels = 64;

/// What is wrong with a subscript string, if anything.
enum class einsum_fault { none, character, terms, arrow, ellipsis, rank, repeated_output, unknown_output, no_ellipsis };

/// The subscripts parsed for M operands of given ranks. Labels are numbered with the
/// result's axes first, in the result's order (0 to out_rank - 1), then the summed
/// letters in ASCII order; label[i][k] is the label of operand i's axis k.
template <std::size_t M>
struct einsum_plan {
  einsum_fault fault = einsum_fault::none;
  std::size_t labels = 0, out_rank = 0;
  std::array<std::size_t, M> rank{};
  std::array<std::array<std::size_t, einsum_max_labels>, M> label{};
  std::array<char, einsum_max_labels> name{};  // the letter, or '.' for an axis of the ellipsis

  /// How many of operand i's axes carry label l.
  constexpr std::size_t count(std::size_t i, std::size_t l) const {
    std::size_t c = 0;
    for (std::size_t k = 0; k != rank[i]; ++k) c += label[i][k] == l ? 1 : 0;
    return c;
  }
};

constexpr bool einsum_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

template <std::size_t M, std::size_t Size>
constexpr einsum_plan<M> einsum_parse(const einsum_text<Size>& s, const std::array<std::size_t, M>& ranks) {
  einsum_plan<M> p{};
  const auto fail = [&p](einsum_fault f) {
    p.fault = f;
    return p;
  };
  // The terms as written: letters, and where the ellipsis stands among them (-1: none).
  std::array<std::array<char, einsum_max_labels>, M + 1> letters{};
  std::array<std::size_t, M + 1> count{};
  std::array<long, M + 1> ellipsis{};
  for (std::size_t i = 0; i != M + 1; ++i) ellipsis[i] = -1;
  std::size_t term = 0;  // M: the result's
  bool arrow = false;
  for (std::size_t i = 0; i + 1 < Size && s.text[i] != 0; ++i) {
    const char c = s.text[i];
    if (c == ' ') continue;
    if (c == ',') {
      if (arrow) return fail(einsum_fault::arrow);
      if (++term >= M) return fail(einsum_fault::terms);
    } else if (c == '-') {
      if (arrow || s.text[i + 1] != '>') return fail(einsum_fault::arrow);
      if (term + 1 != M) return fail(einsum_fault::terms);
      arrow = true;
      term = M;
      ++i;
    } else if (c == '.') {
      if (i + 3 > Size - 1 || s.text[i + 1] != '.' || s.text[i + 2] != '.' || ellipsis[term] >= 0)
        return fail(einsum_fault::ellipsis);
      ellipsis[term] = static_cast<long>(count[term]);
      i += 2;
    } else if (einsum_letter(c)) {
      if (count[term] == einsum_max_labels) return fail(einsum_fault::rank);
      if (term == M)
        for (std::size_t k = 0; k != count[M]; ++k)
          if (letters[M][k] == c) return fail(einsum_fault::repeated_output);
      letters[term][count[term]++] = c;
    } else {
      return fail(einsum_fault::character);
    }
  }
  if (!arrow && term + 1 != M) return fail(einsum_fault::terms);
  // Each operand's ellipsis covers its axes no letter names; they align to the right.
  std::size_t dots = 0;
  for (std::size_t i = 0; i != M; ++i) {
    if (ranks[i] > einsum_max_labels) return fail(einsum_fault::rank);
    if (ellipsis[i] < 0 ? count[i] != ranks[i] : count[i] > ranks[i]) return fail(einsum_fault::rank);
    if (ellipsis[i] >= 0 && ranks[i] - count[i] > dots) dots = ranks[i] - count[i];
  }
  if (dots + 52 > einsum_max_labels) return fail(einsum_fault::rank);
  // The result's labels: as written, or numpy's implicit order.
  std::array<char, einsum_max_labels> out{};  // a letter, or 0 for the ellipsis' next axis
  std::size_t k = 0;
  if (arrow) {
    if (dots > 0 && ellipsis[M] < 0) return fail(einsum_fault::no_ellipsis);
    for (std::size_t j = 0; j <= count[M]; ++j) {
      if (static_cast<long>(j) == ellipsis[M])
        for (std::size_t d = 0; d != dots; ++d) out[k++] = 0;
      if (j == count[M]) break;
      const char c = letters[M][j];
      bool known = false;
      for (std::size_t i = 0; i != M; ++i)
        for (std::size_t a = 0; a != count[i]; ++a) known = known || letters[i][a] == c;
      if (!known) return fail(einsum_fault::unknown_output);
      out[k++] = c;
    }
  } else {
    for (std::size_t d = 0; d != dots; ++d) out[k++] = 0;
  }
  // Every letter of the operands in ASCII order: the result's (implicit mode: those that
  // occur once) and then the summed ones get their numbers.
  p.out_rank = arrow ? k : 0;
  std::array<std::size_t, 128> id{};
  for (auto& v : id) v = einsum_max_labels;
  const auto occurrences = [&](char c) {
    std::size_t n = 0;
    for (std::size_t i = 0; i != M; ++i)
      for (std::size_t a = 0; a != count[i]; ++a) n += letters[i][a] == c ? 1 : 0;
    return n;
  };
  if (!arrow) {
    for (int c = 'A'; c <= 'z'; ++c)
      if (einsum_letter(char(c)) && occurrences(char(c)) == 1) out[k++] = char(c);
    p.out_rank = k;
  }
  for (std::size_t j = 0; j != p.out_rank; ++j) {
    p.name[j] = out[j] == 0 ? '.' : out[j];
    if (out[j] != 0) id[std::size_t(out[j])] = j;
  }
  std::size_t next = p.out_rank;
  for (int c = 'A'; c <= 'z'; ++c)
    if (einsum_letter(char(c)) && occurrences(char(c)) > 0 && id[std::size_t(c)] == einsum_max_labels) {
      p.name[next] = char(c);
      id[std::size_t(c)] = next++;
    }
  p.labels = next;
  // The ellipsis' axes are the result's first `dots` axes where it stands there.
  std::size_t first_dot = 0;
  for (std::size_t j = 0; j != p.out_rank; ++j)
    if (out[j] == 0) {
      first_dot = j;
      break;
    }
  for (std::size_t i = 0; i != M; ++i) {
    p.rank[i] = ranks[i];
    const std::size_t mine = ellipsis[i] < 0 ? 0 : ranks[i] - count[i];
    std::size_t axis = 0;
    for (std::size_t j = 0; j <= count[i]; ++j) {
      if (static_cast<long>(j) == ellipsis[i])
        for (std::size_t d = 0; d != mine; ++d) p.label[i][axis++] = first_dot + (dots - mine) + d;
      if (j == count[i]) break;
      p.label[i][axis++] = id[std::size_t(letters[i][j])];
    }
  }
  return p;
}

/// Whether two operands' subscripts describe a (batched) matrix product: no label
/// repeated within a term, at least one summed, and a result letter of one operand only
/// (else each product is a dot product: "ij,ij->i" is td::sum along j of the products).
/// Labels in both operands and in the result are the batch; those summed in one operand
/// only are summed there first.
template <std::size_t M>
constexpr bool einsum_is_product(const einsum_plan<M>& p) {
  if constexpr (M != 2) {
    return false;
  } else {
    bool free = false;
    for (std::size_t l = 0; l != p.labels; ++l) {
      if (p.count(0, l) > 1 || p.count(1, l) > 1) return false;
      free = free || (l < p.out_rank && p.count(0, l) + p.count(1, l) == 1);
    }
    return free && p.labels > p.out_rank;
  }
}

/// x0 * x1 * ... in R's accumulation type (integers wrap), rounded to R once.
template <class R>
struct einsum_product_fn {
  template <class X0, class... X>
  TANDEM_HD R operator()(const X0& x0, const X&... x) const {
    using C = accumulate_t<R>;
    C p = convert<C>(x0);
    ((p = static_cast<C>(multiply(p, convert<C>(x)))), ...);
    return convert<R>(p);
  }
};

/// One result element of a general einsum: the sum over the summed labels (K to L - 1)
/// of the operands' product, in R's accumulation type, in row-major order of those labels as
/// stored here (einsum orders them by their steps through memory, the smallest last).
template <class R, std::size_t M, std::size_t L, std::size_t K>
struct einsum_kernel {
  using C = accumulate_t<R>;
  const R* data[M];
  index_t stride[M][L];
  index_t extent[L];
  index_t inner;  // the product of the summed labels' extents
  R* out;
  TANDEM_HD void operator()(index_t o) const {
    index_t at[M] = {};
    index_t rest = o;
    for (std::size_t k = K; k != 0; --k) {
      const index_t i = rest % extent[k - 1];
      rest /= extent[k - 1];
      for (std::size_t m = 0; m != M; ++m) at[m] += i * stride[m][k - 1];
    }
    index_t pos[L] = {};
    C s{};
    const index_t last = extent[L - 1], rows = last == 0 ? 0 : inner / last;
    for (index_t c = 0; c != rows; ++c) {
      for (index_t j = 0; j != last; ++j) {  // the last label in one tight loop
        C p = convert<C>(data[0][at[0] + j * stride[0][L - 1]]);
        for (std::size_t m = 1; m != M; ++m)
          p = static_cast<C>(multiply(p, convert<C>(data[m][at[m] + j * stride[m][L - 1]])));
        s = static_cast<C>(add(s, p));
      }
      for (std::size_t d = L - 1; d != K; --d) {  // the next index of the other summed labels
        ++pos[d - 1];
        for (std::size_t m = 0; m != M; ++m) at[m] += stride[m][d - 1];
        if (pos[d - 1] != extent[d - 1]) break;
        for (std::size_t m = 0; m != M; ++m) at[m] -= pos[d - 1] * stride[m][d - 1];
        pos[d - 1] = 0;
      }
    }
    out[o] = convert<R>(s);
  }
};

/// One operand as a view over all L labels: the label's extent, the sum of the strides
/// of its axes with that label (a diagonal where it repeats), 0 where it has none or
/// broadcasts an extent of 1.
template <std::size_t L, class T, std::size_t R, class S, std::size_t M>
tensor_view<const T, L, S> einsum_label_view(const tensor_view<const T, R, S>& v, const einsum_plan<M>& p,
                                             std::size_t i, const std::array<index_t, L>& extent) {
  shape<L> ext, str;
  for (std::size_t l = 0; l != L; ++l) {
    ext[l] = extent[l];
    str[l] = 0;
  }
  for (std::size_t k = 0; k != R; ++k)
    if (v.extent(k) != 1 || extent[p.label[i][k]] == 1) str[p.label[i][k]] += v.stride(k);
  return tensor_view<const T, L, S>(v.data(), ext, str);
}

/// A labelled view with its summed labels (K to L - 1) as one axis, when its strides
/// allow (each summed label's stride is the next one's times its extent, as a dense
/// block's or a broadcast's); `merged` turns false where they do not.
template <std::size_t K, class T, std::size_t L, class S>
tensor_view<const T, K + 1, S> einsum_merge_summed(const tensor_view<const T, L, S>& v, index_t inner, bool& merged) {
  shape<K + 1> ext, str;
  for (std::size_t k = 0; k != K; ++k) {
    ext[k] = v.extent(k);
    str[k] = v.stride(k);
  }
  index_t step = 0, span = 1;  // the innermost summed axis of more than one element, and the span so far
  bool first = true;
  for (std::size_t d = L; d-- > K;) {
    if (v.extent(d) == 1) continue;
    if (first) {
      step = v.stride(d);
      first = false;
    } else {
      merged = merged && v.stride(d) == step * span;
    }
    span *= v.extent(d);
  }
  ext[K] = inner;
  str[K] = step;
  return tensor_view<const T, K + 1, S>(v.data(), ext, str);
}

/// A labelled view's strides into a kernel's row.
template <std::size_t L, class T, class S>
void einsum_strides(index_t (&dest)[L], const tensor_view<const T, L, S>& v) {
  for (std::size_t l = 0; l != L; ++l) dest[l] = v.stride(l);
}

/// The first pairwise contraction of an einsum of three or more operands (numpy's
/// optimize, its order chosen when the program compiles): the pair whose product keeps
/// the fewest labels and spans the fewest (so "ij,jk,k->i" contracts "jk,k->j" first),
/// as subscripts for the pair's einsum and for the rest's (the pair's product first,
/// then the other operands in order). Labels get their letters; the ellipsis' axes get
/// letters no term uses.
template <std::size_t M>
struct einsum_step {
  static constexpr std::size_t size = (M + 2) * (einsum_max_labels + 2);
  bool use = false;  // false: no pair keeps a label (or too many labels to name)
  std::size_t first = 0, second = 0;
  std::array<std::size_t, M - 2> others{};
  einsum_text<size> pair, rest;
  std::array<bool, einsum_max_labels> in_pair{}, in_rest{};  // the labels each einsum spans
};

template <std::size_t M>
constexpr einsum_step<M> einsum_first_step(const einsum_plan<M>& p) {
  einsum_step<M> s{};
  if (p.labels > 52) return s;
  std::array<char, einsum_max_labels> letter{};
  for (std::size_t l = 0; l != p.labels; ++l) letter[l] = p.name[l];
  for (std::size_t l = 0; l != p.labels; ++l) {
    if (letter[l] != '.') continue;
    for (int c = 'A'; c <= 'z'; ++c) {
      bool taken = !einsum_letter(char(c));
      for (std::size_t j = 0; j != p.labels; ++j) taken = taken || letter[j] == char(c);
      if (!taken) {
        letter[l] = char(c);
        break;
      }
    }
  }
  const auto has = [&p](std::size_t i, std::size_t l) { return p.count(i, l) != 0; };
  // Whether the product of operands i and j keeps label l: the result or another operand has it.
  const auto kept_by = [&p, &has](std::size_t i, std::size_t j, std::size_t l) {
    bool needed = l < p.out_rank;
    for (std::size_t m = 0; m != M; ++m) needed = needed || (m != i && m != j && has(m, l));
    return needed;
  };
  std::size_t best = einsum_max_labels * 4;
  for (std::size_t i = 0; i != M; ++i)
    for (std::size_t j = i + 1; j != M; ++j) {
      std::size_t kept = 0, spanned = 0;
      for (std::size_t l = 0; l != p.labels; ++l) {
        if (!has(i, l) && !has(j, l)) continue;
        ++spanned;
        kept += kept_by(i, j, l) ? 1 : 0;
      }
      if (kept != 0 && kept + spanned < best) {
        best = kept + spanned;
        s.first = i;
        s.second = j;
      }
    }
  if (best == einsum_max_labels * 4) return s;
  s.use = true;
  std::size_t a = 0, b = 0;
  const auto term = [&](einsum_text<einsum_step<M>::size>& t, std::size_t& at, std::size_t i) {
    for (std::size_t k = 0; k != p.rank[i]; ++k) t.text[at++] = letter[p.label[i][k]];
  };
  term(s.pair, a, s.first);
  s.pair.text[a++] = ',';
  term(s.pair, a, s.second);
  s.pair.text[a++] = '-';
  s.pair.text[a++] = '>';
  for (std::size_t l = 0; l != p.labels; ++l) {  // the pair's product: the labels it keeps
    if (!has(s.first, l) && !has(s.second, l)) continue;
    s.in_pair[l] = true;
    if (!kept_by(s.first, s.second, l)) continue;
    s.pair.text[a++] = letter[l];
    s.rest.text[b++] = letter[l];
    s.in_rest[l] = true;
  }
  std::size_t n = 0;
  for (std::size_t m = 0; m != M; ++m) {
    if (m == s.first || m == s.second) continue;
    s.others[n++] = m;
    s.rest.text[b++] = ',';
    term(s.rest, b, m);
    for (std::size_t l = 0; l != p.labels; ++l) s.in_rest[l] = s.in_rest[l] || has(m, l);
  }
  s.rest.text[b++] = '-';
  s.rest.text[b++] = '>';
  for (std::size_t l = 0; l != p.out_rank; ++l) s.rest.text[b++] = letter[l];
  return s;
}

/// Whether contracting the step's pair first costs fewer products than the one loop
/// over every label (numpy's optimize weighs the same counts).
template <std::size_t M, std::size_t L>
bool einsum_pairwise_cheaper(const einsum_step<M>& s, const std::array<index_t, L>& extent) {
  double direct = 1, pair = 1, rest = 1;
  for (std::size_t l = 0; l != L; ++l) {
    const auto e = static_cast<double>(extent[l]);
    direct *= e;
    pair *= s.in_pair[l] ? e : 1;
    rest *= s.in_rest[l] ? e : 1;
  }
  return pair + rest < direct;
}

/// The labels' extents from the operands' shapes: equal where a label repeats, or 1.
template <std::size_t L, std::size_t M, std::size_t R>
void einsum_extents(const einsum_plan<M>& p, std::size_t i, const shape<R>& s, std::array<index_t, L>& extent) {
  for (std::size_t k = 0; k != R; ++k) {
    const std::size_t l = p.label[i][k];
    if (s[k] == extent[l] || s[k] == 1) continue;
    if (extent[l] == 1) {
      extent[l] = s[k];
      continue;
    }
    const std::string what = p.name[l] == '.' ? std::string("an axis of the ellipsis")
                                              : "subscript '" + std::string(1, p.name[l]) + "'";
    throw shape_error("tandem: einsum: " + what + " has extent " + std::to_string(s[k]) + " at axis " +
                      std::to_string(k) + " of operand " + std::to_string(i) + " (shape " + to_string(s) +
                      ") and " + std::to_string(extent[l]) + " at an axis before it; extents of one subscript "
                      "are equal or 1");
  }
}

/// One operand of a matrix-product einsum, dense in the product's order of axes (its
/// own memory where it already is, else a copy), with the letters only it has summed.
template <class R, std::size_t RV, class S>
struct einsum_side {
  dense_operand<R, tensor_view<const R, RV, S>> dense;
  tensor<R, 1, S> summed;
  const R* data = nullptr;
  /// `arranged` holds the kept axes (`kept` elements) first, then the own summed ones
  /// (`own` elements, none when `has_own` is false).
  einsum_side(const tensor_view<const R, RV, S>& arranged, bool has_own, index_t kept, index_t own)
      : dense(arranged), data(dense.data) {
    if (has_own) {  // summed now, before the product (numpy's optimize does too)
      summed = sum(tensor_view<const R, 2, S>(dense.data, shape<2>{kept, own}), 1);
      data = summed.data();
    }
  }
};

/// The two operands of a matrix-product einsum as one (batched) matmul. The product's
/// axes are (batch, the leading operand's free ones, the other's), reordered into the
/// subscripts' order where neither operand leading gives that order.
template <class R, std::size_t K, class S, std::size_t RA, std::size_t RB, std::size_t L>
tensor<R, K, S> einsum_matmul(const einsum_plan<2>& p, const tensor_view<const R, RA, S>& va,
                              const tensor_view<const R, RB, S>& vb, const std::array<index_t, L>& extent) {
  // Each operand with its label extents (broadcast axes as stride 0) and its axes in
  // the product's order: batch, free (result order), summed for the left; batch, summed,
  // free for the right.
  const auto arranged = [&](const auto& v, std::size_t i, bool left) {
    constexpr std::size_t RV = std::remove_cvref_t<decltype(v)>::rank;
    std::array<std::size_t, RV> order{};
    std::size_t n = 0;
    const std::size_t other = 1 - i;
    const auto take = [&](auto wanted) {
      for (std::size_t l = 0; l != p.labels; ++l)
        for (std::size_t k = 0; k != RV; ++k)
          if (p.label[i][k] == l && wanted(l)) order[n++] = k;
    };
    const auto batch = [&](std::size_t l) { return l < p.out_rank && p.count(other, l) == 1; };
    const auto free = [&](std::size_t l) { return l < p.out_rank && p.count(other, l) == 0; };
    const auto summed = [&](std::size_t l) { return l >= p.out_rank && p.count(other, l) == 1; };
    const auto own = [&](std::size_t l) { return l >= p.out_rank && p.count(other, l) == 0; };
    take(batch);
    if (left) {
      take(free);
      take(summed);
    } else {
      take(summed);
      take(free);
    }
    const std::size_t kept = n;
    take(own);  // last: summed away before the product
    shape<RV> pe, ps;  // in the product's order
    index_t kept_size = 1, own_size = 1;
    for (std::size_t k = 0; k != RV; ++k) {
      const std::size_t l = p.label[i][order[k]];
      pe[k] = extent[l];
      ps[k] = v.extent(order[k]) != 1 || extent[l] == 1 ? v.stride(order[k]) : 0;
      (k < kept ? kept_size : own_size) *= extent[l];
    }
    return einsum_side<R, RV, S>(tensor_view<const R, RV, S>(v.data(), pe, ps), kept != RV, kept_size, own_size);
  };
  // The result's order of labels for a-left and for b-left; b leads where its order is
  // the subscripts' own (so "ij,jk->ki" is one product and no reordering).
  const auto product_order = [&](std::size_t lead) {
    std::array<std::size_t, K> order{};
    std::size_t n = 0;
    for (std::size_t l = 0; l != K; ++l)
      if (p.count(0, l) == 1 && p.count(1, l) == 1) order[n++] = l;
    for (std::size_t side : {lead, 1 - lead})
      for (std::size_t l = 0; l != K; ++l)
        if (p.count(side, l) == 1 && p.count(1 - side, l) == 0) order[n++] = l;
    return order;
  };
  const auto identity = [](const std::array<std::size_t, K>& order) {
    for (std::size_t k = 0; k != K; ++k)
      if (order[k] != k) return false;
    return true;
  };
  const std::size_t lead = identity(product_order(0)) || !identity(product_order(1)) ? 0 : 1;
  const std::array<std::size_t, K> order = product_order(lead);
  index_t batch = 1, rows = 1, cols = 1, inner = 1;
  for (std::size_t l = 0; l != p.labels; ++l) {
    const std::size_t a = p.count(lead, l), b = p.count(1 - lead, l);
    if (l >= K && (a == 0 || b == 0)) continue;  // summed within one operand
    index_t& group = l >= K ? inner : a == 1 && b == 1 ? batch : a == 1 ? rows : cols;
    group = extent_product(group, extent[l], "einsum");
  }
  shape<K> out_shape;
  for (std::size_t k = 0; k != K; ++k) out_shape[k] = extent[k];
  if (batch == 0 || rows == 0 || cols == 0 || inner == 0) return tensor<R, K, S>(out_shape);  // an empty sum is 0
  tensor<R, K, S> out(out_shape, uninitialized);
  const auto multiply_into = [&](R* dest) {
    const auto multiply = [&](const auto& left, const auto& right) {
      matmul(tensor_view<const R, 3, S>(left.data, shape<3>{batch, rows, inner}),
             tensor_view<const R, 3, S>(right.data, shape<3>{batch, inner, cols}),
             tensor_view<R, 3, S>(dest, shape<3>{batch, rows, cols}));
    };
    if (lead == 0)
      multiply(arranged(va, 0, true), arranged(vb, 1, false));
    else
      multiply(arranged(vb, 1, true), arranged(va, 0, false));
  };
  if (identity(order)) {
    multiply_into(out.data());
    return out;
  }
  tensor<R, K, S> product(out_shape, uninitialized);  // in the product's order of axes
  multiply_into(product.data());
  shape<K> ext, str;  // out, seen in the product's order
  for (std::size_t k = 0; k != K; ++k) {
    ext[k] = out.view().extent(order[k]);
    str[k] = out.view().stride(order[k]);
  }
  tensor_view<R, K, S>(out.data(), ext, str) = tensor_view<const R, K, S>(product.data(), ext);
  return out;
}

/// einsum's general path: one loop per result element over the summed letters, in
/// parallel over the result; the summed letters ordered by their steps through memory,
/// the smallest last (the kernel's fastest), so "ikj->i" walks j, the dense axis,
/// innermost.
template <class R, std::size_t K, class S, std::size_t L, class... V>
tensor<R, K, S> einsum_loop(const std::tuple<V...>& lv, const std::array<index_t, L>& extent) {
  constexpr std::size_t M = sizeof...(V);
  einsum_kernel<R, M, L, K> kernel{};
  index_t inner = 1, count = 1;
  shape<K> out_shape;
  for (std::size_t l = 0; l != L; ++l) {
    kernel.extent[l] = extent[l];
    (l < K ? count : inner) *= extent[l];  // (their product was counted without overflow)
    if (l < K) out_shape[l] = extent[l];
  }
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((kernel.data[I] = std::get<I>(lv).data()), ...);
    ((einsum_strides(kernel.stride[I], std::get<I>(lv))), ...);
  }(std::index_sequence_for<V...>{});
  const auto step = [&kernel](std::size_t d) {
    index_t t = 0;
    for (std::size_t m = 0; m != M; ++m) t += kernel.stride[m][d] < 0 ? -kernel.stride[m][d] : kernel.stride[m][d];
    return t;
  };
  for (std::size_t d = K + 1; d != L; ++d)
    for (std::size_t e = d; e != K && step(e - 1) < step(e); --e) {
      std::swap(kernel.extent[e - 1], kernel.extent[e]);
      for (std::size_t m = 0; m != M; ++m) std::swap(kernel.stride[m][e - 1], kernel.stride[m][e]);
    }
  kernel.inner = inner;
  tensor<R, K, S> out(out_shape, uninitialized);
  kernel.out = out.data();
  if (count != 0) backend_t<S>::for_each(count, kernel, inner > 0 ? inner : 1);
  return out;
}

}  // namespace detail

/// numpy's einsum (see the file comment): the subscripts as the template argument, then
/// the operands, one per term.
template <detail::einsum_text Subscripts, operand... X>
auto einsum(const X&... x) {
  constexpr std::size_t M = sizeof...(X);
  static_assert(M >= 1, "tandem: einsum needs at least one operand");
  constexpr auto p = detail::einsum_parse<M>(Subscripts, std::array<std::size_t, M>{rank_of_v<X>...});
  using F = detail::einsum_fault;
  static_assert(p.fault != F::character, "tandem: einsum: subscripts are letters a-z and A-Z, commas, '->' and '...'");
  static_assert(p.fault != F::terms, "tandem: einsum: the subscripts need one term per operand, separated by commas");
  static_assert(p.fault != F::arrow, "tandem: einsum: one '->', after every operand's term");
  static_assert(p.fault != F::ellipsis, "tandem: einsum: an ellipsis is three dots, at most once per term");
  static_assert(p.fault != F::rank,
                "tandem: einsum: a term names as many axes as its operand's rank (fewer with an ellipsis)");
  static_assert(p.fault != F::repeated_output, "tandem: einsum: a letter occurs at most once in the result");
  static_assert(p.fault != F::unknown_output, "tandem: einsum: every letter of the result must occur in an operand");
  static_assert(p.fault != F::no_ellipsis,
                "tandem: einsum: the operands' ellipsis axes need an ellipsis in the result (as numpy's)");
  using S = space_of_t<std::tuple_element_t<0, std::tuple<X...>>>;
  static_assert((std::is_same_v<space_of_t<X>, S> && ...),
                "tandem: einsum cannot mix operands from two memory spaces; copy one with td::to(space, x) first");
  using R = value_of_t<decltype((std::declval<const X&>() * ...))>;  // the product's type
  static_assert(!std::is_same_v<R, bool> && (!std::is_same_v<value_of_t<X>, bool> && ...),
                "tandem: einsum takes numbers, not bool");
  constexpr std::size_t L = p.labels, K = p.out_rank;
  std::array<index_t, L> extent{};
  for (auto& e : extent) e = 1;
  {
    std::size_t i = 0;
    ((detail::einsum_extents<L>(p, i++, x.shape(), extent)), ...);
  }
  {  // the sum runs over every combination of the letters: one that index_t cannot count
     // (broadcast extents need no memory) is refused, not wrapped
    index_t combinations = 1;
    for (const index_t e : extent) combinations = detail::extent_product(combinations, e, "einsum");
  }
  // Every operand read as R (converted where it is of another type or an expression).
  std::tuple<tensor<R, rank_of_v<X>, S>...> keep;
  const auto views = [&]<std::size_t... I>(std::index_sequence<I...>) {
    return std::make_tuple(detail::readable_as<R>(x, std::get<I>(keep))...);
  }(std::index_sequence_for<X...>{});
  if constexpr (M >= 3) {  // a pair contracted first, where that costs fewer products
    constexpr auto step = detail::einsum_first_step(p);
    if constexpr (step.use) {
      if (detail::einsum_pairwise_cheaper(step, extent)) {
        const auto product = einsum<step.pair>(std::get<step.first>(views), std::get<step.second>(views));
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
          return einsum<step.rest>(product, std::get<step.others[I]>(views)...);
        }(std::make_index_sequence<M - 2>{});
      }
    }
  }
  const auto labelled = [&]<std::size_t... I>(std::index_sequence<I...>) {
    return std::make_tuple(detail::einsum_label_view<L>(std::get<I>(views), p, I, extent)...);
  };
  if constexpr (K == 0) {
    return std::apply([](const auto&... v) { return sum(map(detail::einsum_product_fn<R>{}, v...)); },
                      labelled(std::index_sequence_for<X...>{}));
  } else {
    if constexpr (detail::einsum_is_product(p) && detail::is_matmul_element_v<R>) {
      return detail::einsum_matmul<R, K, S>(p, std::get<0>(views), std::get<1>(views), extent);
    } else if constexpr (L == K) {  // nothing summed: the product of the labelled views
      return std::apply(
          [](const auto&... v) { return tensor<R, K, S>(map(detail::einsum_product_fn<R>{}, v...)); },
          labelled(std::index_sequence_for<X...>{}));
    } else {
      const auto lv = labelled(std::index_sequence_for<X...>{});
      index_t inner = 1;
      for (std::size_t l = K; l != L; ++l) inner *= extent[l];  // (counted above)
      // One summed letter, or several whose strides merge into one axis in every operand
      // (a dense block's trailing axes, "ijk->i"): td::sum along that axis.
      bool merged = true;
      const auto flat = std::apply(
          [&](const auto&... v) { return std::make_tuple(detail::einsum_merge_summed<K>(v, inner, merged)...); }, lv);
      if constexpr (L > K + 1) {
        if (!merged) return detail::einsum_loop<R, K, S>(lv, extent);
      }
      return std::apply(
          [](const auto&... v) { return tensor<R, K, S>(sum(map(detail::einsum_product_fn<R>{}, v...), index_t(K))); },
          flat);
    }
  }
}

}  // namespace tandem
