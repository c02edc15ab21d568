// tandem/io/npz.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/io/npz.hpp>

#include <cstdio>
#include <filesystem>

int header_use_io_npz() {
  namespace td = tandem;
  const std::string path = (std::filesystem::temp_directory_path() / "tandem-header-use.npz").string();
  td::tensor<float, 1> a({4});
  a(3) = 2.5f;
  td::tensor<short, 2> b({1, 2});
  b(0, 1) = -4;
  td::save_npz(path, {{"a", a}, {"b", b}}, td::compressed);
  const auto z = td::load_npz(path);
  const bool ok = z.names().size() == 2 && z.get<float, 1>("a")(3) == 2.5f && z.get<short, 2>("b")(0, 1) == -4;
  std::remove(path.c_str());
  return ok ? 0 : 1;
}
