#include <gtest/gtest.h>

#include "testing/both_kernels.h"
#include "testing/join_tester.h"

namespace dmlconf::testing {
namespace {

DMLCONF_BOTH_KERNELS(Join, JoinTester);

TEST_P(JoinKernels, one_element) { JoinTester().output_sizes({1}).axis(0).Test(GetParam()); }

TEST_P(JoinKernels, single_input_is_a_copy) {
  JoinTester().output_sizes({2, 3, 4}).axis(2).Test(GetParam());
}

TEST_P(JoinKernels, every_axis) {
  for (uint32_t axis = 0; axis < 4; ++axis) {
    const std::vector<uint32_t> sizes = {3, 4, 5, 6};
    JoinTester().output_sizes(sizes).axis(axis).input_axis_sizes({sizes[axis] - 2, 2})
        .Test(GetParam());
  }
}

TEST_P(JoinKernels, uneven_pieces) {
  JoinTester().output_sizes({2, 9, 3}).axis(1).input_axis_sizes({1, 5, 2, 1}).Test(GetParam());
}

TEST_P(JoinKernels, one_dimensional) {
  JoinTester().output_sizes({7}).axis(0).input_axis_sizes({2, 5}).Test(GetParam());
}

TEST_P(JoinKernels, eight_dimensions) {
  const std::vector<uint32_t> sizes = {2, 1, 2, 3, 2, 1, 2, 3};
  JoinTester().output_sizes(sizes).axis(0).input_axis_sizes({1, 1}).Test(GetParam());
  JoinTester().output_sizes(sizes).axis(3).input_axis_sizes({1, 1, 1}).Test(GetParam());
  JoinTester().output_sizes(sizes).axis(7).input_axis_sizes({2, 1}).Test(GetParam());
}

TEST_P(JoinKernels, size_one_dimensions) {
  JoinTester().output_sizes({1, 1, 4, 1}).axis(2).input_axis_sizes({1, 3}).Test(GetParam());
}

TEST_P(JoinKernels, padded_input_strides) {
  JoinTester().output_sizes({2, 5, 3}).axis(1).input_axis_sizes({2, 3})
      .input_strides(0, {16, 4, 1}).input_strides(1, {30, 8, 2}).Test(GetParam());
}

TEST_P(JoinKernels, permuted_input_strides) {
  JoinTester().output_sizes({2, 3, 4}).axis(2).input_axis_sizes({3, 1})
      .input_strides(0, {9, 1, 3}).Test(GetParam());
}

TEST_P(JoinKernels, broadcast_inputs) {
  JoinTester().output_sizes({3, 4}).axis(1).input_axis_sizes({2, 2})
      .input_strides(0, {0, 1}).input_strides(1, {1, 0}).Test(GetParam());
}

TEST_P(JoinKernels, padded_output_strides_leave_gaps_poisoned) {
  JoinTester().output_sizes({2, 3, 4}).axis(0).input_axis_sizes({1, 1}).output_strides({20, 6, 1})
      .Test(GetParam());
  JoinTester().output_sizes({2, 3, 4}).axis(2).input_axis_sizes({1, 3}).output_strides({1, 2, 7})
      .Test(GetParam());
}

TEST_P(JoinKernels, total_size_larger_than_needed) {
  JoinTester().output_sizes({3, 5}).axis(0).input_axis_sizes({1, 2}).extra_bytes(13)
      .Test(GetParam());
}

TEST_P(JoinKernels, every_element_size) {
  for (size_t size : {1, 2, 4, 8})
    JoinTester().output_sizes({3, 5}).axis(1).input_axis_sizes({1, 3, 1}).element_size(size)
        .Test(GetParam());
}

TEST_P(JoinKernels, special_bit_patterns_preserved) {
  for (size_t size : {2, 4, 8})
    JoinTester().output_sizes({2, 7}).axis(1).input_axis_sizes({3, 4}).element_size(size)
        .special_values(true).Test(GetParam());
}

}  // namespace
}  // namespace dmlconf::testing
