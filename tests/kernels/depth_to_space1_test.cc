#include <gtest/gtest.h>

#include "testing/both_kernels.h"
#include "testing/depth_space_tester.h"
#include "testing/param_name.h"

namespace dmlconf::testing {
namespace {

using DepthToSpace1Tester = DepthSpaceTester<DepthToSpace1Desc>;

DMLCONF_BOTH_KERNELS(DepthToSpace1, DepthToSpace1Tester);

constexpr DepthSpaceOrder kDcr = DepthSpaceOrder::kDepthColumnRow;
constexpr DepthSpaceOrder kCrd = DepthSpaceOrder::kColumnRowDepth;

TEST_P(DepthToSpace1Kernels, one_pixel) {
  for (DepthSpaceOrder order : {kDcr, kCrd})
    DepthToSpace1Tester().input_sizes({1, 4, 1, 1}).block_size(2).order(order)
        .Test(GetParam());
}

TEST_P(DepthToSpace1Kernels, block_size_one_is_a_copy) {
  DepthToSpace1Tester().input_sizes({2, 3, 2, 2}).block_size(1).Test(GetParam());
}

TEST_P(DepthToSpace1Kernels, strided_tensors) {
  DepthToSpace1Tester().input_sizes({1, 4, 2, 3}).input_strides({40, 10, 4, 1})
      .output_strides({60, 30, 7, 1}).Test(GetParam());
  DepthToSpace1Tester().input_sizes({2, 4, 2, 3}).input_strides({1, 2, 24, 8}).order(kCrd)
      .Test(GetParam());
  DepthToSpace1Tester().input_sizes({2, 4, 2, 3}).input_strides({0, 6, 3, 1})
      .Test(GetParam());
}

TEST_P(DepthToSpace1Kernels, total_size_larger_than_needed) {
  DepthToSpace1Tester().input_sizes({1, 8, 2, 3}).order(kCrd).extra_bytes(40)
      .Test(GetParam());
}

TEST_P(DepthToSpace1Kernels, every_element_size) {
  for (size_t size : {1, 2, 4, 8})
    DepthToSpace1Tester().input_sizes({1, 8, 3, 2}).element_size(size).Test(GetParam());
}

TEST_P(DepthToSpace1Kernels, special_bit_patterns_preserved) {
  for (size_t size : {2, 4, 8})
    DepthToSpace1Tester().input_sizes({1, 4, 2, 2}).element_size(size).special_values(true)
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
      params.push_back({b, order, {1, b * b, 1, 1}});
      params.push_back({b, order, {2, 3 * b * b, 2, 3}});  // non-square spatial size
    }
  return params;
}

class DepthToSpace1Block : public ::testing::TestWithParam<BlockParam> {};

TEST_P(DepthToSpace1Block, matches_reshape_shuffle) {
  // Both implementations on every block size and order.
  for (auto kernel : {&naive::DepthToSpace1, &blocked::DepthToSpace1})
    DepthToSpace1Tester().input_sizes(GetParam().input_sizes).block_size(GetParam().block_size)
      .order(GetParam().order).Test(kernel);
}

INSTANTIATE_TEST_SUITE_P(BlockSizesAndOrders, DepthToSpace1Block,
                         ::testing::ValuesIn(BlockParams()), ParamName());

// S2D(D2S(x)) == x and D2S(S2D(y)) == y, both orders: the naive kernels are
// each other's inverse.
TEST(DepthSpaceRoundTrip, space_to_depth_undoes_depth_to_space) {
  for (DepthSpaceOrder order : {kDcr, kCrd})
    for (uint32_t b : {2u, 3u}) {
      SCOPED_TRACE(DepthSpaceOrderName(order) + " block " + std::to_string(b));
      DepthToSpace1Desc d2s;
      d2s.block_size = b;
      d2s.order = order;
      d2s.input_tensor = TensorDesc::Packed(DataType::kUint16, {2, 2 * b * b, 3, 2});
      d2s.output_tensor = TensorDesc::Packed(DataType::kUint16, {2, 2, 3 * b, 2 * b});
      SpaceToDepth1Desc s2d;
      s2d.block_size = b;
      s2d.order = order;
      s2d.input_tensor = d2s.output_tensor;
      s2d.output_tensor = d2s.input_tensor;

      const TestTensor x = MakeInput(d2s.input_tensor, 3);
      TestTensor space = MakeOutput(d2s.output_tensor);
      TestTensor back = MakeOutput(s2d.output_tensor);
      naive::DepthToSpace1(d2s, {{x.buffer.data()}, {space.buffer.data()}});
      naive::SpaceToDepth1(s2d, {{space.buffer.data()}, {back.buffer.data()}});
      EXPECT_TRUE(LogicalBitsEqual(x.desc, ReadLogical(x), ReadLogical(back)));

      const TestTensor y = MakeInput(s2d.input_tensor, 4);
      TestTensor depth = MakeOutput(s2d.output_tensor);
      TestTensor again = MakeOutput(d2s.output_tensor);
      naive::SpaceToDepth1(s2d, {{y.buffer.data()}, {depth.buffer.data()}});
      naive::DepthToSpace1(d2s, {{depth.buffer.data()}, {again.buffer.data()}});
      EXPECT_TRUE(LogicalBitsEqual(y.desc, ReadLogical(y), ReadLogical(again)));
    }
}

}  // namespace
}  // namespace dmlconf::testing
