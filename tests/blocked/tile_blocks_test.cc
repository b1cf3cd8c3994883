// TILE builds an output that streams, whose inner dimensions make blocks of 1 to 32 KiB,
// a group of blocks at a time in a per-thread scratch, and streams each group to every
// tile it appears in (blocked/tile.cc, TileByBlocks). The property suite's tensors are
// too small for blocks of 1 KiB, so these problems are sized for them, with the stream
// threshold lowered to a byte: a row of a short pattern repeated, a block
// spanning two dimensions with doublings in both and tiles outside it, an odd row of
// bytes, and an output padded between its rows. Each asserts that TILE takes the blocks,
// then is judged against the naive kernel over the whole output buffer, stride gaps and
// guard bytes included, on one thread and two.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "blocked/same_as_naive.h"
#include "blocked/simd.h"
#include "blocked/tile.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {
namespace {

struct BlockProblem {
  DataType type;
  std::vector<uint32_t> input;
  std::vector<uint32_t> repeats;
  std::optional<std::vector<uint32_t>> output_strides;
};

// The output's sizes and the dimension its blocks start at, worked out by hand:
// {64, 512} u64 rows of 4 KiB (dimension 1), 8 to a group; {6, 15, 448} f32, 26,880
// bytes from dimension 1, a group of 1; {200, 2100} u8 rows of 2,100 bytes, groups of 15
// of the input's 40 rows, the last one of 10; {64, 512} f32 rows of 2 KiB, 600 elements
// apart, each block of a group streamed on its own.
const BlockProblem kProblems[] = {
    {DataType::kUint64, {64, 2}, {1, 256}, std::nullopt},
    {DataType::kFloat32, {3, 5, 7}, {2, 3, 64}, std::nullopt},
    {DataType::kUint8, {40, 3}, {5, 700}, std::nullopt},
    {DataType::kFloat32, {16, 4}, {4, 128}, std::vector<uint32_t>{600, 1}},
};

std::vector<uint32_t> OutputSizes(const BlockProblem& p) {
  std::vector<uint32_t> sizes;
  for (size_t d = 0; d < p.input.size(); ++d) sizes.push_back(p.input[d] * p.repeats[d]);
  return sizes;
}

// Every output streams while one lives: TILE takes the blocks only then.
class StreamEverything {
 public:
  StreamEverything() { blocked::simd::SetStreamThresholdForTesting(1); }
  ~StreamEverything() {
    blocked::simd::SetStreamThresholdForTesting(blocked::simd::kDefaultStreamBytes);
  }
};

void CheckBlocks(int threads) {
  const ThreadsForTesting running(threads);
  const StreamEverything streaming;
  for (const BlockProblem& p : kProblems) {
    TensorDesc output = TensorDesc::Packed(p.type, OutputSizes(p));
    output.strides = p.output_strides;
    const TileDesc desc{TensorDesc::Packed(p.type, p.input), output, p.repeats};
    const std::string what = std::string(DataTypeName(p.type)) + " rank " +
                             std::to_string(p.input.size()) + " threads " + std::to_string(threads);
    EXPECT_EQ(blocked::TileBlockDimension(output), 1u) << what;
    EXPECT_TRUE(BlockedSameAsNaive(desc, {MakeInput(desc.input_tensor, 3)})) << what;
  }
}

TEST(BlockedTileBlocks, one_thread) { CheckBlocks(1); }

TEST(BlockedTileBlocks, two_threads) { CheckBlocks(2); }

// The sizes either side of the choice: blocks under 1 KiB and over 32 KiB, an output
// that is one block, and an output that stays in cache: each is doubled whole.
TEST(BlockedTileBlocks, outside_the_block_sizes_the_output_is_doubled_whole) {
  EXPECT_EQ(blocked::TileBlockDimension(TensorDesc::Packed(DataType::kUint8, {4096, 1024})), 0u)
      << "4 MiB, under the stream threshold";
  const StreamEverything streaming;
  EXPECT_EQ(blocked::TileBlockDimension(TensorDesc::Packed(DataType::kUint8, {4096, 1023})), 0u);
  EXPECT_EQ(blocked::TileBlockDimension(TensorDesc::Packed(DataType::kUint8, {4096, 1024})), 1u);
  EXPECT_EQ(blocked::TileBlockDimension(TensorDesc::Packed(DataType::kUint8, {64, 32768})), 1u);
  EXPECT_EQ(blocked::TileBlockDimension(TensorDesc::Packed(DataType::kUint8, {64, 32769})), 0u);
  EXPECT_EQ(blocked::TileBlockDimension(TensorDesc::Packed(DataType::kFloat32, {2048})), 0u);
}

}  // namespace
}  // namespace dmlconf::testing
