// tandem/backend/select.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/backend/select.hpp>

#include <vector>

namespace {
struct is_odd {
  TANDEM_HD bool operator()(tandem::index_t i) const { return i % 2 == 1; }
};
struct twice {
  TANDEM_HD tandem::index_t operator()(tandem::index_t i) const { return 2 * i; }
};
}  // namespace

int header_use_backend_select() {
  namespace td = tandem;
  std::vector<td::index_t> out;
  td::detail::selector_t<td::host_space>::select<td::index_t>(10, is_odd{}, twice{}, [&out](td::index_t n) {
    out.resize(static_cast<std::size_t>(n));
    return out.data();
  });
  return out.size() == 5 && out[0] == 2 && out[4] == 18 ? 0 : 1;
}
