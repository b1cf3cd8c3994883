#include <gtest/gtest.h>

#include "testing/both_kernels.h"
#include "testing/depth_space_tester.h"
#include "testing/param_name.h"

namespace dmlconf::testing {
namespace {

using SpaceToDepth1Tester = DepthSpaceTester<SpaceToDepth1Desc>;

DMLCONF_BOTH_KERNELS(SpaceToDepth1, SpaceToDepth1Tester);

constexpr DepthSpaceOrder kDcr = DepthSpaceOrder::kDepthColumnRow;
constexpr DepthSpaceOrder kCrd = DepthSpaceOrder::kColumnRowDepth;

TEST_P(SpaceToDepth1Kernels, one_block) {
  for (DepthSpaceOrder order : {kDcr, kCrd})
    SpaceToDepth1Tester().input_sizes({1, 1, 2, 2}).block_size(2).order(order)
        .Test(GetParam());
}

TEST_P(SpaceToDepth1Kernels, block_size_one_is_a_copy) {
  SpaceToDepth1Tester().input_sizes({2, 3, 2, 2}).block_size(1).Test(GetParam());
}

TEST_P(SpaceToDepth1Kernels, strided_tensors) {
  SpaceToDepth1Tester().input_sizes({1, 2, 4, 6}).input_strides({64, 32, 8, 1})
      .output_strides({100, 13, 4, 1}).order(kCrd).Test(GetParam());
  SpaceToDepth1Tester().input_sizes({2, 2, 4, 2}).input_strides({1, 2, 4, 16})
      .Test(GetParam());
  SpaceToDepth1Tester().input_sizes({2, 2, 4, 2}).input_strides({16, 8, 0, 1})
      .Test(GetParam());
}

TEST_P(SpaceToDepth1Kernels, total_size_larger_than_needed) {
  SpaceToDepth1Tester().input_sizes({1, 2, 4, 6}).extra_bytes(4).Test(GetParam());
}

TEST_P(SpaceToDepth1Kernels, every_element_size) {
  for (size_t size : {1, 2, 4, 8})
    for (DepthSpaceOrder order : {kDcr, kCrd})
      SpaceToDepth1Tester().input_sizes({1, 3, 4, 2}).order(order).element_size(size)
          .Test(GetParam());
}

TEST_P(SpaceToDepth1Kernels, special_bit_patterns_preserved) {
  for (size_t size : {2, 4, 8})
    SpaceToDepth1Tester().input_sizes({1, 2, 2, 4}).element_size(size).special_values(true)
        .Test(GetParam());
}

struct BlockParam {
  uint32_t block_size;
  DepthSpaceOrder order;
  std::vector<uint32_t> input_sizes;
  std::string Name() const {
    return "b" + std::to_string(block_size) + "_" + DepthSpaceOrderName(order) + "_" +
           std::to_string(input_sizes[0]) + "x" + std::to_string(input_sizes[1]) + "x" +
           std::to_string(input_sizes[2]) + "x" + std::to_string(input_sizes[3]);
  }
  friend void PrintTo(const BlockParam& p, std::ostream* os) { *os << p.Name(); }
};

std::vector<BlockParam> BlockParams() {
  std::vector<BlockParam> params;
  for (DepthSpaceOrder order : {kDcr, kCrd})
    for (uint32_t b = 1; b <= 4; ++b) {
      params.push_back({b, order, {1, 1, b, b}});
      params.push_back({b, order, {2, 3, 2 * b, 3 * b}});  // non-square spatial size
    }
  return params;
}

class SpaceToDepth1Block : public ::testing::TestWithParam<BlockParam> {};

TEST_P(SpaceToDepth1Block, matches_reshape_shuffle) {
  // Both implementations on every block size and order.
  for (auto kernel : {&naive::SpaceToDepth1, &blocked::SpaceToDepth1})
    SpaceToDepth1Tester().input_sizes(GetParam().input_sizes).block_size(GetParam().block_size)
      .order(GetParam().order).Test(kernel);
}

INSTANTIATE_TEST_SUITE_P(BlockSizesAndOrders, SpaceToDepth1Block,
                         ::testing::ValuesIn(BlockParams()), ParamName());

}  // namespace
}  // namespace dmlconf::testing
