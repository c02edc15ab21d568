// .npy files: round trips of every element type and rank in every space, the exact bytes
// numpy's format prescribes, hand-written files of other versions, orders and byte
// orders, hostile files (every truncation, every malformed field), atomic saves and
// memory-mapped views.
#include <sys/resource.h>

#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "support/files.hpp"

namespace fs = std::filesystem;
using testing::read_bytes;
using testing::scratch_dir;
using testing::write_bytes;

namespace {


/// A .npy file as numpy lays it out: magic, version, little-endian length, the dict
/// padded with spaces to a multiple of 64 with the prefix, a newline, then `data`.
std::string npy_file(const std::string& dict, const std::string& data, int major = 1) {
  const std::size_t prefix = major == 1 ? 10 : 12;
  std::string header = dict;
  while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = std::string("\x93NUMPY", 6) + char(major) + '\0';
  const std::size_t len = header.size();
  out += char(len & 0xff);
  out += char((len >> 8) & 0xff);
  if (major > 1) out += std::string(2, '\0');
  return out + header + data;
}

template <class T>
std::string le_bytes(std::initializer_list<T> values) {
  std::string out;
  for (T v : values) out.append(reinterpret_cast<const char*>(&v), sizeof(T));
  return out;
}

template <class T, std::size_t R, class Space>
void check_round_trip(const scratch_dir& dir, const td::tensor<T, R, Space>& t) {
  const auto path = dir / "round_trip.npy";
  td::save_npy(path, t);
  const auto back = td::load_npy<T, R>(path, Space{});
  REQUIRE(back.shape() == t.shape());
  const auto a = td::to_vector(t), b = td::to_vector(back);
  REQUIRE(a.size() == b.size());
  if constexpr (std::is_same_v<T, bool>)
    CHECK(a == b);
  else if (!a.empty())  // memcmp's pointers must not be null, even for zero bytes
    CHECK(std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

}  // namespace

TEMPLATE_TEST_CASE("save_npy writes numpy's exact bytes", "[npy]", TANDEM_TEST_SPACES) {
  scratch_dir dir;
  td::save_npy(dir / "a.npy", td::from<float>({{1, 2, 3}, {4, 5, 6}}, TestType{}));
  CHECK(read_bytes(dir / "a.npy") ==
        npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", le_bytes<float>({1, 2, 3, 4, 5, 6})));
  td::save_npy(dir / "b.npy", td::from<bool>({true, false}, TestType{}));
  CHECK(read_bytes(dir / "b.npy") ==
        npy_file("{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }", std::string("\x01\x00", 2)));
  td::tensor<std::int64_t, 0, TestType> scalar;
  scalar = std::int64_t(-7);
  td::save_npy(dir / "s.npy", scalar);
  CHECK(read_bytes(dir / "s.npy") ==
        npy_file("{'descr': '<i8', 'fortran_order': False, 'shape': (), }", le_bytes<std::int64_t>({-7})));
  // A transposed view is written in its logical (row-major) order.
  td::save_npy(dir / "t.npy", td::transpose(td::from<std::uint16_t>({{1, 2}, {3, 4}}, TestType{})));
  CHECK(read_bytes(dir / "t.npy") ==
        npy_file("{'descr': '<u2', 'fortran_order': False, 'shape': (2, 2), }", le_bytes<std::uint16_t>({1, 3, 2, 4})));
  CHECK(fs::file_size(dir / "a.npy") % 64 == 24);  // data starts on a multiple of 64
}

TEMPLATE_TEST_CASE("every element type and rank round-trips", "[npy]", TANDEM_TEST_SPACES) {
  scratch_dir dir;
  const auto sample = [](auto tag, td::index_t n) {
    using T = decltype(tag);
    std::vector<T> v(static_cast<std::size_t>(n));
    for (td::index_t i = 0; i < n; ++i) {
      if constexpr (std::is_same_v<T, bool>)
        v[std::size_t(i)] = i % 3 == 1;
      else if constexpr (td::detail::is_complex_v<T>)
        v[std::size_t(i)] = T(typename T::value_type(i) * 0.5f, -typename T::value_type(i));
      else if constexpr (std::is_integral_v<T>)
        v[std::size_t(i)] = static_cast<T>(i * 37 - 11);
      else
        v[std::size_t(i)] = static_cast<T>(float(i) * 0.25f - 3.f);
    }
    return v;
  };
  const auto each_type = [&](auto tag) {
    using T = decltype(tag);
    td::tensor<T, 0> scalar;
    scalar() = sample(T{}, 2)[1];
    check_round_trip(dir, td::to(TestType{}, scalar));
    check_round_trip(dir, td::from(sample(T{}, 7), {7}, TestType{}));
    check_round_trip(dir, td::from(sample(T{}, 12), {3, 4}, TestType{}));
    check_round_trip(dir, td::from(sample(T{}, 24), {2, 3, 4}, TestType{}));
    check_round_trip(dir, td::from(sample(T{}, 120), {2, 3, 4, 5}, TestType{}));
    check_round_trip(dir, td::tensor<T, 2, TestType>({0, 5}));
    check_round_trip(dir, td::tensor<T, 1, TestType>({0}));
  };
  each_type(bool{});
  each_type(std::int8_t{});
  each_type(std::uint8_t{});
  each_type(std::int16_t{});
  each_type(std::uint16_t{});
  each_type(std::int32_t{});
  each_type(std::uint32_t{});
  each_type(std::int64_t{});
  each_type(std::uint64_t{});
  each_type(td::half{});
  each_type(td::bfloat16{});
  each_type(float{});
  each_type(double{});
  each_type(td::complex<float>{});
  each_type(td::complex<double>{});
  // NaN and infinities keep their bits.
  const auto special = td::from<double>({std::nan(""), -INFINITY, INFINITY, -0.0}, TestType{});
  check_round_trip(dir, special);
}

TEMPLATE_TEST_CASE("load_npy reads other versions, Fortran order and big-endian files", "[npy]", TANDEM_TEST_SPACES) {
  scratch_dir dir;
  // Version 2.0 and 3.0 headers (32-bit lengths), and numpy 1.x's key order and spacing.
  write_bytes(dir / "v2.npy", npy_file("{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }",
                                       le_bytes<std::int32_t>({5, -6, 7}), 2));
  CHECK(testing::values(td::load_npy<std::int32_t, 1>(dir / "v2.npy", TestType{})) == std::vector<double>{5, -6, 7});
  write_bytes(dir / "v3.npy", npy_file("{\"shape\": (2,),\"fortran_order\":False,'descr':'<f8'}",
                                       le_bytes<double>({1.5, -2.5}), 3));
  CHECK(testing::values(td::load_npy<double, 1>(dir / "v3.npy", TestType{})) == std::vector<double>{1.5, -2.5});
  // Fortran order: the file holds columns; the tensor is the same matrix, row-major.
  write_bytes(dir / "f.npy", npy_file("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }",
                                      le_bytes<float>({1, 4, 2, 5, 3, 6})));
  const auto f = td::load_npy<float, 2>(dir / "f.npy", TestType{});
  CHECK(f.shape() == td::shape<2>{2, 3});
  CHECK(testing::values(f) == std::vector<double>{1, 2, 3, 4, 5, 6});
  write_bytes(dir / "f3.npy", npy_file("{'descr': '<i2', 'fortran_order': True, 'shape': (2, 2, 2), }",
                                       le_bytes<std::int16_t>({0, 4, 2, 6, 1, 5, 3, 7})));
  CHECK(testing::values(td::load_npy<std::int16_t, 3>(dir / "f3.npy", TestType{})) ==
        std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7});
  // Big-endian elements, complex components swapped each on its own.
  write_bytes(dir / "be.npy", npy_file("{'descr': '>i4', 'fortran_order': False, 'shape': (2,), }",
                                       std::string("\x00\x00\x01\x02\xff\xff\xff\xfe", 8)));
  CHECK(testing::values(td::load_npy<std::int32_t, 1>(dir / "be.npy", TestType{})) == std::vector<double>{258, -2});
  write_bytes(dir / "bec.npy", npy_file("{'descr': '>c8', 'fortran_order': False, 'shape': (1,), }",
                                        std::string("\x3f\x80\x00\x00\xc0\x00\x00\x00", 8)));
  const auto c = td::to_vector(td::load_npy<td::complex<float>, 1>(dir / "bec.npy", TestType{}));
  CHECK(c[0].real() == 1.f);
  CHECK(c[0].imag() == -2.f);
  // numpy's early files spelled extents as Python 2 longs.
  write_bytes(dir / "long.npy", npy_file("{'descr': '<u1', 'fortran_order': False, 'shape': (2L, 1L), }", "\x03\x09"));
  CHECK(testing::values(td::load_npy<std::uint8_t, 2>(dir / "long.npy", TestType{})) == std::vector<double>{3, 9});
  // A bool byte other than 0 and 1 is true (numpy's reading), never an invalid bool.
  write_bytes(dir / "b.npy", npy_file("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", std::string("\x00\x02\x01", 3)));
  CHECK(td::to_vector(td::load_npy<bool, 1>(dir / "b.npy", TestType{})) == std::vector<bool>{false, true, true});
  // bfloat16 as np.save writes an ml_dtypes array: raw 2-byte elements ('<V2').
  write_bytes(dir / "bf.npy", npy_file("{'descr': '<V2', 'fortran_order': False, 'shape': (2,), }",
                                       std::string("\x80\x3f\x40\xc0", 4)));
  CHECK(testing::values(td::load_npy<td::bfloat16, 1>(dir / "bf.npy", TestType{})) == std::vector<double>{1.0, -3.0});
}

TEMPLATE_TEST_CASE("load_npy into an existing tensor or view", "[npy]", TANDEM_TEST_SPACES) {
  scratch_dir dir;
  td::save_npy(dir / "m.npy", td::from<double>({{1, 2, 3}, {4, 5, 6}}));
  // Contiguous destination: the file's bytes go straight in; its storage is kept.
  auto m = td::zeros<double>({2, 3}, TestType{});
  const double* storage = m.data();
  td::load_npy(dir / "m.npy", m);
  CHECK(m.data() == storage);
  CHECK(testing::values(m) == std::vector<double>{1, 2, 3, 4, 5, 6});
  // Strided destinations: a transposed view of a 3x2 tensor and a flipped view.
  auto t = td::zeros<double>({3, 2}, TestType{});
  td::load_npy(dir / "m.npy", td::transpose(t));
  CHECK(testing::values(t) == std::vector<double>{1, 4, 2, 5, 3, 6});
  auto f = td::zeros<double>({2, 3}, TestType{});
  td::load_npy(dir / "m.npy", td::flip(f, 1));
  CHECK(testing::values(f) == std::vector<double>{3, 2, 1, 6, 5, 4});
  // A Fortran-order, big-endian file into a contiguous destination.
  write_bytes(dir / "fbe.npy", npy_file("{'descr': '>i2', 'fortran_order': True, 'shape': (2, 2), }",
                                        std::string("\x00\x01\x00\x03\x00\x02\xff\xfc", 8)));
  auto i = td::zeros<std::int16_t>({2, 2}, TestType{});
  td::load_npy(dir / "fbe.npy", i);
  CHECK(testing::values(i) == std::vector<double>{1, 2, 3, -4});
  // Another shape, type or rank: io_error naming both shapes, the destination untouched.
  auto wrong = td::full<double>({3, 2}, 7.0, TestType{});
  CHECK_IO_ERROR(td::load_npy(dir / "m.npy", wrong),
                 testing::contains("holds shape (2, 3), the destination has shape (3, 2)"));
  CHECK(testing::values(wrong) == std::vector<double>(6, 7.0));
  auto wrong_type = td::full<float>({2, 3}, 7.f, TestType{});
  CHECK_IO_ERROR(td::load_npy(dir / "m.npy", wrong_type), testing::contains("expected <f4 rank 2, file holds <f8"));
  CHECK(testing::values(wrong_type) == std::vector<double>(6, 7.0));
  // A truncated file: refused before anything is written.
  const std::string whole = read_bytes(dir / "m.npy");
  write_bytes(dir / "cut.npy", whole.substr(0, whole.size() - 1));
  CHECK_IO_ERROR(td::load_npy(dir / "cut.npy", td::transpose(wrong)), testing::contains("truncated"));
  CHECK_IO_ERROR(td::load_npy(dir / "cut.npy", m), testing::contains("truncated"));
  CHECK(testing::values(m) == std::vector<double>{1, 2, 3, 4, 5, 6});
}

TEST_CASE("a file of another type or rank is refused, naming both", "[npy]") {
  scratch_dir dir;
  td::save_npy(dir / "i.npy", td::arange<std::int64_t>(4));
  const std::string name = (dir / "i.npy").string();
  CHECK_IO_ERROR((td::load_npy<float, 2>(dir / "i.npy")),
                       testing::contains(name + ": expected <f4 rank 2, file holds <i8 rank 1"));
  CHECK_THROWS_AS((td::load_npy<std::uint64_t, 1>(dir / "i.npy")), td::io_error);
  CHECK_THROWS_AS((td::load_npy<std::int64_t, 2>(dir / "i.npy")), td::io_error);
  CHECK_THROWS_AS((td::load_npy<double, 1>(dir / "i.npy")), td::io_error);
  CHECK_THROWS_AS((td::map_npy<std::int32_t, 1>(dir / "i.npy")), td::io_error);
  CHECK_IO_ERROR((td::load_npy<float, 1>(dir / "missing.npy")),
                       testing::contains("missing.npy: cannot open for reading"));
}

TEST_CASE("hostile .npy files throw io_error, never crash or over-read", "[npy]") {
  scratch_dir dir;
  const std::string good = npy_file("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }",
                                    le_bytes<double>({1, 2, 3, 4}));
  // Every truncation of a valid file.
  for (std::size_t n = 0; n < good.size(); ++n) {
    write_bytes(dir / "cut.npy", good.substr(0, n));
    CHECK_THROWS_AS((td::load_npy<double, 2>(dir / "cut.npy")), td::io_error);
    CHECK_THROWS_AS((td::map_npy<double, 2>(dir / "cut.npy")), td::io_error);
  }
  write_bytes(dir / "ok.npy", good);
  CHECK(testing::values(td::load_npy<double, 2>(dir / "ok.npy")) == std::vector<double>{1, 2, 3, 4});

  std::string many_dims;
  for (int d = 0; d < 65; ++d) many_dims += "1, ";
  const std::pair<std::string, std::string> cases[] = {
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (-1, 2), }", "non-negative integers"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4), }", "does not fit"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999,), }", "63 bits"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (1000000,), }", "truncated"},
      {"{'descr': '<f3', 'fortran_order': False, 'shape': (2, 2), }", "expected <f8 rank 2, file holds <f3"},
      {"{'descr': '<q8', 'fortran_order': False, 'shape': (2, 2), }", "not one tandem reads"},
      {"{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (2, 2), }", "structured"},
      {"{'descr': '<f8', 'shape': (2, 2), }", "lacks the key 'fortran_order'"},
      {"{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }", "appears twice"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), 'extra': 1}", "unknown key"},
      {"{'descr': '<f8', 'fortran_order': Maybe, 'shape': (2, 2), }", "neither True nor False"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), } x", "after its closing"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2 }", "in the shape"},
      {"{'descr': '<f8, 'fortran_order': False, 'shape': (2, 2), }", "is not one tandem reads"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), ", "expected"},
      {"['descr', '<f8']", "expected '{'"},
      {"{'descr': '<f\\x38', 'fortran_order': False, 'shape': (2, 2), }", "escape"},
      {"{'descr': '<f8', 'fortran_order': False, 'shape': (" + many_dims + "), }", "more than 64 dimensions"},
  };
  for (const auto& [dict, message] : cases) {
    INFO(dict);
    write_bytes(dir / "bad.npy", npy_file(dict, le_bytes<double>({1, 2, 3, 4})));
    CHECK_IO_ERROR((td::load_npy<double, 2>(dir / "bad.npy")), testing::contains(message));
    CHECK_THROWS_AS((td::map_npy<double, 2>(dir / "bad.npy")), td::io_error);
  }
  // Bytes of the prefix: magic, version, a header length past the file or the limit, a
  // NUL inside the header.
  std::string bad = good;
  bad[1] = 'M';
  write_bytes(dir / "bad.npy", bad);
  CHECK_IO_ERROR((td::load_npy<double, 2>(dir / "bad.npy")), testing::contains("not a .npy file"));
  bad = good;
  bad[6] = 4;
  write_bytes(dir / "bad.npy", bad);
  CHECK_IO_ERROR((td::load_npy<double, 2>(dir / "bad.npy")), testing::contains("version 4.0"));
  bad = good;
  bad[8] = '\xff';
  bad[9] = '\xff';
  write_bytes(dir / "bad.npy", bad);
  CHECK_IO_ERROR((td::load_npy<double, 2>(dir / "bad.npy")), testing::contains("truncated"));
  bad = npy_file("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }", le_bytes<double>({1, 2, 3, 4}), 2);
  bad[10] = '\xff';
  bad[11] = '\x7f';
  write_bytes(dir / "bad.npy", bad);
  CHECK_IO_ERROR((td::load_npy<double, 2>(dir / "bad.npy")), testing::contains("over tandem's limit"));
  bad = good;
  bad[20] = '\0';
  write_bytes(dir / "bad.npy", bad);
  CHECK_IO_ERROR((td::load_npy<double, 2>(dir / "bad.npy")), testing::contains("printable"));
  fs::create_directory(dir / "folder.npy");
  CHECK_IO_ERROR((td::load_npy<double, 2>(dir / "folder.npy")), testing::contains("not a regular file"));
  // No elements (an extent is 0), but another extent no tensor can have (the fuzzer's
  // find of 2026-12-05: it escaped as td::shape_error from the tensor's own check).
  write_bytes(dir / "huge.npy",
              npy_file("{'descr': '>f4', 'fortran_order': False, 'shape': (3693360712769339388, 0), }", ""));
  CHECK_IO_ERROR((td::load_npy<float, 2>(dir / "huge.npy")), testing::contains("is too big"));
  CHECK_IO_ERROR((td::map_npy<float, 2>(dir / "huge.npy")), testing::contains("is too big"));
  auto into = td::zeros<float>({2, 0});
  CHECK_IO_ERROR(td::load_npy(dir / "huge.npy", into), testing::contains("is too big"));
  // The same extent with 1-byte elements fits (2^61.7 < 2^63): an empty (n, 0) tensor.
  write_bytes(dir / "wide.npy",
              npy_file("{'descr': '|u1', 'fortran_order': False, 'shape': (3693360712769339388, 0), }", ""));
  CHECK(td::load_npy<std::uint8_t, 2>(dir / "wide.npy").shape() == td::shape<2>{3693360712769339388, 0});
}

TEST_CASE("a save that fails leaves the earlier file as it was", "[npy]") {
  scratch_dir dir;
  const auto path = dir / "keep.npy";
  td::save_npy(path, td::arange<float>(16));
  const std::string before = read_bytes(path);
  // A full disk, simulated: a file-size limit of 4 KiB (SIGXFSZ ignored, so the write
  // fails with EFBIG instead of ending the process), then a 1 MiB save.
  rlimit old{};
  REQUIRE(getrlimit(RLIMIT_FSIZE, &old) == 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = old;
  small.rlim_cur = 4096;
  REQUIRE(setrlimit(RLIMIT_FSIZE, &small) == 0);
  std::string message;
  try {
    td::save_npy(path, td::ones<float>({1 << 18}));
  } catch (const td::io_error& e) {
    message = e.what();
  }
  setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, old_handler);
  CHECK_THAT(message, testing::contains(path.string() + ": cannot write: File too large"));
  CHECK(read_bytes(path) == before);
  // No temporary is left behind.
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path)) ++files;
  CHECK(files == 1);
  // A durable save (synced to storage) replaces the file the same way.
  td::save_npy(path, td::from<float>({1.5f, 2.5f}), td::durable);
  CHECK(testing::values(td::load_npy<float, 1>(path)) == std::vector<double>{1.5, 2.5});
  // A folder that does not exist: the error names the file.
  CHECK_IO_ERROR((td::save_npy(dir / "no" / "such.npy", td::arange<float>(2))),
                       testing::contains("such.npy: cannot create a temporary file beside it"));
}

TEST_CASE("map_npy views a file in place and keeps it mapped", "[npy]") {
  scratch_dir dir;
  td::save_npy(dir / "m.npy", td::reshape(td::arange<double>(12), {3, 4}));
  std::optional<td::shared_view<const double, 2>> kept;
  {
    const auto m = td::map_npy<double, 2>(dir / "m.npy");
    CHECK(m.shape() == td::shape<2>{3, 4});
    CHECK(m(2, 1) == 9.0);
    CHECK(td::sum(m) == 66.0);
    CHECK(testing::values(td::sum(m, 0)) == std::vector<double>{12, 15, 18, 21});
    const td::tensor<double, 2> doubled = m * 2.0;
    CHECK(doubled(1, 3) == 14.0);
    CHECK(testing::values(td::slice(m, 1, td::all)) == std::vector<double>{4, 5, 6, 7});
    kept.emplace(m);  // a copy shares the mapping
    CHECK(m.owner().use_count() == 2);
  }
  CHECK(td::sum(*kept) == 66.0);
  CHECK(kept->owner().use_count() == 1);
  const td::shared_view<const double, 2> held = td::map_npy<double, 2>(dir / "m.npy");
  fs::remove(dir / "m.npy");  // the mapping outlives the name
  CHECK(td::sum(held) == 66.0);
  CHECK(held.owner().use_count() == 1);
  // A Fortran-order file maps with column-major strides.
  write_bytes(dir / "f.npy", npy_file("{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }",
                                      le_bytes<std::int32_t>({1, 4, 2, 5, 3, 6})));
  const auto f = td::map_npy<std::int32_t, 2>(dir / "f.npy");
  CHECK(f.strides() == td::shape<2>{1, 2});
  CHECK(testing::values(f) == std::vector<double>{1, 2, 3, 4, 5, 6});
  // What cannot be viewed in place is refused, pointing at load_npy.
  write_bytes(dir / "be.npy", npy_file("{'descr': '>i4', 'fortran_order': False, 'shape': (1,), }", std::string(4, '\0')));
  CHECK_IO_ERROR((td::map_npy<std::int32_t, 1>(dir / "be.npy")), testing::contains("big-endian"));
  write_bytes(dir / "b.npy", npy_file("{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }", std::string("\x01\x05", 2)));
  CHECK_IO_ERROR((td::map_npy<bool, 1>(dir / "b.npy")), testing::contains("bool element 1"));
  write_bytes(dir / "e.npy", npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (0, 3), }", ""));
  CHECK(td::map_npy<float, 2>(dir / "e.npy").size() == 0);
}
