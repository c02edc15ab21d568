// tandem/io/dlpack.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/io/dlpack.hpp>

int header_use_io_dlpack() {
  namespace td = tandem;
  td::tensor<float, 2> a({2, 3});
  a(1, 2) = 4.5f;
  DLManagedTensor* m = td::to_dlpack(a);
  const bool exported = m->dl_tensor.data == a.data() && m->dl_tensor.ndim == 2 && m->dl_tensor.shape[1] == 3;
  const auto v = td::from_dlpack<float, 2>(m);  // takes m; its deleter runs when v goes
  return exported && v(1, 2) == 4.5f && v.data() == a.data() ? 0 : 1;
}
