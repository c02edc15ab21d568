// tandem/io/print.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/io/print.hpp>
#include <sstream>
#include <string>

int header_use_io_print() {
  namespace td = tandem;
  td::tensor<int, 1> a({3});
  a(2) = 7;
  std::ostringstream os;
  os << a;
  return os.str().find('7') != std::string::npos ? 0 : 1;
}
