#pragma once
/// \file algorithm/matmul.hpp
/// Matrix products: `td::matmul(a, b)` and `td::matmul(a, b, out)` for float, double,
/// td::half and td::bfloat16 (16-bit products accumulate in float and round once).
///
/// \code
/// auto c = td::matmul(a, b);                  // (m, k) x (k, n) -> (m, n)
/// auto y = td::matmul(a, x);                  // (m, k) x (k)    -> (m)
/// auto z = td::matmul(x, b);                  // (k)    x (k, n) -> (n)
/// auto d = td::matmul(s, t);                  // (B, m, k) x (B, k, n) -> (B, m, n);
///                                             // a rank-2 side is used for every batch
/// td::matmul(td::transpose(a), b, out);       // transposed views are read in place
/// \endcode
/// Device: cuBLAS (under nvcc; cublasGemmEx with float accumulation for the 16-bit
/// types). Host: tandem's blocked SIMD kernel, or CBLAS (OpenBLAS) when tandem was
/// configured with one; `td::set_host_gemm` picks; 16-bit operands are widened to float
/// first. Mismatched shapes throw td::shape_error naming both.

#include <array>
#include <cstddef>
#include <string>
#include <type_traits>

#include "../backend/backend.hpp"
#include "../backend/gemm.hpp"
#include "../error.hpp"
#include "../shape.hpp"
#include "../expr/math.hpp"
#include "../tensor.hpp"
#include "../expr/assign.hpp"

namespace tandem {

namespace detail {

/// The element types matmul takes.
template <class T>
inline constexpr bool is_matmul_element_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || is_reduced_float_v<T> || is_complex_v<T>;

/// The operand as a readable view: its own elements when it is a tensor or a view whose
/// matrices a BLAS can read (dense rows or dense columns), else a dense copy.
template <class E>
struct matmul_operand {
  using T = value_of_t<E>;
  using S = space_of_t<E>;
  static constexpr std::size_t R = rank_of_v<E>;
  bool direct;
  tensor<T, R, S> copy;
  tensor_view<const T, R, S> view;

  explicit matmul_operand(const E& e)
      : direct(readable(e)),
        copy(direct ? tensor<T, R, S>() : tensor<T, R, S>(e)),
        view(direct ? own_view(e) : copy.view()) {}

 private:
  static bool readable(const E& e) {
    using D = std::remove_cvref_t<E>;
    if constexpr (is_tensor_v<D> || is_view_v<D>) {
      if constexpr (R >= 2) {
        const auto v = e.view();
        return backend_t<S>::gemm_reads(v.extent(R - 2), v.extent(R - 1), v.stride(R - 2), v.stride(R - 1));
      }
      return true;
    } else {
      return false;
    }
  }
  static tensor_view<const T, R, S> own_view(const E& e) {
    using D = std::remove_cvref_t<E>;
    if constexpr (is_tensor_v<D> || is_view_v<D>)
      return e.view();
    else
      return {};
  }
};

template <class T, std::size_t R, class S>
strided_matrix<const T> as_matrix(const tensor_view<const T, R, S>& v) {
  static_assert(R == 2 || R == 3);
  if constexpr (R == 2) return {v.data(), 0, v.stride(0), v.stride(1)};
  else return {v.data(), v.stride(0), v.stride(1), v.stride(2)};
}

template <std::size_t RA, std::size_t RB>
[[noreturn]] void matmul_mismatch(const shape<RA>& a, const shape<RB>& b, const std::string& why) {
  throw shape_error("tandem: matmul of shapes " + to_string(a) + " and " + to_string(b) + ": " + why);
}

/// The result shape of matmul for operand ranks RA, RB (checking inner and batch extents).
template <std::size_t RA, std::size_t RB>
auto matmul_shape(const shape<RA>& a, const shape<RB>& b) {
  static_assert(RA >= 1 && RA <= 3 && RB >= 1 && RB <= 3 && !(RA == 1 && RB == 1) && !(RA == 3 && RB == 1) &&
                    !(RA == 1 && RB == 3),
                "tandem: matmul takes rank 2 x rank 2, rank 2 x rank 1, rank 1 x rank 2, or batched rank 3 "
                "with rank 3 or 2 (use td::dot for two vectors)");
  const index_t ka = a[RA - 1];
  const index_t kb = RB == 1 ? b[0] : b[RB - 2];
  if (ka != kb)
    matmul_mismatch(a, b, "inner extents " + std::to_string(ka) + " and " + std::to_string(kb) + " differ");
  if constexpr (RA == 1) {
    return shape<1>{b[1]};
  } else if constexpr (RB == 1) {
    return shape<1>{a[0]};
  } else if constexpr (RA == 2 && RB == 2) {
    return shape<2>{a[0], b[1]};
  } else {
    const index_t ba = RA == 3 ? a[0] : b[0];
    const index_t bb = RB == 3 ? b[0] : a[0];
    if (RA == 3 && RB == 3 && ba != bb)
      matmul_mismatch(a, b, "batch extents " + std::to_string(ba) + " and " + std::to_string(bb) + " differ");
    return shape<3>{ba, a[RA - 2], b[RB - 1]};
  }
}

/// out = a * b, where out has the result shape, dense rows and no overlap with a or b.
template <class T, std::size_t RA, std::size_t RB, std::size_t RO, class S>
void matmul_into(const tensor_view<const T, RA, S>& a, const tensor_view<const T, RB, S>& b,
                 const tensor_view<T, RO, S>& out) {
  if constexpr (RA == 1) {  // x * B = B^T x
    const index_t k = b.extent(0), n = b.extent(1);
    backend_t<S>::template gemm<T>(1, n, 1, k, {b.data(), 0, b.stride(1), b.stride(0)}, {a.data(), 0, a.stride(0), 1},
                       {out.data(), 0, out.stride(0), 1});
  } else if constexpr (RB == 1) {
    const index_t m = a.extent(0), k = a.extent(1);
    backend_t<S>::template gemm<T>(1, m, 1, k, as_matrix(a), {b.data(), 0, b.stride(0), 1}, {out.data(), 0, out.stride(0), 1});
  } else {
    const index_t batch = RO == 3 ? out.extent(0) : 1;
    const index_t m = a.extent(RA - 2), k = a.extent(RA - 1), n = b.extent(RB - 1);
    strided_matrix<T> c = RO == 3 ? strided_matrix<T>{out.data(), out.stride(0), out.stride(RO - 2), 1}
                                  : strided_matrix<T>{out.data(), 0, out.stride(0), 1};
    backend_t<S>::template gemm<T>(batch, m, n, k, as_matrix(a), as_matrix(b), c);
  }
}

}  // namespace detail

/// out = a * b (see the file comment for the shapes). out is a tensor or a view of the
/// result's shape; td::shape_error otherwise. out may be any view; when its rows are not
/// dense or it overlaps a or b, the product goes through a temporary first.
template <operand A, operand B, class Out>
  requires detail::writable_tensor<Out>
void matmul(const A& a, const B& b, Out&& out) {
  using S = typename detail::spaces_must_match<space_of_t<A>, space_of_t<B>>::type;
  using T = value_of_t<A>;
  using DO = std::remove_cvref_t<Out>;
  static_assert(detail::is_matmul_element_v<T>, "tandem: matmul takes float, double, td::half, td::bfloat16 or td::complex");
  static_assert(std::is_same_v<value_of_t<B>, T> && std::is_same_v<typename DO::value_type, T>,
                "tandem: matmul needs operands and result of one element type");
  static_assert(std::is_same_v<typename DO::space_type, S>, "tandem: matmul's result must be in the operands' space");
  constexpr std::size_t RO = DO::rank;
  const auto result_shape = detail::matmul_shape(a.shape(), b.shape());
  static_assert(decltype(result_shape)::rank == RO, "tandem: matmul's out has the wrong rank for these operands");
  const tensor_view<T, RO, S> o = out.view();
  if (o.shape() != result_shape)
    throw shape_error("tandem: matmul of shapes " + to_string(a.shape()) + " and " + to_string(b.shape()) +
                      " gives shape " + to_string(result_shape) + ", but out has shape " + to_string(o.shape()));
  if constexpr (detail::is_reduced_float_v<T> && !detail::backend_t<S>::template gemm_native<T>) {
    // No 16-bit kernels on the CPU: widen to float, multiply, round each result once.
    const tensor<float, rank_of_v<A>, S> fa = cast<float>(a);
    const tensor<float, rank_of_v<B>, S> fb = cast<float>(b);
    o = cast<T>(matmul(fa, fb));
  } else {
    const detail::matmul_operand<A> pa(a);
    const detail::matmul_operand<B> pb(b);
    // Written directly when its rows are dense (a vector: dense) and it shares no memory
    // with a or b; else through a temporary.
    bool direct = !detail::overlaps(pa.view, o) && !detail::overlaps(pb.view, o);
    if constexpr (RO == 1)
      direct = direct && (o.stride(0) == 1 || o.extent(0) <= 1);
    else
      direct = direct && o.stride(RO - 1) == 1 && o.stride(RO - 2) >= o.extent(RO - 1);
    if (direct) {
      detail::matmul_into(pa.view, pb.view, o);
    } else {
      tensor<T, RO, S> tmp(result_shape, uninitialized);
      detail::matmul_into(pa.view, pb.view, tmp.view());
      o = tmp;
    }
    detail::backend_t<S>::finish();
  }
}

/// a * b as a new tensor in the operands' space (see the file comment for the shapes).
template <operand A, operand B>
auto matmul(const A& a, const B& b) {
  using S = typename detail::spaces_must_match<space_of_t<A>, space_of_t<B>>::type;
  using T = value_of_t<A>;
  static_assert(detail::is_matmul_element_v<T>, "tandem: matmul takes float, double, td::half, td::bfloat16 or td::complex");
  static_assert(std::is_same_v<value_of_t<B>, T>, "tandem: matmul needs operands of one element type");
  const auto result_shape = detail::matmul_shape(a.shape(), b.shape());
  tensor<T, decltype(result_shape)::rank, S> out(result_shape, uninitialized);
  matmul(a, b, out);
  return out;
}

namespace detail {
/// One side of tensordot: the operand's axes reordered (free then contracted for a,
/// contracted then free for b), as a view whose elements dense_operand hands on in
/// place when that order is already the operand's own dense layout.
template <class T, std::size_t R, class S>
tensor_view<const T, R, S> tensordot_side(const tensor_view<const T, R, S>& v, const std::array<std::size_t, R>& order) {
  shape<R> ext, str;
  for (std::size_t k = 0; k < R; ++k) {
    ext[k] = v.extent(order[k]);
    str[k] = v.stride(order[k]);
  }
  return tensor_view<const T, R, S>(v.data(), ext, str);
}

/// tensordot's axis lists checked and made non-negative: in range, no repeats, and each
/// pair of one extent.
template <std::size_t N, std::size_t RA, std::size_t RB>
void tensordot_axes(const shape<RA>& a, const shape<RB>& b, const std::array<index_t, N>& axes_a,
                    const std::array<index_t, N>& axes_b, std::array<std::size_t, N>& ca, std::array<std::size_t, N>& cb) {
  for (std::size_t k = 0; k != N; ++k) {
    ca[k] = normalize_axis(axes_a[k], RA, "tensordot");
    cb[k] = normalize_axis(axes_b[k], RB, "tensordot");
    for (std::size_t j = 0; j < k; ++j)
      if (ca[j] == ca[k] || cb[j] == cb[k])
        throw shape_error("tandem: tensordot: an axis is contracted twice (numpy: duplicate axes are not allowed)");
    if (a[ca[k]] != b[cb[k]])
      throw shape_error("tandem: tensordot: axis " + std::to_string(ca[k]) + " of a " + to_string(a) + " and axis " +
                        std::to_string(cb[k]) + " of b " + to_string(b) + " differ in extent");
  }
}
}  // namespace detail

namespace detail {
/// tensordot over the axis pairs (axes_a[k], axes_b[k]).
template <std::size_t N, class A, class B>
auto tensordot_pairs(const A& a, const B& b, const std::array<index_t, N>& axes_a,
                     const std::array<index_t, N>& axes_b) {
  using T = value_of_t<A>;
  using S = typename spaces_must_match<space_of_t<A>, space_of_t<B>>::type;
  constexpr std::size_t RA = rank_of_v<A>, RB = rank_of_v<B>;
  static_assert(N <= RA && N <= RB, "tandem: tensordot contracts at most as many axes as each operand has");
  static_assert(is_matmul_element_v<T> && std::is_same_v<value_of_t<B>, T>,
                "tandem: tensordot multiplies as matmul does: operands of one type, float, double, 16-bit float or "
                "complex");
  std::array<std::size_t, N> ca{}, cb{};
  tensordot_axes(a.shape(), b.shape(), axes_a, axes_b, ca, cb);
  std::array<std::size_t, RA> order_a{};
  std::array<std::size_t, RB> order_b{};
  shape<RA + RB - 2 * N> out_ext{};
  std::size_t o = 0;
  // The axes of `ext` not contracted (`axes`), in order, into `order` from `at` and into
  // the result's extents; their product.
  const auto free_axes = [&out_ext, &o](const auto& ext, const std::array<std::size_t, N>& axes, auto& order,
                                        std::size_t at) {
    index_t count = 1;
    for (std::size_t k = 0; k < order.size(); ++k) {
      bool contracted = false;
      for (std::size_t j = 0; j != N; ++j) contracted = contracted || axes[j] == k;
      if (contracted) continue;
      order[at++] = k;
      out_ext[o++] = ext[k];
      count = extent_product(count, ext[k], "tensordot");
    }
    return count;
  };
  const index_t rows = free_axes(a.shape(), ca, order_a, 0);  // a: free axes, then contracted
  const index_t cols = free_axes(b.shape(), cb, order_b, N);  // b: contracted axes, then free
  index_t inner = 1;
  for (std::size_t j = 0; j != N; ++j) {
    order_a[RA - N + j] = ca[j];
    order_b[j] = cb[j];
    inner = extent_product(inner, a.shape()[ca[j]], "tensordot");
  }
  tensor<T, RA, S> keep_a;
  tensor<T, RB, S> keep_b;
  const dense_operand<T, tensor_view<const T, RA, S>> sa(tensordot_side(readable_view(a, keep_a), order_a));
  const dense_operand<T, tensor_view<const T, RB, S>> sb(tensordot_side(readable_view(b, keep_b), order_b));
  tensor<T, RA + RB - 2 * N, S> out(out_ext);  // zeros: an empty contraction sums nothing
  if (rows != 0 && cols != 0 && inner != 0)
    matmul(tensor_view<const T, 2, S>(sa.data, shape<2>{rows, inner}),
           tensor_view<const T, 2, S>(sb.data, shape<2>{inner, cols}),
           tensor_view<T, 2, S>(out.data(), shape<2>{rows, cols}));
  return out;
}
}  // namespace detail

/// numpy's tensordot: the sum over the N pairs of axes (axes_a[k] of a with axes_b[k] of
/// b) of the products; the result holds a's free axes, then b's, in order (rank RA + RB
/// - 2N). Reordered into one matrix product (matmul's element types); an operand is
/// copied only where its free and contracted axes are not already dense in that order.
/// Out-of-range or repeated axes and pairs of different extents throw (td::index_error,
/// td::shape_error).
template <operand A, operand B, std::size_t N>
auto tensordot(const A& a, const B& b, const index_t (&axes_a)[N], const index_t (&axes_b)[N]) {
  std::array<index_t, N> pa{}, pb{};
  for (std::size_t k = 0; k != N; ++k) {
    pa[k] = axes_a[k];
    pb[k] = axes_b[k];
  }
  return detail::tensordot_pairs<N>(a, b, pa, pb);
}

/// numpy's tensordot(a, b, N): a's last N axes with b's first N, in order (numpy's
/// default N = 2; N = 0 is the outer product).
template <std::size_t N = 2, operand A, operand B>
auto tensordot(const A& a, const B& b) {
  constexpr std::size_t RA = rank_of_v<A>;
  static_assert(N <= RA && N <= rank_of_v<B>, "tandem: tensordot contracts at most as many axes as each operand has");
  std::array<index_t, N> pa{}, pb{};
  for (std::size_t k = 0; k != N; ++k) {
    pa[k] = static_cast<index_t>(RA - N + k);
    pb[k] = static_cast<index_t>(k);
  }
  return detail::tensordot_pairs<N>(a, b, pa, pb);
}

}  // namespace tandem
