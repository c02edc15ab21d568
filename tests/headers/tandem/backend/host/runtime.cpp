// tandem/backend/host/runtime.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/host/runtime.hpp>

int header_use_backend_host_runtime() {
  namespace td = tandem;
  using R = td::detail::host_runtime;
  R::event_type a = R::make_event(), b = R::make_event();
  R::record(a, R::current_stream());
  R::record(b, R::current_stream());
  return R::elapsed_ms(a, b) >= 0.0f && R::query(b) ? 0 : 1;
}
