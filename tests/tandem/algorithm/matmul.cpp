// Matrix products against a naive triple loop in double precision, for every host
// implementation (tandem's kernel, and CBLAS when built with it) and the device.
#include <cmath>
#include <cstdlib>
#include <string>
#include <limits>

#include "support/test_support.hpp"

#if defined(__linux__)
#  include <sys/mman.h>
#endif

using testing::values;

namespace {

/// Row-major m x n product of row-major a (m x k) and b (k x n), in double, with the
/// bound sum |a||b| of each element's rounding error.
struct reference {
  std::vector<double> c, bound;
};
template <class T>
reference naive(const std::vector<T>& a, const std::vector<T>& b, std::size_t m, std::size_t k, std::size_t n) {
  reference r{std::vector<double>(m * n, 0.0), std::vector<double>(m * n, 0.0)};
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t p = 0; p < k; ++p)
      for (std::size_t j = 0; j < n; ++j) {
        const double x = double(a[i * k + p]) * double(b[p * n + j]);
        r.c[i * n + j] += x;
        r.bound[i * n + j] += std::fabs(x);
      }
  return r;
}

/// Every element within k * eps * sum|a||b| (plus a little) of the reference.
template <class T>
bool close(const std::vector<T>& got, const reference& want, std::size_t k) {
  if (got.size() != want.c.size()) return false;
  const double eps = std::numeric_limits<T>::epsilon();
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double tol = 2.0 * double(k + 1) * eps * want.bound[i] + 1e-30;
    if (!(std::fabs(double(got[i]) - want.c[i]) <= tol)) return false;
  }
  return true;
}

template <class T>
std::vector<T> transposed(const std::vector<T>& a, std::size_t rows, std::size_t cols) {
  std::vector<T> t(a.size());
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) t[j * rows + i] = a[i * cols + j];
  return t;
}

}  // namespace

TEMPLATE_TEST_CASE("matmul of small hand-computed matrices", "[matmul]", TANDEM_TEST_SPACES) {
  testing::for_each_gemm<TestType>([] {
    auto a = td::from<float>({{1, 2}, {3, 4}}, TestType{});
    auto b = td::from<float>({{5, 6}, {7, 8}}, TestType{});
    auto c = td::matmul(a, b);
    static_assert(std::is_same_v<decltype(c), td::tensor<float, 2, TestType>>);
    CHECK(values(c) == std::vector<double>{19, 22, 43, 50});
    auto x = td::from<float>({1, -1}, TestType{});
    auto y = td::matmul(a, x);  // matrix times vector
    static_assert(std::is_same_v<decltype(y), td::tensor<float, 1, TestType>>);
    CHECK(values(y) == std::vector<double>{-1, -1});
    CHECK(values(td::matmul(x, b)) == std::vector<double>{-2, -2});  // vector times matrix
    CHECK(values(td::matmul(td::transpose(a), b)) == std::vector<double>{26, 30, 38, 44});
    CHECK(values(td::matmul(a, td::transpose(b))) == std::vector<double>{17, 23, 39, 53});
    auto d = td::from<double>({{1, 0, 2}}, TestType{});
    auto e = td::from<double>({{1}, {2}, {3}}, TestType{});
    CHECK(values(td::matmul(d, e)) == std::vector<double>{7});
    CHECK(values(td::matmul(e, d)) == std::vector<double>{1, 0, 2, 2, 0, 4, 3, 0, 6});
  });
}

TEMPLATE_TEST_CASE("matmul matches a double-precision loop", "[matmul]", TANDEM_TEST_SPACES) {
  struct dims {
    std::size_t m, k, n;
  };
  testing::for_each_gemm<TestType>([] {
    for (dims d : {dims{1, 1, 1}, dims{3, 5, 7}, dims{13, 17, 33}, dims{64, 64, 64}, dims{97, 300, 45},
                   dims{150, 520, 300}}) {
      CAPTURE(d.m, d.k, d.n);
      const auto af = testing::random_values<float>(d.m * d.k, -1, 1, 1);
      const auto bf = testing::random_values<float>(d.k * d.n, -1, 1, 2);
      const auto want = naive(af, bf, d.m, d.k, d.n);
      const auto ta = td::from(af, {td::index_t(d.m), td::index_t(d.k)}, TestType{});
      const auto tb = td::from(bf, {td::index_t(d.k), td::index_t(d.n)}, TestType{});
      CHECK(close(td::to_vector(td::matmul(ta, tb)), want, d.k));
      // The same product from stored transposes, read through transposed views.
      const auto at = td::from(transposed(af, d.m, d.k), {td::index_t(d.k), td::index_t(d.m)}, TestType{});
      const auto bt = td::from(transposed(bf, d.k, d.n), {td::index_t(d.n), td::index_t(d.k)}, TestType{});
      CHECK(close(td::to_vector(td::matmul(td::transpose(at), tb)), want, d.k));
      CHECK(close(td::to_vector(td::matmul(ta, td::transpose(bt))), want, d.k));
      CHECK(close(td::to_vector(td::matmul(td::transpose(at), td::transpose(bt))), want, d.k));

      std::vector<double> ad(af.begin(), af.end()), bd(bf.begin(), bf.end());
      const auto da = td::from(ad, {td::index_t(d.m), td::index_t(d.k)}, TestType{});
      const auto db = td::from(bd, {td::index_t(d.k), td::index_t(d.n)}, TestType{});
      CHECK(close(td::to_vector(td::matmul(da, db)), naive(ad, bd, d.m, d.k, d.n), d.k));
      // Matrix times vector: the first column of b.
      std::vector<double> col(d.k);
      for (std::size_t p = 0; p < d.k; ++p) col[p] = bd[p * d.n];
      const auto want_mv = naive(ad, col, d.m, d.k, 1);
      CHECK(close(td::to_vector(td::matmul(da, td::slice(db, td::all, 0))), want_mv, d.k));
      CHECK(close(td::to_vector(td::matmul(td::transpose(td::from(transposed(ad, d.m, d.k),
                                                                  {td::index_t(d.k), td::index_t(d.m)}, TestType{})),
                                           td::from(col, {td::index_t(d.k)}, TestType{}))),
                  want_mv, d.k));
    }
  });
}

TEMPLATE_TEST_CASE("matmul of batches and awkward views", "[matmul]", TANDEM_TEST_SPACES) {
  testing::for_each_gemm<TestType>([] {
    const std::size_t batch = 3, m = 5, k = 7, n = 4;
    const auto av = testing::random_values<double>(batch * m * k, -1, 1, 3);
    const auto bv = testing::random_values<double>(batch * k * n, -1, 1, 4);
    const auto a = td::from(av, {3, 5, 7}, TestType{});
    const auto b = td::from(bv, {3, 7, 4}, TestType{});
    const auto c = td::matmul(a, b);
    static_assert(std::is_same_v<std::remove_const_t<decltype(c)>, td::tensor<double, 3, TestType>>);
    CHECK(c.shape() == td::shape<3>{3, 5, 4});
    const auto got = td::to_vector(c);
    const auto b0 = td::to_vector(td::slice(b, 0, td::all, td::all));
    for (std::size_t q = 0; q < batch; ++q) {
      CAPTURE(q);
      const std::vector<double> aq(av.begin() + long(q * m * k), av.begin() + long((q + 1) * m * k));
      const std::vector<double> bq(bv.begin() + long(q * k * n), bv.begin() + long((q + 1) * k * n));
      const std::vector<double> cq(got.begin() + long(q * m * n), got.begin() + long((q + 1) * m * n));
      CHECK(close(cq, naive(aq, bq, m, k, n), k));
      // A rank-2 right side serves every batch.
      const auto shared = td::to_vector(td::matmul(a, td::slice(b, 0, td::all, td::all)));
      const std::vector<double> sq(shared.begin() + long(q * m * n), shared.begin() + long((q + 1) * m * n));
      CHECK(close(sq, naive(aq, b0, m, k, n), k));
    }

    // Columns taken with a step are neither dense rows nor dense columns: copied first.
    const auto wide = td::from(testing::random_values<double>(m * 2 * k, -1, 1, 5), {5, 14}, TestType{});
    const auto every_other = td::slice(wide, td::all, td::range(0, 14, 2));
    const auto dense = td::tensor<double, 2, TestType>(every_other);
    CHECK(close(td::to_vector(td::matmul(every_other, td::slice(b, 1, td::all, td::all))),
                naive(td::to_vector(dense), td::to_vector(td::slice(b, 1, td::all, td::all)), m, k, n), k));

    // Into a view with a row stride, and into an operand of its own product.
    auto big = td::full<double>({6, 9}, -1.0, TestType{});
    auto sq = td::from<double>({{1, 2}, {3, 4}}, TestType{});
    td::matmul(sq, sq, td::slice(big, td::range(1, 3), td::range(2, 4)));
    auto host_big = td::to_vector(big);
    CHECK(host_big[1 * 9 + 2] == 7);
    CHECK(host_big[1 * 9 + 3] == 10);
    CHECK(host_big[2 * 9 + 2] == 15);
    CHECK(host_big[2 * 9 + 3] == 22);
    CHECK(host_big[0] == -1);
    td::matmul(sq, sq, sq);  // out overlaps both operands
    CHECK(values(sq) == std::vector<double>{7, 10, 15, 22});
    // out's second row is a's first, past out's element count from its start: the
    // product must still read a as it was.
    auto rows = td::from<double>({{1, 2, 0, 0, 0}, {3, 4, 0, 0, 0}, {5, 6, 0, 0, 0}}, TestType{});
    td::matmul(td::slice(rows, td::range(1, 3), td::range(0, 2)), sq, td::slice(rows, td::range(0, 2), td::range(0, 2)));
    // [[3, 4], [5, 6]] x [[7, 10], [15, 22]]
    CHECK(values(td::slice(rows, td::range(0, 2), td::range(0, 2))) == std::vector<double>{81, 118, 125, 182});

    // Empty inner extent: zeros. Empty rows: an empty result.
    auto z = td::matmul(td::zeros<float>({2, 0}, TestType{}), td::zeros<float>({0, 3}, TestType{}));
    CHECK(values(z) == std::vector<double>(6, 0.0));
    CHECK(td::matmul(td::zeros<float>({0, 4}, TestType{}), td::ones<float>({4, 3}, TestType{})).size() == 0);
  });
}

TEST_CASE("TANDEM_GEMM_KERNEL caps the host kernel", "[matmul]") {
  const char* cap = std::getenv("TANDEM_GEMM_KERNEL");
  const std::string name = td::detail::host_gemm_microkernel<float>().name;
  INFO("kernel " << name);
  CHECK(name == td::detail::host_gemm_microkernel<double>().name);
  if (cap && std::string(cap) == "portable") CHECK(name == "portable");
  if (cap && std::string(cap) == "avx2") CHECK(name != "avx512");
}

TEMPLATE_TEST_CASE("matmul rejects mismatched shapes, naming them", "[matmul]", TANDEM_TEST_SPACES) {
  auto a = td::ones<float>({2, 3}, TestType{});
  auto b = td::ones<float>({4, 5}, TestType{});
  CHECK_THROWS_AS(td::matmul(a, b), td::shape_error);
  CHECK_THROWS_WITH(td::matmul(a, b), testing::contains("[2, 3]") && testing::contains("[4, 5]"));
  CHECK_THROWS_WITH(td::matmul(a, td::ones<float>({4}, TestType{})), testing::contains("[4]"));
  auto out = td::zeros<float>({2, 2}, TestType{});
  CHECK_THROWS_WITH(td::matmul(a, td::ones<float>({3, 4}, TestType{}), out),
                    testing::contains("[2, 4]") && testing::contains("[2, 2]"));
  CHECK_THROWS_WITH(td::matmul(td::ones<double>({2, 3, 4}, TestType{}), td::ones<double>({3, 4, 5}, TestType{})),
                    testing::contains("batch"));
#if !TANDEM_HAS_CBLAS
  CHECK_THROWS_AS(td::set_host_gemm(td::host_gemm::cblas), td::error);
#endif
}

TEST_CASE("matmul with rows further apart than a 32-bit int can say", "[matmul]") {
#if defined(__linux__)
  // A 2 x 3 matrix whose rows lie 2^31 + 8 elements apart: CBLAS takes int leading
  // dimensions, so such an operand must not reach it. The memory between the rows is
  // reserved, never touched.
  const td::index_t ld = (td::index_t(1) << 31) + 8;
  const std::size_t bytes = sizeof(float) * static_cast<std::size_t>(ld + 3);
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  REQUIRE(p != MAP_FAILED);
  auto* f = static_cast<float*>(p);
  for (int j = 0; j < 3; ++j) {
    f[j] = float(1 + j);       // row 0: 1 2 3
    f[ld + j] = float(4 + j);  // row 1: 4 5 6
  }
  auto a = td::slice(td::adapt(f, {2, ld}), td::all, td::range(0, 3));
  REQUIRE(a.shape() == td::shape<2>{2, 3});
  const auto b = td::from<float>({{1, 0}, {0, 1}, {1, 1}});
  const auto x = td::from<float>({1, 1, 1});
  for (auto g : testing::host_gemms()) {
    td::set_host_gemm(g);
    INFO("host gemm " << (g == td::host_gemm::cblas ? "cblas" : "tandem"));
    CHECK(values(td::matmul(a, b)) == std::vector<double>{4, 5, 10, 11});
    CHECK(values(td::matmul(a, x)) == std::vector<double>{6, 15});
    CHECK(values(td::matmul(td::from<float>({{1, 1}}), a)) == std::vector<double>{5, 7, 9});  // as B
    CHECK(values(td::matmul(td::transpose(a), td::from<float>({{1}, {1}}))) ==
          std::vector<double>{5, 7, 9});  // transposed: columns ld apart
  }
  td::set_host_gemm(td::host_gemm::automatic);
  munmap(p, bytes);
#endif
}


TEMPLATE_TEST_CASE("tensordot contracts pairs of axes, as numpy's", "[matmul]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto a = td::reshape(td::arange<double>(24, space), {2, 3, 4});
  const auto b = td::reshape(td::arange<double>(12, space), {4, 3});
  const auto c = td::reshape(td::arange<double>(12, space), {3, 4});
  // numpy's values: axes ([1, 2], [1, 0]); the default (a's last two with c's first two);
  // N = 0, the outer product.
  const auto ab = td::tensordot(a, b, {1, 2}, {1, 0});
  static_assert(std::is_same_v<decltype(ab), const td::tensor<double, 1, TestType>>);
  CHECK(values(ab) == std::vector<double>{440, 1232});
  CHECK(values(td::tensordot(a, c)) == std::vector<double>{506, 1298});
  const auto o = td::tensordot<0>(td::from<double>({1, 2}, space), td::from<double>({3, 4, 5}, space));
  CHECK(o.shape() == td::shape<2>{2, 3});
  CHECK(values(o) == std::vector<double>{3, 4, 5, 6, 8, 10});
  // Random operands, contracted axes in the middle and out of order, strided, against a
  // double loop: out(i, l, m) = sum over j, k of x(i, j, k, l) y(k, m, j).
  const std::size_t I = 3, J = 4, K = 5, L = 2, M = 6;
  const auto xs = testing::random_values<float>(I * J * K * L, -1, 1, 21), ys = testing::random_values<float>(K * M * J, -1, 1, 22);
  const auto x = td::from(xs, {td::index_t(I), td::index_t(J), td::index_t(K), td::index_t(L)}, space);
  const auto yt = td::from(ys, {td::index_t(K), td::index_t(M), td::index_t(J)}, space);
  const auto got = values(td::tensordot(x, td::permute(td::permute(yt, {2, 1, 0}), {2, 1, 0}), {-2, 1}, {0, 2}));
  REQUIRE(got.size() == I * L * M);
  for (std::size_t i = 0; i < I; ++i)
    for (std::size_t l = 0; l < L; ++l)
      for (std::size_t m = 0; m < M; ++m) {
        double want = 0, bound = 0;
        for (std::size_t j = 0; j < J; ++j)
          for (std::size_t k = 0; k < K; ++k) {
            const double p = double(xs[((i * J + j) * K + k) * L + l]) * double(ys[(k * M + m) * J + j]);
            want += p;
            bound += std::fabs(p);
          }
        CHECK(std::fabs(got[(i * L + l) * M + m] - want) <= 64 * 1.2e-7 * bound + 1e-30);
      }
  // An empty contraction sums nothing; errors name what is wrong.
  CHECK(values(td::tensordot<1>(td::zeros<double>({2, 0}, space), td::zeros<double>({0, 3}, space))) ==
        std::vector<double>(6, 0.0));
  CHECK_THROWS_WITH(td::tensordot(a, b, {2}, {1}), testing::contains("differ in extent"));
  CHECK_THROWS_WITH(td::tensordot(a, b, {1, 1}, {1, 0}), testing::contains("contracted twice"));
  CHECK_THROWS_AS(td::tensordot(a, b, {3}, {0}), td::index_error);
}
