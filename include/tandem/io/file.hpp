#pragma once
/// \file io/file.hpp
/// Files as the readers and writers of io/ use them (POSIX): a file read with every
/// length checked against what is left of it, a file written atomically (a temporary in
/// the same folder, synced, then renamed over the destination), and a read-only memory
/// mapping shared by the views over it. Every failure throws td::io_error naming the
/// file, what was being done and the system's reason.

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <utility>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../error.hpp"

namespace tandem::detail {

[[noreturn]] inline void throw_io(const std::string& file, const std::string& what) {
  throw io_error("tandem: " + file + ": " + what);
}
[[noreturn]] inline void throw_io_errno(const std::string& file, const std::string& doing, int err) {
  throw_io(file, doing + ": " + std::strerror(err));
}

/// A file descriptor, closed when it goes.
class file_handle {
 public:
  file_handle() = default;
  explicit file_handle(int fd) : fd_(fd) {}
  file_handle(file_handle&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  file_handle& operator=(file_handle&& other) noexcept {
    if (this != &other) {
      reset();
      fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
  }
  ~file_handle() { reset(); }
  int get() const noexcept { return fd_; }
  int release() noexcept { return std::exchange(fd_, -1); }
  void reset() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

/// A file opened for reading, read forward from any position with every read checked
/// against the file's size (a truncated file is an io_error, never a short read).
class input_file {
 public:
  explicit input_file(std::string path) : path_(std::move(path)) {
    int fd;
    do fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0) throw_io_errno(path_, "cannot open for reading", errno);
    fd_ = file_handle(fd);
    struct stat st{};
    if (::fstat(fd, &st) != 0) throw_io_errno(path_, "cannot stat", errno);
    if (!S_ISREG(st.st_mode)) throw_io(path_, "not a regular file");
    size_ = static_cast<std::uint64_t>(st.st_size);
  }
  const std::string& path() const noexcept { return path_; }
  std::uint64_t size() const noexcept { return size_; }
  int fd() const noexcept { return fd_.get(); }

  /// Reads exactly `n` bytes at `offset`; `what` names them in the error when the file
  /// ends first.
  void read_at(std::uint64_t offset, void* dst, std::uint64_t n, const char* what) const {
    if (offset > size_ || n > size_ - offset)
      throw_io(path_, std::string("truncated: ") + what + " needs " + std::to_string(n) + " bytes at offset " +
                          std::to_string(offset) + ", the file has " + std::to_string(size_));
    auto* out = static_cast<char*>(dst);
    while (n > 0) {
      const std::size_t chunk = static_cast<std::size_t>(std::min<std::uint64_t>(n, std::uint64_t(1) << 30));
      const ssize_t got = ::pread(fd_.get(), out, chunk, static_cast<off_t>(offset));
      if (got < 0) {
        if (errno == EINTR) continue;
        throw_io_errno(path_, std::string("cannot read ") + what, errno);
      }
      if (got == 0) throw_io(path_, std::string("truncated while reading ") + what + " (the file shrank)");
      out += got;
      offset += static_cast<std::uint64_t>(got);
      n -= static_cast<std::uint64_t>(got);
    }
  }

 private:
  std::string path_;
  file_handle fd_;
  std::uint64_t size_ = 0;
};

/// A file written atomically: the bytes go to a new file beside `path` (same folder, so
/// the rename below cannot cross file systems), which commit() renames over `path`. Until then `path` is untouched; a writer destroyed without commit() (an
/// exception on the way) removes its temporary. Writes past RLIMIT_FSIZE or a full disk
/// are io_errors (with SIGXFSZ ignored, as a process that sets such a limit must).
class atomic_output_file {
 public:
  explicit atomic_output_file(std::string path) : path_(std::move(path)) {
    static std::atomic<std::uint64_t> counter{0};
    std::random_device entropy;
    for (int attempt = 0;; ++attempt) {
      temp_ = path_ + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" +
              std::to_string(entropy() % 1000000u);
      int fd;
      do fd = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      while (fd < 0 && errno == EINTR);
      if (fd >= 0) {
        fd_ = file_handle(fd);
        break;
      }
      if (errno != EEXIST || attempt > 100) throw_io_errno(path_, "cannot create a temporary file beside it", errno);
    }
  }
  atomic_output_file(const atomic_output_file&) = delete;
  atomic_output_file& operator=(const atomic_output_file&) = delete;
  ~atomic_output_file() {
    if (!committed_) {
      fd_.reset();
      ::unlink(temp_.c_str());
    }
  }
  const std::string& path() const noexcept { return path_; }
  std::uint64_t position() const noexcept { return position_; }

  void write(const void* src, std::uint64_t n) {
    const auto* in = static_cast<const char*>(src);
    while (n > 0) {
      const std::size_t chunk = static_cast<std::size_t>(std::min<std::uint64_t>(n, std::uint64_t(1) << 30));
      const ssize_t put = ::write(fd_.get(), in, chunk);
      if (put < 0) {
        if (errno == EINTR) continue;
        throw_io_errno(path_, "cannot write", errno);
      }
      if (put == 0) throw_io(path_, "cannot write: the system wrote nothing");
      in += put;
      position_ += static_cast<std::uint64_t>(put);
      n -= static_cast<std::uint64_t>(put);
    }
  }
  /// Overwrites bytes already written (a header completed once its sizes are known).
  void write_at(std::uint64_t offset, const void* src, std::size_t n) {
    const auto* in = static_cast<const char*>(src);
    while (n > 0) {
      const ssize_t put = ::pwrite(fd_.get(), in, n, static_cast<off_t>(offset));
      if (put < 0) {
        if (errno == EINTR) continue;
        throw_io_errno(path_, "cannot write", errno);
      }
      if (put == 0) throw_io(path_, "cannot write: the system wrote nothing");
      in += put;
      offset += static_cast<std::uint64_t>(put);
      n -= static_cast<std::size_t>(put);
    }
  }

  /// Puts the file in place of `path`: readers see the old file or the whole new one,
  /// never a part. An existing regular file is swapped with the new one in one step
  /// (renameat2's RENAME_EXCHANGE) and then unlinked: a plain rename over it makes ext4
  /// start writing the new file's data back before the rename returns (its
  /// auto_da_alloc), 0.4 s of a 1 GiB save here. Elsewhere (no file yet, a symbolic
  /// link, a file system without the exchange) a plain rename. `durable` syncs the
  /// bytes to storage before, and the folder after, so that the new file also survives
  /// a power failure; without it a power failure soon after a save may leave an empty
  /// or partial file, as after any write the system has not yet flushed.
  void commit(bool durable) {
    if (durable && ::fdatasync(fd_.get()) != 0) throw_io_errno(path_, "cannot sync the written file", errno);
    if (::close(fd_.release()) != 0) throw_io_errno(path_, "cannot close the written file", errno);
    bool swapped = false;
#if defined(RENAME_EXCHANGE)
    struct stat st{};
    if (::lstat(path_.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
        ::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, path_.c_str(), RENAME_EXCHANGE) == 0) {
      swapped = true;
      committed_ = true;
      (void)::unlink(temp_.c_str());  // the old file, now under the temporary name
    }
#endif
    if (!swapped) {
      if (::rename(temp_.c_str(), path_.c_str()) != 0)
        throw_io_errno(path_, "cannot rename the written file into place", errno);
      committed_ = true;
    }
    if (!durable) return;
    const auto slash = path_.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path_.substr(0, slash));
    const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) throw_io_errno(path_, "cannot open its folder to sync the rename", errno);
    const int rc = ::fsync(dfd);
    const int err = errno;
    ::close(dfd);
    if (rc != 0 && err != EINVAL) throw_io_errno(path_, "cannot sync its folder", err);  // EINVAL: no directory sync
  }

 private:
  std::string path_, temp_;
  file_handle fd_;
  std::uint64_t position_ = 0;
  bool committed_ = false;
};

/// A whole file mapped read-only; the mapping goes when the last shared_ptr to it does.
struct file_mapping {
  const unsigned char* bytes = nullptr;
  std::uint64_t size = 0;
  file_mapping() = default;
  file_mapping(const file_mapping&) = delete;
  file_mapping& operator=(const file_mapping&) = delete;
  ~file_mapping() {
    if (bytes && size) ::munmap(const_cast<unsigned char*>(bytes), static_cast<std::size_t>(size));
  }
};
inline std::shared_ptr<const file_mapping> map_file(const input_file& file) {
  auto mapping = std::make_shared<file_mapping>();
  if (file.size() == 0) return mapping;
  void* p = ::mmap(nullptr, static_cast<std::size_t>(file.size()), PROT_READ, MAP_SHARED, file.fd(), 0);
  if (p == MAP_FAILED) throw_io_errno(file.path(), "cannot map", errno);
  mapping->bytes = static_cast<const unsigned char*>(p);
  mapping->size = file.size();
  return mapping;
}

}  // namespace tandem::detail
