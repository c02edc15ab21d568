// Scans: cumsum, inclusive_scan, exclusive_scan, against std::partial_sum-style loops.
#include <numeric>

#include <cuda/std/functional>

#include "support/test_support.hpp"

using testing::values;

namespace {

struct max_op {
  template <class T>
  TANDEM_HD T operator()(T a, T b) const {
    return a < b ? b : a;
  }
};
struct plus_op {
  template <class T>
  TANDEM_HD T operator()(T a, T b) const {
    return a + b;
  }
};
struct tagged_plus_op {  // says it is a plain +: CUB gets cuda::std::plus instead
  using plus_tag = void;
  template <class T>
  TANDEM_HD T operator()(T a, T b) const {
    return a + b;
  }
};
struct times_op {
  template <class T>
  TANDEM_HD T operator()(T a, T b) const {
    return a * b;
  }
};

}  // namespace

TEMPLATE_TEST_CASE("cumsum of small tensors, every dtype", "[scan]", TANDEM_TEST_SPACES) {
  CHECK(values(td::cumsum(td::arange<int>(5, TestType{}))) == std::vector<double>{0, 1, 3, 6, 10});
  auto m = td::from<double>({{1, 2, 3}, {4, 5, 6}}, TestType{});
  auto flat = td::cumsum(m);  // row-major, rank 1, as numpy
  static_assert(std::is_same_v<decltype(flat), td::tensor<double, 1, TestType>>);
  CHECK(values(flat) == std::vector<double>{1, 3, 6, 10, 15, 21});
  auto i64 = td::cumsum(td::full<std::int64_t>({3}, std::int64_t(1) << 40, TestType{}));
  CHECK(td::to_vector(i64) == std::vector<std::int64_t>{std::int64_t(1) << 40, std::int64_t(2) << 40,
                                                          std::int64_t(3) << 40});
  auto b = td::cumsum(td::from<bool>({true, false, true, true}, TestType{}));
  static_assert(std::is_same_v<td::value_of_t<decltype(b)>, td::index_t>);
  CHECK(values(b) == std::vector<double>{1, 1, 2, 3});
  auto f = td::cumsum(td::from<float>({0.5f, 0.25f}, TestType{}));
  static_assert(std::is_same_v<td::value_of_t<decltype(f)>, float>);
  CHECK(values(f) == std::vector<double>{0.5, 0.75});
  CHECK(td::cumsum(td::zeros<float>({0}, TestType{})).size() == 0);
  CHECK(values(td::cumsum(td::from<int>({7}, TestType{}))) == std::vector<double>{7});
}

TEMPLATE_TEST_CASE("inclusive and exclusive scans with user operations", "[scan]", TANDEM_TEST_SPACES) {
  auto a = td::from<int>({3, 1, 4, 1, 5, 9, 2, 6}, TestType{});
  CHECK(values(td::inclusive_scan(a, max_op{})) == std::vector<double>{3, 3, 4, 4, 5, 9, 9, 9});
  CHECK(values(td::exclusive_scan(a, 0, plus_op{})) == std::vector<double>{0, 3, 4, 8, 9, 14, 23, 25});
  CHECK(values(td::exclusive_scan(a, 1, times_op{})) == std::vector<double>{1, 3, 3, 12, 12, 60, 540, 1080});
  CHECK(values(td::exclusive_scan(td::zeros<int>({0}, TestType{}), 5, plus_op{})).empty());
  // Expressions and strided operands are scanned as they are read.
  CHECK(values(td::cumsum(a * 2 - 1)) == std::vector<double>{5, 6, 13, 14, 23, 40, 43, 54});
  auto m = td::from<int>({{1, 2}, {3, 4}}, TestType{});
  CHECK(values(td::cumsum(td::transpose(m))) == std::vector<double>{1, 4, 6, 10});
}

TEMPLATE_TEST_CASE("large scans take the parallel path and match a serial loop", "[scan]", TANDEM_TEST_SPACES) {
  const td::index_t n = (td::index_t(1) << 20) + 12345;
  td::random::generator g{8};
  auto k = g.integers<std::int64_t>({n}, TestType{}, -1000, 1000);
  const auto kv = td::to_vector(k);
  std::vector<std::int64_t> inclusive(kv.size()), exclusive(kv.size());
  std::partial_sum(kv.begin(), kv.end(), inclusive.begin());
  std::int64_t run = 17;
  for (std::size_t i = 0; i < kv.size(); ++i) exclusive[i] = run, run += kv[i];
  for (int threads : {1, 2}) {
    testing::threads_scope limit(threads);
    CHECK(td::to_vector(td::cumsum(k)) == inclusive);
    CHECK(td::to_vector(td::exclusive_scan(k, 17, plus_op{})) == exclusive);
    CHECK(td::to_vector(td::exclusive_scan(k, 17, tagged_plus_op{})) == exclusive);
    CHECK(td::to_vector(td::inclusive_scan(k, cuda::std::plus<std::int64_t>{})) == inclusive);
  }
  // Floats accumulate in float, one after another as numpy's cumsum does: the error of
  // the i-th partial sum grows like sqrt(i) * 6e-8 (about 6e-5 at 2^20), not pairwise.
  auto u = g.uniform<float>({n}, TestType{});
  const auto uv = td::to_vector(u);
  const auto cs = td::to_vector(td::cumsum(u));
  double exact = 0, worst = 0;
  for (std::size_t i = 0; i < uv.size(); ++i) {
    exact += uv[i];
    worst = std::max(worst, std::abs(cs[i] - exact) / exact);
  }
  CHECK(worst < 2e-4);
  CHECK(worst > 0);  // really computed in float, not in double

  // A strided operand (a transposed matrix: rows of 1031 at a stride, read a block at a
  // time) scans to the values of its dense copy, bit for bit, on the parallel path.
  const auto m = td::reshape(td::slice(k, td::range(0, 1031 * 1017)), {1031, 1017});
  const auto t = td::transpose(m);
  const auto mv = td::to_vector(m);
  std::vector<std::int64_t> expect;
  std::int64_t total = 0;
  for (td::index_t j = 0; j < 1017; ++j)
    for (td::index_t i = 0; i < 1031; ++i) expect.push_back(total += mv[std::size_t(i * 1017 + j)]);
  const auto got = td::to_vector(td::cumsum(t));
  REQUIRE(got.size() == expect.size());
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < got.size(); ++i) wrong += got[i] != expect[i];
  CHECK(wrong == 0);
  const auto f = td::transpose(td::reshape(td::slice(u, td::range(0, 1031 * 1017)), {1031, 1017}));
  const auto fs = td::to_vector(td::cumsum(f)), dense = td::to_vector(td::cumsum(td::tensor<float, 2, TestType>(f)));
  wrong = 0;
  for (std::size_t i = 0; i < fs.size(); ++i) wrong += fs[i] != dense[i];
  CHECK(wrong == 0);
}

TEMPLATE_TEST_CASE("cumsum along each axis", "[scan]", TANDEM_TEST_SPACES) {
  auto c = td::reshape(td::arange<double>(24, TestType{}), {2, 3, 4});
  const auto cv = values(c);
  for (int axis = 0; axis < 3; ++axis) {
    auto s = td::cumsum(c, axis - 3 * (axis % 2));  // axis 1 as -2: negative axes count from the end
    static_assert(std::is_same_v<decltype(s), td::tensor<double, 3, TestType>>);
    CHECK(s.shape() == c.shape());
    const auto sv = values(s);
    bool right = true;
    for (td::index_t i = 0; i < 2; ++i)
      for (td::index_t j = 0; j < 3; ++j)
        for (td::index_t l = 0; l < 4; ++l) {
          const td::index_t idx[3] = {i, j, l};
          double expect = 0;
          for (td::index_t k = 0; k <= idx[axis]; ++k) {
            td::index_t p[3] = {i, j, l};
            p[axis] = k;
            expect += cv[static_cast<std::size_t>((p[0] * 3 + p[1]) * 4 + p[2])];
          }
          right = right && sv[static_cast<std::size_t>((i * 3 + j) * 4 + l)] == expect;
        }
    CHECK(right);
  }
  CHECK_THROWS_AS(td::cumsum(c, 3), td::index_error);

  // Leading axes of a larger operand (rows of 1500: a full and a partial tile of lanes on
  // CPU cores), of a transposed view and of an expression: each lane summed in order in
  // float, so the loop's bits are expected exactly.
  const td::index_t a0 = 3, a1 = 7, a2 = 1500;
  const auto hv = testing::random_values<float>(std::size_t(a0 * a1 * a2), -1.0, 1.0, 77);
  const auto big = td::from(hv, {a0, a1, a2}, TestType{});
  const auto hat = [&](td::index_t i, td::index_t j, td::index_t k) { return hv[std::size_t((i * a1 + j) * a2 + k)]; };
  for (int axis : {0, 1}) {
    const auto got = td::to_vector(td::cumsum(big * 2.f, axis));
    std::size_t wrong = 0;
    for (td::index_t i = 0; i < a0; ++i)
      for (td::index_t j = 0; j < a1; ++j)
        for (td::index_t k = 0; k < a2; ++k) {
          float acc = 0;
          for (td::index_t q = 0; q <= (axis == 0 ? i : j); ++q) {
            const float x = axis == 0 ? hat(q, j, k) * 2.f : hat(i, q, k) * 2.f;
            acc = q == 0 ? x : acc + x;
          }
          wrong += got[std::size_t((i * a1 + j) * a2 + k)] != acc;
        }
    CHECK(wrong == 0);
  }
  const auto sq = td::slice(big, 0, td::all, td::range(0, 1400));  // (7, 1400), rows 1500 apart
  const auto t = td::cumsum(td::transpose(sq), 0);  // (1400, 7): lanes are sq's rows
  REQUIRE(t.shape() == td::shape<2>{1400, 7});
  const auto tv = td::to_vector(t);
  std::size_t wrong = 0;
  for (td::index_t j = 0; j < 7; ++j) {
    float acc = 0;
    for (td::index_t i = 0; i < 1400; ++i) {
      acc = i == 0 ? hat(0, j, i) : acc + hat(0, j, i);
      wrong += tv[std::size_t(i * 7 + j)] != acc;
    }
  }
  CHECK(wrong == 0);
  const auto ints = td::reshape(td::arange<std::int64_t>(1, 13, 1, TestType{}), {4, 3});
  CHECK(values(td::cumprod(ints, 0)) == std::vector<double>{1, 2, 3, 4, 10, 18, 28, 80, 162, 280, 880, 1944});
  CHECK(td::cumsum(td::zeros<int>({3, 0}, TestType{}), 1).size() == 0);
}

namespace {
/// The coordinates in a (n0, n1, n2) cube of element idx of td::permute(cube, p),
/// reversed along its axis 1 when `flipped`.
std::size_t cube_offset(const td::index_t (&p)[3], bool flipped, const td::index_t (&idx)[3], const td::shape<3>& ext,
                        const td::shape<3>& cube) {
  td::index_t orig[3] = {};
  for (int d = 0; d < 3; ++d) orig[p[d]] = d == 1 && flipped ? ext[1] - 1 - idx[1] : idx[d];
  return std::size_t((orig[0] * cube[1] + orig[1]) * cube[2] + orig[2]);
}
}  // namespace

TEMPLATE_TEST_CASE("scans along an axis of every layout", "[scan]", TANDEM_TEST_SPACES) {
  // Permuted and reversed views of a cube whose extents leave partial tiles of lanes and
  // positions on CPU cores, along each axis: every lane summed in order in float, so the
  // loop's bits exactly.
  const td::shape<3> cube_shape{3, 45, 150};
  const auto hv = testing::random_values<float>(std::size_t(cube_shape.size()), -1.0, 1.0, 91);
  const auto cube = td::from(hv, {cube_shape[0], cube_shape[1], cube_shape[2]}, TestType{});
  const td::index_t perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (const auto& p : perms)
    for (const bool flipped : {false, true}) {
      const auto v = td::permute(cube, p);
      const auto w = flipped ? td::flip(v, 1) : v;
      const auto ext = w.shape();
      for (int axis = 0; axis < 3; ++axis) {
        INFO("axes " << p[0] << p[1] << p[2] << (flipped ? " reversed along 1" : "") << ", along " << axis);
        const auto got = td::to_vector(td::cumsum(w, axis));
        REQUIRE(got.size() == hv.size());
        std::size_t wrong = 0;
        for (td::index_t i = 0; i < ext[0]; ++i)
          for (td::index_t j = 0; j < ext[1]; ++j)
            for (td::index_t k = 0; k < ext[2]; ++k) {
              const td::index_t at[3] = {i, j, k};
              float acc = 0;
              for (td::index_t q = 0; q <= at[axis]; ++q) {
                td::index_t idx[3] = {i, j, k};
                idx[axis] = q;
                const float x = hv[cube_offset(p, flipped, idx, ext, cube_shape)];
                acc = q == 0 ? x : acc + x;
              }
              wrong += got[std::size_t((i * ext[1] + j) * ext[2] + k)] != acc;
            }
        CHECK(wrong == 0);
      }
    }
  // Along the last axis of tensors: int64 products (exact), bools counted, doubles.
  const auto ints = td::reshape(td::eval(td::arange<std::int64_t>(1, 1 + 40 * 21, 1, TestType{}) % 5 - 2), {40, 21});
  const auto iv = td::to_vector(td::eval(ints));
  const auto ip = td::to_vector(td::cumprod(ints, 1));
  const auto bc = td::to_vector(td::cumsum(ints > std::int64_t(0), 1));
  static_assert(std::is_same_v<decltype(td::cumsum(ints > std::int64_t(0), 1)), td::tensor<td::index_t, 2, TestType>>);
  std::size_t wrong = 0;
  for (std::size_t r = 0; r < 40; ++r) {
    std::int64_t prod = 1;
    td::index_t count = 0;
    for (std::size_t c = 0; c < 21; ++c) {
      prod *= iv[r * 21 + c];
      count += iv[r * 21 + c] > 0;
      wrong += ip[r * 21 + c] != prod;
      wrong += bc[r * 21 + c] != count;
    }
  }
  CHECK(wrong == 0);
  const auto dv = testing::random_values<double>(7 * 300, -1.0, 1.0, 92);
  const auto d = td::from(dv, {7, 300}, TestType{});
  const auto ds = td::to_vector(td::cumsum(td::slice(d, td::all, td::range(1, 300, 2)), 1));  // rows of 150, step 2
  wrong = 0;
  for (std::size_t r = 0; r < 7; ++r) {
    double acc = 0;
    for (std::size_t c = 0; c < 150; ++c) {
      const double x = dv[r * 300 + 1 + 2 * c];
      acc = c == 0 ? x : acc + x;
      wrong += ds[r * 150 + c] != acc;
    }
  }
  CHECK(wrong == 0);
  // Many short rows: on CPU cores several groups of 4 rows per task, the last task and
  // the last group partial (1001 rows of 5).
  const auto sv = testing::random_values<float>(1001 * 5, -1.0, 1.0, 93);
  const auto sh = td::from(sv, {1001, 5}, TestType{});
  const auto sc = td::to_vector(td::cumsum(sh, 1));
  const auto sp = td::to_vector(td::cumprod(sh, -1));
  wrong = 0;
  for (std::size_t r = 0; r < 1001; ++r) {
    float acc = 0, prod = 0;
    for (std::size_t c = 0; c < 5; ++c) {
      const float x = sv[r * 5 + c];
      acc = c == 0 ? x : acc + x;
      prod = c == 0 ? x : prod * x;
      wrong += sc[r * 5 + c] != acc;
      wrong += sp[r * 5 + c] != prod;
    }
  }
  CHECK(wrong == 0);
}
