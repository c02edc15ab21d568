// td::einsum (algorithm/einsum.hpp): every path (one matmul, batched or reordered; a sum
// of the products; a sum along one label; the loop per result element) against a plain
// double loop over every label, numpy's values for small cases, in every space.
#include <cmath>
#include <complex>
#include <limits>
#include <map>
#include <string_view>
#include <string>

#include "support/test_support.hpp"

namespace {
struct ref_operand {
  std::vector<double> v;
  std::vector<td::index_t> shape;
};

/// numpy's einsum with explicit result letters, by a loop over every combination of the
/// letters, in double. An extent of 1 broadcasts.
std::vector<double> ref_einsum(const std::string& in, const std::string& out, const std::vector<ref_operand>& ops) {
  std::vector<std::string> terms(1);
  for (char c : in) {
    if (c == ',') terms.emplace_back();
    else terms.back() += c;
  }
  std::map<char, td::index_t> extent;
  for (std::size_t i = 0; i < terms.size(); ++i)
    for (std::size_t k = 0; k < terms[i].size(); ++k) {
      auto& e = extent.try_emplace(terms[i][k], 1).first->second;
      e = std::max(e, ops[i].shape[k]);
    }
  std::string letters;
  for (const auto& [c, e] : extent) letters += c;
  std::size_t out_size = 1;
  for (char c : out) out_size *= std::size_t(extent[c]);
  std::vector<double> result(out_size, 0.0);
  std::map<char, td::index_t> at;
  for (char c : letters) at[c] = 0;
  for (;;) {
    bool empty = false;
    for (char c : letters) empty = empty || extent[c] == 0;
    if (empty) break;
    double p = 1;
    for (std::size_t i = 0; i < terms.size(); ++i) {
      std::size_t off = 0;
      for (std::size_t k = 0; k < terms[i].size(); ++k)
        off = off * std::size_t(ops[i].shape[k]) + std::size_t(ops[i].shape[k] == 1 ? 0 : at[terms[i][k]]);
      p *= ops[i].v[off];
    }
    std::size_t o = 0;
    for (char c : out) o = o * std::size_t(extent[c]) + std::size_t(at[c]);
    result[o] += p;
    std::size_t d = letters.size();
    for (; d > 0; --d) {
      const char c = letters[d - 1];
      if (++at[c] < extent[c]) break;
      at[c] = 0;
    }
    if (d == 0) break;
  }
  return result;
}

ref_operand random_operand(std::vector<td::index_t> shape, unsigned seed) {
  std::size_t n = 1;
  for (auto e : shape) n *= std::size_t(e);
  const auto f = testing::random_values<float>(n, -1, 1, seed);
  return {std::vector<double>(f.begin(), f.end()), shape};
}

template <std::size_t R, class S>
td::tensor<float, R, S> tensor_of(const ref_operand& r, S space) {
  std::vector<float> f(r.v.begin(), r.v.end());
  td::index_t ext[R];
  for (std::size_t k = 0; k < R; ++k) ext[k] = r.shape[k];
  return td::from(f, ext, space);
}

/// Equal element by element, a NaN matching a NaN.
void check_same(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i << ": " << got[i] << ", want " << want[i]);
    CHECK((std::isnan(want[i]) ? std::isnan(got[i]) : got[i] == want[i]));
  }
}

void check_close(const std::vector<double>& got, const std::vector<double>& want, double margin = 1e-4) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) CHECK(got[i] == Catch::Approx(want[i]).margin(margin));
}
}  // namespace

TEMPLATE_TEST_CASE("einsum: matrix products, one matmul each", "[einsum]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto ra = random_operand({5, 7}, 1), rb = random_operand({7, 3}, 2), rc = random_operand({3, 7}, 3);
  const auto a = tensor_of<2>(ra, space), b = tensor_of<2>(rb, space), c = tensor_of<2>(rc, space);
  const auto ik = td::einsum<"ij,jk->ik">(a, b);
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(ik)>, td::tensor<float, 2, TestType>>);
  CHECK(ik.shape() == td::shape<2>{5, 3});
  check_close(testing::values(ik), ref_einsum("ij,jk", "ik", {ra, rb}));
  check_close(testing::values(td::einsum<"ij,jk">(a, b)), ref_einsum("ij,jk", "ik", {ra, rb}));    // implicit
  check_close(testing::values(td::einsum<"ij,jk->ki">(a, b)), ref_einsum("ij,jk", "ki", {ra, rb}));  // b leads
  check_close(testing::values(td::einsum<"ij,kj->ik">(a, c)), ref_einsum("ij,kj", "ik", {ra, rc}));
  check_close(testing::values(td::einsum<" j i , k j -> k i ">(td::transpose(a), c)),
              ref_einsum("ij,kj", "ki", {ra, rc}));  // a transposed view; spaces ignored
  // Matrix times vector, several letters summed at once, a reversed operand.
  const auto rv = random_operand({7}, 4);
  const auto v = tensor_of<1>(rv, space);
  check_close(testing::values(td::einsum<"ij,j->i">(a, v)), ref_einsum("ij,j", "i", {ra, rv}));
  check_close(testing::values(td::einsum<"j,ij">(td::flip(v), a)),
              ref_einsum("j,ij", "i", {{std::vector<double>(rv.v.rbegin(), rv.v.rend()), {7}}, ra}));
  const auto r3 = random_operand({2, 5, 7}, 5), r4 = random_operand({7, 2, 4}, 6);
  const auto t3 = tensor_of<3>(r3, space), t4 = tensor_of<3>(r4, space);
  check_close(testing::values(td::einsum<"aij,jak->ik">(t3, t4)), ref_einsum("aij,jak", "ik", {r3, r4}));
  // Batched: one batch letter, in the result's first place or elsewhere, broadcast from 1.
  const auto rp = random_operand({4, 5, 7}, 7), rq = random_operand({4, 7, 3}, 8), r1 = random_operand({1, 7, 3}, 9);
  const auto pt = tensor_of<3>(rp, space), qt = tensor_of<3>(rq, space), q1 = tensor_of<3>(r1, space);
  check_close(testing::values(td::einsum<"bij,bjk->bik">(pt, qt)), ref_einsum("bij,bjk", "bik", {rp, rq}));
  check_close(testing::values(td::einsum<"bij,bjk->ikb">(pt, qt)), ref_einsum("bij,bjk", "ikb", {rp, rq}));
  check_close(testing::values(td::einsum<"bij,bjk->bik">(pt, q1)), ref_einsum("bij,bjk", "bik", {rp, r1}));
  // Letters summed within one operand, summed there before the product.
  check_close(testing::values(td::einsum<"ij,jk->i">(a, b)), ref_einsum("ij,jk", "i", {ra, rb}));
  check_close(testing::values(td::einsum<"ij,kl->ik">(a, c)), ref_einsum("ij,kl", "ik", {ra, rc}), 1e-3);
  check_close(testing::values(td::einsum<"bij,bjk->bi">(pt, qt)), ref_einsum("bij,bjk", "bi", {rp, rq}));
  check_close(testing::values(td::einsum<"bij,bjk->kb">(pt, q1)), ref_einsum("bij,bjk", "kb", {rp, r1}));
  CHECK(testing::values(td::einsum<"ij,jk->i">(a, td::zeros<float>({7, 0}, space))) == std::vector<double>(5, 0.0));
  // Two batch letters, in either order in the operands.
  const auto r5 = random_operand({2, 3, 4, 5}, 23), r6 = random_operand({3, 2, 5, 2}, 24);
  const auto t5 = tensor_of<4>(r5, space), t6 = tensor_of<4>(r6, space);
  check_close(testing::values(td::einsum<"abij,bajk->abik">(t5, t6)), ref_einsum("abij,bajk", "abik", {r5, r6}));
  check_close(testing::values(td::einsum<"abij,bajk->kbai">(t5, t6)), ref_einsum("abij,bajk", "kbai", {r5, r6}));
  static_assert(td::detail::einsum_is_product(td::detail::einsum_parse<2>(td::detail::einsum_text("abij,bajk->abik"),
                                                                         std::array<std::size_t, 2>{4, 4})));
  static_assert(td::detail::einsum_is_product(td::detail::einsum_parse<2>(td::detail::einsum_text("ij,jk->i"),
                                                                         std::array<std::size_t, 2>{2, 2})));
  static_assert(!td::detail::einsum_is_product(td::detail::einsum_parse<2>(td::detail::einsum_text("ij,ij->i"),
                                                                          std::array<std::size_t, 2>{2, 2})));
  static_assert(!td::detail::einsum_is_product(td::detail::einsum_parse<2>(td::detail::einsum_text("ii,ij->j"),
                                                                          std::array<std::size_t, 2>{2, 2})));
  // Doubles, and an expression operand.
  const auto ad = td::eval(td::cast<double>(a)), bd = td::eval(td::cast<double>(b));
  {
    auto twice = rb;
    for (auto& x : twice.v) x *= 2;
    check_close(testing::values(td::einsum<"ij,jk->ik">(ad, bd * 2.0)), ref_einsum("ij,jk", "ik", {ra, twice}), 1e-9);
  }
  // An empty summed letter gives zeros; an empty free one an empty result.
  const auto e0 = td::zeros<float>({5, 0}, space), e1 = td::zeros<float>({0, 3}, space);
  CHECK(testing::values(td::einsum<"ij,jk->ik">(e0, e1)) == std::vector<double>(15, 0.0));
  CHECK(td::einsum<"ij,jk->ik">(td::zeros<float>({0, 7}, space), b).shape() == td::shape<2>{0, 3});
}

TEMPLATE_TEST_CASE("einsum: traces, diagonals, sums and products without a matmul", "[einsum]", TANDEM_TEST_SPACES) {
  const TestType space{};
  const auto m = td::reshape(td::arange<double>(9, space), {3, 3});  // numpy's values below
  CHECK(td::einsum<"ii">(m) == 12.0);
  CHECK(testing::values(td::einsum<"ii->i">(m)) == std::vector<double>{0, 4, 8});
  CHECK(testing::values(td::einsum<"ij->ji">(m)) == std::vector<double>{0, 3, 6, 1, 4, 7, 2, 5, 8});
  CHECK(testing::values(td::einsum<"ji">(m)) == std::vector<double>{0, 3, 6, 1, 4, 7, 2, 5, 8});  // implicit: "ij"
  CHECK(td::einsum<"ij->">(m) == 36.0);
  CHECK(testing::values(td::einsum<"ij->i">(m)) == std::vector<double>{3, 12, 21});
  CHECK(testing::values(td::einsum<"ij->j">(m)) == std::vector<double>{9, 12, 15});
  const auto v = td::from<double>({1, 2, 3}, space), w = td::from<double>({4, 5, 6}, space);
  CHECK(td::einsum<"i,i">(v, w) == 32.0);
  CHECK(testing::values(td::einsum<"i,j->ij">(v, w)) == std::vector<double>{4, 5, 6, 8, 10, 12, 12, 15, 18});
  CHECK(testing::values(td::einsum<"i,i->i">(v, w)) == std::vector<double>{4, 10, 18});
  CHECK(testing::values(td::einsum<"ij,ij->ij">(m, m)) == std::vector<double>{0, 1, 4, 9, 16, 25, 36, 49, 64});
  CHECK(td::einsum<"ij,ij">(m, m) == 204.0);
  CHECK(td::einsum<"ij,ji">(m, m) == 180.0);  // trace(m m)
  // numpy's implicit order is ASCII: capitals first.
  const auto big = td::einsum<"ba,Ab">(td::ones<double>({2, 3}, space), td::ones<double>({4, 2}, space));
  CHECK(big.shape() == td::shape<2>{4, 3});
  CHECK(testing::values(big) == std::vector<double>(12, 2.0));
  // An extent of 1 broadcasts against the letter's other extents, as numpy's.
  const auto col = td::from<double>({{1}, {2}, {3}}, space);
  CHECK(testing::values(td::einsum<"ij,ij->ij">(col, td::ones<double>({3, 2}, space))) ==
        std::vector<double>{1, 1, 2, 2, 3, 3});
  CHECK(td::einsum<"i,i">(v, td::from<double>({2}, space)) == 12.0);
  // Several letters summed for each result element (the loop path), three operands.
  const auto ra = random_operand({3, 4, 5}, 11), rb = random_operand({4, 5}, 12);
  const auto a = tensor_of<3>(ra, space);
  const auto b = tensor_of<2>(rb, space);
  check_close(testing::values(td::einsum<"ijk->i">(a)), ref_einsum("ijk", "i", {ra}));  // j, k merge: a sum
  check_close(testing::values(td::einsum<"ikj->i">(a)), ref_einsum("ijk", "i", {ra}));  // they do not: the loop
  check_close(testing::values(td::einsum<"ijk,k->i">(a, td::ones<float>({1}, space))), ref_einsum("ijk", "i", {ra}));
  check_close(testing::values(td::einsum<"ijk,j->i">(a, td::ones<float>({4}, space))), ref_einsum("ijk", "i", {ra}));
  check_close(testing::values(td::einsum<"ijk,jk->i">(a, b)), ref_einsum("ijk,jk", "i", {ra, rb}));
  check_close(testing::values(td::einsum<"ijk,jk->ki">(a, b)), ref_einsum("ijk,jk", "ki", {ra, rb}));
  const auto rx = random_operand({3, 4}, 13), ry = random_operand({4, 5}, 14), rz = random_operand({5, 2}, 15);
  const auto x = tensor_of<2>(rx, space), y = tensor_of<2>(ry, space), z = tensor_of<2>(rz, space);
  check_close(testing::values(td::einsum<"ij,jk,kl->il">(x, y, z)), ref_einsum("ij,jk,kl", "il", {rx, ry, rz}));
  check_close(testing::values(td::einsum<"ij,jk,kl">(x, y, z)), ref_einsum("ij,jk,kl", "il", {rx, ry, rz}));
  // A diagonal of a 3-d operand with a free letter; a transposed operand in the loop path.
  check_close(testing::values(td::einsum<"iji->j">(td::slice(a, td::all, td::all, td::range(0, 3)))), [&] {
    std::vector<double> want(4, 0.0);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 4; ++j) want[std::size_t(j)] += ra.v[std::size_t((i * 4 + j) * 5 + i)];
    return want;
  }());
  check_close(testing::values(td::einsum<"kji,jk->i">(td::permute(a, {2, 1, 0}), b)), ref_einsum("ijk,jk", "i", {ra, rb}));
  // Empty operands: sums over nothing are 0.
  CHECK(td::einsum<"ij->">(td::zeros<double>({0, 3}, space)) == 0.0);
  CHECK(testing::values(td::einsum<"ijk->i">(td::zeros<double>({2, 0, 3}, space))) == std::vector<double>{0, 0});
}

TEMPLATE_TEST_CASE("einsum: the ellipsis, element types, and bad extents", "[einsum]", TANDEM_TEST_SPACES) {
  const TestType space{};
  // numpy's broadcasting over an ellipsis, aligned to the right.
  const auto ra = random_operand({5, 2, 3}, 21), rb = random_operand({3, 4}, 22);
  const auto a = tensor_of<3>(ra, space);
  const auto b = tensor_of<2>(rb, space);
  const auto r = td::einsum<"...ij,...jk->...ik">(a, b);
  CHECK(r.shape() == td::shape<3>{5, 2, 4});
  check_close(testing::values(r), ref_einsum("aij,jk", "aik", {ra, rb}));
  check_close(testing::values(td::einsum<"...ij,...jk">(a, b)), ref_einsum("aij,jk", "aik", {ra, rb}));  // implicit
  check_close(testing::values(td::einsum<"ij...->...">(a)), ref_einsum("ija", "a", {ra}));
  check_close(testing::values(td::einsum<"...i->...">(a)), ref_einsum("abi", "ab", {ra}));
  check_close(testing::values(td::einsum<"i...->...i">(a)), ref_einsum("iab", "abi", {ra}));
  // Integers wrap in the product's type (int32: numpy's values); int8 promotes to int.
  const auto big = td::from<std::int32_t>({1 << 30, 1 << 30, 5}, space), two = td::from<std::int32_t>({2, 2, 1}, space);
  CHECK(td::einsum<"i,i">(big, two) == 5);  // 2^32 + 5 wraps to 5
  const auto i8 = td::from<std::int8_t>({100, 100}, space);
  const auto p8 = td::einsum<"i,i">(i8, i8);
  static_assert(std::is_same_v<decltype(p8), const int>);
  CHECK(p8 == 20000);
  const auto im = td::from<std::int64_t>({{1, 2}, {3, 4}}, space);
  CHECK(testing::values(td::einsum<"ij,jk->ik">(im, im)) == std::vector<double>{7, 10, 15, 22});
  // Mixed float and double compute in double; complex multiplies without conjugating.
  const auto f = td::from<float>({0.1f, 0.2f}, space);
  const auto d = td::from<double>({3, 4}, space);
  const auto fd = td::einsum<"i,i">(f, d);
  static_assert(std::is_same_v<decltype(fd), const double>);
  CHECK(fd == double(0.1f) * 3 + double(0.2f) * 4);
  using Z = td::complex<double>;
  const auto z = td::from<Z>({Z(1, 2), Z(3, -1)}, space);
  const auto zz = td::einsum<"i,i">(z, z);  // (1+2i)^2 + (3-i)^2 = 5 - 2i
  CHECK((zz.real() == 5 && zz.imag() == -2));
  const auto zm = td::einsum<"i,j->ij">(z, z);
  CHECK(testing::complex_values(zm) == std::vector<std::complex<double>>{{-3, 4}, {5, 5}, {5, 5}, {8, -6}});
  // 16-bit floats: products and sums in float, rounded once (a matmul and a sum).
  const auto h = td::cast<td::half>(td::from<float>({{1, 2}, {3, 4}}, space));
  const auto hh = td::einsum<"ij,jk->ik">(h, h);
  static_assert(std::is_same_v<td::value_of_t<decltype(hh)>, td::half>);
  CHECK(testing::values(hh) == std::vector<double>{7, 10, 15, 22});
  CHECK(double(td::einsum<"ij,ij">(h, h)) == 30.0);
  // Extents that disagree throw, naming the letter.
  const auto m3 = td::ones<float>({3, 3}, space), m4 = td::ones<float>({4, 4}, space);
  CHECK_THROWS_AS((td::einsum<"ij,jk->ik">(m3, m4)), td::shape_error);
  CHECK_THROWS_WITH((td::einsum<"ij,jk->ik">(m3, m4)), testing::contains("subscript 'j'"));
  CHECK_THROWS_AS((td::einsum<"ii">(td::ones<float>({3, 4}, space))), td::shape_error);
  // Broadcast operands need no memory: letters whose combinations index_t cannot count
  // are refused (a sum over 2^80 products), not wrapped into an empty sum.
  const auto one = td::ones<float>({1}, space);
  const auto vast = td::broadcast_to(one, {td::index_t(1) << 40});
  CHECK_THROWS_WITH((td::einsum<"i,j->">(vast, vast)), testing::contains("einsum: an extent of"));
  CHECK_THROWS_AS((td::einsum<"i,j->ij">(vast, vast)), td::shape_error);
  CHECK_THROWS_WITH((td::einsum<"...i,...i">(td::ones<float>({2, 3}, space), td::ones<float>({4, 3}, space))),
                    testing::contains("ellipsis"));
}

TEMPLATE_TEST_CASE("einsum: NaN and infinities through every path, as numpy's", "[einsum]", TANDEM_TEST_SPACES) {
  const TestType space{};
  constexpr double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  // numpy's values (IEEE: inf * 0 and inf - inf are NaN, a NaN spreads through its sums).
  const auto a = td::from<double>({{1, nan}, {2, 3}}, space), id = td::from<double>({{1, 0}, {0, 1}}, space);
  check_same(testing::values(td::einsum<"ij,jk->ik">(a, id)), {nan, nan, 2, 3});  // one matmul
  check_same(testing::values(td::einsum<"ij,jk->ki">(a, id)), {nan, 2, nan, 3});
  constexpr float finf = std::numeric_limits<float>::infinity();
  const auto f = td::from<float>({{finf, 1}, {1, 1}}, space), g = td::from<float>({{0, 1}, {1, 1}}, space);
  check_same(testing::values(td::einsum<"ij,jk->ik">(f, g)), {nan, inf, 1, 2});
  // k, g's own letter, is summed first (numpy's optimize order): g's row sums are 1 and
  // 2, so no inf * 0 is formed (numpy's unoptimized loop gives NaN in the first place).
  check_same(testing::values(td::einsum<"ij,jk->i">(f, g)), {inf, 3});
  const auto v = td::from<double>({inf, nan, 1}, space), w = td::from<double>({0, 1, -inf}, space);
  CHECK(std::isnan(td::einsum<"i,i">(v, w)));                                  // a sum of products
  CHECK(td::einsum<"i,i">(td::from<double>({inf, 1}, space), td::from<double>({2, -1}, space)) == inf);
  check_same(testing::values(td::einsum<"i,i->i">(v, w)), {nan, nan, -inf});   // products only
  check_same(testing::values(td::einsum<"ii->i">(td::from<double>({{inf, nan}, {1, -inf}}, space))), {inf, -inf});
  const auto rows = td::from<double>({{inf, 1}, {nan, 0}, {1, 2}, {inf, -inf}}, space);
  check_same(testing::values(td::einsum<"ij->i">(rows)), {inf, nan, 3, nan});  // a sum along one letter
  check_same(testing::values(td::einsum<"ij->j">(rows)), {nan, -inf});
  // The loop path ("ikj->i": j and k do not merge), a NaN or an infinity in one row each.
  std::vector<double> cv(12, 0.0);
  cv[0 * 4 + 1 * 2 + 0] = nan;  // (i, k, j) = (0, 1, 0)
  cv[1 * 4 + 0 * 2 + 1] = inf;
  cv[2 * 4 + 0 * 2 + 0] = inf;
  cv[2 * 4 + 1 * 2 + 1] = -inf;
  const td::index_t cube_shape[] = {3, 2, 2};
  const auto cube = td::from(cv, cube_shape, space);
  check_same(testing::values(td::einsum<"ikj->i">(cube)), {nan, inf, nan});
  check_same(testing::values(td::einsum<"ikj->j">(cube)), {nan, nan});
}

TEMPLATE_TEST_CASE("einsum: three or more operands, a pair contracted first where that is cheaper", "[einsum]",
                   TANDEM_TEST_SPACES) {
  const TestType space{};
  // The order is chosen when the program compiles: the pair keeping the fewest letters.
  constexpr auto mv = td::detail::einsum_first_step(
      td::detail::einsum_parse<3>(td::detail::einsum_text("ij,jk,k->i"), std::array<std::size_t, 3>{2, 2, 1}));
  static_assert(mv.use && mv.first == 1 && mv.second == 2);
  static_assert(std::string_view(mv.pair.text) == "jk,k->j" && std::string_view(mv.rest.text) == "j,ij->i");
  constexpr auto chain = td::detail::einsum_first_step(td::detail::einsum_parse<4>(
      td::detail::einsum_text("ab,bc,cd,de->ae"), std::array<std::size_t, 4>{2, 2, 2, 2}));
  static_assert(std::string_view(chain.pair.text) == "ab,bc->ac" && std::string_view(chain.rest.text) == "ac,cd,de->ae");
  constexpr auto dots = td::detail::einsum_first_step(td::detail::einsum_parse<3>(
      td::detail::einsum_text("...ij,...jk,k->...i"), std::array<std::size_t, 3>{3, 3, 1}));
  static_assert(std::string_view(dots.pair.text) == "Ajk,k->Aj");  // the ellipsis' axis named 'A'
  // Against the loop over every letter: chains, a matrix-matrix-vector product, an
  // ellipsis, a diagonal, a rank-0 result.
  const auto ra = random_operand({6, 5}, 31), rb = random_operand({5, 7}, 32), rc = random_operand({7, 4}, 33),
             rd = random_operand({4, 3}, 34), rv = random_operand({7}, 35);
  const auto a = tensor_of<2>(ra, space), b = tensor_of<2>(rb, space), c = tensor_of<2>(rc, space),
             d = tensor_of<2>(rd, space);
  const auto v = tensor_of<1>(rv, space);
  check_close(testing::values(td::einsum<"ab,bc,cd,de->ae">(a, b, c, d)),
              ref_einsum("ab,bc,cd,de", "ae", {ra, rb, rc, rd}));
  check_close(testing::values(td::einsum<"ab,bc,cd,de->ea">(a, b, c, d)),
              ref_einsum("ab,bc,cd,de", "ea", {ra, rb, rc, rd}));
  check_close(testing::values(td::einsum<"ij,jk,k->i">(a, b, v)), ref_einsum("ij,jk,k", "i", {ra, rb, rv}));
  check_close(testing::values(td::einsum<"k,jk,ij->i">(v, b, a)), ref_einsum("k,jk,ij", "i", {rv, rb, ra}));
  const auto rt = random_operand({2, 6, 5}, 36);
  check_close(testing::values(td::einsum<"...ij,...jk,k->...i">(tensor_of<3>(rt, space), b, v)),
              ref_einsum("aij,jk,k", "ai", {rt, rb, rv}));
  const auto rs = random_operand({5, 5}, 37);
  check_close(testing::values(td::einsum<"ii,ij,jk->k">(tensor_of<2>(rs, space), b, c)),
              ref_einsum("ii,ij,jk", "k", {rs, rb, rc}));
  const auto re = random_operand({4, 6}, 38);
  CHECK(td::einsum<"ab,bc,cd,da->">(a, b, c, tensor_of<2>(re, space)) ==
        Catch::Approx(ref_einsum("ab,bc,cd,da", "", {ra, rb, rc, re})[0]).margin(1e-3));
  // Where no order saves products the one loop runs ("i,i,i->": 2n products pairwise, n
  // at once); a pair whose product keeps no letter is not taken first.
  const auto u = td::from<double>({1, 2, 3}, space), w = td::from<double>({4, 5, 6}, space);
  CHECK(td::einsum<"i,i,i->">(u, u, w) == 4.0 + 20 + 54);
  CHECK(testing::values(td::einsum<"i,i,j->j">(u, w, u)) == std::vector<double>{32, 64, 96});
  // Integers wrap as in the one loop; operands of mixed types compute in their product's.
  const auto big = td::from<std::int32_t>({{1 << 20, 3}, {1, 1 << 20}}, space);
  const auto got = testing::values(td::einsum<"ij,jk,kl->il">(big, big, big));
  std::vector<double> want(4);
  {
    const std::int64_t m[2][2] = {{1 << 20, 3}, {1, 1 << 20}};
    for (int i = 0; i < 2; ++i)
      for (int l = 0; l < 2; ++l) {
        std::uint32_t s = 0;  // the int32 sum, wrapping as two's complement
        for (int j = 0; j < 2; ++j)
          for (int k = 0; k < 2; ++k)
            s += std::uint32_t(m[i][j]) * std::uint32_t(m[j][k]) * std::uint32_t(m[k][l]);
        want[std::size_t(i * 2 + l)] = double(std::int32_t(s));
      }
  }
  CHECK(got == want);
  const auto mixed = td::einsum<"ij,jk,k->i">(td::cast<float>(a), td::eval(td::cast<double>(b)),
                                              td::from<std::int32_t>({1, 2, 3, 4, 5, 6, 7}, space));
  static_assert(std::is_same_v<td::value_of_t<decltype(mixed)>, double>);
  {
    ref_operand ints{{1, 2, 3, 4, 5, 6, 7}, {7}};
    check_close(testing::values(mixed), ref_einsum("ij,jk,k", "i", {ra, rb, ints}), 1e-3);
  }
  // Empty letters and disagreeing extents, as with two operands.
  CHECK(testing::values(td::einsum<"ij,jk,kl->il">(td::zeros<float>({2, 0}, space), td::zeros<float>({0, 3}, space),
                                                   td::ones<float>({3, 2}, space))) == std::vector<double>(4, 0.0));
  CHECK_THROWS_WITH((td::einsum<"ij,jk,kl->il">(a, b, d)), testing::contains("subscript 'k'"));
}
