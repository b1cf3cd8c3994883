// Streamed output lines longer than the bounce buffer (kBounceBytes, copy_runs.h),
// which the property suite's problems (lines of at most a few hundred
// elements) never reach: such a line is produced in several pieces, and a
// reversed line produces its pieces last first. Each problem runs with the
// streaming threshold lowered to 1 byte and is compared with the naive
// kernel over the whole output buffer, guard bytes included.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <vector>

#include "blocked/copy_runs.h"
#include "blocked/same_as_naive.h"
#include "blocked/simd.h"
#include "dmlconf/blocked.h"
#include "dmlconf/naive.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {
namespace {

class StreamEverything {
 public:
  StreamEverything() { blocked::simd::SetStreamThresholdForTesting(1); }
  ~StreamEverything() {
    blocked::simd::SetStreamThresholdForTesting(blocked::simd::kDefaultStreamBytes);
  }
};

// Naive against blocked with every output streamed.
::testing::AssertionResult SameAsNaive(const OperatorDesc& desc,
                                       const std::vector<TestTensor>& inputs) {
  const StreamEverything streamed;
  return BlockedSameAsNaive(desc, inputs);
}

constexpr DataType kTypes[] = {DataType::kUint8, DataType::kUint16, DataType::kFloat32,
                               DataType::kUint64};

// Line lengths, in elements, around whole and partial pieces of the bounce
// buffer for every element size (1-byte lines of one, two and three pieces).
constexpr uint32_t kPiece = uint32_t(blocked::kBounceBytes);
constexpr uint32_t kLineLengths[] = {kPiece, kPiece + 904, 2 * kPiece + 809};

TEST(BlockedLongLines, reverse_along_the_innermost_axis) {
  for (DataType type : kTypes)
    for (uint32_t n : kLineLengths) {
      const uint32_t rows = 5;
      const ReverseSubsequencesDesc desc{TensorDesc::Packed(type, {rows, n}),
                                         TensorDesc::Packed(DataType::kUint32, {rows, 1}),
                                         TensorDesc::Packed(type, {rows, n}), 1};
      std::vector<TestTensor> inputs;
      inputs.push_back(MakeInput(desc.input_tensor, 3));
      // Reversed heads ending before, inside and after the first piece, the
      // whole line, and past it (clamped).
      inputs.push_back(TestTensor(desc.sequence_lengths_tensor));
      const uint32_t lengths[rows] = {0, 7, kPiece / uint32_t(ElementSize(type)) + 1, n, n + 9};
      std::memcpy(inputs.back().buffer.data(), lengths, sizeof lengths);
      EXPECT_TRUE(SameAsNaive(desc, inputs)) << DataTypeName(type) << " n=" << n;
    }
}

TEST(BlockedLongLines, depth_to_space_and_back) {
  for (DataType type : kTypes)
    for (uint32_t block : {2u, 3u, 4u})
      for (DepthSpaceOrder order :
           {DepthSpaceOrder::kDepthColumnRow, DepthSpaceOrder::kColumnRowDepth}) {
        // Output lines of about 1.5 pieces of 1-byte elements, 12 of 8-byte ones.
        const uint32_t w = 3 * kPiece / 2 / block;
        const std::vector<uint32_t> depth = {1, 2 * block * block, 3, w};
        const std::vector<uint32_t> space = {1, 2, 3 * block, w * block};
        const DepthToSpace1Desc to_space{TensorDesc::Packed(type, depth),
                                         TensorDesc::Packed(type, space), block, order};
        EXPECT_TRUE(SameAsNaive(to_space, {MakeInput(to_space.input_tensor, 5)}))
            << DataTypeName(type) << " block " << block;
        const SpaceToDepth1Desc to_depth{TensorDesc::Packed(type, space),
                                         TensorDesc::Packed(type, depth), block, order};
        EXPECT_TRUE(SameAsNaive(to_depth, {MakeInput(to_depth.input_tensor, 6)}))
            << DataTypeName(type) << " block " << block;
      }
}

TEST(BlockedLongLines, gather_of_single_elements) {
  for (DataType type : kTypes)
    for (uint32_t n : kLineLengths) {
      const uint32_t rows = 3, width = 700;
      const GatherDesc desc{TensorDesc::Packed(type, {rows, width}),
                            TensorDesc::Packed(DataType::kUint32, {1, n}),
                            TensorDesc::Packed(type, {rows, n}), 1, 1};
      std::vector<TestTensor> inputs;
      inputs.push_back(MakeInput(desc.input_tensor, 4));
      inputs.push_back(TestTensor(desc.indices_tensor));
      std::vector<uint32_t> indices(n);
      for (uint32_t j = 0; j < n; ++j) indices[j] = (j * 7919u + 13u) % width;
      std::memcpy(inputs.back().buffer.data(), indices.data(), n * sizeof(uint32_t));
      EXPECT_TRUE(SameAsNaive(desc, inputs)) << DataTypeName(type) << " n=" << n;
    }
}

// GATHER_ELEMENTS and SCATTER_ELEMENTS along a packed innermost Axis with 32-bit
// indices, the SIMD lines (simd::GatherLine, simd::ScatterLine): a gathered line
// streams in pieces, a scattered one through the line scratch. Indices in range,
// negative and past both ends, colliding where a line is scattered.
TEST(BlockedLongLines, elements_along_the_innermost_axis) {
  for (DataType type : kTypes)
    for (DataType index_type : {DataType::kInt32, DataType::kUint32})
      for (uint32_t n : kLineLengths) {
        const uint32_t rows = 3;
        const TensorDesc data = TensorDesc::Packed(type, {rows, n});
        const TensorDesc indices_desc = TensorDesc::Packed(index_type, {rows, n});
        TestTensor indices(indices_desc);
        std::vector<int32_t> values(size_t(rows) * n);
        for (size_t k = 0; k < values.size(); ++k)
          values[k] = k % 9 == 8 ? int32_t(k % 3) - int32_t(n) - 1 + int32_t(2 * n * (k % 2))
                                 : int32_t((k * 7919u + 13u) % (2 * n)) - int32_t(n / 2);
        std::memcpy(indices.buffer.data(), values.data(), values.size() * sizeof(int32_t));
        const GatherElementsDesc gather{data, indices_desc, data, 1};
        std::vector<TestTensor> inputs;
        inputs.push_back(MakeInput(data, 5));
        inputs.push_back(indices);
        EXPECT_TRUE(SameAsNaive(gather, inputs)) << DataTypeName(type) << " n=" << n;
        const ScatterElementsDesc scatter{data, indices_desc, data, data, 1};
        inputs.push_back(MakeInput(data, 6));
        EXPECT_TRUE(SameAsNaive(scatter, inputs)) << DataTypeName(type) << " n=" << n;
      }
}

// SLICE1's element-granular lines (a reversed one, x[:, ::-1], and a stride of 3) stream
// through the bounce buffer, the reversed one producing its last piece first.
TEST(BlockedLongLines, strided_and_reversed_windows) {
  for (DataType type : kTypes)
    for (uint32_t n : kLineLengths)
      for (int32_t stride : {-1, 3}) {
        const uint32_t rows = 3, width = n + 5;
        const uint32_t reach = 1 + (n - 1) / uint32_t(stride < 0 ? -stride : stride);
        const Slice1Desc desc{TensorDesc::Packed(type, {rows, width}),
                              TensorDesc::Packed(type, {rows, reach}),
                              {0, 2},
                              {rows, n},
                              {1, stride}};
        EXPECT_TRUE(SameAsNaive(desc, {MakeInput(desc.input_tensor, 7)}))
            << DataTypeName(type) << " n=" << n << " stride " << stride;
      }
}

// A packed output's padded rows are produced back to back, a piece of the bounce buffer
// crossing rows' ends: rows of 1003 elements framed unevenly, over several pieces.
TEST(BlockedLongLines, padded_rows_across_pieces) {
  for (DataType type : kTypes)
    for (PaddingMode mode : {PaddingMode::kConstant, PaddingMode::kEdge, PaddingMode::kReflection,
                             PaddingMode::kSymmetric}) {
      const PaddingDesc desc{TensorDesc::Packed(type, {9, 1003}),
                             TensorDesc::Packed(type, {9 + 2 + 3, 1003 + 4 + 1}),
                             mode,
                             std::bit_cast<uint32_t>(-2.5f),
                             {2, 4},
                             {3, 1}};
      EXPECT_TRUE(SameAsNaive(desc, {MakeInput(desc.input_tensor, 8)}))
          << DataTypeName(type) << " mode " << int(mode);
    }
}

}  // namespace
}  // namespace dmlconf::testing
