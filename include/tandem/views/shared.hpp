#pragma once
/// \file views/shared.hpp
/// `td::shared_view<T, R, Space>`: a view that also shares ownership of the memory it
/// views (a memory-mapped file, a DLPack producer's tensor). It is a tensor_view in every
/// respect (expressions, algorithms, slicing, `v(i, j)`), and the memory stays alive
/// while any copy of it does; the views taken from it (`view()`, slices) do not own
/// anything, as ever.

#include <memory>
#include <utility>

#include "../expr/leaf.hpp"
#include "../tensor_view.hpp"

namespace tandem {

template <class T, std::size_t R, class Space = host_space>
class shared_view : public tensor_view<T, R, Space> {
  using base = tensor_view<T, R, Space>;

 public:
  shared_view() = default;
  /// `view` over memory that `owner` keeps alive (released when the last copy goes).
  shared_view(const base& view, std::shared_ptr<const void> owner) : base(view), owner_(std::move(owner)) {}
  shared_view(const shared_view&) = default;
  shared_view(shared_view&&) noexcept = default;

  /// Assignment writes elements, as a view's does; the owner stays.
  const shared_view& operator=(const shared_view& other) const {
    base::operator=(other.view());
    return *this;
  }
  template <class E>
    requires(operand<E> || scalar<E>)
  const shared_view& operator=(const E& e) const {
    base::operator=(e);
    return *this;
  }

  /// What keeps the memory alive.
  const std::shared_ptr<const void>& owner() const noexcept { return owner_; }

 private:
  std::shared_ptr<const void> owner_;
};

namespace detail {
template <class T, std::size_t R, class S>
struct is_view<shared_view<T, R, S>> : std::true_type {};
/// Read as the view it is.
template <class T, std::size_t R, class S>
struct expr_node<shared_view<T, R, S>> : expr_node<tensor_view<T, R, S>> {};
}  // namespace detail

}  // namespace tandem
