// The td::dist test runner: MPI started first, then Catch2 on every rank. A rank whose
// checks fail exits non-zero, and mpirun then fails the run.
#if __has_include(<catch2/catch_session.hpp>)
#  include <catch2/catch_session.hpp>
#else
#  define CATCH_CONFIG_RUNNER
#  include <catch2/catch.hpp>
#endif

#include <tandem/dist/communicator.hpp>

int main(int argc, char* argv[]) {
  tandem::dist::environment env(argc, argv);
  return Catch::Session().run(argc, argv);
}
