// DEPTH_TO_SPACE (feature level 1_0): the family's tester (Eigen's reshape and
// shuffle) in DEPTH_COLUMN_ROW's layout, and the same bytes as DEPTH_TO_SPACE1 in
// that layout, as seed 003 says.
#include <gtest/gtest.h>

#include <algorithm>

#include "testing/both_kernels.h"
#include "testing/depth_space_tester.h"

namespace dmlconf::testing {
namespace {

using DepthToSpaceTester = DepthSpaceTester<DepthToSpaceDesc>;
DMLCONF_BOTH_KERNELS(DepthToSpace, DepthToSpaceTester);

TEST_P(DepthToSpaceKernels, every_block_size_with_one_and_several_channels_per_block) {
  for (uint32_t b = 1; b <= 4; ++b) {
    DepthToSpaceTester().input_sizes({1, b * b, 1, 1}).block_size(b).Test(GetParam());
    DepthToSpaceTester().input_sizes({2, 3 * b * b, 2, 3}).block_size(b).Test(GetParam());
  }
}

TEST_P(DepthToSpaceKernels, padded_permuted_and_broadcast_strides) {
  DepthToSpaceTester()
      .input_sizes({1, 8, 2, 3})
      .input_strides({64, 8, 4, 1})
      .output_strides({80, 40, 8, 1})
      .Test(GetParam());
  DepthToSpaceTester().input_sizes({2, 4, 3, 2}).input_strides({1, 2, 16, 8}).Test(GetParam());
  DepthToSpaceTester().input_sizes({2, 4, 3, 2}).input_strides({0, 0, 2, 1}).Test(GetParam());
}

TEST_P(DepthToSpaceKernels, element_sizes_special_bits_and_spare_bytes) {
  for (size_t size : {1, 2, 4, 8}) {
    DepthToSpaceTester().input_sizes({1, 12, 2, 2}).element_size(size).Test(GetParam());
    DepthToSpaceTester()
        .input_sizes({1, 4, 3, 1})
        .element_size(size)
        .special_values(true)
        .extra_bytes(12)
        .Test(GetParam());
  }
}

// Seed 003: "with Order DEPTH_COLUMN_ROW, DML_DEPTH_TO_SPACE1_OPERATOR_DESC is the same
// as DML_DEPTH_TO_SPACE_OPERATOR_DESC": the blocked kernels of the two write the same
// bytes, padding untouched, on strided tensors.
TEST(DepthToSpace, writes_what_depth_to_space1_writes_in_depth_column_row) {
  const DepthToSpaceDesc old = DepthToSpaceTester()
                                   .input_sizes({2, 18, 2, 2})
                                   .block_size(3)
                                   .input_strides({100, 5, 2, 1})
                                   .element_size(2)
                                   .MakeOpDesc();
  const DepthToSpace1Desc v1 = {old.input_tensor, old.output_tensor, old.block_size,
                                DepthSpaceOrder::kDepthColumnRow};
  const TestTensor input = MakeInput(old.input_tensor, 7);
  TestTensor a = MakeOutput(old.output_tensor), b = MakeOutput(v1.output_tensor);
  blocked::DepthToSpace(old, {{input.buffer.data()}, {a.buffer.data()}});
  blocked::DepthToSpace1(v1, {{input.buffer.data()}, {b.buffer.data()}});
  EXPECT_TRUE(std::ranges::equal(a.buffer.bytes(), b.buffer.bytes()));
}

}  // namespace
}  // namespace dmlconf::testing
