// shape: extents, sizes, strides and numpy broadcasting rules.
#include "support/test_support.hpp"

TEST_CASE("shape holds extents and compares", "[shape]") {
  td::shape<3> s{2, 3, 4};
  CHECK(s[0] == 2);
  CHECK(s[2] == 4);
  CHECK(s.size() == 24);
  CHECK(s == td::shape<3>{2, 3, 4});
  CHECK_FALSE(s == td::shape<3>{2, 4, 3});
  CHECK(td::shape<0>{}.size() == 1);
  CHECK(td::shape<2>{5, 0}.size() == 0);
  CHECK(td::to_string(s) == "[2, 3, 4]");
  CHECK(td::to_string(td::shape<0>{}) == "[]");
  static_assert(td::shape<3>::rank == 3);
}

TEST_CASE("row-major strides", "[shape]") {
  CHECK(td::row_major_strides(td::shape<3>{2, 3, 4}) == td::shape<3>{12, 4, 1});
  CHECK(td::row_major_strides(td::shape<1>{7}) == td::shape<1>{1});
}

TEST_CASE("single_step finds layouts whose elements lie one step apart", "[shape]") {
  using td::shape;
  td::index_t step = 0;
  CHECK(td::detail::single_step(shape<1>{10}, shape<1>{3}, step));
  CHECK(step == 3);
  CHECK(td::detail::single_step(shape<2>{4, 6}, shape<2>{12, 2}, step));  // rows of 12, every other
  CHECK(step == 2);
  CHECK_FALSE(td::detail::single_step(shape<2>{4, 6}, shape<2>{13, 2}, step));
  CHECK_FALSE(td::detail::single_step(shape<2>{4, 6}, shape<2>{1, 4}, step));  // a transpose
  CHECK(td::detail::single_step(shape<3>{4, 1, 5}, shape<3>{5, 99, 1}, step));  // extent 1: any stride
  CHECK(step == 1);
  CHECK(td::detail::single_step(shape<3>{1, 1, 1}, shape<3>{7, 8, 9}, step));
  CHECK(step == 1);
  CHECK(td::detail::single_step(shape<3>{2, 3, 1}, shape<3>{-3, -1, 4}, step));  // negative steps
  CHECK(step == -1);
  CHECK(td::detail::single_step(shape<0>{}, shape<0>{}, step));
  CHECK(step == 1);
}

TEST_CASE("broadcast_shape follows numpy", "[shape]") {
  CHECK(td::broadcast_shape(td::shape<2>{3, 1}, td::shape<1>{4}) == td::shape<2>{3, 4});
  CHECK(td::broadcast_shape(td::shape<1>{4}, td::shape<2>{3, 1}) == td::shape<2>{3, 4});
  CHECK(td::broadcast_shape(td::shape<0>{}, td::shape<2>{2, 5}) == td::shape<2>{2, 5});
  CHECK(td::broadcast_shape(td::shape<3>{1, 2, 1}, td::shape<3>{4, 1, 3}) == td::shape<3>{4, 2, 3});
  CHECK(td::broadcast_shape(td::shape<2>{0, 1}, td::shape<1>{5}) == td::shape<2>{0, 5});
  CHECK(td::broadcast_shape(td::shape<1>{1}, td::shape<1>{0}) == td::shape<1>{0});
  CHECK_THROWS_AS(td::broadcast_shape(td::shape<2>{3, 4}, td::shape<1>{5}), td::shape_error);
  CHECK_THROWS_WITH(td::broadcast_shape(td::shape<2>{3, 4}, td::shape<1>{5}),
                    testing::contains("cannot broadcast [3, 4] with [5]"));
  CHECK(td::broadcasts_to(td::shape<1>{1}, td::shape<2>{3, 4}));
  CHECK_FALSE(td::broadcasts_to(td::shape<1>{3}, td::shape<2>{3, 4}));
}

TEST_CASE("errors derive from td::error and std::runtime_error", "[shape]") {
  CHECK_THROWS_AS(throw td::shape_error("x"), td::error);
  CHECK_THROWS_AS(throw td::index_error("x"), std::runtime_error);
  CHECK_THROWS_AS(throw td::cuda_error("x"), td::error);
  CHECK_THROWS_AS(throw td::io_error("x"), td::error);
  static_assert(std::is_same_v<td::index_t, std::int64_t>);
  static_assert(td::device_is_emulated == !TANDEM_HAS_CUDA);
}
