// GATHER: output[outer, j, inner] = input[outer, indices[j], inner].
//
// Three loop nests: outer (input dims before Axis), index (the K trailing
// indices dims) and inner (input dims after Axis), each placed on its output
// dimension by the right-aligned size rule (list position p lands on output
// dim p - (K - 1); positions that fall off the left are size 1). For each
// (outer, j) the inner slab is one strided copy at the resolved index: a run
// is contiguous where the input and output are packed from Axis+1 inward.
// With no inner slab (Axis innermost) each index moves one element, so the
// indices are resolved a chunk (a whole output line, usually) at a time into
// a stack array of 32-bit offsets, and the elements move in the SIMD gather
// (simd.h), row after row while the next row is prefetched.
// Every row of the outer nest uses that same chunk of offsets, so 1- and
// 2-byte elements along a packed axis go a tile of 8 (4) rows at a time when
// the rows lie a constant stride apart (along the outer nest's innermost dim):
// the tile is transposed into a thread's scratch of columns, 8 bytes per
// input element, and each index then moves a whole column, transposed back
// into the rows (simd::GatherColumns) -- one load per index where the
// row-by-row loop spends a load per element. Rows and positions that do not
// fill a tile take the row-by-row loop.
#include <algorithm>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <type_traits>

#include "blocked/copy_runs.h"
#include "blocked/simd.h"
#include "blocked/strided_copy.h"
#include "blocked/threading.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

namespace {

// Slabs: indices resolved per step (fixed scratch, small enough for the
// stack; long enough that the last kBytesAhead of a chunk, which nothing
// prefetches, are a small part of it), and outer coordinates one resolved
// chunk serves before the next work item, few enough that the block's input
// rows stay in L2 across chunks.
constexpr uint64_t kChunk = 1024;
constexpr uint64_t kOuterBlock = 16;
// Single elements: a chunk covers a whole output line of up to this many
// indices, so each input row is read in one pass while it sits in L1 (the
// next one is prefetched meanwhile), and serves many rows, since resolving
// an index costs about as much as moving its element.
constexpr uint64_t kElementChunk = 4096;
constexpr uint64_t kElementOuterBlock = 64;
// Rows up to this size are prefetched whole: past it a row no longer fits
// in L1 beside the offsets and the output line.
constexpr int64_t kMaxPrefetchBytes = 16 * 1024;
// Slabs of one run are prefetched this many bytes ahead (so many rows), within
// the flat range measured (benchmarks/report_notes.md, "GATHER prefetch distance").
constexpr uint64_t kBytesAhead = 32 * 1024;
// A tile's columns take 8 bytes per element of a row: rows of up to 8192
// elements, in a scratch that stays in L2 (in L1 up to 2048-4096 elements)
// while indices pick from it at random. Longer rows go row by row.
constexpr uint64_t kTileScratchBytes = 64 * 1024;
// The tile reads whole rows, however few elements the chunk picks: below
// this many indices per row element the row-by-row loop is cheaper.
constexpr uint64_t kTileMinPicksPerElement = 4;
// Tiles move elements several times faster than the row-by-row loop, so resolving
// a chunk weighs more beside them (report_notes.md, "GATHER tiles"): a whole
// line's chunk (nothing to keep in L2 across chunks) serves this many rows.
constexpr uint64_t kTileOuterBlock = 256;

// The same documented choice as the naive reference (naive/gather.cc):
// negative values of signed types count from the end, and the final index is
// CLAMPED to [0, size - 1], so every read stays inside the input.
template <class I>
int64_t ResolveOf(const std::byte* p, int64_t size) {
  I value;
  std::memcpy(&value, p, sizeof(I));
  if constexpr (std::is_signed_v<I>) {
    int64_t index = int64_t(value);
    if (index < 0) index += size;
    return std::clamp<int64_t>(index, 0, size - 1);
  } else {
    return int64_t(std::min<uint64_t>(uint64_t(value), uint64_t(size - 1)));
  }
}

// O: int64_t, or int32_t when every offset along Axis fits (Narrow()).
template <class I, class O>
void ResolveChunkOf(const std::byte* indices, int64_t stride, uint64_t n, int64_t size,
                    int64_t axis_stride, O* offsets) {
  for (uint64_t j = 0; j < n; ++j)
    offsets[j] = O(ResolveOf<I>(indices + int64_t(j) * stride, size) * axis_stride);
}

// offsets[j] = byte offset along Axis of the j-th index of the chunk.
template <class O>
void ResolveChunk(DataType type, const std::byte* indices, int64_t stride, uint64_t n, int64_t size,
                  int64_t axis_stride, O* offsets) {
  const auto of = [&]<class I>() {
    ResolveChunkOf<I, O>(indices, stride, n, size, axis_stride, offsets);
  };
  switch (type) {
    case DataType::kInt32: return of.template operator()<int32_t>();
    case DataType::kInt64: return of.template operator()<int64_t>();
    case DataType::kUint32: return of.template operator()<uint32_t>();
    default:
      // Validate() admits no other index type, and Execute runs only what it admitted.
      assert(type == DataType::kUint64);
      return of.template operator()<uint64_t>();
  }
}

struct GatherPlan {
  LoopNest outer;        // tensor 0: output, tensor 1: input
  LoopNest index_outer;  // tensor 0: output, tensor 1: indices
  LoopDim index_inner;   // the chunked index dimension, same tensors
  bool has_slab = false;
  CopyPlan slab;  // the inner dims; unused when !has_slab
  DataType index_type = DataType::kUint32;
  int64_t axis_size = 1;
  int64_t axis_stride = 0;  // input bytes per index step
  size_t element_size = 0;
  bool stream = false;                 // the output bypasses the cache (simd::Streams)
  uint64_t chunk = kChunk;             // indices resolved per item
  uint64_t outer_block = kOuterBlock;  // outer coordinates per item
  uint64_t tile_rows = 0;              // rows per tile (simd::GatherColumns); 0: no tiles

  uint64_t Chunks() const { return (index_inner.size + chunk - 1) / chunk; }
  uint64_t OuterBlocks() const { return (outer.Count() + outer_block - 1) / outer_block; }
  // One input row along Axis, in bytes.
  int64_t RowBytes() const { return axis_size * std::abs(axis_stride); }
  // Single elements into a contiguous output line, from rows whose byte
  // offsets fit 32 bits: the SIMD gather.
  bool Narrow() const {
    return !has_slab && index_inner.stride[0] == int64_t(element_size) && axis_stride >= 0 &&
           RowBytes() <= INT32_MAX;
  }
  uint64_t Items() const { return index_outer.Count() * Chunks() * OuterBlocks(); }
  // Whether a chunk of n indices goes by tiles (where rows allow): it pays
  // when the chunk fills at least one 16-byte group of positions (2R, which
  // simd::GatherColumns moves at once) and picks enough elements per
  // element the transpose reads.
  bool TilesPay(uint64_t n) const {
    return tile_rows > 0 && n >= 2 * tile_rows &&
           n * kTileMinPicksPerElement >= uint64_t(axis_size);
  }
};

// Rows per tile when tiles apply: the SIMD gather's case (Narrow) of 1- or
// 2-byte elements packed along Axis, with an innermost outer dim at least a
// tile long (its strides step from row to row), and rows whose columns fit
// the scratch.
uint64_t TileRowsOf(const GatherPlan& plan) {
  const size_t es = plan.element_size;
  if (!plan.Narrow() || es > 2 || plan.axis_stride != int64_t(es)) return 0;
  const uint64_t rows = simd::GatherTileRows(es);
  if (plan.outer.rank == 0 || plan.outer.dims[plan.outer.rank - 1].size < rows) return 0;
  if (uint64_t(plan.axis_size) * rows * es > kTileScratchBytes) return 0;
  return rows;
}

GatherPlan PlanGather(const GatherDesc& desc) {
  const TensorDesc& input = desc.input_tensor;
  const int rank = int(input.DimensionCount());
  const int axis = int(desc.axis), k = int(desc.index_dimensions);
  const ByteStrides in = ByteStridesOf(input);
  const ByteStrides idx = ByteStridesOf(desc.indices_tensor);
  const ByteStrides out = ByteStridesOf(desc.output_tensor);
  // List position p sits on output dim p - (k - 1); below 0 it was dropped
  // as a surplus leading 1 (validated), so it has nothing to walk.
  const auto out_dim = [&](int p) { return p - (k - 1); };
  GatherPlan plan;
  LoopNest index_nest, inner;
  for (int p = 0; p < axis; ++p)
    if (out_dim(p) >= 0) plan.outer.Push(input.sizes[p], out[out_dim(p)], in[p]);
  for (int q = 0; q < k; ++q)
    if (out_dim(axis + q) >= 0)
      index_nest.Push(desc.indices_tensor.sizes[rank - k + q], out[out_dim(axis + q)],
                      idx[rank - k + q]);
  for (int d = axis + 1; d < rank; ++d) inner.Push(input.sizes[d], out[d], in[d]);
  Normalize(plan.outer);
  Normalize(index_nest);
  if (index_nest.rank == 0) index_nest.Push(1, 0, 0);
  plan.index_inner = index_nest.Remove(index_nest.rank - 1);
  plan.index_outer = index_nest;
  plan.has_slab = inner.Count() > 1;
  plan.element_size = input.ElementSize();
  if (plan.has_slab) plan.slab = PlanCopy(inner, plan.element_size);
  plan.index_type = desc.indices_tensor.data_type;
  plan.axis_size = input.sizes[axis];
  plan.axis_stride = in[axis];
  plan.stream = simd::Streams(desc.output_tensor.ElementCount() * plan.element_size);
  if (!plan.has_slab) {
    plan.chunk = kElementChunk;
    plan.outer_block = kElementOuterBlock;
  }
  plan.tile_rows = TileRowsOf(plan);
  if (plan.tile_rows > 0 && plan.Chunks() == 1) plan.outer_block = kTileOuterBlock;
  return plan;
}

// One (outer, j) slab; a slab that is one run skips the plan's loops, which
// matter when rows are short (1 KiB embedding rows, say).
// `stream`: the whole output is large enough to bypass the cache
// (simd::Streams).
void CopySlab(const CopyPlan& slab, std::byte* dst, const std::byte* src, bool threaded,
              bool stream) {
  if (slab.outer.rank == 0 && slab.inner == CopyPlan::Inner::kRun && stream)
    simd::StreamRun(dst, src, slab.cols.size * slab.element_size);
  else if (slab.outer.rank == 0 && slab.inner == CopyPlan::Inner::kRun)
    CopyRun(dst, src, slab.cols.size * slab.element_size);
  else if (threaded)
    RunCopy(slab, dst, src);
  else
    RunCopySerial(slab, dst, src);
}

// One row's elements of a chunk, with offsets of type O (int32_t: the SIMD
// gather, prefetching `next_bytes` of the next row at `next`).
template <class O>
void GatherRow(const GatherPlan& plan, std::byte* dst, const std::byte* src, const O* offsets,
               uint64_t n, const std::byte* next, int64_t next_bytes) {
  if constexpr (std::is_same_v<O, int32_t>)
    WriteLine(plan.stream, dst, plan.element_size, n, 1,
              [&](std::byte* out, uint64_t first, uint64_t count) {
                // Streamed pieces share the prefetching out by their length.
                const uint64_t bytes = uint64_t(next_bytes), whole = std::max<uint64_t>(n, 1);
                simd::GatherElements(plan.element_size, out, src, offsets + first, count,
                                     next + bytes * first / whole, bytes * count / whole);
              });
  else
    GatherElements(plan.element_size, dst, plan.index_inner.stride[0], src, offsets, n);
}

// A tile of plan.tile_rows rows from `src` (the outer nest's innermost dim
// steps between them): transposed into the thread's columns, then gathered
// from them. Streamed, the rows' pieces go through a bounce buffer (R pieces
// of kBounceBytes / R) and are streamed from there. `next`: the next tile, to
// prefetch meanwhile (nullptr: none).
void GatherTile(const GatherPlan& plan, std::byte* dst, const std::byte* src,
                const int32_t* offsets, uint64_t n, const std::byte* next) {
  // simd::GatherColumns reads each column as 16 bytes: 8 of slack.
  alignas(64) thread_local std::byte columns[kTileScratchBytes + 8];
  const LoopDim& rows = plan.outer.dims[plan.outer.rank - 1];
  const int64_t dst_row = rows.stride[0], src_row = rows.stride[1];
  const size_t es = plan.element_size;
  const uint64_t next_bytes = next ? uint64_t(plan.RowBytes()) : 0;
  simd::TransposeToColumns(es, columns, src, src_row, uint64_t(plan.axis_size));
  if (!plan.stream)
    return simd::GatherColumns(es, dst, dst_row, columns, src, src_row, offsets, n, next,
                               next_bytes);
  alignas(64) std::byte buffer[kBounceBytes];
  const uint64_t piece = kBounceBytes / plan.tile_rows / es;  // elements per row
  for (uint64_t first = 0; first < n; first += piece) {
    const uint64_t count = std::min(piece, n - first);
    simd::GatherColumns(es, buffer, int64_t(piece * es), columns, src, src_row, offsets + first,
                        count, next + next_bytes * first / n, next_bytes * count / n);
    for (uint64_t r = 0; r < plan.tile_rows; ++r)
      simd::StreamRun(dst + int64_t(r) * dst_row + int64_t(first * es), buffer + r * piece * es,
                      count * es);
  }
}

// The elements of one chunk for rows [o0, o1) of the outer nest, with
// offsets of type O (int32_t: the SIMD gather), a tile of rows at a time
// where a whole one fits in the outer nest's innermost dim and the chunk
// pays for it (TilesPay), else row by row.
template <class O>
void GatherChunkRows(const GatherPlan& plan, const Bindings& bindings, std::byte* dst_chunk,
                     const O* offsets, uint64_t n, uint64_t o0, uint64_t o1) {
  const uint64_t tile = std::is_same_v<O, int32_t> && plan.TilesPay(n) ? plan.tile_rows : 0;
  const auto tile_at = [&](const Cursor& at, uint64_t o) {
    return tile > 0 && o1 - o >= tile && at.LeftInRow() >= tile;
  };
  Cursor outer(plan.outer, o0);
  for (uint64_t o = o0; o < o1;) {
    const uint64_t rows = tile_at(outer, o) ? tile : 1;
    std::byte* dst = dst_chunk + outer.offset(0);
    const std::byte* src = bindings.inputs[0] + outer.offset(1);
    outer.Advance(rows);
    o += rows;
    // The next row (tile) is read while this one is gathered (simd.h).
    const std::byte* next = bindings.inputs[0] + outer.offset(1);
    if constexpr (std::is_same_v<O, int32_t>) {
      if (rows > 1) {
        GatherTile(plan, dst, src, offsets, n, tile_at(outer, o) ? next : nullptr);
        continue;
      }
    }
    const int64_t next_bytes = o < o1 && plan.RowBytes() <= kMaxPrefetchBytes ? plan.RowBytes() : 0;
    GatherRow(plan, dst, src, offsets, n, next, next_bytes);
  }
}

// The slabs of one chunk for rows [o0, o1) of the outer nest.
void CopyChunkSlabs(const GatherPlan& plan, const Bindings& bindings, std::byte* dst_chunk,
                    const int64_t* offsets, uint64_t n, uint64_t o0, uint64_t o1,
                    bool threaded_slabs) {
  // Rows picked at random start where no hardware prefetcher looks: one-run
  // slabs are asked for about kBytesAhead ahead, into L2 (simd.h), so that
  // several rows' misses overlap.
  const uint64_t slab_bytes = plan.slab.ElementCount() * plan.element_size;
  const bool one_run = plan.slab.outer.rank == 0 && plan.slab.inner == CopyPlan::Inner::kRun;
  const bool prefetch = one_run && slab_bytes <= uint64_t(kMaxPrefetchBytes);
  const uint64_t ahead = prefetch ? std::max<uint64_t>(1, kBytesAhead / slab_bytes) : n;
  Cursor outer(plan.outer, o0);
  for (uint64_t o = o0; o < o1; ++o, outer.Next()) {
    std::byte* dst = dst_chunk + outer.offset(0);
    const std::byte* src = bindings.inputs[0] + outer.offset(1);
    for (uint64_t j = 0; j < n; ++j) {
      std::byte* to = dst + int64_t(j) * plan.index_inner.stride[0];
      const std::byte* next = j + ahead < n ? src + offsets[j + ahead] : nullptr;
      const size_t next_bytes = next ? slab_bytes : 0;
      if (one_run && plan.stream) {
        simd::StreamRunPrefetching(to, src + offsets[j], slab_bytes, next, next_bytes);
        continue;
      }
      if (next) simd::PrefetchToL2(next, next_bytes);
      CopySlab(plan.slab, to, src + offsets[j], threaded_slabs, plan.stream);
    }
  }
}

// Items [begin, end): item = (block of plan.outer_block outer coordinates,
// index_outer, chunk), the chunk fastest: a chunk's indices are resolved once
// for the whole block, and consecutive chunks read the block's input rows
// while they are still in cache. `threaded_slabs`: the caller runs one item
// at a time, so a large slab may use threads itself.
void RunGatherItems(const GatherPlan& plan, const Bindings& bindings, uint64_t begin, uint64_t end,
                    bool threaded_slabs) {
  const uint64_t chunks = plan.Chunks();
  const uint64_t outer_count = plan.outer.Count();
  const uint64_t index_outer_count = plan.index_outer.Count();
  const LoopDim& dim = plan.index_inner;
  const bool narrow = plan.Narrow();
  int64_t wide_offsets[kElementChunk];
  int32_t narrow_offsets[kElementChunk];
  for (uint64_t item = begin; item < end; ++item) {
    const uint64_t chunk = item % chunks;
    const Cursor index_outer(plan.index_outer, item / chunks % index_outer_count);
    const uint64_t block = item / chunks / index_outer_count;
    const uint64_t j0 = chunk * plan.chunk;
    const uint64_t n = std::min(plan.chunk, dim.size - j0);
    const std::byte* indices =
        bindings.inputs[1] + index_outer.offset(1) + int64_t(j0) * dim.stride[1];
    std::byte* const dst_chunk =
        bindings.outputs[0] + index_outer.offset(0) + int64_t(j0) * dim.stride[0];
    const uint64_t o0 = block * plan.outer_block;
    const uint64_t o1 = std::min(outer_count, o0 + plan.outer_block);
    if (narrow) {
      ResolveChunk(plan.index_type, indices, dim.stride[1], n, plan.axis_size, plan.axis_stride,
                   narrow_offsets);
      GatherChunkRows(plan, bindings, dst_chunk, narrow_offsets, n, o0, o1);
      continue;
    }
    ResolveChunk(plan.index_type, indices, dim.stride[1], n, plan.axis_size, plan.axis_stride,
                 wide_offsets);
    if (plan.has_slab)
      CopyChunkSlabs(plan, bindings, dst_chunk, wide_offsets, n, o0, o1, threaded_slabs);
    else
      GatherChunkRows(plan, bindings, dst_chunk, wide_offsets, n, o0, o1);
  }
  if (plan.stream) simd::StreamFence();
}

}  // namespace

void Gather(const GatherDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 2 && bindings.outputs.size() == 1);
  assert(desc.axis < desc.input_tensor.DimensionCount());
  assert(desc.index_dimensions <= desc.input_tensor.DimensionCount());
  const GatherPlan plan = PlanGather(desc);
  const uint64_t items = plan.Items();
  const uint64_t bytes = desc.output_tensor.ElementCount() * plan.element_size;
  const int threads = ThreadsFor(items, bytes);
  ForEachRange(items, threads, [&](uint64_t begin, uint64_t end) {
    RunGatherItems(plan, bindings, begin, end, threads <= 1);
  });
}

}  // namespace dmlconf::blocked
