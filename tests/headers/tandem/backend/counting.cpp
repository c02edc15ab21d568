// tandem/backend/counting.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/counting.hpp>
#include <tandem/backend/host/loops.hpp>
#include <tandem/backend/host/memory.hpp>

int header_use_backend_counting() {
  namespace td = tandem;
  td::index_t counts[3] = {0, 0, 0};
  td::detail::count_bins_by_chunks<td::detail::host_loops, td::detail::host_memory>(
      10, [](td::index_t i) { return i % 3; }, 3, counts);
  return counts[0] == 4 && counts[1] == 3 && counts[2] == 3 ? 0 : 1;
}
