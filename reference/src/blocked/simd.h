// The element-granular inner loops in SIMD, chosen at run time for the CPU
// (Google Highway's dynamic dispatch: one compiled copy per x86 target, from
// plain x86-64 up to AVX-512), so one binary runs anywhere and uses what the
// machine has. Element sizes are 1, 2, 4 or 8 bytes; elements move as
// unsigned integers, so nothing is converted, and any alignment is fine.
// Each function is one operator's inner loop (simd_<operator>.cc).
#pragma once

#include <cstddef>
#include <cstdint>

namespace dmlconf::blocked::simd {

// DEPTH_TO_SPACE1: k lines of n elements, `line` bytes apart, k-way
// interleaved into one contiguous line: dst[r*k + c] = src[c*line + r].
// k is 2, 3 or 4.
void Interleave(size_t element_size, int k, std::byte* dst, const std::byte* src, int64_t line,
                uint64_t n);

// SPACE_TO_DEPTH1, the inverse: dst[c*line + r] = src[r*k + c].
void Deinterleave(size_t element_size, int k, std::byte* dst, int64_t line, const std::byte* src,
                  uint64_t n);

// `m` of the above one after another, the i-th at dst + i * dst_step and
// src + i * src_step: one dispatched call for many short lines (a small
// problem is dozens of (de)interleaves of 8 elements, each of which cost
// more to reach through the loop nest and the dispatch than to run).
void InterleaveMany(size_t element_size, int k, std::byte* dst, int64_t dst_step,
                    const std::byte* src, int64_t src_step, int64_t line, uint64_t n, uint64_t m);
void DeinterleaveMany(size_t element_size, int k, std::byte* dst, int64_t dst_step, int64_t line,
                      const std::byte* src, int64_t src_step, uint64_t n, uint64_t m);

// SPLIT's and JOIN's fused path: k (2 to 4) equal parts, each contributing
// one `unit` of 1, 2, 4 or 8 bytes per outer step, n steps. The parts are
// separate buffers, hence a pointer each rather than a `line` apart:
// dst[r*k + c] = srcs[c][r] and dsts[c][r] = src[r*k + c], in units.
void InterleaveFrom(size_t unit, int k, std::byte* dst, const std::byte* const* srcs, uint64_t n);
void DeinterleaveTo(size_t unit, int k, std::byte* const* dsts, const std::byte* src, uint64_t n);

// REVERSE_SUBSEQUENCES along a packed innermost axis: dst[i] = last[-i] for
// i < n, `last` pointing at the last element of the reversed input run.
void ReverseRun(size_t element_size, std::byte* dst, const std::byte* last, uint64_t n);
// The same with the output's whole cache lines stored non-temporally (see
// StreamRun below: StreamFence() after the last call).
void ReverseRunStreamed(size_t element_size, std::byte* dst, const std::byte* last, uint64_t n);

// GATHER along the innermost axis into a contiguous output line:
// dst[i] = src[offsets[i]], offsets in bytes (int32: a row under 2 GiB).
// Meanwhile the `next_bytes` at `next` (the next row; 0 for none) are
// prefetched a cache line at a time, spread over the loop.
void GatherElements(size_t element_size, std::byte* dst, const std::byte* src,
                    const int32_t* offsets, uint64_t n, const std::byte* next, uint64_t next_bytes);

// The same for a tile of GatherTileRows(element_size) rows at once (1- and
// 2-byte elements: 8 bytes hold one column of the tile), rows `src_row`
// bytes apart in the input and `dst_row` apart in the output, each row
// packed along the axis. Every row uses the same offsets, so instead of a
// load per element, the tile is transposed once into `columns` (column c,
// the rows' element c, at columns + 8 * c; 16-byte aligned, 8 * length + 8
// bytes: the last column is read as 16) and then each index moves one
// column, GatherColumns transposing groups of indices back into the rows.
// Offsets are the byte offsets of GatherElements (element index * element
// size). GatherColumns also reads `src`: positions past the last whole group
// go through GatherElements' scalar loop, row by row. Meanwhile `next_bytes`
// of each of the tile's rows from `next` (`src_row` apart; 0 bytes for none)
// are prefetched toward L2.
inline constexpr uint64_t GatherTileRows(size_t element_size) { return 8 / element_size; }
void TransposeToColumns(size_t element_size, std::byte* columns, const std::byte* src,
                        int64_t src_row, uint64_t length);
void GatherColumns(size_t element_size, std::byte* dst, int64_t dst_row, const std::byte* columns,
                   const std::byte* src, int64_t src_row, const int32_t* offsets, uint64_t n,
                   const std::byte* next, uint64_t next_bytes);

// SLICE's element-granular line with a small forward stride:
// dst[i] = src[i * k] for i < n, k of 2 to 4 elements. Reads nothing after
// element k * (n - 1).
void TakeEvery(size_t element_size, int k, std::byte* dst, const std::byte* src, uint64_t n);
// The same with the output stored non-temporally (StreamFence() after the last
// call, as after StreamRun) and the input asked for kReadAheadBytes ahead.
void TakeEveryStreamed(size_t element_size, int k, std::byte* dst, const std::byte* src,
                       uint64_t n);

// What the next line of the elements pair's SIMD loops will read, asked for
// toward L2 while this one is worked, spread over its elements (none by
// default): its input line whole (`input_bytes`), and the start of its indices
// and updates, which this line's own read-ahead stops short of.
struct NextLine {
  const std::byte* input = nullptr;
  size_t input_bytes = 0;
  const std::byte* indices = nullptr;
  const std::byte* updates = nullptr;
};

// GATHER_ELEMENTS where n 32-bit indices (signed or not) pick from one packed
// line of `size` elements: dst[k] = line[position(indices[k])], a negative
// signed index counting from the line's end and every position clamped into
// the line, as the naive kernel resolves them; no byte outside the line is
// read. Only for lines GathersLine accepts: not empty, and under 2 GiB.
bool GathersLine(size_t element_size, uint32_t size);
void GatherLine(size_t element_size, bool signed_indices, std::byte* dst, const std::byte* line,
                uint32_t size, const std::byte* indices, uint64_t n, const NextLine& next = {});
// The same from a slab of `size` rows `row` bytes apart, one per position, the
// k-th element picked from column k: dst[k] = slab[position(indices[k]) * row +
// k * element_size], for GATHER_ELEMENTS' strips across an outer Axis
// (elements.h, ForEachStripRow). Reads no byte outside the n columns.
void GatherColumn(size_t element_size, bool signed_indices, std::byte* dst, const std::byte* slab,
                  size_t row, uint32_t size, const std::byte* indices, uint64_t n);

// SCATTER_ELEMENTS' n updates of one packed line of `size` elements (under
// 2^31), with packed 32-bit indices (signed or not), in order:
// line[position(indices[k])] = updates[k], a negative signed index counting
// from the line's end, one outside the line dropped, the later of two
// colliding updates winning, as in the naive kernel.
void ScatterLine(size_t element_size, bool signed_indices, std::byte* line, uint32_t size,
                 const std::byte* indices, const std::byte* updates, uint64_t n,
                 const NextLine& next = {});
// The same into a slab of `size` rows `row` bytes apart, one per position, the
// k-th update into column k: slab[position(indices[k]) * row + k *
// element_size] = updates[k], for SCATTER_ELEMENTS' strips across an outer Axis
// (elements.h, ForEachStripRow). Writes no byte outside the n columns.
void ScatterColumn(size_t element_size, bool signed_indices, std::byte* slab, size_t row,
                   uint32_t size, const std::byte* indices, const std::byte* updates, uint64_t n);

// A contiguous run with non-temporal stores (bypassing the cache). For
// outputs of the threshold below or more. Such stores are weakly
// ordered: a thread calls StreamFence() once after its last StreamRun,
// before anyone (the caller after the parallel region) reads the output.
void StreamRun(std::byte* dst, const std::byte* src, size_t bytes);
// StreamRun of a run read from where no hardware prefetcher looks (a row
// picked at random), meanwhile bringing `ahead_bytes` at `ahead` (a run to be
// copied later; 0 bytes for none) into L2, a cache line per line copied.
void StreamRunPrefetching(std::byte* dst, const std::byte* src, size_t bytes,
                          const std::byte* ahead, size_t ahead_bytes);
// The start of a run from memory streamed kInterleavedPages pages at a time, side
// by side, as glibc's memcpy reads its largest copies (report_notes.md, "Four
// pages at a time"; StreamFence() after the last call): returns how many bytes it
// copied, 0 for a run shorter than a block plus the head that aligns `dst`.
inline constexpr size_t kPageBytes = 4096;
inline constexpr size_t kInterleavedPages = 4;
inline constexpr size_t kInterleavedBytes = kInterleavedPages * kPageBytes;
size_t StreamPagesInterleaved(std::byte* dst, const std::byte* src, size_t bytes);
// `count` (at most kRunsSideBySide) runs of `bytes` each, srcs[k] to dsts[k],
// streamed side by side, a line pair from each in turn: rows that no hardware
// prefetcher follows one by one (picked at random, or a window's, a few KiB or
// less) are read as several streams at once (report_notes.md, "Rows side by
// side"). Runs whose outputs are aligned differently go one after another.
// Both this and StreamPagesInterleaved load a line of every run before storing
// any where the inputs lie at their outputs' offsets into a page, which would
// otherwise make each load wait for the store before it (report_notes.md, "Side
// by side, loads first"). StreamFence() after the last call.
inline constexpr size_t kRunsSideBySide = 8;
void StreamRunsSideBySide(std::byte* const* dsts, const std::byte* const* srcs, size_t count,
                          size_t bytes);
void StreamFence();

// A loop that streams its output from an input in memory asks for the input this
// far ahead of its reads: on the Xeon the benchmarks have run on since 27 Nov 2026,
// one core's hardware prefetchers alone left SPLIT's and JOIN's long runs at
// 1.15-1.20x memcpy, and 4 KiB ahead brings them to 1.01-1.07x (report_notes.md,
// "Streaming on the Xeon"). Not asked for by StreamRun itself, whose bounce-buffer
// callers read from L1, where the same prefetches only cost (PADDING u8 1.44x to
// 1.94x).
inline constexpr size_t kReadAheadBytes = 4096;
// The cache line: the unit of the non-temporal writes and of the prefetches.
inline constexpr size_t kLineBytes = 64;

// Brings `bytes` at `p` into L2, a line at a time. L2 rather than L1
// (prefetcht1, not t0): L1's few outstanding-miss slots fill with prefetches
// (report_notes.md, "Prefetching into L2"). Inline: the SIMD loops ask for a line or
// two at a time, where a call costs more than the prefetch.
inline void PrefetchToL2(const std::byte* p, size_t bytes) {
  for (size_t at = 0; at < bytes; at += kLineBytes) __builtin_prefetch(p + at, 0, 2);
}

// Kernels whose whole output is at least this large stream it: half the L3
// of the benchmark machine, where the output and an input as large fill the
// L3 together, so writing through the cache evicts the input being read and
// pays a read-for-ownership per line for an output that would not stay
// cached for its reader either (report_notes.md, "Streaming stores").
inline constexpr uint64_t kDefaultStreamBytes = uint64_t(16) << 20;

// Whether a kernel writing `output_bytes` streams them.
bool Streams(uint64_t output_bytes);
// Tests lower the threshold (to 1 byte, say) so that small problems take the
// streaming paths. Not thread-safe against concurrent kernel calls.
void SetStreamThresholdForTesting(uint64_t bytes);

}  // namespace dmlconf::blocked::simd
