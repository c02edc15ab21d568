// tandem/stream.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/stream.hpp>

int header_use_stream() {
  namespace td = tandem;
  td::stream s;
  td::event start, stop;
  start.record(s);
  const int r = s.run([] { return 3; });
  stop.record(s);
  s.synchronize();
  return r == 3 && td::elapsed_ms(start, stop) >= 0.0f && stop.query() ? 0 : 1;
}
