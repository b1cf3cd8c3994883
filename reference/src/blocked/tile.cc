// TILE: the input is copied once into the output's first tile; then, dimension by
// dimension from the innermost, the part of the output filled so far is copied along that
// dimension next to itself, doubling it, until Repeats tiles stand side by side. Each
// output byte is written once and read at most once more, memcpy's traffic, and each copy
// is a strided copy between parts of the output that do not overlap, so a packed output
// moves in whole runs: once the dimensions inside d are full, the filled part is one
// block per outer coordinate.
//
// An output large enough to stream (simd::Streams) whose inner dimensions make blocks of
// a few KiB (rows of a short pattern repeated, x.tile(1, 1024)) is built a few blocks at
// a time instead: the doublings run in an L1 scratch, and each finished block is streamed
// to every place it goes, so memory sees the output written once and nothing read back.
// Doubling across such an output read each block back from memory once per doubling:
// 1.5-1.9x memcpy for u64 rows of 16 KiB, 0.46-0.57x now. An output that stays in cache
// is cheaper doubled in place than built aside and copied (report_notes.md, "TILE's
// blocks in L1").
#include "blocked/tile.h"

#include <algorithm>
#include <array>
#include <cassert>

#include "blocked/simd.h"
#include "blocked/strided_copy.h"
#include "blocked/threading.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {
namespace {

// The blocks built in scratch: large enough that a block's few planned copies cost
// little against its bytes, small enough that the doublings stay in L1.
constexpr uint64_t kMinBlockBytes = 1024;
constexpr uint64_t kMaxBlockBytes = 32 * 1024;

// One copy of the fill: from the input (the first tile) or from the block's own start.
struct FillStep {
  CopyPlan plan;
  int64_t dst_offset = 0;
  bool from_input = false;
};

// Calls fn(plan, dst_offset, from_input) for each copy that fills the output's dimensions from
// `from` inward: the first tile, then the doublings. For `group` blocks side by side in scratch,
// each `block_bytes` after the last, read from consecutive input coordinates along dimension from -
// 1 (from 0: the whole output). A callback, not a list: the small problems that take every step at
// once allocate nothing.
template <class Fn>
void ForEachFillStep(const TileDesc& desc, uint32_t from, uint64_t group, uint64_t block_bytes,
                     const Fn& fn) {
  const TensorDesc& output = desc.output_tensor;
  const uint32_t rank = output.DimensionCount();
  const size_t element_size = output.ElementSize();
  const ByteStrides in = ByteStridesOf(desc.input_tensor);
  const ByteStrides out = ByteStridesOf(output);
  // The output's extent filled so far, per dimension: the first tile.
  std::array<uint64_t, kMaxDimensions> filled{};
  // One nest, emptied for each copy: constructing one per copy, and the plan's copy of
  // it, were a fifth of a small TILE's time in the profile.
  LoopNest nest;
  // The group's dimension, from - 1's place: a nest holds kMaxDimensions.
  if (from > 0) nest.Push(group, int64_t(block_bytes), in[from - 1]);
  for (uint32_t d = from; d < rank; ++d) {
    filled[d] = desc.input_tensor.sizes[d];
    nest.Push(filled[d], out[d], in[d]);
  }
  fn(PlanCopy(nest, element_size), 0, true);
  for (uint32_t d = rank; d-- > from;) {
    while (filled[d] < output.sizes[d]) {
      const uint64_t count = std::min<uint64_t>(filled[d], output.sizes[d] - filled[d]);
      nest.rank = 0;
      if (from > 0) nest.Push(group, int64_t(block_bytes), int64_t(block_bytes));
      for (uint32_t e = from; e < rank; ++e) nest.Push(e == d ? count : filled[e], out[e], out[e]);
      fn(PlanCopy(nest, element_size), int64_t(filled[d]) * out[d], false);
      filled[d] += count;
    }
  }
}

}  // namespace

uint32_t TileBlockDimension(const TensorDesc& output) {
  if (!simd::Streams(output.ElementCount() * output.ElementSize())) return 0;
  const ByteStrides out = ByteStridesOf(output);
  const uint32_t rank = output.DimensionCount();
  for (uint32_t d = 1; d < rank; ++d) {
    const uint64_t block = PackedBytesFrom(output, out, d);
    if (block == 0) continue;  // padded between the rows of dimension d
    if (block <= kMaxBlockBytes) return block >= kMinBlockBytes ? d : 0;
  }
  return 0;
}

namespace {

std::byte* BlockScratch() {
  alignas(64) thread_local std::byte block[kMaxBlockBytes];
  return block;
}

// The most copies that fill a group: the first tile, then in each dimension one doubling
// per factor of 2 in its repeats and one last partial one, the repeats' product at most
// kMaxBlockBytes (2^15) elements: 1 + 15 + kMaxDimensions. Held in place, not allocated:
// a kernel call allocates nothing in proportion to its problem, and nothing at all here.
constexpr size_t kMaxFillSteps = 1 + 15 + kMaxDimensions;
static_assert(kMaxBlockBytes == uint64_t(1) << 15);

// The steps that build `group` blocks in scratch, planned once for every group.
struct GroupPlan {
  std::array<FillStep, kMaxFillSteps> steps;
  size_t count = 0;
};

void PlanGroup(const TileDesc& desc, uint32_t from, uint64_t group, uint64_t block_bytes,
               GroupPlan& plan) {
  ForEachFillStep(desc, from, group, block_bytes,
                  [&](const CopyPlan& copy, int64_t dst_offset, bool from_input) {
                    assert(plan.count < kMaxFillSteps);
                    plan.steps[plan.count++] = {copy, dst_offset, from_input};
                  });
}

// The blocks' contents depend on the input's coordinates outside them: as many as fit
// kMaxBlockBytes, consecutive along dimension from - 1, are built side by side in scratch,
// their planned copies amortized over the group (a row of 2 KiB, built alone, cost more in
// planned copies than in bytes), and each group is streamed to its place in every tile.
// The work items are those (group, tile) pairs, group-major, so a thread builds each of
// its groups once.
void TileByBlocks(const TileDesc& desc, const Bindings& bindings, uint32_t from) {
  const TensorDesc& output = desc.output_tensor;
  const ByteStrides in = ByteStridesOf(desc.input_tensor);
  const ByteStrides out = ByteStridesOf(output);
  const uint64_t block_bytes = PackedBytesFrom(output, out, from);
  const uint64_t row = desc.input_tensor.sizes[from - 1];  // blocks along from - 1
  const uint64_t group = std::min(row, kMaxBlockBytes / block_bytes);
  const uint64_t groups_in_row = (row + group - 1) / group;
  const uint64_t last_group = row - (groups_in_row - 1) * group;  // the row's last group
  GroupPlan full, last;
  PlanGroup(desc, from, group, block_bytes, full);
  PlanGroup(desc, from, last_group, block_bytes, last);
  LoopNest groups;  // tensor 0: the group's place in the first tile; tensor 1: its input
  LoopNest tiles;   // tensor 0: the tile's offset from the first
  for (uint32_t d = 0; d + 1 < from; ++d) groups.Push(desc.input_tensor.sizes[d], out[d], in[d]);
  groups.Push(groups_in_row, int64_t(group) * out[from - 1], int64_t(group) * in[from - 1]);
  for (uint32_t d = 0; d < from; ++d)
    tiles.Push(desc.repeats[d], int64_t(desc.input_tensor.sizes[d]) * out[d]);
  const uint64_t tile_count = tiles.Count();
  const uint64_t items = groups.Count() * tile_count;
  const uint64_t output_bytes = output.ElementCount() * output.ElementSize();
  // Blocks packed along from - 1 leave a group one run in the output.
  const bool group_is_run = out[from - 1] == int64_t(block_bytes);
  std::byte* dst = bindings.outputs[0];
  const std::byte* src = bindings.inputs[0];
  ForEachRange(items, ThreadsFor(items, output_bytes), [&](uint64_t begin, uint64_t end) {
    std::byte* scratch = BlockScratch();
    Cursor at(groups, begin / tile_count);
    for (uint64_t item = begin; item < end;) {
      const bool is_last = (item / tile_count) % groups_in_row == groups_in_row - 1;
      const GroupPlan& plan = is_last ? last : full;
      const uint64_t members = is_last ? last_group : group;
      for (size_t s = 0; s < plan.count; ++s) {
        const FillStep& step = plan.steps[s];
        RunCopySerial(step.plan, scratch + step.dst_offset,
                      step.from_input ? src + at.offset(1) : scratch);
      }
      const uint64_t group_end = std::min(end, (item / tile_count + 1) * tile_count);
      for (Cursor tile(tiles, item % tile_count); item < group_end; ++item) {
        std::byte* place = dst + at.offset(0) + tile.offset(0);
        if (group_is_run)
          simd::StreamRun(place, scratch, members * block_bytes);
        else
          for (uint64_t k = 0; k < members; ++k)
            simd::StreamRun(place + int64_t(k) * out[from - 1], scratch + k * block_bytes,
                            block_bytes);
        if (item + 1 < group_end) tile.Next();
      }
      if (item < end) at.Next();
    }
    simd::StreamFence();
  });
}

}  // namespace

void Tile(const TileDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 1 && bindings.outputs.size() == 1);
  if (const uint32_t from = TileBlockDimension(desc.output_tensor); from != 0)
    return TileByBlocks(desc, bindings, from);
  std::byte* dst = bindings.outputs[0];
  ForEachFillStep(desc, 0, 1, 0, [&](const CopyPlan& plan, int64_t dst_offset, bool from_input) {
    RunCopy(plan, dst + dst_offset, from_input ? bindings.inputs[0] : dst);
  });
}

}  // namespace dmlconf::blocked
