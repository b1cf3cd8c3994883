#include "dmlconf/tensor_desc.h"

#include <gtest/gtest.h>

namespace dmlconf {
namespace {

TEST(TensorDesc, PackedSizeIsElementsTimesSizeRoundedUpToFour) {
  EXPECT_EQ(TensorDesc::Packed(DataType::kFloat32, {1, 1, 6, 2}).MinimumTotalBytes(), 48u);
  EXPECT_EQ(TensorDesc::Packed(DataType::kUint8, {3}).MinimumTotalBytes(), 4u);
  EXPECT_EQ(TensorDesc::Packed(DataType::kFloat16, {5}).MinimumTotalBytes(), 12u);
  EXPECT_EQ(TensorDesc::Packed(DataType::kInt64, {2, 3}).MinimumTotalBytes(), 48u);
}

TEST(TensorDesc, StridedSizeFollowsTheDotProductFormula) {
  // (dot({1,2}, {10,3}) + 1) * 4 = 17 * 4 = 68.
  TensorDesc padded = TensorDesc::Packed(DataType::kFloat32, {2, 3});
  padded.strides = std::vector<uint32_t>{10, 3};
  EXPECT_EQ(padded.MinimumTotalBytes(), 68u);
  // Broadcast: every stride 0, one element: 2 bytes rounded to 4.
  TensorDesc broadcast = TensorDesc::Packed(DataType::kUint16, {4, 5});
  broadcast.strides = std::vector<uint32_t>{0, 0};
  EXPECT_EQ(broadcast.MinimumTotalBytes(), 4u);
  EXPECT_EQ(broadcast.ElementCount(), 20u);
}

TEST(TensorDesc, TotalBytesIsTheGivenSizeOrTheMinimum) {
  TensorDesc desc = TensorDesc::Packed(DataType::kFloat32, {2, 2});
  EXPECT_EQ(desc.TotalBytes(), 16u);
  desc.total_tensor_size_in_bytes = 64;
  EXPECT_EQ(desc.TotalBytes(), 64u);
}

TEST(TensorDesc, PackedStridesAreRowMajor) {
  const std::vector<uint32_t> sizes = {2, 3, 4};
  EXPECT_EQ(PackedStrides(sizes), (std::vector<uint32_t>{12, 4, 1}));
  EXPECT_EQ(TensorDesc::Packed(DataType::kInt8, sizes).EffectiveStrides(),
            (std::vector<uint32_t>{12, 4, 1}));
  const std::vector<uint32_t> coords = {1, 2, 3};
  EXPECT_EQ(TensorDesc::Packed(DataType::kInt8, sizes).ElementOffset(coords), 23u);
}

TEST(TensorDesc, InvalidDescriptorsNeverOverflowOrCrash) {
  TensorDesc huge =
      TensorDesc::Packed(DataType::kFloat64, {0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF});
  EXPECT_EQ(huge.ElementCount(), kSaturated);
  EXPECT_EQ(huge.MinimumTotalBytes(), kSaturated);
  TensorDesc zero = TensorDesc::Packed(DataType::kFloat32, {3, 0});
  EXPECT_EQ(zero.ElementCount(), 0u);
  EXPECT_EQ(zero.MinimumTotalBytes(), 0u);
  TensorDesc wrong_strides = TensorDesc::Packed(DataType::kFloat32, {3, 2});
  wrong_strides.strides = std::vector<uint32_t>{1};
  EXPECT_EQ(wrong_strides.MinimumTotalBytes(), 0u);
  EXPECT_EQ(wrong_strides.EffectiveStrides(), (std::vector<uint32_t>{2, 1}));
}

TEST(TensorDesc, FormatsSizesAsBraces) {
  const std::vector<uint32_t> sizes = {1, 3, 2};
  EXPECT_EQ(FormatSizes(sizes), "{1,3,2}");
  EXPECT_EQ(FormatSizes({}), "{}");
}

}  // namespace
}  // namespace dmlconf
