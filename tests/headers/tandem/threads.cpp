// tandem/threads.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/threads.hpp>

int header_use_threads() {
  namespace td = tandem;
  const int before = td::num_threads();
  td::set_num_threads(3);
  const bool set = td::num_threads() == 3;
  td::set_num_threads(before);
  return set && before >= 1 ? 0 : 1;
}
