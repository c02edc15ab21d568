// tandem/views/shared.hpp, included alone: it compiles, links and does what it declares.
#include <tandem/views/shared.hpp>

#include <memory>

int header_use_views_shared() {
  namespace td = tandem;
  auto owner = std::make_shared<td::tensor<int, 1>>(td::shape<1>{3});
  const td::shared_view<int, 1> v(owner->view(), owner);
  const std::weak_ptr<td::tensor<int, 1>> watch = owner;
  owner.reset();
  v(2) = 5;  // the view keeps the tensor alive
  const td::shared_view<int, 1> w = v;
  const bool alive = !watch.expired() && w(2) == 5;
  return alive ? 0 : 1;
}
