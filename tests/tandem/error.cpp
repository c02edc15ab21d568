// Error paths not covered beside their features: element bounds checks, CUDA failures.
#include "support/test_support.hpp"

TEST_CASE("element access is bounds-checked when TANDEM_BOUNDS_CHECK is on", "[errors]") {
  td::tensor<float, 2> t({2, 3});
  CHECK_NOTHROW(t(1, 2));
  CHECK_THROWS_AS(t(2, 0), td::index_error);
  CHECK_THROWS_WITH(t(0, 3), testing::contains("index 3 is out of range for dimension 1 of a tensor of shape [2, 3]"));
  CHECK_THROWS_AS(t.view()(-1, 0), td::index_error);
}

TEST_CASE("negative extents are rejected", "[errors]") {
  CHECK_THROWS_WITH(td::zeros<float>({2, -1}), testing::contains("negative extent in shape [2, -1]"));
  CHECK_THROWS_AS(td::adapt(static_cast<float*>(nullptr), {-3}), td::shape_error);
}

#if TANDEM_HAS_CUDA
TEST_CASE("a failed CUDA call throws td::cuda_error naming the call", "[errors]") {
  // More than any GPU holds: the stream-ordered allocation must fail cleanly.
  CHECK_THROWS_WITH(td::empty<float>({td::index_t(1) << 50}, td::device), testing::contains("cudaMallocAsync"));
  // The device still works afterwards.
  CHECK(td::sum(td::ones<float>({10}, td::device)) == 10.f);
}
#endif
