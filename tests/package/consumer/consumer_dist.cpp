// A td::dist program outside tandem, linked to tandem::dist from the package: a global
// sum over however many ranks run it (one, when started without mpirun).
#include <tandem/dist.hpp>

#include <cstdio>

int main(int argc, char** argv) {
  namespace td = tandem;
  td::dist::environment env(argc, argv);
  const auto w = td::dist::world();
  const auto x = td::dist::arange<double>(w, 0.0, 1000.0);
  const double s = td::sum(x * 2.0);
  if (w.rank() == 0) std::printf("consumer_dist: %d rank(s), sum %.1f\n", w.size(), s);
  return s == 999000.0 ? 0 : 1;
}
