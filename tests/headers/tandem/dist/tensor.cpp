// tandem/dist/tensor.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/dist/tensor.hpp>

int header_use_dist_tensor() {
  namespace td = tandem;
  const auto w = td::dist::world();
  const auto t = td::dist::full<int>(w, {5, 2}, 3);
  const auto all = td::dist::allgather(t);
  return all.shape() == td::shape<2>{5, 2} && all(4, 1) == 3 && td::dist::block_rows(5, 2, 0) == 3 ? 0 : 1;
}
