// td::dist against the single-process tandem result on the same data, on however many
// ranks mpirun started (CTest runs 1, 2, 3 and 4): the balanced layout, creation,
// scatter / gather / from_local, expressions with replicated operands, and reductions
// (float sums bitwise equal to td::sum's), with uneven splits, blocks with no rows and
// empty tensors; and errors that one rank finds thrown on every rank.
#include <tandem/dist.hpp>
#include <tandem/backend/link_choice.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <cstdlib>
#include <limits>
#include <thread>
#include <vector>

#include "support/test_support.hpp"

namespace dist = td::dist;

namespace {

/// The same values on every rank: a deterministic, irregular function of the index
/// (magnitudes from 1e-3 to 1e3, both signs, so that float sums round).
template <class T, std::size_t R, class S>
td::tensor<T, R, S> pattern(const td::shape<R>& s) {
  std::vector<T> v(static_cast<std::size_t>(s.size()));
  for (std::size_t i = 0; i < v.size(); ++i) {
    const double x = std::sin(double(i) * 0.7071) * std::pow(10.0, double(i % 7) - 3.0);
    if constexpr (std::is_integral_v<T>)
      v[i] = static_cast<T>(static_cast<std::int64_t>(x * 1000.0) % 1000);
    else
      v[i] = static_cast<T>(x);
  }
  td::tensor<T, R, td::host_space> h(s, td::uninitialized);
  if (!v.empty()) std::memcpy(h.data(), v.data(), v.size() * sizeof(T));
  return td::to(S{}, std::move(h));
}

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

/// Element for element the same bits (NaN included).
template <class X, class Y>
bool same_elements(const X& x, const Y& y) {
  const auto a = td::to_vector(x), b = td::to_vector(y);
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(a[0])) == 0);
}

}  // namespace

TEST_CASE("the environment shares the node's cores among its ranks", "[dist]") {
  // Every rank of these tests runs on this one machine.
  const auto w = dist::world();
  if (std::getenv("TANDEM_NUM_THREADS") == nullptr) {
    const int hw = static_cast<int>(std::thread::hardware_concurrency());
    CHECK(td::num_threads() == (w.size() > 1 ? std::max(1, hw / w.size()) : std::max(1, hw)));
  }
}

TEST_CASE("blocks are balanced: sizes differ by at most one row", "[dist]") {
  for (td::index_t n : {0, 1, 2, 3, 5, 7, 100, 1001}) {
    for (int p = 1; p <= 5; ++p) {
      td::index_t total = 0, lo = n, hi = 0;
      for (int r = 0; r < p; ++r) {
        CHECK(dist::block_offset(n, p, r) == total);
        const td::index_t rows = dist::block_rows(n, p, r);
        total += rows;
        lo = std::min(lo, rows);
        hi = std::max(hi, rows);
      }
      CHECK(total == n);
      CHECK(hi - lo <= 1);
    }
  }
  const auto w = dist::world();
  const auto t = dist::zeros<float>(w, {10, 3});
  CHECK(t.local().extent(0) == dist::block_rows(10, w.size(), w.rank()));
  CHECK(t.offset() == dist::block_offset(10, w.size(), w.rank()));
  CHECK(t.shape() == td::shape<2>{10, 3});
}

TEMPLATE_TEST_CASE("creation gives the single-process values", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  for (td::index_t n : {0, 1, 2, 7, 13}) {
    CHECK(testing::values(dist::allgather(dist::zeros<double>(w, {n, 2}, TestType{}))) ==
          testing::values(td::zeros<double>({n, 2})));
    CHECK(testing::values(dist::allgather(dist::full<int>(w, {n}, 7, TestType{}))) ==
          std::vector<double>(static_cast<std::size_t>(n), 7.0));
    CHECK(testing::values(dist::allgather(dist::ones<float>(w, {2 * n, 1, 2}, TestType{}))) ==
          std::vector<double>(static_cast<std::size_t>(4 * n), 1.0));
  }
  // arange: the same bits as td::arange (start + i * step in double), floats and ints.
  const auto a = dist::allgather(dist::arange<float>(w, 0.1f, 3.7f, 0.3f, TestType{}));
  const auto b = td::arange<float>(0.1f, 3.7f, 0.3f);
  REQUIRE(a.size() == b.size());
  CHECK(td::to_vector(a) == td::to_vector(b));
  CHECK(td::to_vector(dist::allgather(dist::arange<std::int16_t>(w, 9, -20, -4, TestType{}))) ==
        td::to_vector(td::arange<std::int16_t>(9, -20, -4)));
  CHECK(dist::arange<int>(w, 0, TestType{}).size() == 0);
}

TEMPLATE_TEST_CASE("scatter, gather and allgather round trip", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  for (td::index_t rows : {0, 1, 2, 3, 5, 11}) {
    const auto whole = pattern<double, 2, TestType>({rows, 3});
    for (int root = 0; root < w.size(); ++root) {
      // Only root's tensor is read: the others pass an empty one.
      const auto mine = w.rank() == root ? whole : td::tensor<double, 2, TestType>();
      const auto d = dist::scatter(w, mine, root);
      CHECK(d.shape() == whole.shape());
      REQUIRE(d.local().extent(0) == dist::block_rows(rows, w.size(), w.rank()));
      // This rank's rows are the rows offset() .. of the whole.
      const auto expect = td::to_vector(whole);
      const auto got = td::to_vector(d.local());
      CHECK(std::vector<double>(expect.begin() + d.offset() * 3, expect.begin() + d.offset() * 3 + d.local().size()) ==
            got);
      const auto back = dist::gather(d, root);
      if (w.rank() == root)
        CHECK(testing::values(back) == testing::values(whole));
      else
        CHECK(back.size() == 0);
      CHECK(testing::values(dist::allgather(d)) == testing::values(whole));
    }
  }
  CHECK_THROWS_AS(dist::scatter(w, td::tensor<double, 1, TestType>(), w.size()), td::index_error);
}

TEMPLATE_TEST_CASE("each space names the link its blocks travel by", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  const std::string name = dist::link_name(w, TestType{});
  CHECK(name == dist::link_name(w, TestType{}));  // chosen once, kept
  if constexpr (std::is_same_v<TestType, td::host_space>) {
    CHECK(name == "mpi");
  } else if constexpr (td::is_host_accessible_v<TestType>) {
    CHECK(name == "mpi (managed memory)");
  } else if constexpr (!TANDEM_HAS_CUDA) {
    CHECK(name == "mpi");  // the emulated device's memory is the host's
  } else {
    const char* asked = std::getenv("TANDEM_DIST_DEVICE_LINK");
    if (asked && *asked)
      CHECK(name.rfind(asked, 0) == 0);
    else
      CHECK((name == "nccl" || name == "mpi (CUDA-aware)" || name == "staged (pinned host buffers)"));
  }
}

TEST_CASE("the way GPU memory travels is chosen alike on every rank", "[dist]") {
  using td::detail::choose_device_link;
  using kind = td::detail::device_link_kind;
  const auto w = dist::world();
  const auto& c = w.impl();
  const std::string shared_gpu = "ranks 0 and 1 share the GPU 0000:01:00.0 (NCCL needs a GPU per rank)";
  // Nothing asked: NCCL where it can serve, else a CUDA-aware MPI, else staging.
  CHECK(choose_device_link(c, nullptr, "", false) == kind::nccl);
  CHECK(choose_device_link(c, "", "", true) == kind::nccl);
  CHECK(choose_device_link(c, nullptr, shared_gpu, true) == kind::mpi);
  CHECK(choose_device_link(c, nullptr, shared_gpu, false) == kind::staged);
  // One rank's MPI not CUDA-aware: none is used as such.
  CHECK(choose_device_link(c, nullptr, shared_gpu, w.rank() != w.size() - 1) == kind::staged);
  // Asked for, and possible.
  CHECK(choose_device_link(c, "nccl", "", false) == kind::nccl);
  CHECK(choose_device_link(c, "mpi", shared_gpu, true) == kind::mpi);
  CHECK(choose_device_link(c, "staged", "", true) == kind::staged);
  // Asked for, and impossible, or misspelt, or asked differently: every rank throws.
  const auto refused = [&](const char* asked, const std::string& why_not, bool aware, const std::string& says) {
    try {
      (void)choose_device_link(c, asked, why_not, aware);
    } catch (const td::mpi_error& e) {
      return std::string(e.what()).find(says) != std::string::npos;
    }
    return false;
  };
  CHECK(refused("nccl", shared_gpu, true, "TANDEM_DIST_DEVICE_LINK=nccl, but ranks 0 and 1 share the GPU"));
  CHECK(refused("mpi", "", w.rank() != 0, "not CUDA-aware on every rank"));
  CHECK(refused("gloo", "", true, "'gloo': nccl, mpi or staged"));
  if (w.size() > 1) CHECK(refused(w.rank() == 0 ? "staged" : nullptr, "", true, "set TANDEM_DIST_DEVICE_LINK differently"));
  // The group is still in step: a collective after the refusals completes.
  CHECK(c.allreduce(1, '+') == w.size());
}

TEMPLATE_TEST_CASE("from_local balances blocks of any sizes", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  // Rank r brings r + 1 rows (rank 0 one, the last p), values 100 r + row.
  const td::index_t mine_rows = w.rank() + 1;
  td::tensor<int, 2, td::host_space> h({mine_rows, 2});
  for (td::index_t i = 0; i < mine_rows; ++i) h(i, 0) = 100 * w.rank() + int(i), h(i, 1) = -int(i);
  const auto d = dist::from_local(w, td::to(TestType{}, h));
  const td::index_t total = td::index_t(w.size()) * (w.size() + 1) / 2;
  CHECK(d.shape() == td::shape<2>{total, 2});
  CHECK(d.local().extent(0) == dist::block_rows(total, w.size(), w.rank()));
  std::vector<double> expect;
  for (int r = 0; r < w.size(); ++r)
    for (int i = 0; i <= r; ++i) expect.push_back(100 * r + i), expect.push_back(-i);
  CHECK(testing::values(dist::allgather(d)) == expect);
  // A block whose other extents differ on the last rank: every rank throws (with one
  // rank there is nothing to differ from).
  td::tensor<int, 2, TestType> odd({1, w.rank() == w.size() - 1 ? 3 : 2});
  if (w.size() > 1) {
    CHECK_THROWS_AS(dist::from_local(w, odd), td::shape_error);
    CHECK_THROWS_WITH(dist::from_local(w, odd), Catch::Matchers::Contains("only the rows may differ"));
  } else {
    CHECK(dist::from_local(w, odd).shape() == td::shape<2>{1, 3});
  }
}

TEMPLATE_TEST_CASE("expressions evaluate block by block, as the single process does", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  for (td::index_t rows : {0, 1, 3, 10}) {
    const auto a = pattern<float, 2, TestType>({rows, 4});
    const auto b = td::to(TestType{}, td::tensor<float, 2>(td::abs(pattern<float, 2, td::host_space>({rows, 4})) + 1.f));
    const auto da = dist::scatter(w, a, 0), db = dist::scatter(w, b, 0);
    const td::tensor<float, 1, TestType> bias = pattern<float, 1, TestType>({4});
    const td::tensor<float, 2, TestType> row = pattern<float, 2, TestType>({1, 4});
    // Fused expression with scalars, math functions and replicated operands: one that
    // broadcasts along the other axes, one of extent 1 along axis 0, one whole.
    const dist::tensor<float, 2, TestType> r = da * 2.f + td::exp(-db) - bias + row * td::sqrt(db) + b;
    const td::tensor<float, 2, TestType> expect = a * 2.f + td::exp(-b) - bias + row * td::sqrt(b) + b;
    CHECK(td::to_vector(dist::allgather(r)) == td::to_vector(expect));
    // Comparisons give bool; assignment into an existing distributed tensor.
    const dist::tensor<bool, 2, TestType> pos = da > 0.f;
    CHECK(td::to_vector(dist::allgather(pos)) == td::to_vector(td::tensor<bool, 2, TestType>(a > 0.f)));
    auto out = dist::zeros<float>(w, {rows, 4}, TestType{});
    out = td::where(da > 0.f, da, 0.f);
    CHECK(td::to_vector(dist::allgather(out)) == td::to_vector(td::tensor<float, 2, TestType>(td::where(a > 0.f, a, 0.f))));
    out = 2.5f;
    CHECK(testing::values(dist::allgather(out)) == std::vector<double>(static_cast<std::size_t>(rows * 4), 2.5));
  }
  // Shapes that do not match throw on every rank (shapes are global, known everywhere).
  const auto x = dist::zeros<float>(w, {5, 4}, TestType{});
  const auto y = dist::zeros<float>(w, {4, 4}, TestType{});
  CHECK_THROWS_AS((dist::tensor<float, 2, TestType>(x + y)), td::shape_error);
  CHECK_THROWS_AS(x + td::zeros<float>({3}, TestType{}), td::shape_error);
  CHECK_THROWS_AS(x + td::zeros<float>({2, 4}, TestType{}), td::shape_error);
  auto z = dist::zeros<float>(w, {4, 4}, TestType{});
  CHECK_THROWS_AS(z = x * 2.f, td::shape_error);
}

TEMPLATE_TEST_CASE("float sums are the single process's bits on any number of ranks", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  // Sizes around the 2^14-element chunks: one chunk, a chunk and one, many with a short
  // last one; rows of 1, 3 and 1000 elements so that blocks split chunks anywhere.
  for (td::index_t n : {0, 1, 5, 1000, 16383, 16384, 16385, 50001, 140000}) {
    for (td::index_t cols : {1, 3, 1000}) {
      if (n % cols != 0) continue;
      const auto whole = pattern<float, 2, TestType>({n / cols, cols});
      const auto d = dist::scatter(w, whole, 0);
      INFO("n = " << n << ", cols = " << cols);
      CHECK(same_bits(td::sum(d), td::sum(whole)));
      const float m = td::mean(d), m1 = td::mean(whole);
      CHECK((same_bits(m, m1) || (std::isnan(m) && std::isnan(m1))));
      CHECK(same_bits(td::norm(d), td::norm(whole)));
      CHECK(same_bits(td::dot(d, d * 0.5f), td::dot(whole, whole * 0.5f)));
      // An expression is summed as it is computed: the same bits as the single process's.
      CHECK(same_bits(td::sum(d * d - 1.f), td::sum(whole * whole - 1.f)));
    }
  }
  const auto dw = pattern<double, 1, TestType>({70000});
  CHECK(same_bits(td::sum(dist::scatter(w, dw, 0)), td::sum(dw)));
  // Products of values near 1 (they neither overflow nor vanish).
  const auto near_one = td::tensor<double, 1, TestType>(pattern<double, 1, TestType>({40000}) * 1e-4 + 1.0);
  CHECK(same_bits(td::prod(dist::scatter(w, near_one, 0)), td::prod(near_one)));
}

TEMPLATE_TEST_CASE("integer and bool reductions, min, max and arg with global indices", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  const auto whole = pattern<std::int32_t, 2, TestType>({37, 5});
  const auto d = dist::scatter(w, whole, 0);
  CHECK(td::sum(d) == td::sum(whole));
  CHECK(td::sum(d > 0) == td::sum(whole > 0));  // bool counts in index_t
  CHECK(td::min(d) == td::min(whole));
  CHECK(td::max(d) == td::max(whole));
  CHECK(td::argmin(d) == td::argmin(whole));
  CHECK(td::argmax(d) == td::argmax(whole));
  CHECK(td::mean(d) == td::mean(whole));
  // NaN wins, first occurrence, global index; ties go to the first.
  td::tensor<double, 1, td::host_space> h({9});
  for (td::index_t i = 0; i < 9; ++i) h(i) = double(i % 3);
  const auto dh = dist::scatter(w, td::to(TestType{}, h), 0);
  CHECK(td::argmax(dh) == 2);
  CHECK(td::argmin(dh) == 0);
  h(6) = std::numeric_limits<double>::quiet_NaN();
  h(8) = std::numeric_limits<double>::quiet_NaN();
  const auto dn = dist::scatter(w, td::to(TestType{}, h), 0);
  CHECK(td::argmax(dn) == 6);
  CHECK(td::argmin(dn) == 6);
  CHECK(std::isnan(td::max(dn)));
  CHECK(std::isnan(td::sum(dn)));
  // Empty: min and argmax have no value (shape_error on every rank), sum is 0, mean NaN.
  const auto e = dist::zeros<float>(w, {0, 3}, TestType{});
  CHECK(td::sum(e) == 0.f);
  CHECK(std::isnan(td::mean(e)));
  CHECK_THROWS_AS(td::min(e), td::shape_error);
  CHECK_THROWS_AS(td::argmax(e), td::shape_error);
}

TEMPLATE_TEST_CASE("reductions along an axis give every rank the single process's result", "[dist]",
                   TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  // 600 and 1100 rows: blocks of 256 rows split across ranks anywhere, with a short last one.
  for (td::index_t rows : {0, 1, 7, 600, 1100}) {
    const auto whole = pattern<float, 3, TestType>({rows, 4, 5});
    const auto d = dist::scatter(w, whole, 0);
    for (td::index_t axis : {0, 1, 2, -1}) {
      INFO("rows " << rows << ", axis " << axis);
      const auto s = td::sum(d, axis);
      CHECK(s.shape() == td::sum(whole, axis).shape());
      CHECK(same_elements(s, td::sum(whole, axis)));
      CHECK(same_elements(td::mean(d * 2.f, axis), td::mean(whole * 2.f, axis)));  // NaN when empty
      CHECK(same_elements(td::norm(d, axis), td::norm(whole, axis)));
      CHECK(same_elements(td::prod(d * 0.001f + 1.f, axis), td::prod(whole * 0.001f + 1.f, axis)));
      if (rows > 0) {
        CHECK(same_elements(td::max(d, axis), td::max(whole, axis)));
        CHECK(same_elements(td::min(d, axis), td::min(whole, axis)));
        CHECK(same_elements(td::argmin(d, axis), td::argmin(whole, axis)));
        CHECK(same_elements(td::argmax(d, axis), td::argmax(whole, axis)));
      } else if (axis == 0) {
        CHECK_THROWS_AS(td::max(d, axis), td::shape_error);  // on every rank, as the single process
      }
    }
  }
  const auto v = pattern<double, 1, TestType>({1000});
  CHECK(same_elements(td::sum(dist::scatter(w, v, 0), 0), td::sum(v, 0)));
  // NaN along axis 0 in one rank's rows: max and argmax report it, as the single process.
  auto hn = td::to(td::host, pattern<double, 2, TestType>({9, 2}));
  hn(7, 1) = std::numeric_limits<double>::quiet_NaN();
  const auto wn = td::to(TestType{}, hn);
  const auto dn = dist::scatter(w, wn, 0);
  CHECK(same_elements(td::max(dn, 0), td::max(wn, 0)));
  CHECK(same_elements(td::argmax(dn, 0), td::argmax(wn, 0)));
  CHECK(same_elements(td::sum(dn, 0), td::sum(wn, 0)));
  const auto d = dist::zeros<float>(w, {3, 3}, TestType{});
  CHECK_THROWS_AS(td::sum(d, 2), td::index_error);
}

TEMPLATE_TEST_CASE("random tensors hold the single-process call's values", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  for (td::index_t rows : {0, 1, 5, 13}) {
    td::random::generator g1{7}, g2{7};
    const auto u = g1.uniform<float>(w, {rows, 3}, TestType{}, -1.f, 2.f);
    const auto expect = g2.uniform<float>({rows, 3}, TestType{}, -1.f, 2.f);
    CHECK(same_elements(dist::allgather(u), expect));
    const auto nd = g1.normal<double>(w, {rows}, TestType{}, 1.0, 3.0);
    CHECK(same_elements(dist::allgather(nd), g2.normal<double>({rows}, TestType{}, 1.0, 3.0)));
    const auto k = g1.integers<int>(w, {rows, 2, 2}, TestType{}, -5, 5);
    CHECK(same_elements(dist::allgather(k), g2.integers<int>({rows, 2, 2}, TestType{}, -5, 5)));
    CHECK(g1.calls() == g2.calls());
  }
  td::random::generator g{1};
  CHECK_THROWS_AS(g.uniform<float>(w, {4}, TestType{}, 1.f, 1.f), td::error);
}

TEMPLATE_TEST_CASE("halo brings the neighbours' rows, zeros or wrapped at the ends", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  const int p = w.size();
  for (td::index_t rows : {td::index_t(p), td::index_t(2 * p + 1), td::index_t(7 * p + 3)}) {
    const auto whole = pattern<double, 2, TestType>({rows, 3});
    const auto d = dist::scatter(w, whole, 0);
    const auto all = td::to_vector(whole);
    const td::index_t smallest = rows / p;
    for (td::index_t width = 0; width <= std::min<td::index_t>(smallest, 3); ++width) {
      for (bool wrap : {false, true}) {
        INFO("rows " << rows << ", width " << width << ", periodic " << wrap);
        const auto h = wrap ? dist::halo(d, width, dist::periodic) : dist::halo(d, width);
        REQUIRE(h.width() == width);
        const auto above = td::to_vector(h.above()), below = td::to_vector(h.below());
        const td::index_t first = d.offset(), last = d.offset() + d.local().extent(0);
        for (td::index_t i = 0; i < width; ++i) {
          for (td::index_t j = 0; j < 3; ++j) {
            const td::index_t up = first - width + i, down = last + i;  // global rows
            const double want_up = up >= 0 ? all[up * 3 + j] : (wrap ? all[(up + rows) * 3 + j] : 0.0);
            const double want_down = down < rows ? all[down * 3 + j] : (wrap ? all[(down - rows) * 3 + j] : 0.0);
            CHECK(above[i * 3 + j] == want_up);
            CHECK(below[i * 3 + j] == want_down);
          }
        }
      }
    }
    CHECK_THROWS_AS(dist::halo(d, smallest + 1), td::shape_error);
  }
}

namespace {
/// The heat example's five-point step on a distributed grid: rows from the halo.
template <class S>
struct dist_heat_step {
  dist::halo_view<double, 2, S> u;
  td::tensor_view<double, 2, S> next;
  td::index_t offset, rows;
  double r;
  TANDEM_HD void operator()(td::index_t i, td::index_t j) const {
    const td::index_t gi = offset + i, cols = next.extent(1);
    if (gi == 0 || gi == rows - 1 || j == 0 || j == cols - 1) {
      next(i, j) = u(i, j);
      return;
    }
    next(i, j) = u(i, j) + r * (u(i + 1, j) + u(i - 1, j) + u(i, j + 1) + u(i, j - 1) - 4.0 * u(i, j));
  }
};
}  // namespace

TEMPLATE_TEST_CASE("a stencil over ranks with halo matches the single process exactly", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  const td::index_t n = 4 * w.size() + 3;
  const auto start = pattern<double, 2, TestType>({n, 9});
  auto u = dist::scatter(w, start, 0);
  auto next = dist::zeros<double>(w, {n, 9}, TestType{});
  td::tensor<double, 2, TestType> su = start, snext({n, 9});
  dist::halo_rows<double, 2, TestType> h;  // refreshed in place each step
  for (int s = 0; s < 5; ++s) {
    dist::halo(u, 1, h);
    td::for_each(TestType{}, u.local().shape(),
                 dist_heat_step<TestType>{h.view(), next.local().view(), u.offset(), n, 0.2});
    std::swap(u, next);
    // The same step on the whole grid (a halo view with empty ghost rows).
    const td::tensor<double, 2, TestType> none({0, 9});
    td::for_each(TestType{}, su.shape(),
                 dist_heat_step<TestType>{{none.view(), su.view(), none.view()}, snext.view(), 0, n, 0.2});
    std::swap(su, snext);
  }
  CHECK(same_elements(dist::allgather(u), su));
}

TEMPLATE_TEST_CASE("cumsum scans across the blocks", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  for (td::index_t n : {0, 1, 5, 1000}) {
    const auto ints = pattern<std::int64_t, 1, TestType>({n});
    CHECK(same_elements(dist::allgather(dist::cumsum(dist::scatter(w, ints, 0))), td::cumsum(ints)));
    const auto m = pattern<std::int32_t, 2, TestType>({n, 3});
    for (td::index_t axis : {0, 1})
      CHECK(testing::values(dist::allgather(dist::cumsum(dist::scatter(w, m, 0), axis))) ==
            testing::values(td::cumsum(m, axis)));
    // Floats: the same running sums up to rounding (the totals are carried in another order).
    const auto f = pattern<double, 1, TestType>({n});
    const auto got = testing::values(dist::allgather(dist::cumsum(dist::scatter(w, f, 0))));
    const auto want = testing::values(td::cumsum(f));
    REQUIRE(got.size() == want.size());
    double scale = 0;
    for (double x : testing::values(f)) scale += std::abs(x);
    for (std::size_t i = 0; i < got.size(); ++i) CHECK(std::abs(got[i] - want[i]) <= 1e-13 * (scale + 1));
  }
}

TEMPLATE_TEST_CASE("sort sorts globally and rebalances", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  for (td::index_t n : {0, 1, 2, 3, 17, 1000, 5001}) {
    INFO("n = " << n);
    const auto f = pattern<float, 1, TestType>({n});
    auto expect = f;
    td::sort(expect);
    const auto s = dist::sort(dist::scatter(w, f, 0));
    CHECK(s.local().extent(0) == dist::block_rows(n, w.size(), w.rank()));
    CHECK(testing::values(dist::allgather(s)) == testing::values(expect));
    // Many duplicates, and NaNs (last, as td::sort puts them).
    auto dup = td::to(td::host, pattern<std::int32_t, 1, TestType>({n}));
    for (td::index_t i = 0; i < n; ++i) dup(i) = dup(i) % 3;
    auto dup_sorted = dup;
    td::sort(dup_sorted);
    CHECK(testing::values(dist::allgather(dist::sort(dist::scatter(w, td::to(TestType{}, dup), 0)))) ==
          testing::values(dup_sorted));
  }
  td::tensor<double, 1, td::host_space> h({9});
  for (td::index_t i = 0; i < 9; ++i) h(i) = i % 2 ? std::numeric_limits<double>::quiet_NaN() : double(9 - i);
  auto hs = h;
  td::sort(hs);
  CHECK(same_elements(dist::allgather(dist::sort(dist::scatter(w, td::to(TestType{}, h), 0))), td::to(TestType{}, hs)));
}

TEMPLATE_TEST_CASE("matmul: replicated and distributed right operands", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  for (td::index_t n : {0, 1, 5, 9}) {
    for (td::index_t k : {1, 3, 8}) {
      INFO("n " << n << ", k " << k);
      const auto a = pattern<double, 2, TestType>({n, k});
      const td::tensor<double, 2, TestType> b(td::reshape(pattern<double, 1, TestType>({k * 4}), {k, 4}));
      const auto expect = testing::values(td::matmul(a, b));
      const auto da = dist::scatter(w, a, 0);
      const auto d1 = dist::matmul(da, b);
      // Each rank's block is td::matmul of its own rows, bit for bit; against the product
      // of the whole matrix only within rounding: a BLAS picks its kernel by the row
      // count (OpenBLAS sums a product of 3 rows in another order than one of 5).
      const auto block = testing::values(d1.local());
      const auto own = testing::values(td::matmul(da.local(), b));
      REQUIRE(block.size() == own.size());
      for (std::size_t i = 0; i < own.size(); ++i) CHECK(block[i] == own[i]);
      const auto c1 = testing::values(dist::allgather(d1));
      const auto c2 = testing::values(dist::allgather(dist::matmul(da, dist::scatter(w, b, 0))));
      REQUIRE(c1.size() == expect.size());
      REQUIRE(c2.size() == expect.size());
      for (std::size_t i = 0; i < expect.size(); ++i) {
        CHECK(std::abs(c1[i] - expect[i]) <= 1e-12 * (1 + std::abs(expect[i])) * double(k));
        CHECK(std::abs(c2[i] - expect[i]) <= 1e-12 * (1 + std::abs(expect[i])) * double(k));
      }
    }
  }
  CHECK_THROWS_AS(dist::matmul(dist::zeros<double>(w, {3, 2}, TestType{}), dist::zeros<double>(w, {3, 2}, TestType{})),
                  td::shape_error);
}

TEMPLATE_TEST_CASE("save_npy writes one file numpy's format, atomically", "[dist]", TANDEM_TEST_SPACES) {
  const auto w = dist::world();
  // The same folder on every rank: rank 0 names it.
  std::string dir = "/tmp/tandem-dist-test";
  const std::string path = dir + "/d.npy";
  if (w.rank() == 0) std::filesystem::create_directories(dir);
  w.barrier();
  for (td::index_t rows : {0, 1, 7, 40}) {
    const auto whole = pattern<float, 2, TestType>({rows, 5});
    dist::save_npy(path, dist::scatter(w, whole, 0));
    w.barrier();
    // Read back by the single-process reader, on every rank: the same bytes as
    // td::save_npy writes.
    CHECK(same_elements(td::load_npy<float, 2>(path, TestType{}), whole));
    w.barrier();
  }
  // A folder that does not exist: io_error on every rank, no file left.
  CHECK_THROWS_AS(dist::save_npy(dir + "/missing/x.npy", dist::zeros<float>(w, {4}, TestType{})), td::io_error);
  w.barrier();
  if (w.rank() == 0) std::filesystem::remove_all(dir);
}

TEST_CASE("a failure on one rank is thrown on every rank, never a hang", "[dist]") {
  const auto w = dist::world();
  // Only the last rank's check fails; every rank must throw the same error.
  bool thrown = false;
  try {
    dist::detail::agreed(w, [&] {
      if (w.rank() == w.size() - 1) throw td::index_error("bad index on the last rank");
    });
  } catch (const td::index_error& e) {
    thrown = std::string(e.what()) == "bad index on the last rank";
  }
  CHECK(thrown);
  // After the failure the group still works.
  CHECK(td::sum(dist::ones<int>(w, {10})) == 10);
}
