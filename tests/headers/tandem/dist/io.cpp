// tandem/dist/io.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/dist/io.hpp>

#include <cstdio>
#include <string>

int header_use_dist_io() {
  namespace td = tandem;
  const auto w = td::dist::world();
  const std::string path = "/tmp/tandem-header-use-dist-io.npy";
  td::dist::save_npy(path, td::dist::arange<float>(w, 6.f));
  const auto back = td::load_npy<float, 1>(path);
  w.barrier();
  if (w.rank() == 0) std::remove(path.c_str());
  return back.size() == 6 && back(5) == 5.f ? 0 : 1;
}
