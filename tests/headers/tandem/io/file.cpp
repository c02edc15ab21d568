// tandem/io/file.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/io/file.hpp>

#include <cstdio>
#include <filesystem>

int header_use_io_file() {
  namespace td = tandem;
  const std::string path = (std::filesystem::temp_directory_path() / "tandem-header-use-file.bin").string();
  {
    td::detail::atomic_output_file out(path);
    out.write("abcdef", 6);
    out.write_at(0, "X", 1);
    out.commit(true);
  }
  const td::detail::input_file in(path);
  char got[6];
  in.read_at(0, got, 6, "the bytes");
  bool truncated = false;
  try {
    in.read_at(4, got, 3, "past the end");
  } catch (const td::io_error&) {
    truncated = true;
  }
  const auto mapping = td::detail::map_file(in);
  const bool ok = got[0] == 'X' && got[5] == 'f' && truncated && mapping->size == 6 && mapping->bytes[1] == 'b';
  std::remove(path.c_str());
  return ok ? 0 : 1;
}
