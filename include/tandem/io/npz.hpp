#pragma once
/// \file io/npz.hpp
/// numpy's `.npz` archives: `td::save_npz(path, {{"a", a}, {"b", b}}[, td::compressed])`
/// and `td::load_npz(path)` (`.names()`, `.get<T, R>(name[, space])`).
///
/// An .npz file is a zip archive of .npy files, one per array, named `<name>.npy`,
/// stored or deflated (zlib, raw deflate), with zip64 records where a size or an offset
/// passes 4 GiB. The reader takes the archive's central directory, not its local
/// headers, as the truth, checks every length and offset in it against the file before
/// use, refuses encrypted entries and methods other than stored and deflate, bounds what
/// an entry may inflate to by what deflate can reach (about 1032 to 1) and checks each
/// entry's CRC-32 and size once it is read. zlib comes from the system (zlib1g-dev);
/// CMake's tandem::tandem carries it when it is found (TANDEM_HAS_ZLIB).

#include <cstdint>
#include <ctime>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "npy.hpp"

#if TANDEM_HAS_ZLIB || (!defined(TANDEM_HAS_ZLIB) && __has_include(<zlib.h>))
#  include <zlib.h>
#  define TANDEM_NPZ_AVAILABLE 1
#else
#  define TANDEM_NPZ_AVAILABLE 0
#endif

namespace tandem {

/// Tag for save_npz: deflate each array (numpy's savez_compressed).
struct compressed_t {
  explicit compressed_t() = default;
};
inline constexpr compressed_t compressed{};

/// One array of an archive being saved: a name and a tensor or view of any space. The
/// elements are read (copied to the host, if they live elsewhere) when the entry is made.
class npz_entry {
 public:
  template <operand X>
    requires(detail::is_tensor_v<std::remove_cvref_t<X>> || detail::is_view_v<std::remove_cvref_t<X>>)
  npz_entry(std::string name, const X& t) : name_(std::move(name)) {
    auto elements = std::make_shared<decltype(detail::contiguous_host_elements(t))>(detail::contiguous_host_elements(t));
    write_ = [elements](detail::byte_sink& out) { detail::write_npy(out, elements->first); };
  }
  const std::string& name() const noexcept { return name_; }
  void write(detail::byte_sink& out) const { write_(out); }

 private:
  std::string name_;
  std::function<void(detail::byte_sink&)> write_;
};

namespace detail {

#if TANDEM_NPZ_AVAILABLE

inline constexpr std::uint32_t zip_local_sig = 0x04034b50, zip_central_sig = 0x02014b50, zip_end_sig = 0x06054b50,
                               zip64_end_sig = 0x06064b50, zip64_locator_sig = 0x07064b50;
inline constexpr std::uint64_t zip_u32_max = 0xffffffffu;

inline void put_le(std::string& out, std::uint64_t v, int bytes) {
  for (int b = 0; b < bytes; ++b) out.push_back(static_cast<char>((v >> (8 * b)) & 0xff));
}
inline std::uint64_t get_le(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int b = bytes; b-- > 0;) v = v << 8 | p[b];
  return v;
}

/// What the central directory says of one entry.
struct zip_entry_info {
  std::string name;
  std::uint16_t method = 0;
  std::uint32_t crc = 0;
  std::uint64_t compressed = 0, uncompressed = 0, local_offset = 0;
};

/// Writes entries into an atomic_output_file: each entry's local header (its CRC and
/// sizes filled in afterwards), then its bytes, stored or deflated; at the end the
/// central directory and its end records, zip64 where needed.
class zip_writer {
 public:
  zip_writer(atomic_output_file& file, bool deflate) : file_(file), deflate_(deflate) {
    const std::time_t now = std::time(nullptr);
    std::tm t{};
    if (localtime_r(&now, &t) && t.tm_year >= 80) {
      dos_time_ = static_cast<std::uint16_t>(t.tm_hour << 11 | t.tm_min << 5 | t.tm_sec / 2);
      dos_date_ = static_cast<std::uint16_t>((t.tm_year - 80) << 9 | (t.tm_mon + 1) << 5 | t.tm_mday);
    }
  }

  void add(const std::string& name, const npz_entry& entry) {
    zip_entry_info info;
    info.name = name;
    info.method = deflate_ ? 8 : 0;
    info.local_offset = file_.position();
    // Every local header carries a zip64 extra field (as numpy's own writer does), so
    // that an entry's sizes may pass 4 GiB without knowing them in advance.
    std::string header;
    put_le(header, zip_local_sig, 4);
    put_le(header, 45, 2);  // version needed: zip64
    put_le(header, 0, 2);   // flags
    put_le(header, info.method, 2);
    put_le(header, dos_time_, 2);
    put_le(header, dos_date_, 2);
    put_le(header, 0, 4);           // crc, filled in below
    put_le(header, zip_u32_max, 4);  // sizes: in the zip64 field
    put_le(header, zip_u32_max, 4);
    put_le(header, name.size(), 2);
    put_le(header, 20, 2);
    header += name;
    put_le(header, 1, 2);
    put_le(header, 16, 2);
    put_le(header, 0, 8);
    put_le(header, 0, 8);
    file_.write(header.data(), header.size());

    entry_sink sink(file_, deflate_);
    entry.write(sink);
    sink.finish();
    info.crc = sink.crc;
    info.uncompressed = sink.in_bytes;
    info.compressed = sink.out_bytes;
    std::string fix;
    put_le(fix, info.crc, 4);
    file_.write_at(info.local_offset + 14, fix.data(), 4);
    fix.clear();
    put_le(fix, info.uncompressed, 8);
    put_le(fix, info.compressed, 8);
    file_.write_at(info.local_offset + 30 + name.size() + 4, fix.data(), 16);
    entries_.push_back(std::move(info));
  }

  void finish() {
    const std::uint64_t cd_offset = file_.position();
    std::string cd;
    for (const zip_entry_info& e : entries_) {
      std::string extra;
      const bool big_u = e.uncompressed >= zip_u32_max, big_c = e.compressed >= zip_u32_max,
                 big_o = e.local_offset >= zip_u32_max;
      if (big_u) put_le(extra, e.uncompressed, 8);
      if (big_c) put_le(extra, e.compressed, 8);
      if (big_o) put_le(extra, e.local_offset, 8);
      put_le(cd, zip_central_sig, 4);
      put_le(cd, 45 | 3 << 8, 2);  // made by: zip 4.5 on Unix
      put_le(cd, 45, 2);
      put_le(cd, 0, 2);
      put_le(cd, e.method, 2);
      put_le(cd, dos_time_, 2);
      put_le(cd, dos_date_, 2);
      put_le(cd, e.crc, 4);
      put_le(cd, big_c ? zip_u32_max : e.compressed, 4);
      put_le(cd, big_u ? zip_u32_max : e.uncompressed, 4);
      put_le(cd, e.name.size(), 2);
      put_le(cd, extra.empty() ? 0 : extra.size() + 4, 2);
      put_le(cd, 0, 2);                 // comment
      put_le(cd, 0, 2);                 // disk
      put_le(cd, 0, 2);                 // internal attributes
      put_le(cd, std::uint64_t(0644) << 16, 4);  // external: a regular file, rw-r--r--
      put_le(cd, big_o ? zip_u32_max : e.local_offset, 4);
      cd += e.name;
      if (!extra.empty()) {
        put_le(cd, 1, 2);
        put_le(cd, extra.size(), 2);
        cd += extra;
      }
    }
    const std::uint64_t cd_size = cd.size(), count = entries_.size();
    const bool zip64 = cd_offset >= zip_u32_max || cd_size >= zip_u32_max || count >= 0xffff;
    if (zip64) {
      const std::uint64_t end64 = cd_offset + cd_size;
      put_le(cd, zip64_end_sig, 4);
      put_le(cd, 44, 8);
      put_le(cd, 45 | 3 << 8, 2);
      put_le(cd, 45, 2);
      put_le(cd, 0, 4);
      put_le(cd, 0, 4);
      put_le(cd, count, 8);
      put_le(cd, count, 8);
      put_le(cd, cd_size, 8);
      put_le(cd, cd_offset, 8);
      put_le(cd, zip64_locator_sig, 4);
      put_le(cd, 0, 4);
      put_le(cd, end64, 8);
      put_le(cd, 1, 4);
    }
    put_le(cd, zip_end_sig, 4);
    put_le(cd, 0, 2);
    put_le(cd, 0, 2);
    put_le(cd, zip64 ? 0xffff : count, 2);
    put_le(cd, zip64 ? 0xffff : count, 2);
    put_le(cd, zip64 ? zip_u32_max : cd_size, 4);
    put_le(cd, zip64 ? zip_u32_max : cd_offset, 4);
    put_le(cd, 0, 2);
    file_.write(cd.data(), cd.size());
  }

 private:
  /// An entry's bytes on their way into the file: counted, CRC'd, deflated if asked.
  struct entry_sink : byte_sink {
    atomic_output_file& file;
    bool deflate;
    z_stream z{};
    std::vector<unsigned char> buffer;
    std::uint32_t crc = 0;
    std::uint64_t in_bytes = 0, out_bytes = 0;
    bool started = false;

    entry_sink(atomic_output_file& f, bool d) : file(f), deflate(d) {
      if (deflate) {
        if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
          throw_io(file.path(), "zlib's deflateInit2 failed");
        started = true;
        buffer.resize(std::size_t(1) << 20);
      }
    }
    ~entry_sink() override {
      if (started) deflateEnd(&z);
    }
    void write(const void* src, std::uint64_t n) override {
      const auto* p = static_cast<const unsigned char*>(src);
      in_bytes += n;
      while (n > 0) {
        const uInt chunk = static_cast<uInt>(std::min<std::uint64_t>(n, std::uint64_t(1) << 30));
        crc = static_cast<std::uint32_t>(crc32(crc, p, chunk));
        if (deflate) {
          pump(p, chunk, Z_NO_FLUSH);
        } else {
          file.write(p, chunk);
          out_bytes += chunk;
        }
        p += chunk;
        n -= chunk;
      }
    }
    void finish() {
      if (deflate) pump(nullptr, 0, Z_FINISH);
    }
    void pump(const unsigned char* p, uInt n, int flush) {
      z.next_in = const_cast<unsigned char*>(p);
      z.avail_in = n;
      for (;;) {
        z.next_out = buffer.data();
        z.avail_out = static_cast<uInt>(buffer.size());
        const int rc = ::deflate(&z, flush);
        if (rc == Z_STREAM_ERROR) throw_io(file.path(), "zlib's deflate failed");
        const std::size_t made = buffer.size() - z.avail_out;
        file.write(buffer.data(), made);
        out_bytes += made;
        if (flush == Z_FINISH ? rc == Z_STREAM_END : (z.avail_in == 0 && z.avail_out != 0)) break;
      }
    }
  };

  atomic_output_file& file_;
  bool deflate_;
  std::uint16_t dos_time_ = 0, dos_date_ = 33;  // 1980-01-01 where the clock says less
  std::vector<zip_entry_info> entries_;
};

/// The central directory of an archive, read and checked.
inline std::vector<zip_entry_info> read_zip_directory(const input_file& file, std::uint64_t& data_end) {
  const std::string& name = file.path();
  const std::uint64_t size = file.size();
  if (size < 22) throw_io(name, "not a zip archive (.npz): too short for its end record");
  const std::uint64_t tail_len = std::min<std::uint64_t>(size, 22 + 0xffff);
  std::vector<unsigned char> tail(static_cast<std::size_t>(tail_len));
  file.read_at(size - tail_len, tail.data(), tail_len, "the archive's end record");
  std::uint64_t end_pos = 0;
  bool found = false;
  for (std::uint64_t i = tail_len - 22 + 1; i-- > 0;) {
    const unsigned char* p = tail.data() + i;
    if (get_le(p, 4) == zip_end_sig && i + 22 + get_le(p + 20, 2) <= tail_len) {
      end_pos = size - tail_len + i;
      found = true;
      break;
    }
  }
  if (!found) throw_io(name, "not a zip archive (.npz): no end-of-central-directory record");
  const unsigned char* end = tail.data() + (end_pos - (size - tail_len));
  if (get_le(end + 4, 2) != 0 || get_le(end + 6, 2) != 0)
    throw_io(name, "a multi-disk zip archive, which tandem does not read");
  std::uint64_t count = get_le(end + 10, 2), cd_size = get_le(end + 12, 4), cd_offset = get_le(end + 16, 4);
  std::uint64_t directory_end = end_pos;
  if (end_pos >= 20) {
    unsigned char loc[20];
    file.read_at(end_pos - 20, loc, 20, "the zip64 end locator");
    if (get_le(loc, 4) == zip64_locator_sig) {
      const std::uint64_t end64 = get_le(loc + 8, 8);
      if (end64 > end_pos - 20 || end_pos - 20 - end64 < 56)
        throw_io(name, "the zip64 end record's offset " + std::to_string(end64) + " lies outside the archive");
      unsigned char rec[56];
      file.read_at(end64, rec, 56, "the zip64 end record");
      if (get_le(rec, 4) != zip64_end_sig) throw_io(name, "the zip64 end record has a wrong signature");
      count = get_le(rec + 32, 8);
      cd_size = get_le(rec + 40, 8);
      cd_offset = get_le(rec + 48, 8);
      directory_end = end64;
    }
  }
  if (cd_offset > directory_end || cd_size > directory_end - cd_offset)
    throw_io(name, "the central directory (offset " + std::to_string(cd_offset) + ", " + std::to_string(cd_size) +
                       " bytes) lies outside the archive");
  if (count > cd_size / 46) throw_io(name, "the archive claims " + std::to_string(count) + " entries, more than its central directory can hold");
  std::vector<unsigned char> cd(static_cast<std::size_t>(cd_size));
  file.read_at(cd_offset, cd.data(), cd_size, "the central directory");
  std::vector<zip_entry_info> entries;
  entries.reserve(static_cast<std::size_t>(count));
  std::uint64_t pos = 0;
  for (std::uint64_t k = 0; k < count; ++k) {
    if (cd_size - pos < 46 || get_le(cd.data() + pos, 4) != zip_central_sig)
      throw_io(name, "central directory entry " + std::to_string(k) + " is malformed");
    const unsigned char* p = cd.data() + pos;
    const std::uint64_t name_len = get_le(p + 28, 2), extra_len = get_le(p + 30, 2), comment_len = get_le(p + 32, 2);
    if (cd_size - pos - 46 < name_len + extra_len + comment_len)
      throw_io(name, "central directory entry " + std::to_string(k) + " runs past the directory");
    zip_entry_info e;
    e.name.assign(reinterpret_cast<const char*>(p + 46), static_cast<std::size_t>(name_len));
    const std::uint64_t flags = get_le(p + 8, 2);
    if (flags & 1) throw_io(name, "entry '" + e.name + "' is encrypted");
    e.method = static_cast<std::uint16_t>(get_le(p + 10, 2));
    if (e.method != 0 && e.method != 8)
      throw_io(name, "entry '" + e.name + "' uses compression method " + std::to_string(e.method) +
                         " (tandem reads stored (0) and deflate (8))");
    e.crc = static_cast<std::uint32_t>(get_le(p + 16, 4));
    e.compressed = get_le(p + 20, 4);
    e.uncompressed = get_le(p + 24, 4);
    e.local_offset = get_le(p + 42, 4);
    // zip64: the fields at their 32-bit maximum are in the extra field, in this order.
    const unsigned char* x = p + 46 + name_len;
    for (std::uint64_t q = 0; q + 4 <= extra_len;) {
      const std::uint64_t id = get_le(x + q, 2), len = get_le(x + q + 2, 2);
      if (q + 4 + len > extra_len) throw_io(name, "entry '" + e.name + "' has a malformed extra field");
      if (id == 1) {
        std::uint64_t at = q + 4;
        for (std::uint64_t* field : {&e.uncompressed, &e.compressed, &e.local_offset}) {
          if (*field != zip_u32_max) continue;
          if (at + 8 > q + 4 + len) throw_io(name, "entry '" + e.name + "' has a short zip64 extra field");
          *field = get_le(x + at, 8);
          at += 8;
        }
      }
      q += 4 + len;
    }
    if (e.local_offset >= cd_offset) throw_io(name, "entry '" + e.name + "' starts past the archive's data");
    entries.push_back(std::move(e));
    pos += 46 + name_len + extra_len + comment_len;
  }
  data_end = cd_offset;
  return entries;
}

/// One entry's uncompressed bytes, read forward (the source read_npy_header and
/// read_npy_elements take), with its CRC and size checked by finish().
class zip_entry_source {
 public:
  zip_entry_source(const input_file& file, const zip_entry_info& e, std::uint64_t data_end, std::string label)
      : file_(file), e_(e), label_(std::move(label)) {
    unsigned char local[30];
    if (e.local_offset > data_end || data_end - e.local_offset < 30)
      throw_io(label_, "the local header lies outside the archive's data");
    file.read_at(e.local_offset, local, 30, "the entry's local header");
    if (get_le(local, 4) != zip_local_sig) throw_io(label_, "the local header has a wrong signature");
    const std::uint64_t start = e.local_offset + 30 + get_le(local + 26, 2) + get_le(local + 28, 2);
    if (start > data_end || e.compressed > data_end - start)
      throw_io(label_, "the entry's " + std::to_string(e.compressed) + " bytes run past the archive's data");
    pos_ = start;
    end_ = start + e.compressed;
    if (e.method == 0) {
      if (e.compressed != e.uncompressed)
        throw_io(label_, "a stored entry whose sizes differ (" + std::to_string(e.compressed) + " and " +
                             std::to_string(e.uncompressed) + ")");
    } else {
      // Deflate cannot pass about 1032:1; a larger claim is a lie, refused before any
      // allocation that trusts it.
      if (e.uncompressed / 1032 > e.compressed + 1)
        throw_io(label_, "the entry claims to inflate " + std::to_string(e.compressed) + " bytes to " +
                             std::to_string(e.uncompressed) + ", more than deflate can");
      if (inflateInit2(&z_, -15) != Z_OK) throw_io(label_, "zlib's inflateInit2 failed");
      inflating_ = true;
      in_.resize(std::size_t(1) << 20);
    }
  }
  ~zip_entry_source() {
    if (inflating_) inflateEnd(&z_);
  }
  zip_entry_source(const zip_entry_source&) = delete;
  zip_entry_source& operator=(const zip_entry_source&) = delete;

  std::uint64_t remaining() const { return e_.uncompressed - produced_; }

  void read(void* dst, std::uint64_t n, const char* what) {
    if (n > remaining())
      throw_io(label_, std::string("truncated: ") + what + " needs " + std::to_string(n) + " bytes, the entry has " +
                           std::to_string(remaining()) + " left");
    auto* out = static_cast<unsigned char*>(dst);
    if (e_.method == 0) {
      file_.read_at(pos_, out, n, what);
      pos_ += n;
    } else {
      inflate_into(out, n);
    }
    for (std::uint64_t done = 0; done < n;) {
      const uInt chunk = static_cast<uInt>(std::min<std::uint64_t>(n - done, std::uint64_t(1) << 30));
      crc_ = static_cast<std::uint32_t>(crc32(crc_, out + done, chunk));
      done += chunk;
    }
    produced_ += n;
  }

  /// Reads what the array did not use, then checks the entry's size and CRC-32.
  void finish() {
    unsigned char scratch[4096];
    while (remaining() > 0) read(scratch, std::min<std::uint64_t>(remaining(), sizeof scratch), "the entry's end");
    if (e_.method == 8) {
      unsigned char probe;
      if (inflate_some(&probe, 1) != 0) throw_io(label_, "the entry inflates past its declared size");
    }
    if (crc_ != e_.crc) throw_io(label_, "CRC-32 mismatch: the entry is corrupt");
  }

 private:
  std::uint64_t inflate_some(unsigned char* out, std::uint64_t n) {
    std::uint64_t made = 0;
    while (made < n && !stream_end_) {
      if (z_.avail_in == 0 && pos_ < end_) {
        const std::uint64_t chunk = std::min<std::uint64_t>(end_ - pos_, in_.size());
        file_.read_at(pos_, in_.data(), chunk, "the entry's compressed bytes");
        pos_ += chunk;
        z_.next_in = in_.data();
        z_.avail_in = static_cast<uInt>(chunk);
      }
      const uInt want = static_cast<uInt>(std::min<std::uint64_t>(n - made, std::uint64_t(1) << 30));
      z_.next_out = out + made;
      z_.avail_out = want;
      const int rc = ::inflate(&z_, Z_NO_FLUSH);
      made += want - z_.avail_out;
      if (rc == Z_STREAM_END) {
        stream_end_ = true;
      } else if (rc == Z_BUF_ERROR && z_.avail_in == 0 && pos_ >= end_) {
        break;  // the compressed bytes ended before the stream did
      } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
        throw_io(label_, std::string("the entry's deflate stream is corrupt (zlib: ") + (z_.msg ? z_.msg : "error") + ")");
      }
    }
    return made;
  }
  void inflate_into(unsigned char* out, std::uint64_t n) {
    if (inflate_some(out, n) != n) throw_io(label_, "truncated: the entry's deflate stream ends early");
  }

  const input_file& file_;
  zip_entry_info e_;
  std::string label_;
  std::uint64_t pos_ = 0, end_ = 0, produced_ = 0;
  std::uint32_t crc_ = 0;
  z_stream z_{};
  bool inflating_ = false, stream_end_ = false;
  std::vector<unsigned char> in_;
};

#endif  // TANDEM_NPZ_AVAILABLE

template <class = void>
constexpr bool npz_needs_zlib() {
  static_assert(TANDEM_NPZ_AVAILABLE,
                "tandem: .npz files need zlib (Debian: zlib1g-dev); CMake's tandem::tandem links it when found");
  return true;
}

}  // namespace detail

#if TANDEM_NPZ_AVAILABLE
/// An .npz archive opened for reading: its directory is read (and checked) at once, each
/// array when asked for.
class npz_file {
 public:
  explicit npz_file(const std::filesystem::path& path)
      : file_(std::make_shared<detail::input_file>(detail::path_text(path))) {
    entries_ = detail::read_zip_directory(*file_, data_end_);
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      std::string key = entries_[i].name;
      if (key.size() > 4 && key.compare(key.size() - 4, 4, ".npy") == 0) key.resize(key.size() - 4);
      if (!index_.emplace(key, i).second) detail::throw_io(file_->path(), "the archive holds two arrays named '" + key + "'");
      names_.push_back(std::move(key));
    }
  }
  /// The arrays' names (an entry's name without its ".npy"), in the archive's order.
  const std::vector<std::string>& names() const noexcept { return names_; }
  bool contains(const std::string& name) const { return index_.count(name) != 0; }

  /// The array `name`, of T elements and rank R, in `space`; io_error when the archive
  /// has no such array, or it holds another type or rank, or its entry is damaged.
  template <class T, std::size_t R, class Space = host_space>
  tensor<T, R, Space> get(const std::string& name, Space = {}) const {
    const auto it = index_.find(name);
    if (it == index_.end()) detail::throw_io(file_->path(), "the archive holds no array named '" + name + "'");
    const std::string label = file_->path() + " [" + entries_[it->second].name + "]";
    detail::zip_entry_source src(*file_, entries_[it->second], data_end_, label);
    const detail::npy_header h = detail::read_npy_header(src, label);
    detail::check_npy_request<T, R>(h, label);
    auto host_tensor = detail::read_npy_elements<T, R>(src, h);
    src.finish();
    return tandem::to(Space{}, std::move(host_tensor));
  }

 private:
  std::shared_ptr<detail::input_file> file_;
  std::vector<detail::zip_entry_info> entries_;
  std::vector<std::string> names_;
  std::map<std::string, std::size_t> index_;
  std::uint64_t data_end_ = 0;
};
#endif

/// Opens an .npz archive (see npz_file).
template <class = void>
auto load_npz(const std::filesystem::path& path) {
  static_assert(detail::npz_needs_zlib());
#if TANDEM_NPZ_AVAILABLE
  return npz_file(path);
#endif
}

namespace detail {
template <class = void>
void save_npz(const std::filesystem::path& path, std::span<const npz_entry> arrays, bool deflate, bool durable) {
  static_assert(npz_needs_zlib());
#if TANDEM_NPZ_AVAILABLE
  const std::string name = path_text(path);
  std::map<std::string, int> seen;
  for (const npz_entry& e : arrays) {
    if (e.name().empty()) throw_io(name, "an array's name is empty");
    if (e.name().size() > 0xffff - 4) throw_io(name, "an array's name is longer than a zip entry's can be");
    if (e.name().find('\0') != std::string::npos) throw_io(name, "an array's name holds a NUL byte");
    if (seen[e.name()]++) throw_io(name, "two arrays are named '" + e.name() + "'");
  }
  atomic_output_file file(name);
  zip_writer zip(file, deflate);
  for (const npz_entry& e : arrays) zip.add(e.name() + ".npy", e);
  zip.finish();
  file.commit(durable);
#else
  (void)path, (void)arrays, (void)deflate, (void)durable;
#endif
}
}  // namespace detail

/// Writes the arrays as an .npz archive at `path`, each as `<name>.npy`, stored (numpy's
/// savez) or, with td::compressed, deflated (savez_compressed); atomically, as save_npy:
/// `td::save_npz("run.npz", {{"x", x}, {"labels", labels}});`
inline void save_npz(const std::filesystem::path& path, std::initializer_list<npz_entry> arrays) {
  detail::save_npz(path, std::span<const npz_entry>(arrays.begin(), arrays.size()), false, false);
}
inline void save_npz(const std::filesystem::path& path, std::initializer_list<npz_entry> arrays, compressed_t) {
  detail::save_npz(path, std::span<const npz_entry>(arrays.begin(), arrays.size()), true, false);
}
/// The same for a number of arrays known at run time.
inline void save_npz(const std::filesystem::path& path, const std::vector<npz_entry>& arrays) {
  detail::save_npz(path, std::span<const npz_entry>(arrays), false, false);
}
inline void save_npz(const std::filesystem::path& path, const std::vector<npz_entry>& arrays, compressed_t) {
  detail::save_npz(path, std::span<const npz_entry>(arrays), true, false);
}
/// With td::durable (and td::compressed or not): synced to storage before returning.
inline void save_npz(const std::filesystem::path& path, std::initializer_list<npz_entry> arrays, durable_t) {
  detail::save_npz(path, std::span<const npz_entry>(arrays.begin(), arrays.size()), false, true);
}
inline void save_npz(const std::filesystem::path& path, std::initializer_list<npz_entry> arrays, compressed_t,
                     durable_t) {
  detail::save_npz(path, std::span<const npz_entry>(arrays.begin(), arrays.size()), true, true);
}

}  // namespace tandem
