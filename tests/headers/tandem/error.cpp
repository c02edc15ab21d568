// tandem/error.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/error.hpp>
#include <string>

int header_use_error() {
  namespace td = tandem;
  try {
    throw td::shape_error("tandem: shapes (2) and (3) differ");
  } catch (const td::error& e) {
    return std::string(e.what()).find("(3)") != std::string::npos ? 0 : 1;
  }
}
