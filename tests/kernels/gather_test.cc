#include <gtest/gtest.h>

#include <limits>

#include "testing/both_kernels.h"
#include "testing/gather_tester.h"
#include "testing/param_name.h"

namespace dmlconf::testing {
namespace {

DMLCONF_BOTH_KERNELS(Gather, GatherTester);

TEST_P(GatherKernels, one_element) {
  GatherTester().input_sizes({1}).axis(0).indices_sizes({1}).index_dimensions(1).indices({0})
      .Test(GetParam());
}

TEST_P(GatherKernels, every_axis) {
  for (uint32_t axis = 0; axis < 3; ++axis)
    GatherTester().input_sizes({3, 4, 5}).axis(axis).indices_sizes({1, 1, 4}).index_dimensions(1)
        .Test(GetParam());
}

TEST_P(GatherKernels, two_index_dimensions_in_the_middle) {
  // Output {2, 3, 2, 5}: input[0..2) ++ indices {3, 2} ++ input[3..4), the
  // leading 1 dropped.
  GatherTester().input_sizes({1, 2, 4, 5}).axis(2).indices_sizes({1, 1, 3, 2}).index_dimensions(2)
      .indices({3, 0, 1, 1, 2, 3}).Test(GetParam());
}

TEST_P(GatherKernels, repeated_indices) {
  GatherTester().input_sizes({3, 4}).axis(1).indices_sizes({1, 6}).indices({2, 2, 2, 0, 0, 2})
      .Test(GetParam());
}

TEST_P(GatherKernels, negative_indices_count_from_the_end) {
  for (DataType type : {DataType::kInt32, DataType::kInt64})
    GatherTester().input_sizes({3, 4}).axis(1).indices_sizes({1, 5}).index_type(type)
        .indices({-1, -4, 0, -2, 3}).Test(GetParam());
}

TEST_P(GatherKernels, every_index_type) {
  for (DataType type : {DataType::kUint32, DataType::kUint64, DataType::kInt32, DataType::kInt64})
    GatherTester().input_sizes({2, 5}).axis(1).indices_sizes({1, 4}).index_type(type)
        .indices({4, 0, 3, 1}).Test(GetParam());
}

TEST_P(GatherKernels, eight_dimensions) {
  GatherTester().input_sizes({2, 1, 2, 1, 3, 1, 2, 2}).axis(4).indices_sizes({1, 1, 1, 1, 1, 1, 1, 4})
      .indices({2, 0, 1, 2}).Test(GetParam());
  GatherTester().input_sizes({3, 1, 1, 1, 1, 1, 2, 2}).axis(0).indices_sizes({1, 1, 1, 1, 1, 1, 1, 2})
      .indices({2, 1}).Test(GetParam());
}

TEST_P(GatherKernels, padded_and_permuted_strides) {
  GatherTester().input_sizes({3, 4}).input_strides({9, 2}).axis(0).indices_sizes({1, 3})
      .indices_strides({1, 3}).indices({2, 0, 1}).output_strides({1, 3}).Test(GetParam());
  GatherTester().input_sizes({3, 4}).input_strides({1, 3}).axis(1).indices_sizes({1, 2})
      .indices({3, 1}).output_strides({7, 2}).Test(GetParam());
}

TEST_P(GatherKernels, broadcast_input_and_indices) {
  GatherTester().input_sizes({3, 4}).input_strides({0, 1}).axis(1).indices_sizes({1, 3})
      .indices({1, 2, 3}).Test(GetParam());
  // Every index read from one location.
  GatherTester().input_sizes({3, 4}).axis(0).indices_sizes({1, 3}).indices_strides({0, 0})
      .indices({2, 2, 2}).Test(GetParam());
}

TEST_P(GatherKernels, total_size_larger_than_needed) {
  GatherTester().input_sizes({3, 4}).axis(1).indices_sizes({1, 3}).indices({0, 3, 1}).extra_bytes(20)
      .Test(GetParam());
}

TEST_P(GatherKernels, every_element_size) {
  for (size_t size : {1, 2, 4, 8})
    GatherTester().input_sizes({3, 5}).axis(0).indices_sizes({1, 4}).indices({2, 0, 1, 2})
        .element_size(size).Test(GetParam());
}

// 1- and 2-byte elements along the innermost axis go a tile of 8 (4) rows
// at a time in the blocked kernel: 17 rows leave one alone, 37 positions end
// in a partial group, 20 columns in a partial block of the transpose.
TEST_P(GatherKernels, tiles_of_rows_along_the_innermost_axis) {
  for (size_t size : {1, 2})
    GatherTester().input_sizes({17, 20}).axis(1).indices_sizes({1, 37}).element_size(size)
        .Test(GetParam());
}

TEST_P(GatherKernels, special_bit_patterns_preserved) {
  for (size_t size : {2, 4, 8})
    GatherTester().input_sizes({2, 7}).axis(1).indices_sizes({1, 7}).indices({6, 5, 4, 3, 2, 1, 0})
        .element_size(size).special_values(true).Test(GetParam());
}

// Out-of-range indices: the output is unspecified, so the tester only checks
// that the call stays inside the output (gaps and guards) and reads inside
// the input (ASan). Padded output strides make stray writes visible.
TEST_P(GatherKernels, out_of_range_indices_stay_in_bounds) {
  constexpr int64_t kMin64 = std::numeric_limits<int64_t>::min();
  constexpr int64_t kMax64 = std::numeric_limits<int64_t>::max();
  GatherTester().input_sizes({3, 4}).axis(1).indices_sizes({1, 3}).index_type(DataType::kUint32)
      .indices({4, 0xFFFFFFFF, 1000}).output_strides({5, 1}).Test(GetParam());
  GatherTester().input_sizes({3, 4}).axis(1).indices_sizes({1, 4}).index_type(DataType::kInt32)
      .indices({-5, 4, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()})
      .output_strides({6, 1}).Test(GetParam());
  GatherTester().input_sizes({3, 4}).axis(0).indices_sizes({1, 3}).index_type(DataType::kInt64)
      .indices({kMin64, kMax64, -4}).Test(GetParam());
  // -1 as UINT64 is 2^64 - 1: huge, not "the last element".
  GatherTester().input_sizes({3, 4}).axis(0).indices_sizes({1, 2}).index_type(DataType::kUint64)
      .indices({-1, kMin64}).Test(GetParam());
}

struct IndexDimensionsParam {
  uint32_t k;
  std::vector<uint32_t> input_sizes;
  uint32_t axis;
  std::vector<uint32_t> indices_sizes;
  std::string Name() const {
    return "rank" + std::to_string(input_sizes.size()) + "_axis" + std::to_string(axis) + "_k" +
           std::to_string(k);
  }
  friend void PrintTo(const IndexDimensionsParam& p, std::ostream* os) { *os << p.Name(); }
};

class GatherIndexDimensions : public ::testing::TestWithParam<IndexDimensionsParam> {};

TEST_P(GatherIndexDimensions, matches_chip_reference) {
  // Both implementations on every parameter.
  for (auto kernel : {&naive::Gather, &blocked::Gather}) {
    const IndexDimensionsParam& p = GetParam();
    GatherTester().input_sizes(p.input_sizes).axis(p.axis).indices_sizes(p.indices_sizes)
        .index_dimensions(p.k).Test(kernel);
  }
}

// K = 0 is a single scalar index; K = D uses every index dimension, which
// needs an input whose original rank is 1.
INSTANTIATE_TEST_SUITE_P(
    KFromZeroToRank, GatherIndexDimensions,
    ::testing::Values(IndexDimensionsParam{0, {3, 4}, 1, {1, 1}},
                      IndexDimensionsParam{1, {3, 4}, 1, {1, 5}},
                      IndexDimensionsParam{2, {1, 4}, 1, {2, 3}},
                      IndexDimensionsParam{0, {2, 3, 4}, 0, {1, 1, 1}},
                      IndexDimensionsParam{1, {2, 3, 4}, 2, {1, 1, 3}},
                      IndexDimensionsParam{2, {1, 3, 4}, 2, {1, 2, 3}},
                      IndexDimensionsParam{2, {1, 3, 4}, 1, {1, 2, 2}},
                      IndexDimensionsParam{3, {1, 1, 5}, 2, {2, 2, 3}}),
    ParamName());

}  // namespace
}  // namespace dmlconf::testing
