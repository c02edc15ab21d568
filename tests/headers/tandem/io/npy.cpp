// tandem/io/npy.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/io/npy.hpp>

#include <cstdio>
#include <filesystem>

int header_use_io_npy() {
  namespace td = tandem;
  const std::string path = (std::filesystem::temp_directory_path() / "tandem-header-use.npy").string();
  td::tensor<int, 2> a({2, 3});
  a(1, 2) = 7;
  td::save_npy(path, a);
  const auto b = td::load_npy<int, 2>(path);
  const auto m = td::map_npy<int, 2>(path);
  const bool ok = b(1, 2) == 7 && m(1, 2) == 7 && m.extent(1) == 3;
  std::remove(path.c_str());
  return ok ? 0 : 1;
}
