// The oracle against values computed by hand from the specification's formulas.
#include "oracle.h"

#include <stdexcept>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace dmlconf::generate {
namespace {

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;

TensorDesc T(DataType type, std::vector<uint32_t> sizes) { return TensorDesc::Packed(type, sizes); }

Values Iota(ElementBits first, size_t count) {
  Values v(count);
  for (size_t i = 0; i < count; ++i) v[i] = first + i;
  return v;
}

TEST(Oracle, SplitSeedExample1) {
  // Seed 000 example 1: {1,1,6,2} along axis 2 into 2 and 4 rows.
  const SplitDesc d{T(DataType::kFloat32, {1, 1, 6, 2}),
                    {T(DataType::kFloat32, {1, 1, 2, 2}), T(DataType::kFloat32, {1, 1, 4, 2})}, 2};
  const auto out = OracleOutputs(d, {Iota(1, 12)});
  ASSERT_TRUE(out);
  EXPECT_THAT((*out)[0], ElementsAre(1, 2, 3, 4));
  EXPECT_THAT((*out)[1], ElementsAre(5, 6, 7, 8, 9, 10, 11, 12));
}

TEST(Oracle, JoinInnerAxisInterleavesRows) {
  const JoinDesc d{{T(DataType::kUint8, {2, 1}), T(DataType::kUint8, {2, 2})},
                   T(DataType::kUint8, {2, 3}), 1};
  const auto out = OracleOutputs(d, {{1, 2}, {3, 4, 5, 6}});
  ASSERT_TRUE(out);
  EXPECT_THAT((*out)[0], ElementsAre(1, 3, 4, 2, 5, 6));
}

TEST(Oracle, GatherAxis1WithNegativeAndOutOfRange) {
  GatherDesc d{T(DataType::kFloat16, {3, 2}), T(DataType::kInt32, {1, 2}),
               T(DataType::kFloat16, {3, 2}), 1, 1};
  auto out = OracleOutputs(d, {Iota(1, 6), {0xFFFFFFFF /* -1 */, 0}});
  ASSERT_TRUE(out);
  EXPECT_THAT((*out)[0], ElementsAre(2, 1, 4, 3, 6, 5));
  EXPECT_FALSE(OracleOutputs(d, {Iota(1, 6), {2, 0}}));
  EXPECT_FALSE(OracleOutputs(d, {Iota(1, 6), {0xFFFFFFFD /* -3 */, 0}}));
}

TEST(Oracle, GatherTwoIndexDimensions) {
  // input {1,3,2}, axis 1, indices {1,2,2} K=2: output {2,2,2}, out[i,j,x] = in[idx[i,j], x].
  const GatherDesc d{T(DataType::kUint64, {1, 3, 2}), T(DataType::kUint32, {1, 2, 2}),
                     T(DataType::kUint64, {2, 2, 2}), 1, 2};
  const auto out = OracleOutputs(d, {{10, 11, 20, 21, 30, 31}, {2, 0, 1, 1}});
  ASSERT_TRUE(out);
  EXPECT_THAT((*out)[0], ElementsAre(30, 31, 10, 11, 20, 21, 20, 21));
}

TEST(Oracle, DepthToSpaceBothOrders) {
  // {1,8,1,1}, B=2, C'=2. DCR: out[c',bh,bw] = in[(bh*2+bw)*2 + c'];
  // CRD: out[c',bh,bw] = in[c'*4 + bh*2 + bw].
  DepthToSpace1Desc d{T(DataType::kInt16, {1, 8, 1, 1}), T(DataType::kInt16, {1, 2, 2, 2}), 2,
                      DepthSpaceOrder::kDepthColumnRow};
  EXPECT_THAT((*OracleOutputs(d, {Iota(0, 8)}))[0], ElementsAre(0, 2, 4, 6, 1, 3, 5, 7));
  d.order = DepthSpaceOrder::kColumnRowDepth;
  EXPECT_THAT((*OracleOutputs(d, {Iota(0, 8)}))[0], ElementsAreArray(Iota(0, 8)));
}

TEST(Oracle, DepthToSpaceSpatialInterleave) {
  // {1,4,1,2}, B=2, C'=1: out[0,0,bh,w*2+bw] = in[bh*2+bw, 0, w]; in[c,0,w] = 10c + w.
  const DepthToSpace1Desc d{T(DataType::kUint32, {1, 4, 1, 2}), T(DataType::kUint32, {1, 1, 2, 4}),
                            2, DepthSpaceOrder::kDepthColumnRow};
  const auto out = OracleOutputs(d, {{0, 1, 10, 11, 20, 21, 30, 31}});
  EXPECT_THAT((*out)[0], ElementsAre(0, 10, 1, 11, 20, 30, 21, 31));
}

TEST(Oracle, SpaceToDepthBothOrders) {
  // {1,2,2,2} = in[c,h,w] = 4c + 2h + w, B=2 -> {1,8,1,1}.
  // DCR: channel (bh*2+bw)*2 + c; CRD: channel c*4 + bh*2 + bw.
  SpaceToDepth1Desc d{T(DataType::kInt8, {1, 2, 2, 2}), T(DataType::kInt8, {1, 8, 1, 1}), 2,
                      DepthSpaceOrder::kDepthColumnRow};
  EXPECT_THAT((*OracleOutputs(d, {Iota(0, 8)}))[0], ElementsAre(0, 4, 1, 5, 2, 6, 3, 7));
  d.order = DepthSpaceOrder::kColumnRowDepth;
  EXPECT_THAT((*OracleOutputs(d, {Iota(0, 8)}))[0], ElementsAreArray(Iota(0, 8)));
}

TEST(Oracle, ReverseLengthsZeroPartialBeyond) {
  // {3,4} along axis 1, lengths 3, 9 (beyond: whole line), 0.
  const ReverseSubsequencesDesc d{T(DataType::kFloat64, {3, 4}), T(DataType::kUint64, {3, 1}),
                                  T(DataType::kFloat64, {3, 4}), 1};
  const auto out = OracleOutputs(d, {Iota(1, 12), {3, 9, 0}});
  EXPECT_THAT((*out)[0], ElementsAre(3, 2, 1, 4, 8, 7, 6, 5, 9, 10, 11, 12));
}

TEST(Oracle, ReverseAlongOuterAxis) {
  // {3,2} along axis 0, lengths {1,2} = [2, 1]: column 0 reverses its first 2.
  const ReverseSubsequencesDesc d{T(DataType::kUint16, {3, 2}), T(DataType::kUint32, {1, 2}),
                                  T(DataType::kUint16, {3, 2}), 0};
  const auto out = OracleOutputs(d, {Iota(1, 6), {2, 1}});
  EXPECT_THAT((*out)[0], ElementsAre(3, 2, 1, 4, 5, 6));
}

TEST(Oracle, KeepsNaNBitsAndSignedZero) {
  const SplitDesc d{T(DataType::kFloat16, {2, 2}),
                    {T(DataType::kFloat16, {1, 2}), T(DataType::kFloat16, {1, 2})}, 0};
  const auto out = OracleOutputs(d, {{0x7C01, 0x8000, 0xFE2A, 0x0001}});
  EXPECT_THAT((*out)[0], ElementsAre(0x7C01, 0x8000));
  EXPECT_THAT((*out)[1], ElementsAre(0xFE2A, 0x0001));
}

TEST(Oracle, IndexValueSignExtends) {
  EXPECT_EQ(IndexValue(DataType::kInt32, 0xFFFFFFFF), -1);
  EXPECT_EQ(IndexValue(DataType::kUint32, 0xFFFFFFFF), 0xFFFFFFFF);
  EXPECT_EQ(IndexValue(DataType::kInt64, 0x8000000000000000), INT64_MIN);
  EXPECT_EQ(IndexValue(DataType::kInt8, 0x80), -128);
  // Unsigned 64-bit indices are never negative: 2^64-1 is out of range, not -1.
  EXPECT_EQ(IndexValue(DataType::kUint64, 0xFFFFFFFFFFFFFFFF), INT64_MAX);
  EXPECT_EQ(IndexValue(DataType::kUint64, 0x7FFFFFFFFFFFFFFF), INT64_MAX);
  EXPECT_EQ(IndexValue(DataType::kUint64, 4), 4);
}

// Contract point G4: a leading index dimension above 1 has no expected output,
// and the oracle says so rather than reading the index elements as a flat list.
TEST(Oracle, GatherRefusesToGuessWithALeadingIndexDimensionAboveOne) {
  const GatherDesc d{T(DataType::kFloat32, {2, 5, 3}), T(DataType::kUint32, {1, 2, 4}),
                     T(DataType::kFloat32, {2, 4, 3}), 1, 1};
  EXPECT_THROW(OracleOutputs(d, {Iota(0, 30), Values(8, 0)}), std::invalid_argument);
  // The same gather with the leading dimensions 1 is fine.
  const GatherDesc ok{T(DataType::kFloat32, {2, 5, 3}), T(DataType::kUint32, {1, 1, 4}),
                      T(DataType::kFloat32, {2, 4, 3}), 1, 1};
  EXPECT_TRUE(OracleOutputs(ok, {Iota(0, 30), Values(4, 0)}));
}

}  // namespace
}  // namespace dmlconf::generate
