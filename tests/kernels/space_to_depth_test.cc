// SPACE_TO_DEPTH (feature level 1_0): the family's tester in DEPTH_COLUMN_ROW's
// layout, and the inverse of DEPTH_TO_SPACE both ways round.
#include <gtest/gtest.h>

#include "testing/both_kernels.h"
#include "testing/depth_space_tester.h"

namespace dmlconf::testing {
namespace {

using SpaceToDepthTester = DepthSpaceTester<SpaceToDepthDesc>;
DMLCONF_BOTH_KERNELS(SpaceToDepth, SpaceToDepthTester);

TEST_P(SpaceToDepthKernels, blocks_of_one_to_four_over_non_square_images) {
  for (uint32_t b = 1; b <= 4; ++b)
    for (const std::vector<uint32_t>& hw : {std::vector<uint32_t>{1, 1}, {2, 3}, {3, 1}})
      SpaceToDepthTester().input_sizes({2, 3, hw[0] * b, hw[1] * b}).block_size(b).Test(GetParam());
}

TEST_P(SpaceToDepthKernels, strided_inputs_and_outputs) {
  SpaceToDepthTester()
      .input_sizes({1, 2, 4, 4})
      .input_strides({50, 20, 5, 1})
      .output_strides({40, 5, 2, 1})
      .Test(GetParam());
  SpaceToDepthTester()
      .input_sizes({1, 1, 6, 4})
      .input_strides({0, 0, 4, 1})
      .block_size(2)
      .Test(GetParam());
}

TEST_P(SpaceToDepthKernels, every_width_keeps_every_bit) {
  for (size_t size : {1, 2, 4, 8})
    SpaceToDepthTester()
        .input_sizes({1, 2, 2, 4})
        .element_size(size)
        .special_values(size > 1)
        .Test(GetParam());
}

// SPACE_TO_DEPTH undoes DEPTH_TO_SPACE and DEPTH_TO_SPACE undoes SPACE_TO_DEPTH, the
// naive kernels against the blocked ones.
TEST(SpaceToDepth, and_depth_to_space_undo_each_other) {
  for (uint32_t b : {2u, 3u}) {
    SCOPED_TRACE("block " + std::to_string(b));
    const SpaceToDepthDesc to_depth = SpaceToDepthTester()
                                          .input_sizes({2, 2, 2 * b, 3 * b})
                                          .block_size(b)
                                          .element_size(4)
                                          .MakeOpDesc();
    const DepthToSpaceDesc to_space = {to_depth.output_tensor, to_depth.input_tensor, b};
    const TestTensor space = MakeInput(to_depth.input_tensor, 5);
    TestTensor depth = MakeOutput(to_depth.output_tensor),
               back = MakeOutput(to_space.output_tensor);
    naive::SpaceToDepth(to_depth, {{space.buffer.data()}, {depth.buffer.data()}});
    blocked::DepthToSpace(to_space, {{depth.buffer.data()}, {back.buffer.data()}});
    EXPECT_TRUE(LogicalBitsEqual(space.desc, ReadLogical(space), ReadLogical(back)));
    TestTensor again = MakeOutput(to_depth.output_tensor);
    blocked::SpaceToDepth(to_depth, {{back.buffer.data()}, {again.buffer.data()}});
    EXPECT_TRUE(LogicalBitsEqual(depth.desc, ReadLogical(depth), ReadLogical(again)));
  }
}

}  // namespace
}  // namespace dmlconf::testing
