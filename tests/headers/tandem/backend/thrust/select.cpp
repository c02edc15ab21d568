// tandem/backend/thrust/select.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/thrust/select.hpp>

int header_use_backend_thrust_select() {
  namespace td = tandem;
  // Where the device is real, select writes device memory; only the count is checked.
  td::index_t seen = -1;
  td::detail::thrust_selector<td::device_space>::select<int>(
      16, [](td::index_t i) { return i < 5; }, [](td::index_t i) { return int(i); },
      [&](td::index_t count) -> int* { seen = count; return nullptr; });
  return seen == 5 ? 0 : 1;
}
