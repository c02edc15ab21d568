// The tandem half of the .npy/.npz round trips with numpy (tests/numpy/npy_roundtrip.py).
//
//   tandem_npy_driver MANIFEST OUT_DIR
//
// Each line of MANIFEST is one of
//   npy FILE TYPE RANK MAPPABLE     a .npy file numpy wrote
//   npz FILE NAME TYPE RANK         one array of an .npz archive numpy wrote
// For a .npy file the driver reads it with load_npy into the host space and into the
// device space, and (MAPPABLE = 1) with map_npy, and writes each back with save_npy as
// OUT_DIR/<FILE>.host.npy, .device.npy and .map.npy. For an archive it reads every array
// named (host and device) and writes them all, under the same names, to OUT_DIR/<FILE>
// stored and to OUT_DIR/<FILE>.deflated.npz compressed. numpy then compares everything
// written with what it wrote, exactly. Any exception ends the driver with its message.
#include <tandem/tandem.hpp>

#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#ifdef TANDEM_GPU_TESTS
#  include <cuda_runtime_api.h>
#endif

namespace td = tandem;
namespace fs = std::filesystem;

namespace {

template <class T>
struct tag {
  using type = T;
};

template <class F>
void with_type(const std::string& code, F&& f) {
  if (code == "b1") return f(tag<bool>{});
  if (code == "i1") return f(tag<std::int8_t>{});
  if (code == "u1") return f(tag<std::uint8_t>{});
  if (code == "i2") return f(tag<std::int16_t>{});
  if (code == "u2") return f(tag<std::uint16_t>{});
  if (code == "i4") return f(tag<std::int32_t>{});
  if (code == "u4") return f(tag<std::uint32_t>{});
  if (code == "i8") return f(tag<std::int64_t>{});
  if (code == "u8") return f(tag<std::uint64_t>{});
  if (code == "f2") return f(tag<td::half>{});
  if (code == "bf16") return f(tag<td::bfloat16>{});
  if (code == "f4") return f(tag<float>{});
  if (code == "f8") return f(tag<double>{});
  if (code == "c8") return f(tag<td::complex<float>>{});
  if (code == "c16") return f(tag<td::complex<double>>{});
  throw std::runtime_error("unknown type code " + code);
}

template <class F>
void with_rank(int rank, F&& f) {
  switch (rank) {
    case 0: return f(std::integral_constant<std::size_t, 0>{});
    case 1: return f(std::integral_constant<std::size_t, 1>{});
    case 2: return f(std::integral_constant<std::size_t, 2>{});
    case 3: return f(std::integral_constant<std::size_t, 3>{});
    case 4: return f(std::integral_constant<std::size_t, 4>{});
    default: throw std::runtime_error("unsupported rank " + std::to_string(rank));
  }
}

/// Whether two tensors hold the same elements, bit for bit (NaN equal to itself).
template <class A, class B>
bool same_bits(const A& a, const B& b) {
  const auto x = td::to_vector(a), y = td::to_vector(b);
  if constexpr (std::is_same_v<typename decltype(x)::value_type, bool>)
    return x == y;
  else
    return x.size() == y.size() && (x.empty() || std::memcmp(x.data(), y.data(), x.size() * sizeof(x[0])) == 0);
}

/// An array read from an archive, kept for writing back (type-erased as an npz_entry,
/// with the tensors it reads alive beside it).
struct held_array {
  std::shared_ptr<void> keep;
  std::function<td::npz_entry()> entry;
};

}  // namespace

int main(int argc, char** argv) {
#ifdef TANDEM_GPU_TESTS
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::fprintf(stderr, "tandem_npy_driver: no GPU, skipped\n");
    return 77;  // CTest's SKIP_RETURN_CODE
  }
#endif
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s MANIFEST OUT_DIR\n", argv[0]);
    return 2;
  }
  const fs::path out_dir = argv[2];
  std::ifstream manifest(argv[1]);
  std::map<std::string, std::vector<held_array>> archives;
  std::vector<std::string> archive_order;
  std::string line;
  int done = 0;
  try {
    while (std::getline(manifest, line)) {
      if (line.empty()) continue;
      std::istringstream fields(line);
      std::string kind, file;
      fields >> kind >> file;
      if (kind == "npy") {
        std::string type;
        int rank = 0, mappable = 0;
        fields >> type >> rank >> mappable;
        const std::string name = fs::path(file).filename().string();
        with_type(type, [&](auto t) {
          using T = typename decltype(t)::type;
          with_rank(rank, [&](auto r) {
            constexpr std::size_t R = decltype(r)::value;
            td::save_npy(out_dir / (name + ".host.npy"), td::load_npy<T, R>(file));
            td::save_npy(out_dir / (name + ".device.npy"), td::load_npy<T, R>(file, td::device));
            if (mappable) td::save_npy(out_dir / (name + ".map.npy"), td::map_npy<T, R>(file));
          });
        });
      } else if (kind == "npz") {
        std::string array, type;
        int rank = 0;
        fields >> array >> type >> rank;
        if (!archives.count(file)) archive_order.push_back(file);
        const auto z = td::load_npz(file);
        with_type(type, [&](auto t) {
          using T = typename decltype(t)::type;
          with_rank(rank, [&](auto r) {
            constexpr std::size_t R = decltype(r)::value;
            auto host = std::make_shared<td::tensor<T, R>>(z.template get<T, R>(array));
            auto device = std::make_shared<td::tensor<T, R, td::device_space>>(z.template get<T, R>(array, td::device));
            if (!same_bits(*host, *device))
              throw std::runtime_error(file + " [" + array + "]: the host and device reads differ");
            archives[file].push_back({host, [host, array] { return td::npz_entry(array, *host); }});
          });
        });
      } else {
        throw std::runtime_error("unknown manifest line: " + line);
      }
      ++done;
    }
    for (const std::string& file : archive_order) {
      std::vector<td::npz_entry> entries;
      for (const held_array& a : archives[file]) entries.push_back(a.entry());
      const std::string name = fs::path(file).filename().string();
      td::save_npz(out_dir / name, entries);
      td::save_npz(out_dir / (name + ".deflated.npz"), entries, td::compressed);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tandem_npy_driver: %s\n  (manifest line: %s)\n", e.what(), line.c_str());
    return 1;
  }
  std::printf("tandem_npy_driver: %d manifest lines, %zu archives written back\n", done, archive_order.size());
  return 0;
}
