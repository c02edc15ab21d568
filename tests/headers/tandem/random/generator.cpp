// tandem/random/generator.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/random/generator.hpp>

int header_use_random_generator() {
  namespace td = tandem;
  td::random::generator g(42);
  const auto u = g.uniform<float>({100}, 0.0f, 1.0f);
  td::index_t inside = 0;
  for (td::index_t i = 0; i < 100; ++i) inside += u(i) >= 0.0f && u(i) < 1.0f;
  return inside == 100 ? 0 : 1;
}
