// tandem/core/tuning.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/core/tuning.hpp>

int header_use_core_tuning() {
  namespace tn = tandem::detail::tuning;
  static_assert(tn::task_size <= tn::serial_threshold, "a parallel task is no bigger than a serial loop");
  static_assert(tn::huge_page % tn::host_alignment == 0);
  return tn::copy_tile > 0 && tn::axis_block_bytes > 0 && tn::axis_tasks > 0 && tn::count_chunk > 0 ? 0 : 1;
}
