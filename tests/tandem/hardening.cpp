// Hostile input: sizes that overflow, integer edge cases, aliasing, exceptions in
// parallel loops, and operations that must leave their destination as it was. Each
// case is a regression test: it failed (or crashed) before the fix it names.
#include <atomic>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#if defined(__linux__)
#  include <sys/resource.h>
#  include <sys/wait.h>
#  include <unistd.h>
#endif

#include "support/test_support.hpp"

using testing::values;

namespace {

constexpr td::index_t big = td::index_t(1) << 32;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool under_asan = true;
#elif defined(__has_feature)
#  if __has_feature(address_sanitizer)
constexpr bool under_asan = true;
#  else
constexpr bool under_asan = false;
#  endif
#else
constexpr bool under_asan = false;
#endif

/// True in the spaces whose loops run host code (the host, and an emulated device).
template <class Space>
constexpr bool runs_on_cpu = std::is_same_v<Space, td::host_space> || td::device_is_emulated;

template <class T>
std::vector<std::uint64_t> bits_of(const std::vector<T>& v) {
  std::vector<std::uint64_t> out;
  for (const T x : v) {
    std::uint64_t b = 0;
    std::memcpy(&b, &x, sizeof(T));
    out.push_back(b);
  }
  return out;
}

}  // namespace

// ---- sizes ------------------------------------------------------------------------

TEMPLATE_TEST_CASE("element counts and byte sizes that overflow are refused", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  // 2^64 elements wrapped to 0; 7 * 0x6DB6DB6DB6DB6DB7 wraps to 1.
  CHECK_THROWS_AS(td::zeros<float>({big, big}, S{}), td::shape_error);
  CHECK_THROWS_AS((td::tensor<float, 2, S>({7, 0x6DB6DB6DB6DB6DB7})), td::shape_error);
  // Elements that fit in index_t whose bytes do not (2^62 floats, 2^61 + 1 doubles).
  CHECK_THROWS_AS(td::empty<float>({td::index_t(1) << 62}, S{}), td::shape_error);
  CHECK_THROWS_AS(td::zeros<double>({(td::index_t(1) << 61) + 1}, S{}), td::shape_error);
  CHECK_THROWS_WITH(td::zeros<float>({big, big}, S{}), testing::contains("[4294967296, 4294967296]"));
  // A zero extent does not excuse the others (numpy's "array is too big" too).
  CHECK_THROWS_AS(td::zeros<float>({0, big, big}, S{}), td::shape_error);
  CHECK(td::zeros<float>({0, big}, S{}).size() == 0);
  // Creation functions with huge counts.
  CHECK_THROWS_AS(td::linspace<float>(0.f, 1.f, td::index_t(1) << 62, S{}), td::shape_error);
  td::random::generator g(1);
  CHECK_THROWS_AS(g.uniform<float>({td::index_t(1) << 62}, S{}), td::shape_error);
  CHECK_THROWS_AS(g.uniform<float>({big, big}, S{}), td::shape_error);
  auto x = td::from<double>({0.5}, S{});
  CHECK_THROWS_AS(td::histogram(x, td::index_t(1) << 62, 0.0, 1.0), td::shape_error);
  // Views and reshapes.
  static float dummy[1];
  CHECK_THROWS_AS(td::adapt(dummy, {big, big}, S{}), td::shape_error);
  auto empty = td::zeros<float>({0}, S{});
  CHECK_THROWS_AS(td::reshape(empty, {big, big, 0}), td::shape_error);
  CHECK_THROWS_AS(td::reshape(empty, {-1, big, big}), td::shape_error);
  // An expression whose broadcast shape has 2^64 elements (the operands are never read).
  auto column = td::adapt(dummy, {big, 1}, S{});
  auto row = td::adapt(dummy, {big}, S{});
  CHECK_THROWS_AS(td::sum(column + row), td::shape_error);
  if constexpr (!under_asan) {
    // A size that fits but cannot be had (2^50 bytes) is std::bad_alloc, whose message
    // names the bytes (as numpy's "Unable to allocate 1.00 PiB").
    CHECK_THROWS_AS(td::empty<char>({td::index_t(1) << 50}, S{}), std::bad_alloc);
    CHECK_THROWS_WITH(td::empty<char>({td::index_t(1) << 50}, S{}),
                      testing::contains("could not allocate 1125899906842624 bytes (1.00 PiB)"));
  }
  // Results whose extent along an axis overflows index_t: a shape_error naming the
  // operation, where the wrapped extent would have passed as a (negative or small) shape.
  constexpr td::index_t top = std::numeric_limits<td::index_t>::max();
  const auto three = td::arange<float>(3, S{});
  CHECK_THROWS_WITH(td::repeat(three, top / 2, 0), testing::contains("repeat: an extent of 3 x"));
  CHECK_THROWS_WITH(td::tile(three, {top / 2}), testing::contains("tile: an extent of 3 x"));
  CHECK_THROWS_WITH(td::pad(three, {{top - 2, 1}}), testing::contains("pad: an extent of"));
  const auto one = td::from<float>({1.f}, S{});
  const auto wide = td::broadcast_to(one, {top / 2 + 1});  // a view: nothing allocated
  CHECK_THROWS_WITH(td::concatenate({wide, wide}, 0), testing::contains("concatenate: an extent of"));
}

TEMPLATE_TEST_CASE("arange refuses endless NaN and overflowing ranges", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_AS(td::arange<double>(0.0, inf, 1.0, S{}), td::shape_error);
  CHECK_THROWS_AS(td::arange<double>(0.0, 1e30, 1.0, S{}), td::shape_error);
  CHECK_THROWS_AS(td::arange<double>(0.0, 1.0, nan, S{}), td::shape_error);  // numpy raises; was empty
  CHECK_THROWS_AS(td::arange<float>(0.f, std::numeric_limits<float>::infinity(), 1.f, S{}), td::shape_error);
  CHECK_THROWS_AS(td::arange<std::int64_t>(INT64_MIN, INT64_MAX, 1, S{}), td::shape_error);
  // Integer ranges wider than the type's half: counted and filled without overflow.
  auto wide = td::arange<std::int64_t>(INT64_MIN, INT64_MAX, INT64_MAX, S{});
  CHECK(td::to_vector(wide) == std::vector<std::int64_t>{INT64_MIN, -1, INT64_MAX - 1});
  auto down = td::arange<std::int32_t>(INT32_MAX, INT32_MIN, -1431655765, S{});
  CHECK(td::to_vector(down) == std::vector<std::int32_t>{INT32_MAX, 715827882, -715827883});
  auto bytes = td::arange<std::uint8_t>(250, 255, 2, S{});
  CHECK(td::to_vector(bytes) == std::vector<std::uint8_t>{250, 252, 254});
}

TEMPLATE_TEST_CASE("slice steps and bounds near INT64_MAX", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  auto t = td::arange<int>(5, S{});
  auto one = td::slice(t, td::range(0, 5, INT64_MAX));
  CHECK(one.shape() == td::shape<1>{1});
  CHECK(values(one) == std::vector<double>{0});
  CHECK(values(td::slice(t, td::range(1, 5, INT64_MAX - 1))) == std::vector<double>{1});
  CHECK(values(td::slice(t, td::range(4, 5, INT64_MAX))) == std::vector<double>{4});
  CHECK(values(td::slice(t, td::range(0, 5, 4))) == std::vector<double>{0, 4});
  CHECK_THROWS_AS(td::slice(t, td::range(INT64_MIN, 5)), td::index_error);
  CHECK_THROWS_AS(td::slice(t, INT64_MIN), td::index_error);
  // An unsigned index past INT64_MAX is out of range, not -1 (the last element).
  CHECK_THROWS_AS(td::slice(t, std::numeric_limits<std::uint64_t>::max()), td::index_error);
  CHECK(values(td::slice(t, std::uint64_t(3))) == std::vector<double>{3});
}

// ---- integer semantics ------------------------------------------------------------

TEMPLATE_TEST_CASE("integer division by zero and INT_MIN / -1 are defined", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  auto a = td::from<std::int32_t>({7, -7, INT32_MIN, 5, INT32_MIN, 0}, S{});
  auto b = td::from<std::int32_t>({0, 0, -1, -1, 1, 0}, S{});
  CHECK(td::to_vector(td::eval(a / b)) == std::vector<std::int32_t>{0, 0, INT32_MIN, -5, INT32_MIN, 0});
  auto c = td::from<std::int64_t>({INT64_MIN, 9, -9}, S{});
  CHECK(td::to_vector(td::eval(c / std::int64_t(-1))) == std::vector<std::int64_t>{INT64_MIN, -9, 9});
  CHECK(td::to_vector(td::eval(c / std::int64_t(0))) == std::vector<std::int64_t>{0, 0, 0});
  auto u = td::from<std::uint8_t>({200, 3}, S{});
  CHECK(values(u / std::uint8_t(0)) == std::vector<double>{0, 0});
  // Large enough for the parallel paths (and the GPU): every other divisor is zero.
  const td::index_t n = 1 << 17;
  auto num = td::arange<std::int32_t>(static_cast<std::int32_t>(n), S{});
  auto den = td::cast<std::int32_t>(td::arange<std::int32_t>(static_cast<std::int32_t>(n), S{}) / 2 * 2 ==
                                    td::arange<std::int32_t>(static_cast<std::int32_t>(n), S{}));
  const auto q = td::to_vector(td::eval(num / den));
  for (td::index_t i = 0; i < n; ++i) REQUIRE(q[std::size_t(i)] == (i % 2 == 0 ? i : 0));
}

TEMPLATE_TEST_CASE("signed overflow wraps as numpy's fixed-width integers do", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  auto a = td::from<std::int32_t>({INT32_MIN, INT32_MAX, -5}, S{});
  CHECK(td::to_vector(td::eval(-a)) == std::vector<std::int32_t>{INT32_MIN, -INT32_MAX, 5});
  CHECK(td::to_vector(td::eval(td::abs(a))) == std::vector<std::int32_t>{INT32_MIN, INT32_MAX, 5});
  CHECK(td::to_vector(td::eval(a + 1)) == std::vector<std::int32_t>{INT32_MIN + 1, INT32_MIN, -4});
  CHECK(td::to_vector(td::eval(a - 1)) == std::vector<std::int32_t>{INT32_MAX, INT32_MAX - 1, -6});
  CHECK(td::to_vector(td::eval(a * 2)) == std::vector<std::int32_t>{0, -2, -10});
  auto l = td::from<std::int64_t>({INT64_MAX, INT64_MIN}, S{});
  CHECK(td::to_vector(td::eval(l * std::int64_t(2))) == std::vector<std::int64_t>{-2, 0});
  CHECK(td::to_vector(td::eval(-l)) == std::vector<std::int64_t>{-INT64_MAX, INT64_MIN});
  // unsigned short * unsigned short is an int product in C++, which can overflow.
  auto h = td::from<std::uint16_t>({65535}, S{});
  CHECK(values(td::cast<std::uint16_t>(h * h)) == std::vector<double>{1});
}

TEMPLATE_TEST_CASE("integer sums products and scans wrap without undefined behaviour", "[hardening]",
                   TANDEM_TEST_SPACES) {
  using S = TestType;
  auto a = td::from<std::int32_t>({INT32_MAX, 1, 5}, S{});
  static_assert(std::is_same_v<decltype(td::sum(a)), std::int32_t>);  // the contract keeps the type
  CHECK(td::sum(a) == INT32_MIN + 5);
  CHECK(td::to_vector(td::cumsum(a)) == std::vector<std::int32_t>{INT32_MAX, INT32_MIN, INT32_MIN + 5});
  auto p = td::from<std::int32_t>({65536, 65536, 3}, S{});
  CHECK(td::prod(p) == 0);
  auto m = td::from<std::int32_t>({{INT32_MAX, INT32_MAX}, {1, 2}}, S{});
  CHECK(td::to_vector(td::sum(m, 1)) == std::vector<std::int32_t>{-2, 3});
  CHECK(td::to_vector(td::cumsum(m, 1)) == std::vector<std::int32_t>{INT32_MAX, -2, 1, 3});
  // Large: 2^20 copies of 2^12 sum to 2^32, which wraps to 0 in 32 bits.
  auto many = td::full<std::int32_t>({1 << 20}, 4096, S{});
  CHECK(td::sum(many) == 0);
  CHECK(td::mean(many) == 4096.0);  // mean accumulates in double
}

TEMPLATE_TEST_CASE("float to integer conversions saturate; NaN gives 0", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  auto f = td::from<float>({nan, inf, -inf, 3e9f, -3e9f, 2.7f, -2.7f, -0.f}, S{});
  const std::vector<std::int32_t> want{0, INT32_MAX, INT32_MIN, INT32_MAX, INT32_MIN, 2, -2, 0};
  CHECK(td::to_vector(td::eval(td::cast<std::int32_t>(f))) == want);
  td::tensor<std::int32_t, 1, S> assigned = f;  // assignment converts the same way
  CHECK(td::to_vector(assigned) == want);
  auto d = td::from<double>({9.3e18, -9.3e18, 1e300, -1.5, 300.0, 255.9}, S{});
  CHECK(td::to_vector(td::eval(td::cast<std::int64_t>(d))) ==
        std::vector<std::int64_t>{INT64_MAX, INT64_MIN, INT64_MAX, -1, 300, 255});
  CHECK(values(td::cast<std::uint8_t>(d)) == std::vector<double>{255, 0, 255, 0, 255, 255});
  CHECK(td::to_vector(td::eval(td::cast<std::uint64_t>(d))) ==
        std::vector<std::uint64_t>{9300000000000000000ull, 0, UINT64_MAX, 0, 300, 255});
  td::tensor<std::int32_t, 1, S> t({2});
  t = nan;  // a scalar too
  CHECK(td::to_vector(t) == std::vector<std::int32_t>{0, 0});
}

TEMPLATE_TEST_CASE("comparisons across types compare values", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  auto i = td::from<int>({49, 92, -4}, S{});
  CHECK(td::to_vector(td::eval(i < 3000000000LL)) == std::vector<bool>{true, true, true});
  CHECK(td::to_vector(td::eval(i > -3000000000LL)) == std::vector<bool>{true, true, true});
  CHECK(td::to_vector(td::eval(i == 4294967345LL)) == std::vector<bool>{false, false, false});  // 49 + 2^32
  CHECK(td::to_vector(td::eval(3000000000LL > i)) == std::vector<bool>{true, true, true});
  // int32 against float32 beyond 2^24 (numpy compares them in float64).
  auto big_int = td::from<int>({16777217, 16777216}, S{});
  auto big_float = td::from<float>({16777216.f, 16777216.f}, S{});
  CHECK(td::to_vector(td::eval(big_int == big_float)) == std::vector<bool>{false, true});
  CHECK(td::to_vector(td::eval(big_int > big_float)) == std::vector<bool>{true, false});
  CHECK(td::to_vector(td::eval(big_float < big_int)) == std::vector<bool>{true, false});
  // int64 against double beyond 2^53, and at the ends of int64's range.
  auto l = td::from<std::int64_t>({(std::int64_t(1) << 53) + 1, INT64_MAX, INT64_MIN}, S{});
  auto d = td::from<double>({9007199254740992.0, 9223372036854775808.0, -9223372036854775808.0}, S{});
  CHECK(td::to_vector(td::eval(l == d)) == std::vector<bool>{false, false, true});
  CHECK(td::to_vector(td::eval(l < d)) == std::vector<bool>{false, true, false});
  CHECK(td::to_vector(td::eval(l >= d)) == std::vector<bool>{true, false, true});
  // Fractions, NaN, signed against unsigned, bool against an integer.
  auto frac = td::from<double>({2.5, -2.5, std::numeric_limits<double>::quiet_NaN()}, S{});
  auto two = td::from<std::int64_t>({2, -2, 2}, S{});
  CHECK(td::to_vector(td::eval(two < frac)) == std::vector<bool>{true, false, false});
  CHECK(td::to_vector(td::eval(two != frac)) == std::vector<bool>{true, true, true});
  CHECK(td::to_vector(td::eval(td::from<unsigned>({1u}, S{}) > td::from<int>({-1}, S{}))) ==
        std::vector<bool>{true});
  CHECK(td::to_vector(td::eval(td::from<std::uint64_t>({UINT64_MAX}, S{}) > td::from<std::int64_t>({-1}, S{}))) ==
        std::vector<bool>{true});
  CHECK(td::to_vector(td::eval(td::from<bool>({true, false}, S{}) == 2)) == std::vector<bool>{false, false});
  CHECK(td::to_vector(td::eval(td::from<bool>({true, false}, S{}) == 1)) == std::vector<bool>{true, false});
}

TEMPLATE_TEST_CASE("linspace of integers takes the floor as numpy does", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  CHECK(td::to_vector(td::linspace<int>(0, 10, 4, S{})) == std::vector<int>{0, 3, 6, 10});  // was 0, 0, 0, 10
  CHECK(td::to_vector(td::linspace<std::int64_t>(0, 10, 4, S{})) == std::vector<std::int64_t>{0, 3, 6, 10});
  CHECK(values(td::linspace<std::uint8_t>(0, 10, 4, S{})) == std::vector<double>{0, 3, 6, 10});
  CHECK(td::to_vector(td::linspace<int>(10, 0, 4, S{})) == std::vector<int>{10, 6, 3, 0});
  CHECK(td::to_vector(td::linspace<int>(-5, 5, 4, S{})) == std::vector<int>{-5, -2, 1, 5});
  CHECK(td::to_vector(td::linspace<int>(INT32_MIN, INT32_MAX, 3, S{})) ==
        std::vector<int>{INT32_MIN, -1, INT32_MAX});
}

// ---- sorting signed zeros ---------------------------------------------------------

TEMPLATE_TEST_CASE("sorts are stable across -0.0 and +0.0 and keep the signs", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  auto v = td::from<float>({0.f, -0.f, 1.f, -0.f, 0.f}, S{});
  td::sort(v);
  CHECK(bits_of(td::to_vector(v)) == bits_of(std::vector<float>{0.f, -0.f, -0.f, 0.f, 1.f}));
  auto w = td::from<double>({-0.0, 2.0, 0.0, -0.0}, S{});
  td::sort(w, td::descending);
  CHECK(bits_of(td::to_vector(w)) == bits_of(std::vector<double>{2.0, -0.0, 0.0, -0.0}));

  // Long inputs (the parallel radix path) against std::stable_sort, bit for bit.
  const std::size_t n = 200003;
  std::vector<float> keys(n);
  std::vector<int> payload(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t r = (i * 2654435761u) % 7;
    keys[i] = r == 0 ? -0.f : (r == 1 ? 0.f : (r == 2 ? -1.5f : (r == 3 ? 3.f : static_cast<float>(r))));
    payload[i] = static_cast<int>(i);
  }
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
  std::vector<float> want_keys(n);
  std::vector<int> want_payload(n);
  for (std::size_t i = 0; i < n; ++i) {
    want_keys[i] = keys[order[i]];
    want_payload[i] = payload[order[i]];
  }
  auto k = td::from(keys, {td::index_t(n)}, S{});
  td::sort(k);
  CHECK(bits_of(td::to_vector(k)) == bits_of(want_keys));
  auto k2 = td::from(keys, {td::index_t(n)}, S{});
  auto p2 = td::from(payload, {td::index_t(n)}, S{});
  td::sort_by_key(k2, p2);  // -0.0 keys stayed -0.0? (they became +0.0)
  CHECK(bits_of(td::to_vector(k2)) == bits_of(want_keys));
  CHECK(td::to_vector(p2) == want_payload);
  // Rows of a matrix, each sorted on its own.
  auto rows = td::from<float>({{0.f, -0.f, -1.f}, {-0.f, 0.f, -0.f}}, S{});
  td::sort(rows);
  CHECK(bits_of(td::to_vector(rows)) == bits_of(std::vector<float>{-1.f, 0.f, -0.f, -0.f, 0.f, -0.f}));
}

// ---- aliasing ---------------------------------------------------------------------

TEMPLATE_TEST_CASE("scatter reads indices and values as they were before writing", "[hardening]",
                   TANDEM_TEST_SPACES) {
  using S = TestType;
  // numpy: a = [3, 0, 1, 2]; a[a] = [5, 6, 7, 8] gives [6, 7, 8, 5].
  auto a = td::from<td::index_t>({3, 0, 1, 2}, S{});
  td::scatter(a, a, td::from<td::index_t>({5, 6, 7, 8}, S{}));
  CHECK(td::to_vector(a) == std::vector<td::index_t>{6, 7, 8, 5});
  // Indices that are the destination, with one value: numpy's a[a] = 100.
  auto b = td::from<td::index_t>({3, 0, 1, 2}, S{});
  td::scatter(b, b, td::index_t(100));
  CHECK(td::to_vector(b) == std::vector<td::index_t>{100, 100, 100, 100});
  // Values read from the destination: numpy's d[[1, 2, 3]] = d[0:3].
  auto d = td::arange<float>(8.f, S{});
  td::scatter(d, td::from<td::index_t>({1, 2, 3}, S{}), td::slice(d, td::range(0, 3)));
  CHECK(values(d) == std::vector<double>{0, 0, 1, 2, 4, 5, 6, 7});
  // Large, through a reversed permutation of itself.
  const td::index_t n = 1 << 17;
  auto big_d = td::arange<td::index_t>(n, S{});
  auto rev = td::eval((n - 1) - td::arange<td::index_t>(n, S{}));
  td::scatter(big_d, rev, big_d);  // big_d[n-1-i] = big_d[i] (old values): the reverse
  const auto got = td::to_vector(big_d);
  for (td::index_t i = 0; i < n; ++i) REQUIRE(got[std::size_t(i)] == n - 1 - i);
}

TEMPLATE_TEST_CASE("assigning a view to an overlapping view copies as numpy does", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  auto t = td::arange<int>(10, S{});
  td::slice(t, td::range(1, 10)) = td::slice(t, td::range(0, 9));  // numpy's t[1:] = t[:-1]
  CHECK(values(t) == std::vector<double>{0, 0, 1, 2, 3, 4, 5, 6, 7, 8});
  auto u = td::arange<int>(10, S{});
  td::slice(u, td::range(0, 9)) = td::slice(u, td::range(1, 10));
  CHECK(values(u) == std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 9});
  auto m = td::from<float>({{1, 2}, {3, 4}}, S{});
  auto mv = m.view();
  mv = td::transpose(m);  // a view of itself transposed, staged
  CHECK(values(m) == std::vector<double>{1, 3, 2, 4});
  static_assert(std::is_trivially_copyable_v<td::tensor_view<float, 2, S>>);
}

TEST_CASE("a copy between overlapping memory of two spaces is a move", "[hardening]") {
  if constexpr (td::device_is_emulated) {
    std::vector<float> buffer{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    auto src = td::adapt(buffer.data(), {8}, td::host);
    auto dst = td::adapt(buffer.data() + 2, {8}, td::device);  // the same host memory
    td::copy(src, dst);
    CHECK(buffer == std::vector<float>{0, 1, 0, 1, 2, 3, 4, 5, 6, 7});
  } else {
    SUCCEED("device memory is separate from host memory under CUDA");
  }
}

// ---- exceptions in parallel loops -------------------------------------------------

namespace {
struct throws_at {
  td::index_t bad;
  void operator()(td::index_t i) const {
    if (i == bad) throw std::runtime_error("element " + std::to_string(i));
  }
};
struct out_of_memory_at {
  td::index_t bad;
  void operator()(td::index_t i) const {
    if (i == bad) throw std::bad_alloc();  // as a packing buffer's allocation inside a task would
  }
};
// TANDEM_HD, as map's evaluators are; it throws only in host code (device code cannot).
struct throwing_square {
  TANDEM_HD float operator()(float x) const {
#if !TANDEM_DEVICE_CODE
    if (x == 700000.f) throw std::domain_error("no square for 700000");
#endif
    return x * x;
  }
};
}  // namespace

TEMPLATE_TEST_CASE("a functor's exception in a parallel loop reaches the caller", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  if constexpr (runs_on_cpu<S>) {  // device code cannot throw
    CHECK_THROWS_WITH(td::for_each(S{}, td::index_t(1) << 21, throws_at{1234567}), "element 1234567");
    CHECK_THROWS_WITH(td::for_each(S{}, td::index_t(100), throws_at{5}), "element 5");  // serial
    CHECK_THROWS_AS(td::for_each(S{}, td::index_t(1) << 21, out_of_memory_at{99999}), std::bad_alloc);
    auto x = td::arange<float>(1 << 20, S{});
    CHECK_THROWS_AS(td::eval(td::map(throwing_square{}, x)), std::domain_error);
    CHECK_THROWS_AS(td::sum(td::map(throwing_square{}, x)), std::domain_error);
    CHECK(td::sum(td::map(throwing_square{}, td::arange<float>(3, S{}))) == 5.f);  // and still works
  } else {
    SUCCEED("device functors cannot throw");
  }
}

// ---- answers that were silently wrong ---------------------------------------------

TEMPLATE_TEST_CASE("histogram refuses a non-finite range and bins a range wider than DBL_MAX", "[hardening]",
                   TANDEM_TEST_SPACES) {
  using S = TestType;
  const double inf = std::numeric_limits<double>::infinity();
  auto x = td::from<double>({0, 1, inf}, S{});
  CHECK_THROWS_AS(td::histogram(x, 4, 0.0, inf), td::error);  // gave [2, 0, 0, 0]
  CHECK_THROWS_AS(td::histogram(x, 4, -inf, 1.0), td::error);
  auto wide = td::from<double>({1e308, 0}, S{});
  CHECK(td::to_vector(td::histogram(wide, 2, -1e308, 1e308)) == std::vector<td::index_t>{0, 2});  // gave [1, 0]
  auto spread = td::from<double>({-1e308, -5e307, 0, 5e307, 1e308, -DBL_MAX}, S{});
  CHECK(td::to_vector(td::histogram(spread, 4, -1e308, 1e308)) == std::vector<td::index_t>{1, 1, 1, 2});
  CHECK(td::to_vector(td::histogram(spread, 1, -DBL_MAX, DBL_MAX)) == std::vector<td::index_t>{6});
}

TEMPLATE_TEST_CASE("uniform draws over ranges wider than FLT_MAX and refuses infinite ones", "[hardening]",
                   TANDEM_TEST_SPACES) {
  using S = TestType;
  td::random::generator g(7);
  const auto f = td::to_vector(g.uniform<float>({4096}, S{}, -FLT_MAX, FLT_MAX));  // all were -FLT_MAX
  std::size_t negative = 0, at_lo = 0;
  for (const float x : f) {
    REQUIRE(std::isfinite(x));
    REQUIRE(x >= -FLT_MAX);
    REQUIRE(x < FLT_MAX);
    negative += x < 0 ? 1 : 0;
    at_lo += x == -FLT_MAX ? 1 : 0;
  }
  CHECK(negative > 1800);  // about half (binomial, 4096 draws)
  CHECK(negative < 2300);
  CHECK(at_lo == 0);
  const auto d = td::to_vector(g.uniform<double>({4096}, S{}, -DBL_MAX, DBL_MAX));
  std::size_t d_negative = 0;
  for (const double x : d) {
    REQUIRE(std::isfinite(x));
    d_negative += x < 0 ? 1 : 0;
  }
  CHECK(d_negative > 1800);
  CHECK(d_negative < 2300);
  CHECK_THROWS_AS(g.uniform<float>({4}, S{}, 0.f, std::numeric_limits<float>::infinity()), td::error);
  CHECK_THROWS_AS(g.uniform<double>({4}, S{}, -std::numeric_limits<double>::infinity(), 0.0), td::error);
}

TEMPLATE_TEST_CASE("reshape of an empty strided view", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  auto t = td::zeros<float>({0, 6}, S{});
  auto stepped = td::slice(t, td::all, td::range(0, 6, 2));  // shape [0, 3], strides [6, 2]
  CHECK(td::reshape(stepped, {0}).size() == 0);
  CHECK(td::reshape(stepped, {3, 0}).shape() == td::shape<2>{3, 0});
  auto z = td::zeros<float>({3, 0}, S{});
  auto transposed = td::transpose(z);  // shape [0, 3], strides [1, 0]
  CHECK(td::reshape(transposed, {0, 5}).size() == 0);
  CHECK(td::eval(td::reshape(transposed, {-1})).size() == 0);
}

TEMPLATE_TEST_CASE("take and scatter refuse unsigned indices past INT64_MAX", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  auto a = td::arange<float>(5.f, S{});
  auto idx = td::from<std::uint64_t>({1, std::numeric_limits<std::uint64_t>::max()}, S{});
  CHECK_THROWS_AS(td::take(a, idx), td::index_error);  // was read as -1: the last element
  CHECK_THROWS_WITH(td::take(a, idx), testing::contains("18446744073709551615"));
  CHECK_THROWS_AS(td::scatter(a, idx, 1.f), td::index_error);
  CHECK(values(a) == std::vector<double>{0, 1, 2, 3, 4});  // nothing was written
  CHECK(values(td::take(a, td::from<std::uint64_t>({4, 0}, S{}))) == std::vector<double>{4, 0});
  CHECK(values(td::take(a, td::from<std::uint32_t>({3}, S{}))) == std::vector<double>{3});
}

TEMPLATE_TEST_CASE("float scans round alike in the host and the emulated device", "[hardening]",
                   TANDEM_TEST_SPACES) {
  using S = TestType;
  const std::size_t n = std::size_t(1) << 21;
  const auto data = testing::random_values<float>(n, 0.0, 1.0, 11);
  const auto host_sums = td::to_vector(td::cumsum(td::from(data, {td::index_t(n)})));
  const auto sums = td::to_vector(td::cumsum(td::from(data, {td::index_t(n)}, S{})));
  double exact = 0;
  for (std::size_t i = 0; i < n; ++i) {
    exact += data[i];
    REQUIRE(std::abs(sums[i] - exact) <= 2e-4 * exact + 1e-6);
  }
  if constexpr (runs_on_cpu<S>) CHECK(bits_of(sums) == bits_of(host_sums));
}

// ---- nothing lost -----------------------------------------------------------------

TEMPLATE_TEST_CASE("a tensor destroyed on another thread than its own", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  // On a GPU the memory goes back to the pool only after the work queued for it on the
  // making thread's stream (memcheck in scripts/gpu-check watches this).
  std::vector<td::tensor<float, 1, S>> made;
  for (int k = 0; k < 4; ++k) made.push_back(td::eval(td::arange<float>(1 << 20, S{}) * 2.f));
  const float first = td::sum(made[0]);
  std::thread other([moved = std::move(made)]() mutable { moved.clear(); });
  other.join();
  auto again = td::eval(td::arange<float>(1 << 20, S{}) * 2.f);  // reuses the pool
  CHECK(td::sum(again) == first);
}

TEMPLATE_TEST_CASE("a failed assignment leaves its destination as it was", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
#if defined(__linux__)
  if constexpr (runs_on_cpu<S> && !under_asan) {  // RLIMIT_AS and AddressSanitizer do not mix
    // m = transpose(m) stages a copy; with no address space left for it, bad_alloc must
    // leave m's shape and values alone (the shape used to change first). In a child
    // process, whose address space can be capped; it only runs host code. 48 MB: past
    // glibc's largest mmap threshold, so no free heap space can serve it.
    auto m = td::eval(td::reshape(td::arange<float>(3000.f * 4000.f, S{}), {3000, 4000}));
    const std::vector<float> before = td::to_vector(m);
    td::release_cached_memory();
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      int code = 1;
      long pages = 0;
      if (FILE* f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%ld", &pages) != 1) pages = 0;
        std::fclose(f);
      }
      const rlim_t now = static_cast<rlim_t>(pages) * static_cast<rlim_t>(sysconf(_SC_PAGESIZE));
      const rlimit cap{now + (rlim_t(1) << 20), now + (rlim_t(1) << 20)};
      std::vector<void*> hog;
      hog.reserve(std::size_t(1) << 16);
      if (pages > 0 && setrlimit(RLIMIT_AS, &cap) == 0) {
        // Take the heap's free chunks too, which earlier tests' frees may have left.
        for (std::size_t bytes = std::size_t(1) << 20; bytes >= 4096; bytes /= 4)
          while (hog.size() < hog.capacity())
            if (void* p = std::malloc(bytes)) hog.push_back(p);
            else break;
        try {
          m = td::transpose(m);
          code = 2;  // the staging copy should not have fit
        } catch (const std::bad_alloc&) {
          const float* p = m.data();  // read directly: no parallel loop in a forked child
          bool same = m.shape() == td::shape<2>{3000, 4000};
          for (std::size_t i = 0; same && i < before.size(); ++i) same = p[i] == before[i];
          code = same ? 0 : 3;
        }
      }
      _exit(code);
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
  } else {
    SUCCEED("needs host memory and no AddressSanitizer");
  }
#else
  SUCCEED("needs Linux");
#endif
}

TEST_CASE("the host cache has a settable limit and a release call", "[hardening]") {
  const std::size_t before = td::cache_limit(td::host);
  CHECK(before == std::size_t(1) << 30);
  td::release_cached_memory();
  CHECK(td::cached_bytes(td::host) == 0);
  { auto t = td::empty<float>({td::index_t(4) << 20}); }  // 16 MiB, freed
  if constexpr (!under_asan) CHECK(td::cached_bytes(td::host) == std::size_t(16) << 20);
  td::release_cached_memory(td::host);
  CHECK(td::cached_bytes(td::host) == 0);
  td::set_cache_limit(td::host, 0);
  CHECK(td::cache_limit(td::host) == 0);
  { auto t = td::empty<float>({td::index_t(4) << 20}); }
  CHECK(td::cached_bytes(td::host) == 0);  // nothing kept
  td::set_cache_limit(td::host, before);
  CHECK(td::cache_limit(td::host) == before);
}

namespace {
/// Counts how many elements printing evaluates.
struct counted_identity {
  std::atomic<long>* calls;
  template <class X>
  TANDEM_HD X operator()(X x) const {
#if !TANDEM_DEVICE_CODE
    calls->fetch_add(1, std::memory_order_relaxed);
#endif
    return x;
  }
};
}  // namespace

TEMPLATE_TEST_CASE("printing reads only the elements it shows", "[hardening]", TANDEM_TEST_SPACES) {
  using S = TestType;
  auto m = td::eval(td::reshape(td::arange<int>(1 << 20, S{}), {1024, 1024}));
  std::ostringstream os;
  if constexpr (runs_on_cpu<S>) {
    std::atomic<long> calls{0};
    os << td::map(counted_identity{&calls}, m);
    CHECK(calls.load() == 36);  // 6 x 6 of 2^20
  } else {
    os << m;
  }
  const std::string text = os.str();
  CHECK(text.rfind("[[0, 1, 2, ..., 1021, 1022, 1023],\n [1024, 1025, 1026, ..., 2045, 2046, 2047],", 0) == 0);
  CHECK(text.find(" ...,\n [1045504, 1045505, 1045506, ..., 1046525, 1046526, 1046527],") != std::string::npos);
  CHECK(text.size() > 60);
  CHECK(text.substr(text.size() - 62) == "\n [1047552, 1047553, 1047554, ..., 1048573, 1048574, 1048575]]");
  std::ostringstream slice_text;
  slice_text << td::slice(m, td::range(0, 1024, 512), td::range(1020, 1024));
  CHECK(slice_text.str() == "[[1020, 1021, 1022, 1023],\n [525308, 525309, 525310, 525311]]");
}
