// The test utilities distrust themselves: each check must fail on the fault
// it exists to catch.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <set>

#include "dmlconf/naive.h"
#include "testing/bit_patterns.h"
#include "testing/guarded_buffer.h"
#include "testing/split_tester.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {
namespace {

TEST(GuardedBuffer, detects_a_write_just_before_or_after) {
  GuardedBuffer buffer(12);
  EXPECT_TRUE(buffer.GuardsIntact());
  buffer.data()[12] = std::byte{0};
  EXPECT_FALSE(buffer.GuardsIntact());
  GuardedBuffer other(12);
  other.data()[-1] = std::byte{0};
  EXPECT_FALSE(other.GuardsIntact());
}

// Beyond the guard bytes the validator's inaccessible pages take over: a far
// write faults, and the message names the buffer and the distance.
TEST(GuardedBufferDeathTest, a_far_write_dies_naming_the_buffer) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        GuardedBuffer buffer(12, kPoisonByte, "OutputTensor");
        *static_cast<volatile std::byte*>(buffer.data() + 12 + 100000) = std::byte{0};
      },
      "guard byte 100000 after the end of OutputTensor");
}

TEST(BitPatterns, distinct_per_position_and_never_poison) {
  for (size_t size : {1, 2, 4, 8}) {
    std::set<ElementBits> seen;
    const size_t count = size == 1 ? 252 : 4096;
    for (uint64_t i = 0; i < count; ++i) {
      const ElementBits bits = PositionPattern(size, i);
      EXPECT_TRUE(seen.insert(bits).second) << "size " << size << " position " << i;
      std::byte bytes[8];
      std::memcpy(bytes, &bits, 8);
      bool all_poison = true;
      for (size_t b = 0; b < size; ++b) all_poison = all_poison && bytes[b] == kPoisonByte;
      EXPECT_FALSE(all_poison);
    }
  }
}

TEST(TestTensor, gap_write_is_reported) {
  TensorDesc desc = TensorDesc::Packed(DataType::kUint16, {2, 2});
  desc.strides = std::vector<uint32_t>{3, 1};
  TestTensor tensor = MakeOutput(desc);
  EXPECT_TRUE(OnlyElementsWritten(tensor));
  tensor.buffer.data()[4] = std::byte{1};  // element (0,2) would be a gap
  EXPECT_FALSE(OnlyElementsWritten(tensor));
}

TEST(TestTensor, mismatch_names_coordinates) {
  const TensorDesc desc = TensorDesc::Packed(DataType::kUint8, {2, 3});
  std::vector<std::byte> a(6, std::byte{1}), b = a;
  b[4] = std::byte{2};
  const ::testing::AssertionResult result = LogicalBitsEqual(desc, a, b);
  EXPECT_FALSE(result);
  EXPECT_NE(std::string(result.message()).find("{1,1}"), std::string::npos) << result.message();
}

// A kernel that is right except it also writes one element past output 0.
void SplitWritingPastTheEnd(const SplitDesc& desc, const Bindings& bindings) {
  naive::Split(desc, bindings);
  const size_t bytes = size_t(desc.output_tensors[0].MinimumTotalBytes());
  std::memset(bindings.outputs[0] + bytes, 0, 4);
}

// A kernel that swaps output 0's first two (4-byte) elements.
void SplitMisplacing(const SplitDesc& desc, const Bindings& bindings) {
  naive::Split(desc, bindings);
  std::swap_ranges(bindings.outputs[0], bindings.outputs[0] + 4, bindings.outputs[0] + 4);
}

TEST(SplitTester, catches_a_write_past_the_output) {
  EXPECT_NONFATAL_FAILURE(
      SplitTester().input_sizes({2, 4}).axis(1).output_axis_sizes({2, 2}).Test(SplitWritingPastTheEnd),
      "guard byte");
}

TEST(SplitTester, catches_a_misplaced_element) {
  EXPECT_NONFATAL_FAILURE(
      SplitTester().input_sizes({2, 4}).axis(1).output_axis_sizes({2, 2}).Test(SplitMisplacing),
      "first at coordinates {0,0}");
}

}  // namespace
}  // namespace dmlconf::testing
