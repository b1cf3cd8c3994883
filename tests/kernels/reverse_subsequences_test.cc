#include <gtest/gtest.h>

#include "testing/both_kernels.h"
#include "testing/param_name.h"
#include "testing/reverse_subsequences_tester.h"

namespace dmlconf::testing {
namespace {

DMLCONF_BOTH_KERNELS(ReverseSubsequences, ReverseSubsequencesTester);

TEST_P(ReverseSubsequencesKernels, one_element) {
  for (uint64_t length : {0, 1, 2})
    ReverseSubsequencesTester().input_sizes({1}).axis(0).lengths({length})
        .Test(GetParam());
}

TEST_P(ReverseSubsequencesKernels, lengths_zero_one_middle_full_and_beyond) {
  // Lines along axis 1 of size 5: L = 0, 1, 3, 5, 6 (acts as 5), huge.
  ReverseSubsequencesTester().input_sizes({6, 5}).axis(1).lengths({0, 1, 3, 5, 6, 0xFFFFFFFF})
      .Test(GetParam());
}

TEST_P(ReverseSubsequencesKernels, uint64_lengths) {
  ReverseSubsequencesTester().input_sizes({4, 3}).axis(1).lengths_type(DataType::kUint64)
      .lengths({2, 3, 0x100000002ull, 0xFFFFFFFFFFFFFFFFull}).Test(GetParam());
}

TEST_P(ReverseSubsequencesKernels, one_dimensional) {
  ReverseSubsequencesTester().input_sizes({7}).axis(0).lengths({4}).Test(GetParam());
}

TEST_P(ReverseSubsequencesKernels, eight_dimensions) {
  for (uint32_t axis : {0u, 3u, 7u})
    ReverseSubsequencesTester().input_sizes({3, 1, 2, 4, 1, 2, 1, 3}).axis(axis)
        .Test(GetParam());
}

TEST_P(ReverseSubsequencesKernels, size_one_axis) {
  ReverseSubsequencesTester().input_sizes({3, 1, 2}).axis(1).lengths({0, 1, 2, 1, 0, 5})
      .Test(GetParam());
}

TEST_P(ReverseSubsequencesKernels, strided_tensors) {
  ReverseSubsequencesTester().input_sizes({3, 4}).input_strides({1, 5}).axis(1).lengths({4, 2, 3})
      .lengths_strides({3, 1}).output_strides({6, 1}).Test(GetParam());
  ReverseSubsequencesTester().input_sizes({3, 4}).input_strides({0, 1}).axis(0).lengths({3, 2, 1, 0})
      .output_strides({1, 4}).Test(GetParam());
}

TEST_P(ReverseSubsequencesKernels, broadcast_lengths) {
  ReverseSubsequencesTester().input_sizes({4, 5}).axis(1).lengths({3, 3, 3, 3})
      .lengths_strides({0, 0}).Test(GetParam());
}

TEST_P(ReverseSubsequencesKernels, total_size_larger_than_needed) {
  ReverseSubsequencesTester().input_sizes({3, 4}).axis(1).extra_bytes(12)
      .Test(GetParam());
}

TEST_P(ReverseSubsequencesKernels, every_element_size) {
  for (size_t size : {1, 2, 4, 8})
    ReverseSubsequencesTester().input_sizes({5, 4}).axis(0).element_size(size)
        .Test(GetParam());
}

// An outer axis with lengths along the inner dimension P: lengths that change
// every column make more runs than the blocked kernel keeps at once (it then
// walks P span by span), equal ones one run as long as P, and broadcast ones
// (stride 0) a single value read once.
TEST_P(ReverseSubsequencesKernels, outer_axis_lengths_changing_every_column) {
  ReverseSubsequencesTester().input_sizes({5, 700}).axis(0).Test(GetParam());
  ReverseSubsequencesTester().input_sizes({2, 6, 300}).axis(1).lengths_type(DataType::kUint64).Test(GetParam());
}

TEST_P(ReverseSubsequencesKernels, outer_axis_lengths_equal_or_broadcast) {
  ReverseSubsequencesTester().input_sizes({6, 1000}).axis(0).lengths(std::vector<uint64_t>(1000, 4))
      .Test(GetParam());
  ReverseSubsequencesTester().input_sizes({6, 1000}).axis(0).lengths(std::vector<uint64_t>(1000, 9))
      .lengths_strides({0, 0}).Test(GetParam());
}

TEST_P(ReverseSubsequencesKernels, special_bit_patterns_preserved) {
  for (size_t size : {2, 4, 8})
    ReverseSubsequencesTester().input_sizes({3, 7}).axis(1).lengths({7, 3, 0}).element_size(size)
        .special_values(true).Test(GetParam());
}

struct AxisParam {
  std::vector<uint32_t> sizes;
  uint32_t axis;
  std::string Name() const {
    return "rank" + std::to_string(sizes.size()) + "_axis" + std::to_string(axis);
  }
  friend void PrintTo(const AxisParam& p, std::ostream* os) { *os << p.Name(); }
};

class ReverseSubsequencesAxis : public ::testing::TestWithParam<AxisParam> {};

// Default lengths cycle 0, 1, ..., size + 1 across the lines.
TEST_P(ReverseSubsequencesAxis, every_length_on_every_axis) {
  // Both implementations on every parameter.
  for (auto kernel : {&naive::ReverseSubsequences, &blocked::ReverseSubsequences}) {
    ReverseSubsequencesTester().input_sizes(GetParam().sizes).axis(GetParam().axis)
        .Test(kernel);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryAxis, ReverseSubsequencesAxis,
                         ::testing::Values(AxisParam{{4, 3, 5, 2}, 0}, AxisParam{{4, 3, 5, 2}, 1},
                                           AxisParam{{4, 3, 5, 2}, 2}, AxisParam{{4, 3, 5, 2}, 3},
                                           AxisParam{{2, 6, 3}, 1}, AxisParam{{7, 8}, 0}),
                         ParamName());

}  // namespace
}  // namespace dmlconf::testing
