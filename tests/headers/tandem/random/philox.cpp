// tandem/random/philox.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/random/philox.hpp>

int header_use_random_philox() {
  namespace td = tandem;
  // Counter 0 under key 0: the Random123 known-answer value 0x6627e8d5 for word 0.
  const auto a = td::random::philox4x32_10(td::random::words4{{0, 0, 0, 0}}, 0, 0);
  const auto b = td::random::philox4x32_10(td::random::words4{{1, 0, 0, 0}}, 0, 0);
  return a.w[0] == 0x6627e8d5u && b.w[0] != a.w[0] ? 0 : 1;
}
