// tandem/dist/communicator.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/dist/communicator.hpp>

int header_use_dist_communicator() {
  namespace td = tandem;
  const td::dist::communicator w = td::dist::world();
  const td::dist::communicator own(w.native());  // a duplicate of a program's communicator
  w.barrier();
  return w.size() >= 1 && w.rank() >= 0 && w.rank() < w.size() && own.size() == w.size() && !(own == w) ? 0 : 1;
}
