// The specification's own examples (seeds 000-004), values typed in from the
// pages, run through naive::Execute and blocked::Execute so that dispatch is
// covered too.
#include <gtest/gtest.h>

#include "dmlconf/blocked.h"
#include "dmlconf/naive.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {
namespace {

std::vector<std::byte> Floats(std::initializer_list<float> values) {
  std::vector<std::byte> bytes(values.size() * 4);
  std::memcpy(bytes.data(), std::data(values), bytes.size());
  return bytes;
}
std::vector<std::byte> Uint32s(std::initializer_list<uint32_t> values) {
  std::vector<std::byte> bytes(values.size() * 4);
  std::memcpy(bytes.data(), std::data(values), bytes.size());
  return bytes;
}
std::vector<std::byte> Iota(uint32_t from, uint32_t count, bool as_float) {
  std::vector<std::byte> bytes;
  for (uint32_t i = 0; i < count; ++i) {
    const auto one = as_float ? Floats({float(from + i)}) : Uint32s({from + i});
    bytes.insert(bytes.end(), one.begin(), one.end());
  }
  return bytes;
}

TensorDesc F32(std::vector<uint32_t> sizes) { return TensorDesc::Packed(DataType::kFloat32, sizes); }
TensorDesc U32(std::vector<uint32_t> sizes) { return TensorDesc::Packed(DataType::kUint32, sizes); }

// Runs `desc` on the given packed inputs, on each implementation, and
// compares every output.
void ExpectExampleOn(void (*execute)(const OperatorDesc&, const Bindings&), const OperatorDesc& desc,
                     const std::vector<std::vector<std::byte>>& inputs,
                     const std::vector<std::vector<std::byte>>& expected) {
  const std::vector<TensorSlot> in_slots = InputSlots(desc);
  const std::vector<TensorSlot> out_slots = OutputSlots(desc);
  ASSERT_EQ(in_slots.size(), inputs.size());
  ASSERT_EQ(out_slots.size(), expected.size());
  std::vector<TestTensor> in, out;
  Bindings bindings;
  for (size_t i = 0; i < inputs.size(); ++i) in.push_back(MakeInputFromLogical(*in_slots[i].desc, inputs[i]));
  for (const TensorSlot& slot : out_slots) out.push_back(MakeOutput(*slot.desc));
  for (const TestTensor& t : in) bindings.inputs.push_back(t.buffer.data());
  for (TestTensor& t : out) bindings.outputs.push_back(t.buffer.data());

  execute(desc, bindings);

  for (size_t i = 0; i < out.size(); ++i) {
    EXPECT_TRUE(LogicalBitsEqual(out[i].desc, expected[i], ReadLogical(out[i]))) << out_slots[i].role;
    EXPECT_TRUE(OnlyElementsWritten(out[i])) << out_slots[i].role;
  }
}

void ExpectExample(const OperatorDesc& desc, const std::vector<std::vector<std::byte>>& inputs,
                   const std::vector<std::vector<std::byte>>& expected) {
  {
    SCOPED_TRACE("naive");
    ExpectExampleOn(&naive::Execute, desc, inputs, expected);
  }
  SCOPED_TRACE("blocked");
  ExpectExampleOn(&blocked::Execute, desc, inputs, expected);
}

TEST(SpecExamples, split_axis_2) {
  SplitDesc desc{F32({1, 1, 6, 2}), {F32({1, 1, 2, 2}), F32({1, 1, 1, 2}), F32({1, 1, 3, 2})}, 2};
  ExpectExample(desc, {Iota(1, 12, true)},
                {Floats({1, 2, 3, 4}), Floats({5, 6}), Floats({7, 8, 9, 10, 11, 12})});
}

TEST(SpecExamples, split_axis_3) {
  SplitDesc desc{F32({1, 1, 6, 2}), {F32({1, 1, 6, 1}), F32({1, 1, 6, 1})}, 3};
  ExpectExample(desc, {Iota(1, 12, true)},
                {Floats({1, 3, 5, 7, 9, 11}), Floats({2, 4, 6, 8, 10, 12})});
}

TEST(SpecExamples, join_one_possible_axis) {
  JoinDesc desc{{F32({1, 1, 2, 3}), F32({1, 1, 2, 4})}, F32({1, 1, 2, 7}), 3};
  ExpectExample(desc, {Iota(1, 6, true), Iota(7, 8, true)},
                {Floats({1, 2, 3, 7, 8, 9, 10, 4, 5, 6, 11, 12, 13, 14})});
}

TEST(SpecExamples, join_axes_1_2_3) {
  const std::vector<TensorDesc> inputs(3, F32({1, 1, 2, 2}));
  const std::vector<std::vector<std::byte>> values = {Floats({1, 2, 3, 4}), Floats({5, 6, 7, 8}),
                                                      Floats({9, 10, 11, 12})};
  ExpectExample(JoinDesc{inputs, F32({1, 3, 2, 2}), 1}, values, {Iota(1, 12, true)});
  ExpectExample(JoinDesc{inputs, F32({1, 1, 6, 2}), 2}, values, {Iota(1, 12, true)});
  ExpectExample(JoinDesc{inputs, F32({1, 1, 2, 6}), 3}, values,
                {Floats({1, 2, 5, 6, 9, 10, 3, 4, 7, 8, 11, 12})});
}

TEST(SpecExamples, gather_1d_remap) {
  GatherDesc desc{F32({4}), U32({5}), F32({5}), 0, 1};
  ExpectExample(desc, {Floats({11, 12, 13, 14}), Uint32s({3, 1, 3, 0, 2})},
                {Floats({14, 12, 14, 11, 13})});
}

TEST(SpecExamples, gather_rows) {
  GatherDesc desc{F32({3, 2}), U32({1, 4}), F32({4, 2}), 0, 1};
  ExpectExample(desc, {Iota(1, 6, true), Uint32s({0, 1, 1, 2})},
                {Floats({1, 2, 3, 4, 3, 4, 5, 6})});
}

// Erratum G1: the page says IndexDimensions 2; its output is what 1 gives.
TEST(SpecExamples, gather_column_swap_as_corrected_by_g1) {
  GatherDesc desc{F32({3, 2}), U32({1, 2}), F32({3, 2}), 1, 1};
  ExpectExample(desc, {Iota(1, 6, true), Uint32s({1, 0})}, {Floats({2, 1, 4, 3, 6, 5})});
}

// Erratum G3: the Axis fields (2 and 1), not the titles, are authoritative.
TEST(SpecExamples, gather_nested_indices_axis_2) {
  GatherDesc desc{F32({1, 3, 3}), U32({1, 1, 2}), F32({3, 1, 2}), 2, 2};
  ExpectExample(desc, {Iota(1, 9, true), Uint32s({0, 2})}, {Floats({1, 3, 4, 6, 7, 9})});
}

TEST(SpecExamples, gather_nested_indices_axis_1) {
  GatherDesc desc{F32({1, 3, 2}), U32({1, 2, 2}), F32({2, 2, 2}), 1, 2};
  ExpectExample(desc, {Iota(1, 6, true), Uint32s({0, 1, 1, 2})},
                {Floats({1, 2, 3, 4, 3, 4, 5, 6})});
}

// Seed 003's input: channel c holds 9c + (0..5).
std::vector<std::byte> DepthSpaceExampleInput() {
  std::vector<std::byte> bytes;
  for (uint32_t c = 0; c < 8; ++c) {
    const auto channel = Iota(9 * c, 6, false);
    bytes.insert(bytes.end(), channel.begin(), channel.end());
  }
  return bytes;
}
std::vector<std::byte> DcrExampleOutput() {
  return Uint32s({0,  18, 1,  19, 2,  20, 36, 54, 37, 55, 38, 56, 3,  21, 4,  22,
                  5,  23, 39, 57, 40, 58, 41, 59, 9,  27, 10, 28, 11, 29, 45, 63,
                  46, 64, 47, 65, 12, 30, 13, 31, 14, 32, 48, 66, 49, 67, 50, 68});
}
std::vector<std::byte> CrdExampleOutput() {
  return Uint32s({0,  9,  1,  10, 2,  11, 18, 27, 19, 28, 20, 29, 3,  12, 4,  13,
                  5,  14, 21, 30, 22, 31, 23, 32, 36, 45, 37, 46, 38, 47, 54, 63,
                  55, 64, 56, 65, 39, 48, 40, 49, 41, 50, 57, 66, 58, 67, 59, 68});
}

TEST(SpecExamples, depth_to_space_depth_column_row) {
  DepthToSpace1Desc desc{U32({1, 8, 2, 3}), U32({1, 2, 4, 6}), 2, DepthSpaceOrder::kDepthColumnRow};
  ExpectExample(desc, {DepthSpaceExampleInput()}, {DcrExampleOutput()});
}

TEST(SpecExamples, depth_to_space_column_row_depth) {
  DepthToSpace1Desc desc{U32({1, 8, 2, 3}), U32({1, 2, 4, 6}), 2, DepthSpaceOrder::kColumnRowDepth};
  ExpectExample(desc, {DepthSpaceExampleInput()}, {CrdExampleOutput()});
}

// SPACE_TO_DEPTH1 is the inverse: the examples read backwards.
TEST(SpecExamples, space_to_depth_inverts_the_depth_to_space_examples) {
  SpaceToDepth1Desc dcr{U32({1, 2, 4, 6}), U32({1, 8, 2, 3}), 2, DepthSpaceOrder::kDepthColumnRow};
  ExpectExample(dcr, {DcrExampleOutput()}, {DepthSpaceExampleInput()});
  SpaceToDepth1Desc crd{U32({1, 2, 4, 6}), U32({1, 8, 2, 3}), 2, DepthSpaceOrder::kColumnRowDepth};
  ExpectExample(crd, {CrdExampleOutput()}, {DepthSpaceExampleInput()});
}

TEST(SpecExamples, reverse_subsequences_axis_3) {
  ReverseSubsequencesDesc desc{F32({1, 1, 3, 4}), U32({1, 1, 3, 1}), F32({1, 1, 3, 4}), 3};
  ExpectExample(desc, {Iota(1, 12, true), Uint32s({2, 4, 3})},
                {Floats({2, 1, 3, 4, 8, 7, 6, 5, 11, 10, 9, 12})});
}

TEST(SpecExamples, reverse_subsequences_axis_2) {
  ReverseSubsequencesDesc desc{F32({1, 1, 3, 4}), U32({1, 1, 1, 4}), F32({1, 1, 3, 4}), 2};
  ExpectExample(desc, {Iota(1, 12, true), Uint32s({2, 3, 1, 0})},
                {Floats({5, 10, 3, 4, 1, 6, 7, 8, 9, 2, 11, 12})});
}

}  // namespace
}  // namespace dmlconf::testing
