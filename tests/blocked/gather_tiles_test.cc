// GATHER of 1- and 2-byte elements along the innermost axis goes a tile of
// 8 (4) rows at a time (blocked/gather.cc, simd::GatherColumns): the rows
// are transposed into columns, gathered, and transposed back. These problems
// reach that path and its edges -- row counts around a tile, axis sizes
// around the transposes' 16- and 32-byte blocks, chunks with and without a
// partial group of positions, rows a tile does not fill within an outer dim, rows too long for
// the scratch (the row-by-row loop instead), out-of-range and negative
// indices of every index type, padded and non-packed outputs, streamed
// output, two threads -- each judged against the naive kernel over the
// whole output buffer, guard bytes included.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "blocked/same_as_naive.h"
#include "blocked/simd.h"
#include "dmlconf/blocked.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {
namespace {

constexpr DataType kTileTypes[] = {DataType::kUint8, DataType::kUint16};

// Index values in [-size - 3, size + 3) from a fixed LCG (negative ones only
// for signed index types, where they count from the end), and, every 7th
// index, the type's extremes: out of range either way, clamped alike by both
// kernels (the naive reference's documented choice).
std::vector<int64_t> IndexValues(DataType type, uint32_t count, uint32_t size) {
  const bool is_signed = type == DataType::kInt32 || type == DataType::kInt64;
  std::vector<int64_t> values(count);
  uint64_t state = 12345u + count * 31u + size;
  for (uint32_t j = 0; j < count; ++j) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    const int64_t span = int64_t(size) + 3;
    int64_t value = int64_t((state >> 33) % uint64_t(2 * span)) - span;
    if (!is_signed && value < 0) value = -value;
    if (j % 7 == 6) value = j % 2 ? -1 : (is_signed ? INT32_MIN : int64_t(UINT32_MAX));
    values[j] = value;
  }
  return values;
}

template <class I>
void StoreAs(std::byte* out, int64_t value) {
  const I narrowed = I(value);
  std::memcpy(out, &narrowed, sizeof narrowed);
}

// The indices tensor of `desc` filled with IndexValues, each narrowed to the
// index type (-1 as UINT32/UINT64 is that type's largest value).
TestTensor MakeIndices(const TensorDesc& desc, uint32_t size) {
  TestTensor tensor(desc);
  const uint32_t count = uint32_t(desc.ElementCount());
  const std::vector<int64_t> values = IndexValues(desc.data_type, count, size);
  const size_t width = desc.ElementSize();
  for (uint32_t j = 0; j < count; ++j) {
    std::byte* out = tensor.buffer.data() + j * width;
    switch (desc.data_type) {
      case DataType::kInt32: StoreAs<int32_t>(out, values[j]); break;
      case DataType::kUint32: StoreAs<uint32_t>(out, values[j]); break;
      case DataType::kInt64: StoreAs<int64_t>(out, values[j]); break;
      default: StoreAs<uint64_t>(out, values[j]); break;
    }
  }
  return tensor;
}

struct TileProblem {
  TileProblem(DataType t, std::vector<uint32_t> sizes, uint32_t n,
              DataType indices = DataType::kUint32)
      : type(t), input_sizes(std::move(sizes)), count(n), index_type(indices) {}

  DataType type;
  std::vector<uint32_t> input_sizes;  // the last is the axis
  uint32_t count;                     // indices
  DataType index_type;
  std::optional<std::vector<uint32_t>> input_strides, output_strides;

  std::string Name() const {
    std::string name = std::string(DataTypeName(type)) + " input {";
    for (uint32_t s : input_sizes) name += std::to_string(s) + ",";
    return name + "} indices " + std::to_string(count) + " " +
           std::string(DataTypeName(index_type)) + (input_strides ? " padded input" : "") +
           (output_strides ? " strided output" : "");
  }
  // Gathered along the last input dim.
  ::testing::AssertionResult SameAsNaive() const {
    const uint32_t rank = uint32_t(input_sizes.size()), axis = rank - 1;
    std::vector<uint32_t> index_sizes(rank, 1), output_sizes = input_sizes;
    index_sizes.back() = output_sizes.back() = count;
    GatherDesc desc{TensorDesc::Packed(type, input_sizes),
                    TensorDesc::Packed(index_type, index_sizes),
                    TensorDesc::Packed(type, output_sizes), axis, 1};
    desc.input_tensor.strides = input_strides;
    desc.output_tensor.strides = output_strides;
    std::vector<TestTensor> inputs;
    inputs.push_back(MakeInput(desc.input_tensor, 11));
    inputs.push_back(MakeIndices(desc.indices_tensor, input_sizes.back()));
    return BlockedSameAsNaive(desc, inputs);
  }
};

// The dispatch pinned to DMLCONF_SIMD_TARGET when set (CTest's
// blocked_property_<target> runs), as in the property suite: each target
// compiles its own transposes.
class BlockedGatherTiles : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* target = std::getenv("DMLCONF_SIMD_TARGET");
    if (!target || !*target) return;
    const std::vector<std::string> supported = blocked::SimdTargets();
    if (std::find(supported.begin(), supported.end(), target) == supported.end())
      GTEST_SKIP() << "this CPU (or binary) has no SIMD target " << target;
    ASSERT_TRUE(blocked::ForceSimdTargetForTesting(target));
  }
  void TearDown() override { blocked::ForceSimdTargetForTesting(""); }
};

// Chunks of `count` indices: n >= size / 4 (the tile pays), with a partial
// last group of positions, and one of exactly 32 (a whole 256-bit group of
// bytes, two of words).
std::vector<uint32_t> CountsFor(uint32_t size) { return {16 + size / 2 + 5, 32}; }

TEST_F(BlockedGatherTiles, rows_around_a_tile_and_axis_sizes_around_a_block) {
  for (DataType type : kTileTypes)
    for (uint32_t rows : {7u, 9u, 15u, 16u, 17u, 33u})
      for (uint32_t size : {1u, 2u, 15u, 16u, 17u, 50u, 300u})
        for (uint32_t count : CountsFor(size)) {
          const TileProblem p{type, {rows, size}, count};
          EXPECT_TRUE(p.SameAsNaive()) << p.Name();
        }
}

TEST_F(BlockedGatherTiles, every_index_type_out_of_range_and_negative) {
  for (DataType type : kTileTypes)
    for (DataType index_type :
         {DataType::kInt32, DataType::kInt64, DataType::kUint32, DataType::kUint64})
      for (uint32_t size : {1u, 17u, 300u}) {
        const TileProblem p{type, {33, size}, 16 + size / 2 + 5, index_type};
        EXPECT_TRUE(p.SameAsNaive()) << p.Name();
      }
}

// Rows of 8192 elements fill the 64 KiB scratch exactly (8 bytes a
// column); 8193 go row by row. Both must agree with naive.
TEST_F(BlockedGatherTiles, rows_at_and_just_over_the_scratch_budget) {
  for (DataType type : kTileTypes)
    for (uint32_t size : {8192u, 8193u}) {
      const TileProblem p{type, {17, size}, 2100, DataType::kInt64};
      EXPECT_TRUE(p.SameAsNaive()) << p.Name();
    }
}

// Outer dims that do not merge (padded input): tiles stay within the
// innermost one (17 rows: whole tiles, then a row alone, per outer
// coordinate). Permuted output strides pick which outer dim is innermost: a
// 16-row one whose input rows are 2 rows apart (tiles), or a 2-row one (no
// tiles).
TEST_F(BlockedGatherTiles, tiles_within_the_innermost_outer_dim) {
  for (DataType type : kTileTypes) {
    TileProblem p{type, {3, 17, 40}, 45};
    p.input_strides = std::vector<uint32_t>{17 * 40 + 3, 40, 1};
    EXPECT_TRUE(p.SameAsNaive()) << p.Name();
    p = TileProblem{type, {16, 2, 40}, 45};
    p.output_strides = std::vector<uint32_t>{45, 16 * 45, 1};
    EXPECT_TRUE(p.SameAsNaive()) << p.Name();
    p = TileProblem{type, {2, 16, 40}, 45};
    p.output_strides = std::vector<uint32_t>{45, 2 * 45, 1};
    EXPECT_TRUE(p.SameAsNaive()) << p.Name();
  }
}

TEST_F(BlockedGatherTiles, padded_and_non_packed_outputs) {
  for (DataType type : kTileTypes) {
    // Padded output rows: still a tile (the output line is packed).
    TileProblem p{type, {33, 50}, 40};
    p.output_strides = std::vector<uint32_t>{47, 1};
    EXPECT_TRUE(p.SameAsNaive()) << p.Name();
    // Padded input rows.
    p.output_strides.reset();
    p.input_strides = std::vector<uint32_t>{53, 1};
    EXPECT_TRUE(p.SameAsNaive()) << p.Name();
    // Non-packed output line (column-major): no tiles.
    p.input_strides.reset();
    p.output_strides = std::vector<uint32_t>{1, 33};
    EXPECT_TRUE(p.SameAsNaive()) << p.Name();
  }
}

class StreamEverything {
 public:
  StreamEverything() { blocked::simd::SetStreamThresholdForTesting(1); }
  ~StreamEverything() {
    blocked::simd::SetStreamThresholdForTesting(blocked::simd::kDefaultStreamBytes);
  }
};

// Streamed tiles go through the bounce buffer in pieces of 512 (u8) or 256
// (u16) positions: one partial piece, several with a partial group, exactly
// two.
TEST_F(BlockedGatherTiles, streamed_output) {
  const StreamEverything streamed;
  for (DataType type : kTileTypes)
    for (uint32_t count : {40u, 1100u, 1024u, 600u, 512u}) {
      const TileProblem p{type, {33, 300}, count};
      EXPECT_TRUE(p.SameAsNaive()) << p.Name();
    }
}

// 600 rows: three work items of 256 (gather.cc's kTileOuterBlock), the last
// ending in a partial tile.
TEST_F(BlockedGatherTiles, two_threads) {
  const ThreadsForTesting threads(2);
  for (DataType type : kTileTypes) {
    const TileProblem p{type, {600, 300}, 171, DataType::kInt32};
    EXPECT_TRUE(p.SameAsNaive()) << p.Name();
    const StreamEverything streamed;
    EXPECT_TRUE(p.SameAsNaive()) << p.Name() << " streamed";
  }
}

}  // namespace
}  // namespace dmlconf::testing
