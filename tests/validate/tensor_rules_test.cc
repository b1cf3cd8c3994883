// What validation accepts at the edges of its rules, the seeds' examples, and
// the order in which rules are checked.
#include <gtest/gtest.h>

#include "dmlconf/validate.h"
#include "validate/descs.h"

namespace dmlconf {
namespace {

using testing::T;
using DT = DataType;
const FeatureLevel kTop = kHighestFeatureLevel;

TensorDesc Strided(std::vector<uint32_t> sizes, std::vector<uint32_t> strides) {
  TensorDesc t = T(std::move(sizes));
  t.strides = std::move(strides);
  return t;
}

Reason Code(const OperatorDesc& desc, FeatureLevel level = kTop) {
  return Validate(desc, level).reason;
}

// REVERSE_SUBSEQUENCES at rank 2, axis 1, with the given input and output.
OperatorDesc Reverse2D(TensorDesc input, TensorDesc output) {
  TensorDesc lengths = T({input.sizes[0], 1}, DT::kUint32);
  return ReverseSubsequencesDesc{std::move(input), std::move(lengths), std::move(output), 1};
}

TEST(OutputAliasing, PaddedAndPermutedOutputsAreAccepted) {
  EXPECT_EQ(Code(Reverse2D(T({3, 2}), Strided({3, 2}, {8, 1}))), Reason::OK);  // padded
  EXPECT_EQ(Code(Reverse2D(T({3, 2}), Strided({3, 2}, {1, 3}))), Reason::OK);  // column-major
  // Size-1 dimensions never alias, whatever their stride.
  EXPECT_EQ(Code(Reverse2D(T({1, 2}), Strided({1, 2}, {0, 1}))), Reason::OK);
  // Offsets 0,2,3,5: disjoint, and the sorted-extent test sees it.
  EXPECT_EQ(Code(Reverse2D(T({2, 2}), Strided({2, 2}, {3, 2}))), Reason::OK);
}

TEST(OutputAliasing, BroadcastInputsAreFine) {
  EXPECT_EQ(Code(Reverse2D(Strided({3, 2}, {0, 1}), T({3, 2}))), Reason::OK);
}

TEST(OutputAliasing, ZeroStrideAndOverlapAreRefused) {
  EXPECT_EQ(Code(Reverse2D(T({3, 2}), Strided({3, 2}, {0, 1}))), Reason::TENSOR_OUTPUT_ALIASED);
  EXPECT_EQ(Code(Reverse2D(T({3, 2}), Strided({3, 2}, {1, 1}))), Reason::TENSOR_OUTPUT_ALIASED);
  EXPECT_EQ(Code(Reverse2D(T({3, 2}), Strided({3, 2}, {2, 2}))), Reason::TENSOR_OUTPUT_ALIASED);
}

// A project choice (validate/tensor_rules.cc): offsets i*2 + j*3 for sizes {3,2}
// are 0,3,2,5,4,7, all distinct, yet the sufficient test refuses the layout.
TEST(OutputAliasing, InterleavedButDisjointIsRefusedByChoice) {
  EXPECT_EQ(Code(Reverse2D(T({3, 2}), Strided({3, 2}, {2, 3}))), Reason::TENSOR_OUTPUT_ALIASED);
}

TEST(TensorLimits, EdgesThatAreAccepted) {
  // 65535 * 65537 = 2^32 - 1 elements: exactly the maximum.
  EXPECT_EQ(Code(Reverse2D(T({65535, 65537}, DT::kUint8), T({65535, 65537}, DT::kUint8))),
            Reason::OK);
  TensorDesc big_total = T({3, 2});
  big_total.total_tensor_size_in_bytes = 1024;
  big_total.guaranteed_base_offset_alignment = 256;
  EXPECT_EQ(Code(Reverse2D(big_total, T({3, 2}))), Reason::OK);
  TensorDesc aligned16 = T({3, 2});
  aligned16.guaranteed_base_offset_alignment = 16;
  EXPECT_EQ(Code(Reverse2D(T({3, 2}), aligned16)), Reason::OK);
  // Rank 8 is the largest legal rank.
  EXPECT_EQ(Code(testing::MakeValid(OperatorType::kJoin, 8, DT::kInt8)), Reason::OK);
}

// Contract point T1, typed from the spec: each type's element size in bytes,
// and alignments given as a number of bytes (0 = no promise).
struct TypeSize {
  DT type;
  uint32_t bytes;
};
constexpr TypeSize kSpecSizes[] = {
    {DT::kFloat64, 8}, {DT::kFloat32, 4}, {DT::kFloat16, 2}, {DT::kInt64, 8},
    {DT::kInt32, 4},   {DT::kInt16, 2},   {DT::kInt8, 1},    {DT::kUint64, 8},
    {DT::kUint32, 4},  {DT::kUint16, 2},  {DT::kUint8, 1},
};

// REVERSE_SUBSEQUENCES of `type` with the alignment on the input or the output.
Reason AlignedCode(DT type, uint32_t align, bool on_output) {
  TensorDesc input = T({3, 2}, type), output = T({3, 2}, type);
  (on_output ? output : input).guaranteed_base_offset_alignment = align;
  return Code(Reverse2D(input, output));
}

TEST(Alignment, SmallPowersOfTwoFromTheElementSizeAreAccepted) {
  EXPECT_EQ(AlignedCode(DT::kFloat32, 4, false), Reason::OK);
  EXPECT_EQ(AlignedCode(DT::kFloat32, 4, true), Reason::OK);
  EXPECT_EQ(AlignedCode(DT::kInt64, 8, false), Reason::OK);
  EXPECT_EQ(AlignedCode(DT::kInt64, 8, true), Reason::OK);
  EXPECT_EQ(AlignedCode(DT::kUint8, 1, true), Reason::OK);
  EXPECT_EQ(AlignedCode(DT::kUint8, 2, false), Reason::OK);
  EXPECT_EQ(AlignedCode(DT::kFloat16, 2, true), Reason::OK);
  EXPECT_EQ(AlignedCode(DT::kFloat32, 0, true), Reason::OK);  // no promise at all
}

TEST(Alignment, PowersOfTwoBelowTheElementSizeAreRefused) {
  EXPECT_EQ(AlignedCode(DT::kFloat32, 2, false), Reason::TENSOR_ALIGNMENT_INVALID);
  EXPECT_EQ(AlignedCode(DT::kFloat32, 1, true), Reason::TENSOR_ALIGNMENT_INVALID);
  EXPECT_EQ(AlignedCode(DT::kInt64, 4, true), Reason::TENSOR_ALIGNMENT_INVALID);
  EXPECT_EQ(AlignedCode(DT::kFloat64, 2, false), Reason::TENSOR_ALIGNMENT_INVALID);
  EXPECT_EQ(AlignedCode(DT::kFloat16, 1, true), Reason::TENSOR_ALIGNMENT_INVALID);
}

TEST(Alignment, NonPowersOfTwoAreRefusedWhateverTheirSize) {
  for (uint32_t align : {3u, 6u, 12u, 24u, 48u, 100u, 0x80000001u, 0xFFFFFFFFu})
    EXPECT_EQ(AlignedCode(DT::kUint8, align, false), Reason::TENSOR_ALIGNMENT_INVALID) << align;
}

// Every type against every power of two up to 2^31: legal exactly from its size.
TEST(Alignment, EveryTypeAgainstEveryPowerOfTwo) {
  for (const TypeSize& ts : kSpecSizes)
    for (uint32_t shift = 0; shift < 32; ++shift) {
      const uint32_t align = 1u << shift;
      const Reason expected = align >= ts.bytes ? Reason::OK : Reason::TENSOR_ALIGNMENT_INVALID;
      EXPECT_EQ(AlignedCode(ts.type, align, shift % 2 == 1), expected)
          << DataTypeName(ts.type) << " alignment " << align;
    }
}

// The index tensor is judged by its own type, not the data type.
TEST(Alignment, TheLengthsTensorUsesItsOwnElementSize) {
  ReverseSubsequencesDesc d = testing::ValidReverse();
  d.input_tensor = T({2, 3, 4, 5}, DT::kUint8);
  d.output_tensor = T({2, 3, 4, 5}, DT::kUint8);
  d.sequence_lengths_tensor.guaranteed_base_offset_alignment = 2;  // UINT32 lengths
  EXPECT_EQ(Code(d), Reason::TENSOR_ALIGNMENT_INVALID);
  d.sequence_lengths_tensor.guaranteed_base_offset_alignment = 4;
  EXPECT_EQ(Code(d), Reason::OK);
}

TEST(TensorLimits, MinimumSizeRoundsUpToFour) {
  // 3 UINT8 elements need roundup(3, 4) = 4 bytes: 3 is too small, 4 is enough.
  TensorDesc t = T({1, 3}, DT::kUint8);
  t.total_tensor_size_in_bytes = 3;
  EXPECT_EQ(Code(Reverse2D(t, T({1, 3}, DT::kUint8))), Reason::TENSOR_TOTAL_SIZE_TOO_SMALL);
  t.total_tensor_size_in_bytes = 4;
  EXPECT_EQ(Code(Reverse2D(t, T({1, 3}, DT::kUint8))), Reason::OK);
  // Strided: (2*4 + 1*1 + 1) elements * 4 bytes = 40 bytes.
  TensorDesc s = Strided({3, 2}, {4, 1});
  s.total_tensor_size_in_bytes = 36;
  EXPECT_EQ(Code(Reverse2D(s, T({3, 2}))), Reason::TENSOR_TOTAL_SIZE_TOO_SMALL);
  s.total_tensor_size_in_bytes = 40;
  EXPECT_EQ(Code(Reverse2D(s, T({3, 2}))), Reason::OK);
}

// DML_BUFFER_TENSOR_DESC asks only TotalTensorSizeInBytes >= the minimum implied size;
// DWORD alignment is asked of bound buffers (DirectML helper functions), not of it.
TEST(TensorLimits, TotalSizeNeedNotBeAMultipleOfFour) {
  TensorDesc t = T({1, 3}, DT::kUint8);
  t.total_tensor_size_in_bytes = 6;  // minimum 4, + 2
  EXPECT_EQ(Code(Reverse2D(t, T({1, 3}, DT::kUint8))), Reason::OK);
  DepthToSpace1Desc d2s = testing::ValidDepthToSpace1();
  d2s.input_tensor.total_tensor_size_in_bytes = 194;  // 48 floats: minimum 192, + 2
  EXPECT_EQ(Code(d2s), Reason::OK);
  d2s.output_tensor.total_tensor_size_in_bytes = 193;
  EXPECT_EQ(Code(d2s), Reason::OK);
}

TEST(RuleOrder, EarlierRulesWin) {
  // An input's own rule is reported before an output's.
  SplitDesc split = testing::ValidSplit();
  split.input_tensor.guaranteed_base_offset_alignment = 3;
  split.output_tensors[0].sizes[0] = 0;
  EXPECT_EQ(Code(split), Reason::TENSOR_ALIGNMENT_INVALID);
  // Per-tensor rules come before rank and type agreement.
  GatherDesc gather = testing::ValidGather();
  gather.indices_tensor = T({3}, DT::kFloat16);
  gather.output_tensor.total_tensor_size_in_bytes = 2;
  EXPECT_EQ(Code(gather), Reason::TENSOR_TOTAL_SIZE_TOO_SMALL);
  gather.output_tensor.total_tensor_size_in_bytes.reset();
  EXPECT_EQ(Code(gather), Reason::RANK_MISMATCH);
  // The index tensor's type is judged against index_types, not the data type.
  gather = testing::ValidGather();
  gather.indices_tensor.data_type = DT::kFloat32;
  EXPECT_EQ(Code(gather), Reason::INDEX_DATA_TYPE_NOT_SUPPORTED);
  // Mismatched data types are reported before unsupported ones.
  split = testing::ValidSplit();
  split.input_tensor.data_type = DT::kFloat64;
  EXPECT_EQ(Code(split, FeatureLevel::k1_0), Reason::DATA_TYPE_MISMATCH);
  // A missing operator is reported before anything else.
  DepthToSpace1Desc d2s = testing::ValidDepthToSpace1();
  d2s.block_size = 0;
  EXPECT_EQ(Code(d2s, FeatureLevel::k1_0), Reason::OPERATOR_NOT_AVAILABLE);
}

// Seed 002's examples, with erratum G1's correction (IndexDimensions 1).
TEST(GatherSeedExamples, AllValidateOk) {
  const DT u32 = DT::kUint32;
  const GatherDesc examples[] = {
      {T({4}), T({5}, u32), T({5}), 0, 1},
      {T({3, 2}), T({1, 4}, u32), T({4, 2}), 0, 1},
      {T({3, 2}), T({1, 2}, u32), T({3, 2}), 1, 1},           // G1 corrected
      {T({1, 3, 3}), T({1, 1, 2}, u32), T({3, 1, 2}), 2, 2},  // G3: the fields count
      {T({1, 3, 2}), T({1, 2, 2}, u32), T({2, 2, 2}), 1, 2},
  };
  for (const GatherDesc& e : examples)
    EXPECT_EQ(Validate(e, FeatureLevel::k3_0).ToString(), "OK")
        << FormatSizes(e.input_tensor.sizes);
}

TEST(GatherIndexDimensions, ZeroAndFullRankAreInRange) {
  // K = 0: the axis disappears and a leading 1 fills its slot.
  EXPECT_EQ(Code(GatherDesc{T({2, 5, 3}), T({1, 1, 1}, DT::kUint32), T({1, 2, 3}), 1, 0}),
            Reason::OK);
  // K = D (erratum G2): {1,1} ++ {2,1,4} ++ {} = {1,1,2,1,4} -> two leading 1s dropped.
  // The input's original rank is 1, so 1 + 3 - 1 = 3 <= D (seed 002).
  EXPECT_EQ(Code(GatherDesc{T({1, 1, 5}), T({2, 1, 4}, DT::kUint32), T({2, 1, 4}), 2, 3}),
            Reason::OK);
  // {} ++ {1,1,4} ++ {2,3} = {1,1,4,2,3}: the surplus entries are 1, but the input's
  // original rank is 3 and 3 + 3 - 1 = 5 > 3 (seed 002: "must be less than or equal to
  // OutputTensor's DimensionCount").
  EXPECT_EQ(Code(GatherDesc{T({5, 2, 3}), T({1, 1, 4}, DT::kUint32), T({4, 2, 3}), 0, 3}),
            Reason::GATHER_OUTPUT_RANK_OVERFLOW);
  EXPECT_EQ(Code(GatherDesc{T({5, 2, 3}), T({1, 1, 4}, DT::kUint32), T({4, 2, 3}), 0, 4}),
            Reason::GATHER_INDEX_DIMENSIONS_OUT_OF_RANGE);
}

}  // namespace
}  // namespace dmlconf
