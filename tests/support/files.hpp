#pragma once
// Shared by the file tests (tests/tandem/io/): a scratch folder, whole-file reads and
// writes, and the check that a call throws td::io_error with a given message.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "test_support.hpp"

namespace testing {

/// A fresh folder under the system's temporary one, removed with its files at the end.
struct scratch_dir {
  std::filesystem::path path;
  scratch_dir() {
    static int counter = 0;
    path = std::filesystem::temp_directory_path() /
           ("tandem-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::create_directories(path);
  }
  scratch_dir(const scratch_dir&) = delete;
  scratch_dir& operator=(const scratch_dir&) = delete;
  ~scratch_dir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  std::filesystem::path operator/(const std::string& name) const { return path / name; }
};

inline std::string read_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}
inline void write_bytes(const std::filesystem::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace testing

// Throws td::io_error whose message holds the matcher's text.
#define CHECK_IO_ERROR(expr, matcher)    \
  do {                                   \
    CHECK_THROWS_AS(expr, td::io_error); \
    CHECK_THROWS_WITH(expr, matcher);    \
  } while (0)
