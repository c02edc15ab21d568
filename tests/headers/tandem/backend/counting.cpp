// tandem/backend/counting.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/counting.hpp>
#include <tandem/backend/host/loops.hpp>
#include <tandem/backend/host/memory.hpp>

int header_use_backend_counting() {
  namespace td = tandem;
  td::index_t counts[3] = {0, 0, 0};
  const auto bin = [](td::index_t i) { return i % 3; };
  td::detail::sum_bins_by_chunks<td::detail::host_loops, td::detail::host_memory>(10, bin, td::detail::unit_weight{}, 3,
                                                                                  counts);
  double sums[3] = {0, 0, 0};
  td::detail::sum_bins_by_chunks<td::detail::host_loops, td::detail::host_memory>(
      10, bin, [](td::index_t i) { return 0.5 * double(i); }, 3, sums);
  // bins 0: 0 3 6 9, 1: 1 4 7, 2: 2 5 8, each weighing i / 2.
  return counts[0] == 4 && counts[1] == 3 && counts[2] == 3 && sums[0] == 9 && sums[1] == 6 && sums[2] == 7.5 ? 0 : 1;
}
