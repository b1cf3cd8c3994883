#include <gtest/gtest.h>

#include "testing/both_kernels.h"
#include "testing/split_tester.h"

namespace dmlconf::testing {
namespace {

DMLCONF_BOTH_KERNELS(Split, SplitTester);

TEST_P(SplitKernels, one_element) { SplitTester().input_sizes({1}).axis(0).Test(GetParam()); }

TEST_P(SplitKernels, single_output_is_a_copy) {
  SplitTester().input_sizes({2, 3, 4}).axis(1).Test(GetParam());
}

TEST_P(SplitKernels, every_axis) {
  for (uint32_t axis = 0; axis < 4; ++axis) {
    const std::vector<uint32_t> sizes = {3, 4, 5, 6};
    std::vector<uint32_t> pieces = {1, sizes[axis] - 1};
    SplitTester().input_sizes(sizes).axis(axis).output_axis_sizes(pieces).Test(GetParam());
  }
}

TEST_P(SplitKernels, uneven_pieces) {
  SplitTester().input_sizes({2, 9, 3}).axis(1).output_axis_sizes({4, 1, 3, 1}).Test(GetParam());
}

TEST_P(SplitKernels, one_piece_per_index) {
  SplitTester().input_sizes({5, 2}).axis(0).output_axis_sizes({1, 1, 1, 1, 1}).Test(GetParam());
}

TEST_P(SplitKernels, one_dimensional) {
  SplitTester().input_sizes({7}).axis(0).output_axis_sizes({3, 4}).Test(GetParam());
}

TEST_P(SplitKernels, eight_dimensions) {
  for (uint32_t axis : {0u, 4u, 7u})
    SplitTester()
        .input_sizes({2, 1, 2, 2, 3, 1, 2, 3})
        .axis(axis)
        .output_axis_sizes(axis == 4 ? std::vector<uint32_t>{2, 1} : std::vector<uint32_t>{})
        .Test(GetParam());
}

TEST_P(SplitKernels, size_one_dimensions) {
  SplitTester().input_sizes({1, 4, 1, 1}).axis(1).output_axis_sizes({2, 2}).Test(GetParam());
  SplitTester().input_sizes({1, 4, 1, 1}).axis(2).Test(GetParam());
}

TEST_P(SplitKernels, padded_input_strides) {
  // {2,3,4} with rows padded to 6 and planes to 20 elements.
  SplitTester().input_sizes({2, 3, 4}).input_strides({20, 6, 1}).axis(2).output_axis_sizes({1, 3})
      .Test(GetParam());
}

TEST_P(SplitKernels, permuted_input_strides) {
  // Dense but column-major-like: dimension 0 fastest.
  SplitTester().input_sizes({2, 3, 4}).input_strides({1, 2, 6}).axis(1).output_axis_sizes({2, 1})
      .Test(GetParam());
}

TEST_P(SplitKernels, broadcast_input) {
  SplitTester().input_sizes({3, 4}).input_strides({0, 1}).axis(0).output_axis_sizes({1, 2})
      .Test(GetParam());
  SplitTester().input_sizes({3, 4}).input_strides({1, 0}).axis(1).output_axis_sizes({3, 1})
      .Test(GetParam());
}

TEST_P(SplitKernels, padded_output_strides_leave_gaps_poisoned) {
  SplitTester()
      .input_sizes({2, 3, 4})
      .axis(1)
      .output_axis_sizes({1, 2})
      .output_strides(0, {9, 5, 2})
      .output_strides(1, {1, 2, 4})
      .Test(GetParam());
}

TEST_P(SplitKernels, total_size_larger_than_needed) {
  SplitTester().input_sizes({3, 5}).axis(1).output_axis_sizes({2, 3}).extra_bytes(28)
      .Test(GetParam());
}

TEST_P(SplitKernels, every_element_size) {
  for (size_t size : {1, 2, 4, 8})
    SplitTester().input_sizes({3, 5}).axis(1).output_axis_sizes({4, 1}).element_size(size)
        .Test(GetParam());
}

TEST_P(SplitKernels, special_bit_patterns_preserved) {
  for (size_t size : {2, 4, 8})
    SplitTester().input_sizes({2, 7}).axis(1).output_axis_sizes({3, 4}).element_size(size)
        .special_values(true).Test(GetParam());
}

}  // namespace
}  // namespace dmlconf::testing
