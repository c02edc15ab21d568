// tandem/backend/plan_cache.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/plan_cache.hpp>

int header_use_backend_plan_cache() {
  namespace td = tandem;
  td::detail::plan_cache<int> cache;
  int made = 0;
  const auto make = [&] {
    ++made;
    return std::make_shared<int>(made);
  };
  const auto a = cache.get({1, 2}, make), b = cache.get({1, 2}, make), c = cache.get({3}, make);
  const bool shared = a == b && *a == 1 && *c == 2 && made == 2;
  return shared && cache.trim(1) == 1 ? 0 : 1;
}
