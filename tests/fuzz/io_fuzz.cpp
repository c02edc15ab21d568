// libFuzzer target for the .npy and .npz readers (scripts/fuzz builds it with clang,
// -fsanitize=fuzzer,address,undefined, and runs it from a corpus of numpy's and
// tandem's own files).
//
// An input is one selector byte and then a file. The selector's low bit picks the reader
// (.npy: load_npy and map_npy; .npz: load_npz, then every array read), the rest the
// element type and rank asked for, so that inputs whose header names that type reach
// the element reading and the reordering behind it. A reader may throw td::io_error (or
// std::bad_alloc for an honest but huge file); anything else, a crash, a sanitizer
// report, a hang or a leak is a finding.
// The io headers alone (tandem.hpp would bring LAPACKE, whose C99 _Complex clang's
// -Wpedantic refuses).
#include <tandem/complex.hpp>
#include <tandem/io/npy.hpp>
#include <tandem/io/npz.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>

namespace td = tandem;

namespace {

const std::string& scratch_path() {
  static const std::string path = [] {
    const char* dir = std::getenv("TANDEM_FUZZ_DIR");
    return std::string(dir ? dir : "/tmp") + "/tandem-fuzz-" + std::to_string(::getpid()) + ".bin";
  }();
  return path;
}

void write_input(const std::uint8_t* data, std::size_t size) {
  const int fd = ::open(scratch_path().c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) std::abort();
  std::size_t done = 0;
  while (done < size) {
    const ssize_t put = ::write(fd, data + done, size - done);
    if (put <= 0) std::abort();
    done += static_cast<std::size_t>(put);
  }
  ::close(fd);
}

/// Reads every seventh element, so that reading them is not optimized away.
template <class X>
void touch(const X& x) {
  const auto v = td::to_vector(x);
  unsigned sum = 0;
  for (std::size_t i = 0; i < v.size(); i += 7) {
    if constexpr (std::is_same_v<typename decltype(v)::value_type, bool>) {
      sum += v[i] ? 1u : 0u;
    } else {
      unsigned char first;
      std::memcpy(&first, &v[i], 1);
      sum += first;
    }
  }
  volatile unsigned sink = sum;
  (void)sink;
}

template <class T, std::size_t R>
void read_as(bool archive) {
  const std::string& path = scratch_path();
  if (!archive) {
    try {
      touch(td::load_npy<T, R>(path));
    } catch (const td::io_error&) {
    }
    try {
      touch(td::map_npy<T, R>(path));
    } catch (const td::io_error&) {
    }
    return;
  }
  try {
    const auto z = td::load_npz(path);
    for (const std::string& name : z.names()) {
      try {
        touch(z.get<T, R>(name));
      } catch (const td::io_error&) {
      }
    }
  } catch (const td::io_error&) {
  }
}

template <class T>
void read_rank(int rank, bool archive) {
  switch (rank) {
    case 0: return read_as<T, 0>(archive);
    case 1: return read_as<T, 1>(archive);
    case 2: return read_as<T, 2>(archive);
    default: return read_as<T, 3>(archive);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const unsigned selector = data[0];
  write_input(data + 1, size - 1);
  const bool archive = selector & 1;
  const int rank = (selector >> 1) & 3;
  try {
    switch ((selector >> 3) % 8) {
      case 0: read_rank<float>(rank, archive); break;
      case 1: read_rank<double>(rank, archive); break;
      case 2: read_rank<std::int64_t>(rank, archive); break;
      case 3: read_rank<std::uint8_t>(rank, archive); break;
      case 4: read_rank<bool>(rank, archive); break;
      case 5: read_rank<td::half>(rank, archive); break;
      case 6: read_rank<td::complex<double>>(rank, archive); break;
      default: read_rank<std::int16_t>(rank, archive); break;
    }
  } catch (const std::bad_alloc&) {
  }
  return 0;
}
