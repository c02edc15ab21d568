// tandem/backend/host/select.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/host/select.hpp>

int header_use_backend_host_select() {
  namespace td = tandem;
  int out[8];
  int* where = nullptr;
  td::detail::host_selector::select<int>(
      8, [](td::index_t i) { return i % 2 == 1; }, [](td::index_t i) { return int(i); },
      [&](td::index_t count) { where = count == 4 ? out : nullptr; return where; });
  return where && out[3] == 7 ? 0 : 1;
}
