#pragma once
/// \file io/npy.hpp
/// numpy's `.npy` files: `td::save_npy(path, t)`, `td::load_npy<T, R>(path[, space])`,
/// `td::map_npy<T, R>(path)`.
///
/// The format (numpy's NEP 1): the magic `\x93NUMPY`, a version byte pair (1.0: a 16-bit
/// header length; 2.0: 32-bit; 3.0: 32-bit and the header in UTF-8), then the header,
/// a Python dict literal such as `{'descr': '<f4', 'fortran_order': False, 'shape':
/// (3, 4), }` padded with spaces and a newline so that the data starts on a multiple of
/// 64 bytes, then the elements. Every file is treated as hostile: the header's length,
/// its syntax, each key, the element type, each extent and the data's size are checked
/// before anything is allocated or read, and whatever is wrong is an io_error naming the
/// file and the fault.

#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../creation.hpp"
#include "../error.hpp"
#include "../half.hpp"
#include "../memory/memory.hpp"
#include "../tensor.hpp"
#include "../views/shared.hpp"
#include "file.hpp"

namespace tandem {
namespace detail {

static_assert(std::endian::native == std::endian::little, "tandem: .npy support assumes a little-endian host");

/// The element type a .npy header names: a kind ('b' bool, 'i' signed, 'u' unsigned,
/// 'f' float, 'c' complex, 'V' raw bytes, 'B' for the name "bfloat16"), a size in bytes
/// and a byte order.
struct npy_dtype {
  char kind = 0;
  std::uint32_t size = 0;
  bool big_endian = false;
  std::string text;  // as the header spells it
};

/// The kind and size tandem reads and writes an element type as.
struct npy_kind {
  char kind;
  std::uint32_t size;
};
template <class T>
constexpr npy_kind npy_dtype_of() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, bool>)
    return {'b', 1};
  else if constexpr (std::is_integral_v<U> && std::is_signed_v<U>)
    return {'i', sizeof(U)};
  else if constexpr (std::is_integral_v<U>)
    return {'u', sizeof(U)};
  else if constexpr (std::is_same_v<U, half> || std::is_same_v<U, float> || std::is_same_v<U, double>)
    return {'f', sizeof(U)};
  else if constexpr (std::is_same_v<U, bfloat16>)
    return {'B', 2};
  else if constexpr (is_complex_v<U> && (sizeof(U) == 8 || sizeof(U) == 16))
    return {'c', sizeof(U)};
  else
    static_assert(sizeof(U) == 0, "tandem: this element type has no .npy equivalent");
}

/// The descr tandem writes: numpy's spelling (`<f4`, `|b1`, `<c16`), and for bfloat16
/// the name ml_dtypes registers with numpy (`np.load` reads it once `ml_dtypes` is
/// imported).
template <class T>
std::string npy_descr() {
  constexpr npy_kind d = npy_dtype_of<T>();
  if constexpr (d.kind == 'B') return "bfloat16";
  return std::string(d.size == 1 ? "|" : "<") + d.kind + std::to_string(d.size);
}

/// Whether a file's element type is T's (in either byte order). bfloat16 also accepts
/// the 2-byte raw type (`<V2`) that np.save writes for an ml_dtypes bfloat16 array.
template <class T>
bool npy_matches(const npy_dtype& file) {
  constexpr npy_kind want = npy_dtype_of<T>();
  if constexpr (want.kind == 'B') return file.kind == 'B' || (file.kind == 'V' && file.size == 2);
  return file.kind == want.kind && file.size == want.size;
}

struct npy_header {
  npy_dtype dtype;
  bool fortran_order = false;
  std::vector<std::uint64_t> shape;
  std::uint64_t count = 0;       // elements
  std::uint64_t data_bytes = 0;  // count * dtype.size
  std::uint64_t data_offset = 0; // from the start of the .npy stream
};

/// Headers longer than this are refused (numpy itself refuses 10,000 bytes by default;
/// a header of rank 64 takes under 2,000).
inline constexpr std::uint64_t npy_max_header = std::uint64_t(1) << 20;

/// The header's dict literal, parsed strictly (the three keys, each once, nothing else).
class npy_header_parser {
 public:
  npy_header_parser(std::string_view text, const std::string& file) : s_(text), file_(file) {}

  npy_header parse() {
    npy_header h;
    bool seen_descr = false, seen_order = false, seen_shape = false;
    expect('{');
    for (;;) {
      skip_space();
      if (peek() == '}') {
        ++pos_;
        break;
      }
      const std::string key = string_literal("a key");
      expect(':');
      if (key == "descr") {
        if (seen_descr) fail("the key 'descr' appears twice");
        seen_descr = true;
        skip_space();
        if (peek() == '[') fail("the element type is a structured dtype (a list of fields), which tandem does not read");
        h.dtype = parse_descr(string_literal("the descr"));
      } else if (key == "fortran_order") {
        if (seen_order) fail("the key 'fortran_order' appears twice");
        seen_order = true;
        skip_space();
        if (s_.substr(pos_, 4) == "True") {
          h.fortran_order = true;
          pos_ += 4;
        } else if (s_.substr(pos_, 5) == "False") {
          pos_ += 5;
        } else {
          fail("fortran_order is neither True nor False");
        }
      } else if (key == "shape") {
        if (seen_shape) fail("the key 'shape' appears twice");
        seen_shape = true;
        h.shape = parse_shape();
      } else {
        fail("the header has an unknown key '" + key + "'");
      }
      skip_space();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      skip_space();
      if (peek() == '}') {
        ++pos_;
        break;
      }
      fail("expected ',' or '}' at byte " + std::to_string(pos_) + " of the header");
    }
    skip_space();
    if (pos_ != s_.size()) fail("the header has text after its closing '}'");
    if (!seen_descr || !seen_order || !seen_shape)
      fail(std::string("the header lacks the key '") + (!seen_descr ? "descr" : !seen_order ? "fortran_order" : "shape") +
           "'");
    return h;
  }

  npy_dtype parse_descr(const std::string& text) {
    npy_dtype d;
    d.text = text;
    if (text == "bfloat16") {
      d.kind = 'B';
      d.size = 2;
      return d;
    }
    std::size_t i = 0;
    if (!text.empty() && (text[0] == '<' || text[0] == '>' || text[0] == '|' || text[0] == '=')) {
      d.big_endian = text[0] == '>';
      i = 1;
    }
    if (i >= text.size()) fail("the element type '" + text + "' is not one numpy writes");
    d.kind = text[i++];
    if (std::string_view("biufcV").find(d.kind) == std::string_view::npos || i >= text.size() || text.size() - i > 4)
      fail("the element type '" + text + "' is not one tandem reads");
    std::uint32_t size = 0;
    for (; i < text.size(); ++i) {
      if (text[i] < '0' || text[i] > '9') fail("the element type '" + text + "' is not one tandem reads");
      size = size * 10 + std::uint32_t(text[i] - '0');
    }
    if (size == 0) fail("the element type '" + text + "' has size 0");
    d.size = size;
    return d;
  }

 private:
  char peek() const { return pos_ < s_.size() ? s_[pos_] : '\0'; }
  void skip_space() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
  }
  void expect(char c) {
    skip_space();
    if (peek() != c) fail(std::string("expected '") + c + "' at byte " + std::to_string(pos_) + " of the header");
    ++pos_;
  }
  std::string string_literal(const char* what) {
    skip_space();
    const char quote = peek();
    if (quote != '\'' && quote != '"') fail(std::string("expected ") + what + " (a quoted string) at byte " +
                                            std::to_string(pos_) + " of the header");
    const std::size_t start = ++pos_;
    while (pos_ < s_.size() && s_[pos_] != quote) {
      if (s_[pos_] == '\\') fail("the header's strings hold an escape, which numpy never writes");
      ++pos_;
    }
    if (pos_ >= s_.size()) fail("a string in the header is not closed");
    return std::string(s_.substr(start, pos_++ - start));
  }
  std::vector<std::uint64_t> parse_shape() {
    std::vector<std::uint64_t> shape;
    expect('(');
    for (;;) {
      skip_space();
      if (peek() == ')') {
        ++pos_;
        return shape;
      }
      if (peek() < '0' || peek() > '9') fail("the shape holds something other than non-negative integers");
      std::uint64_t v = 0;
      while (peek() >= '0' && peek() <= '9') {
        const std::uint64_t digit = std::uint64_t(peek() - '0');
        if (v > (std::uint64_t(INT64_MAX) - digit) / 10) fail("an extent of the shape does not fit in 63 bits");
        v = v * 10 + digit;
        ++pos_;
      }
      if (peek() == 'L') ++pos_;  // Python 2's long literal, in files of numpy's first years
      if (shape.size() >= 64) fail("the shape has more than 64 dimensions");
      shape.push_back(v);
      skip_space();
      if (peek() == ',') {
        ++pos_;
      } else if (peek() != ')') {
        fail("expected ',' or ')' in the shape");
      }
    }
  }
  [[noreturn]] void fail(const std::string& what) const { throw_io(file_, "malformed .npy header: " + what); }

  std::string_view s_;
  const std::string& file_;
  std::size_t pos_ = 0;
};

/// A shape as numpy prints it: "(2, 3)", "(4,)", "()".
inline std::string npy_shape_text(const std::vector<std::uint64_t>& shape) {
  std::string s = "(";
  for (std::size_t d = 0; d < shape.size(); ++d) s += (d ? ", " : "") + std::to_string(shape[d]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

/// Reads and checks a header from `src` (read(dst, n, what) reads the next n bytes or
/// throws; remaining() bounds what is left), leaving `src` at the first data byte.
template <class Source>
npy_header read_npy_header(Source& src, const std::string& file) {
  unsigned char prefix[10];
  src.read(prefix, 10, "the .npy magic and header length");
  if (std::memcmp(prefix, "\x93NUMPY", 6) != 0) throw_io(file, "not a .npy file (its first bytes are not \\x93NUMPY)");
  const unsigned major = prefix[6], minor = prefix[7];
  if (minor != 0 || major < 1 || major > 3)
    throw_io(file, "the .npy format version " + std::to_string(major) + "." + std::to_string(minor) +
                       " is not one tandem reads (1.0, 2.0, 3.0)");
  std::uint64_t header_len, offset;
  if (major == 1) {
    header_len = std::uint64_t(prefix[8]) | std::uint64_t(prefix[9]) << 8;
    offset = 10;
  } else {
    unsigned char rest[2];
    src.read(rest, 2, "the .npy header length");
    header_len = std::uint64_t(prefix[8]) | std::uint64_t(prefix[9]) << 8 | std::uint64_t(rest[0]) << 16 |
                 std::uint64_t(rest[1]) << 24;
    offset = 12;
  }
  if (header_len > npy_max_header)
    throw_io(file, "the .npy header claims " + std::to_string(header_len) + " bytes, over tandem's limit of " +
                       std::to_string(npy_max_header));
  if (header_len > src.remaining())
    throw_io(file, "truncated: the .npy header claims " + std::to_string(header_len) + " bytes, " +
                       std::to_string(src.remaining()) + " remain");
  std::string text(static_cast<std::size_t>(header_len), '\0');
  src.read(text.data(), header_len, "the .npy header");
  for (const char c : text)
    if (c == '\0' || (static_cast<unsigned char>(c) >= 0x80 && major < 3))
      throw_io(file, "malformed .npy header: it holds a byte that is not printable ASCII");
  npy_header h = npy_header_parser(text, file).parse();
  h.data_offset = offset + header_len;
  std::uint64_t count = 1;
  for (const std::uint64_t e : h.shape)
    if (__builtin_mul_overflow(count, e, &count) || count > std::uint64_t(INT64_MAX))
      throw_io(file, "the shape's element count does not fit in 63 bits");
  // As a tensor's own check: the non-zero extents' product (the strides' reach) in bytes
  // must fit in 63 bits even when another extent is 0 and there are no elements.
  std::uint64_t reach = std::max<std::uint64_t>(h.dtype.size, 1);
  for (const std::uint64_t e : h.shape)
    if (e != 0 && (__builtin_mul_overflow(reach, e, &reach) || reach > std::uint64_t(INT64_MAX)))
      throw_io(file, "shape " + npy_shape_text(h.shape) + " is too big: its strides in bytes do not fit in 63 bits");
  h.count = count;
  if (__builtin_mul_overflow(count, std::uint64_t(h.dtype.size), &h.data_bytes) ||
      h.data_bytes > std::uint64_t(INT64_MAX))
    throw_io(file, "the data's size in bytes does not fit in 63 bits");
  if (h.data_bytes > src.remaining())
    throw_io(file, "truncated: the header promises " + std::to_string(h.count) + " elements (" +
                       std::to_string(h.data_bytes) + " bytes), " + std::to_string(src.remaining()) + " remain");
  return h;
}

/// "expected <f4 rank 2, file holds <i8 rank 1", when the file's type or rank is not
/// the one asked for.
template <class T, std::size_t R>
void check_npy_request(const npy_header& h, const std::string& file) {
  if (!npy_matches<T>(h.dtype) || h.shape.size() != R) {
    throw_io(file, "expected " + npy_descr<T>() + " rank " + std::to_string(R) + ", file holds " + h.dtype.text +
                       " rank " + std::to_string(h.shape.size()) + " (shape " + npy_shape_text(h.shape) + ")");
  }
}

/// The complete .npy header (magic, version, length, dict, padding) for T and `shape`.
template <class T>
std::string npy_header_bytes(const std::vector<std::uint64_t>& shape) {
  std::string dict =
      "{'descr': '" + npy_descr<T>() + "', 'fortran_order': False, 'shape': " + npy_shape_text(shape) + ", }";
  const bool v1 = (10 + dict.size() + 1 + 63) / 64 * 64 - 10 <= 65535;  // the length fits 16 bits
  const std::size_t prefix = v1 ? 10 : 12;
  const std::size_t total = (prefix + dict.size() + 1 + 63) / 64 * 64;
  dict.append(total - prefix - dict.size() - 1, ' ');
  dict.push_back('\n');
  std::string out("\x93NUMPY", 6);
  out.push_back(static_cast<char>(v1 ? 1 : 2));
  out.push_back('\0');
  const std::uint64_t len = dict.size();
  for (std::size_t b = 0; b < (v1 ? 2u : 4u); ++b) out.push_back(static_cast<char>((len >> (8 * b)) & 0xff));
  return out + dict;
}

/// Bytes as the host wants them: byte order swapped where the file's is big, each
/// component of a complex on its own; bool bytes made 0 or 1 (any other byte in a bool
/// array is read as true, as numpy does, never kept as an invalid bool).
template <class T>
void npy_fix_elements(T* data, std::uint64_t count, const npy_dtype& d) {
  auto* bytes = reinterpret_cast<unsigned char*>(data);
  if constexpr (std::is_same_v<std::remove_cv_t<T>, bool>) {
    for (std::uint64_t i = 0; i < count; ++i) bytes[i] = bytes[i] != 0;
  } else {
    constexpr std::size_t word = is_complex_v<T> ? sizeof(T) / 2 : sizeof(T);
    if constexpr (word > 1) {
      if (!d.big_endian) return;
      const std::uint64_t words = count * (sizeof(T) / word);
      for (std::uint64_t w = 0; w < words; ++w) {
        unsigned char* p = bytes + w * word;
        for (std::size_t k = 0; k != word / 2; ++k) std::swap(p[k], p[word - 1 - k]);
      }
    }
  }
}

template <std::size_t R>
shape<R> npy_extents(const std::vector<std::uint64_t>& s, bool reversed) {
  shape<R> out{};
  for (std::size_t d = 0; d != R; ++d) out[d] = static_cast<index_t>(reversed ? s[R - 1 - d] : s[d]);
  return out;
}
/// Strides of a column-major (Fortran) array of extents `e`, in elements.
template <std::size_t R>
shape<R> column_major_strides(const shape<R>& e) {
  shape<R> s{};
  index_t step = 1;
  for (std::size_t d = 0; d != R; ++d) {
    s[d] = step;
    step *= e[d] > 0 ? e[d] : 1;
  }
  return s;
}

/// The elements that follow a checked header in `src`, as a row-major host tensor.
template <class T, std::size_t R, class Source>
tensor<T, R, host_space> read_npy_elements(Source& src, const npy_header& h) {
  const shape<R> extents = npy_extents<R>(h.shape, false);
  if (!h.fortran_order || R < 2) {
    tensor<T, R, host_space> out(extents, uninitialized);
    src.read(out.data(), h.data_bytes, "the array's elements");
    npy_fix_elements(out.data(), h.count, h.dtype);
    return out;
  }
  // Column-major in the file: read as it lies, then copied into row-major order.
  tensor<T, 1, host_space> raw({static_cast<index_t>(h.count)}, uninitialized);
  src.read(raw.data(), h.data_bytes, "the array's elements");
  npy_fix_elements(raw.data(), h.count, h.dtype);
  tensor<T, R, host_space> out(extents, uninitialized);
  out.view() = tensor_view<const T, R, host_space>(raw.data(), extents, column_major_strides(extents));
  return out;
}

/// A file read forward from an offset up to its end.
struct npy_file_source {
  const input_file& file;
  std::uint64_t pos = 0;
  void read(void* dst, std::uint64_t n, const char* what) {
    file.read_at(pos, dst, n, what);
    pos += n;
  }
  std::uint64_t remaining() const { return file.size() - pos; }
};

/// Bytes in memory read forward.
struct npy_memory_source {
  const unsigned char* bytes;
  std::uint64_t size;
  const std::string& file;
  std::uint64_t pos = 0;
  void read(void* dst, std::uint64_t n, const char* what) {
    if (n > size - pos)
      throw_io(file, std::string("truncated: ") + what + " needs " + std::to_string(n) + " bytes, " +
                         std::to_string(size - pos) + " remain");
    if (n) std::memcpy(dst, bytes + pos, static_cast<std::size_t>(n));
    pos += n;
  }
  std::uint64_t remaining() const { return size - pos; }
};

/// Where an .npy stream is written when its writer is chosen at run time (an archive's
/// entry).
struct byte_sink {
  virtual void write(const void* src, std::uint64_t n) = 0;
  virtual ~byte_sink() = default;
};

/// Writes a whole .npy stream (header, then the elements) to `out` (write(src, n)).
template <class Sink, class T, std::size_t R>
void write_npy(Sink& out, const tensor_view<const T, R, host_space>& v) {
  std::vector<std::uint64_t> shape(R);
  for (std::size_t d = 0; d != R; ++d) shape[d] = static_cast<std::uint64_t>(v.extent(d));
  const std::string header = npy_header_bytes<T>(shape);
  out.write(header.data(), header.size());
  out.write(v.data(), static_cast<std::uint64_t>(v.size()) * sizeof(T));
}

inline std::string path_text(const std::filesystem::path& p) { return p.string(); }

template <class X>
void save_npy_file(const std::filesystem::path& path, const X& t, bool durable) {
  const auto [view, keep] = contiguous_host_elements(t);
  atomic_output_file file(path_text(path));
  write_npy(file, view);
  file.commit(durable);
}

}  // namespace detail

/// Tag for save_npy and save_npz: sync the file and its folder to storage before
/// returning, so that the save also survives a power failure (fsync's cost: on the
/// order of a second per GiB on a disk, against a tenth for writing to the page cache).
struct durable_t {
  explicit durable_t() = default;
};
inline constexpr durable_t durable{};

/// Writes `t` (a tensor or view of any space and layout, rank 0 or more) to `path` as a
/// .npy file (version 1.0, or 2.0 when the header needs it; C order, little-endian),
/// atomically: written beside `path` and renamed over it, so that `path` holds the
/// whole new file or, where it existed, the old one, whatever fails (a full disk, an
/// exception, the process's end). Throws io_error naming the file and the cause.
template <operand X>
  requires(detail::is_tensor_v<std::remove_cvref_t<X>> || detail::is_view_v<std::remove_cvref_t<X>>)
void save_npy(const std::filesystem::path& path, const X& t) {
  detail::save_npy_file(path, t, false);
}
template <operand X>
  requires(detail::is_tensor_v<std::remove_cvref_t<X>> || detail::is_view_v<std::remove_cvref_t<X>>)
void save_npy(const std::filesystem::path& path, const X& t, durable_t) {
  detail::save_npy_file(path, t, true);
}

/// Reads a .npy file holding T elements (in either byte order, C or Fortran order) of
/// rank R into a new row-major tensor in `space`. Throws io_error when the file cannot
/// be read, is malformed or truncated, or holds another element type or rank.
template <class T, std::size_t R, class Space = host_space>
tensor<T, R, Space> load_npy(const std::filesystem::path& path, Space = {}) {
  const std::string name = detail::path_text(path);
  const detail::input_file file(name);
  detail::npy_file_source src{file};
  const detail::npy_header h = detail::read_npy_header(src, name);
  detail::check_npy_request<T, R>(h, name);
  return tandem::to(Space{}, detail::read_npy_elements<T, R>(src, h));
}

/// Reads a .npy file into `dest`, an existing tensor or writable view of any space and
/// layout whose element type and shape are the file's (a Fortran-order file's shape as
/// load_npy gives it): a loop that loads many same-shaped files reuses one destination,
/// with no allocation. A contiguous host-accessible destination receives the file's
/// bytes directly (the system's read, nothing in between). Throws io_error, with `dest`
/// untouched, when the file cannot be read, is malformed or truncated, or holds another
/// element type, rank or shape; only a file cut short by another process while it is
/// being read can leave `dest` partly written (tandem's saves replace a file by renaming,
/// never by cutting it).
template <class Dst>
  requires(detail::is_tensor_v<std::remove_cvref_t<Dst>> || detail::is_view_v<std::remove_cvref_t<Dst>>)
void load_npy(const std::filesystem::path& path, Dst&& dest) {
  const auto view = detail::as_view(dest);
  using V = std::remove_cvref_t<decltype(view)>;
  using T = std::remove_const_t<typename V::value_type>;
  static_assert(!std::is_const_v<typename V::value_type>, "tandem: load_npy needs a writable destination");
  constexpr std::size_t R = V::rank;
  using S = typename V::space_type;
  const std::string name = detail::path_text(path);
  const detail::input_file file(name);
  detail::npy_file_source src{file};
  const detail::npy_header h = detail::read_npy_header(src, name);
  detail::check_npy_request<T, R>(h, name);
  std::vector<std::uint64_t> want(R);
  for (std::size_t d = 0; d != R; ++d) want[d] = static_cast<std::uint64_t>(view.extent(d));
  if (want != h.shape)
    detail::throw_io(name, "holds shape " + detail::npy_shape_text(h.shape) + ", the destination has shape " +
                               detail::npy_shape_text(want));
  if constexpr (is_host_accessible_v<S>) {
    if ((!h.fortran_order || R < 2) && view.is_contiguous()) {
      tandem::synchronize(S{});  // managed memory: the device done with it first
      src.read(view.data(), h.data_bytes, "the array's elements");
      detail::npy_fix_elements(view.data(), h.count, h.dtype);
      return;
    }
  }
  tandem::copy(detail::read_npy_elements<T, R>(src, h), view);
}

/// A read-only host view of a .npy file's elements, memory-mapped: nothing is read until
/// it is used, and the mapping lasts as long as the view (or a copy of it) does. A
/// Fortran-order file gives a view with column-major strides (the same elements at the
/// same indices). A file in the other byte order cannot be viewed in place (load_npy
/// reads it), and neither can a bool file holding bytes other than 0 and 1 (checked).
template <class T, std::size_t R>
shared_view<const T, R, host_space> map_npy(const std::filesystem::path& path) {
  const std::string name = detail::path_text(path);
  const detail::input_file file(name);
  auto mapping = detail::map_file(file);
  detail::npy_memory_source src{mapping->bytes, mapping->size, name};
  const detail::npy_header h = detail::read_npy_header(src, name);
  detail::check_npy_request<T, R>(h, name);
  if (h.dtype.big_endian && h.dtype.size > 1 && !std::is_same_v<T, bool>)
    detail::throw_io(name, "holds big-endian elements (" + h.dtype.text +
                               "), which cannot be mapped on this host; td::load_npy reads them");
  if (h.data_offset % alignof(T) != 0)
    detail::throw_io(name, "its elements start at byte " + std::to_string(h.data_offset) +
                               ", not aligned for the element type; td::load_npy reads them");
  const unsigned char* first = mapping->bytes ? mapping->bytes + h.data_offset : nullptr;
  if constexpr (std::is_same_v<T, bool>) {
    for (std::uint64_t i = 0; i < h.count; ++i)
      if (first[i] > 1)
        detail::throw_io(name, "bool element " + std::to_string(i) + " is the byte " + std::to_string(first[i]) +
                                   ", not 0 or 1; td::load_npy reads it as true");
  }
  const shape<R> extents = detail::npy_extents<R>(h.shape, false);
  const shape<R> strides = h.fortran_order ? detail::column_major_strides(extents) : row_major_strides(extents);
  const tensor_view<const T, R, host_space> v(reinterpret_cast<const T*>(first), extents, strides);
  return shared_view<const T, R, host_space>(v, std::shared_ptr<const void>(mapping));
}

}  // namespace tandem
