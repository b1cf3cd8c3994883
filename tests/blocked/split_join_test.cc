// SPLIT and JOIN's fused path (strided_copy.h PlanParts): 2 to 4 equal parts
// of one 1-, 2-, 4- or 8-byte unit per outer step, deinterleaved from (or
// interleaved into) the whole tensor in one SIMD pass. Each problem is
// compared with the naive kernel over whole output buffers, guard bytes
// included, through the cache and streamed, on one thread and on two; line
// lengths are not multiples of any vector width, so every tail runs. The
// shapes the path must leave to the per-part copies are checked to be left.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "blocked/same_as_naive.h"
#include "blocked/simd.h"
#include "blocked/strided_copy.h"
#include "blocked/threading.h"
#include "dmlconf/blocked.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {
namespace {

// Streaming and threads as a test asks, restored to the defaults after.
class Setting {
 public:
  Setting(bool stream, int threads) {
    blocked::simd::SetStreamThresholdForTesting(stream ? 1 : blocked::simd::kDefaultStreamBytes);
    blocked::SetThreadCount(threads);
    blocked::SetParallelThresholdForTesting(threads > 1 ? 1
                                                        : blocked::kDefaultParallelThresholdBytes);
  }
  ~Setting() {
    blocked::simd::SetStreamThresholdForTesting(blocked::simd::kDefaultStreamBytes);
    blocked::SetThreadCount(0);
    blocked::SetParallelThresholdForTesting(blocked::kDefaultParallelThresholdBytes);
  }
};

// A part of `n` rows of `inner` (the part's sizes from the axis inward).
struct Shape {
  DataType type;
  std::vector<uint32_t> inner;  // axis first
};

// Units of 1, 2, 4 and 8 bytes: single elements, and several u8 / u16 / f32
// elements of a part (2 u8 elements make a 2-byte unit), along the axis or
// inside it.
const Shape kShapes[] = {
    {DataType::kUint8, {1}},     {DataType::kUint8, {2}},   {DataType::kUint8, {1, 4}},
    {DataType::kUint8, {8}},     {DataType::kUint16, {1}},  {DataType::kUint16, {2}},
    {DataType::kUint16, {2, 2}}, {DataType::kFloat32, {1}}, {DataType::kFloat32, {2}},
    {DataType::kUint64, {1}},
};

constexpr uint32_t kLineLengths[] = {1, 7, 33, 1000, 5000};

TensorDesc PartOf(const Shape& shape, uint32_t n) {
  std::vector<uint32_t> sizes = {n};
  sizes.insert(sizes.end(), shape.inner.begin(), shape.inner.end());
  return TensorDesc::Packed(shape.type, sizes);
}

TensorDesc WholeOf(const Shape& shape, uint32_t n, uint32_t k) {
  TensorDesc whole = PartOf(shape, n);
  whole.sizes[1] *= k;
  return whole;
}

SplitDesc SplitOf(const TensorDesc& whole, const TensorDesc& part, uint32_t k) {
  return SplitDesc{whole, std::vector<TensorDesc>(k, part), 1};
}

JoinDesc JoinOf(const TensorDesc& whole, const TensorDesc& part, uint32_t k) {
  return JoinDesc{std::vector<TensorDesc>(k, part), whole, 1};
}

// Blocked against naive on inputs with a different pattern per part.
::testing::AssertionResult Same(const OperatorDesc& desc) {
  std::vector<TestTensor> inputs;
  uint64_t seed = 1;
  for (const TensorSlot& slot : InputSlots(desc)) inputs.push_back(MakeInput(*slot.desc, seed++));
  return BlockedSameAsNaive(desc, inputs);
}

bool Fused(const SplitDesc& desc) {
  return blocked::PlanParts(desc.input_tensor, desc.output_tensors, desc.axis, false).has_value();
}

bool Fused(const JoinDesc& desc) {
  return blocked::PlanParts(desc.output_tensor, desc.input_tensors, desc.axis, true).has_value();
}

// Every shape, k and line length, both operators, fused, under `setting`.
void ExpectFusedSameAsNaive(bool stream, int threads, uint32_t min_n) {
  const Setting setting(stream, threads);
  for (const Shape& shape : kShapes)
    for (uint32_t k : {2u, 3u, 4u})
      for (uint32_t n : kLineLengths) {
        if (n < min_n) continue;
        const TensorDesc part = PartOf(shape, n), whole = WholeOf(shape, n, k);
        const std::string what = std::string(DataTypeName(shape.type)) + " " +
                                 FormatSizes(part.sizes) + " k=" + std::to_string(k);
        const SplitDesc split = SplitOf(whole, part, k);
        EXPECT_TRUE(Fused(split)) << what;
        EXPECT_TRUE(Same(split)) << "SPLIT " << what;
        const JoinDesc join = JoinOf(whole, part, k);
        EXPECT_TRUE(Fused(join)) << what;
        EXPECT_TRUE(Same(join)) << "JOIN " << what;
      }
}

TEST(BlockedSplitJoin, fused_through_the_cache) { ExpectFusedSameAsNaive(false, 1, 0); }

TEST(BlockedSplitJoin, fused_streamed) { ExpectFusedSameAsNaive(true, 1, 0); }

TEST(BlockedSplitJoin, fused_on_two_threads) {
  ExpectFusedSameAsNaive(false, 2, 1000);
  ExpectFusedSameAsNaive(true, 2, 1000);
}

// Rows padded outside the axis: still one run of steps per row, each row a
// line of its own (several lines, so the outer cursor moves).
TEST(BlockedSplitJoin, fused_with_padded_outer_rows) {
  TensorDesc whole = TensorDesc::Packed(DataType::kUint8, {5, 300, 2});
  whole.strides = std::vector<uint32_t>{300 * 2 + 9, 2, 1};
  TensorDesc part = TensorDesc::Packed(DataType::kUint8, {5, 300, 1});
  part.strides = std::vector<uint32_t>{300 + 3, 1, 1};
  const SplitDesc split{whole, {part, part}, 2};
  const JoinDesc join{{part, part}, whole, 2};
  for (bool stream : {false, true})
    for (int threads : {1, 2}) {
      const Setting setting(stream, threads);
      EXPECT_TRUE(Fused(split));
      EXPECT_TRUE(Same(split)) << "stream " << stream << " threads " << threads;
      EXPECT_TRUE(Fused(join));
      EXPECT_TRUE(Same(join)) << "stream " << stream << " threads " << threads;
    }
}

// Shapes the path must not take, still right through the per-part copies.
void ExpectFallbackSameAsNaive(const TensorDesc& whole, const std::vector<TensorDesc>& parts,
                               uint32_t axis, const char* what) {
  const SplitDesc split{whole, parts, axis};
  const JoinDesc join{parts, whole, axis};
  EXPECT_FALSE(Fused(split)) << what;
  EXPECT_FALSE(Fused(join)) << what;
  for (bool stream : {false, true}) {
    const Setting setting(stream, 1);
    EXPECT_TRUE(Same(split)) << "SPLIT " << what;
    EXPECT_TRUE(Same(join)) << "JOIN " << what;
  }
}

TEST(BlockedSplitJoin, other_shapes_keep_the_per_part_copies) {
  const DataType u8 = DataType::kUint8;
  ExpectFallbackSameAsNaive(TensorDesc::Packed(u8, {1000, 3}),
                            {TensorDesc::Packed(u8, {1000, 1}), TensorDesc::Packed(u8, {1000, 2})},
                            1, "unequal parts");
  ExpectFallbackSameAsNaive(TensorDesc::Packed(u8, {1000, 5}),
                            std::vector<TensorDesc>(5, TensorDesc::Packed(u8, {1000, 1})), 1,
                            "k = 5");
  ExpectFallbackSameAsNaive(TensorDesc::Packed(u8, {1000, 32}),
                            std::vector<TensorDesc>(2, TensorDesc::Packed(u8, {1000, 16})), 1,
                            "16-byte units");
  TensorDesc padded = TensorDesc::Packed(u8, {1000, 2});
  padded.strides = std::vector<uint32_t>{3, 1};
  ExpectFallbackSameAsNaive(padded, std::vector<TensorDesc>(2, TensorDesc::Packed(u8, {1000, 1})),
                            1, "whole rows padded");
  TensorDesc strided = TensorDesc::Packed(u8, {1000, 2, 2});
  strided.strides = std::vector<uint32_t>{6, 3, 1};  // the axis' rows apart
  ExpectFallbackSameAsNaive(strided,
                            std::vector<TensorDesc>(2, TensorDesc::Packed(u8, {1000, 1, 2})), 1,
                            "strided along the axis");
  TensorDesc part = TensorDesc::Packed(u8, {1000, 1});
  part.strides = std::vector<uint32_t>{2, 1};
  ExpectFallbackSameAsNaive(TensorDesc::Packed(u8, {1000, 2}), {part, part}, 1,
                            "parts' rows padded");
}

}  // namespace
}  // namespace dmlconf::testing
