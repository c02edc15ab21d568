// tandem/dist/halo.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/dist/halo.hpp>

int header_use_dist_halo() {
  namespace td = tandem;
  const auto w = td::dist::world();
  const auto t = td::dist::arange<int>(w, 0, 4 * w.size());
  const auto h = td::dist::halo(t, 1, td::dist::periodic);
  const auto v = td::to(td::host, h.above());
  const int expect = static_cast<int>((t.offset() + 4 * w.size() - 1) % (4 * w.size()));  // the row above, wrapped
  return h.width() == 1 && v(0) == expect ? 0 : 1;
}
