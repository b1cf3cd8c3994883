#include "blocked/strided_copy.h"

#include <array>
#include <cstdlib>
#include <optional>

#include "blocked/copy_runs.h"
#include "blocked/simd.h"
#include "blocked/threading.h"

namespace dmlconf::blocked {

namespace {

// Problems below this many bytes may run their outer loops in any order:
// well under the parallel threshold, and in L2 on both sides.
constexpr uint64_t kInCacheBytes = 64 * 1024;

// The dimension whose source stride is smallest, nonzero (a zero stride
// re-reads one element: nothing to tile) and below `below`, or -1.
int SmallestSourceStride(const LoopNest& nest, int64_t below) {
  int best = -1;
  for (int d = 0; d < nest.rank; ++d) {
    const int64_t stride = std::llabs(nest.dims[d].stride[1]);
    if (stride != 0 && stride < below &&
        (best < 0 || stride < std::llabs(nest.dims[best].stride[1])))
      best = d;
  }
  return best;
}

// The piece `piece` of `pieces` of [0, size): threads split one long inner
// dimension when there are fewer outer iterations than threads.
struct Span {
  uint64_t begin, count;
};
Span Piece(uint64_t size, uint64_t piece, uint64_t pieces) {
  // The usual case, without the divisions: they showed in small problems.
  if (pieces == 1) return {0, size};
  const uint64_t begin = size * piece / pieces;
  return {begin, size * (piece + 1) / pieces - begin};
}

// n elements read `src_stride` bytes apart into a contiguous line, element by
// element into the L1 bounce buffer and streamed out from there (WriteLine):
// plain stores of a large output would each pay a read-for-ownership. A
// reversed run (x[:, ::-1]) and every second to fourth element (x[:, ::2])
// stream straight from registers instead; other
// backward strides produce their last piece first, so the input is read in
// address order across pieces as within one.
void CopyStridedStreamed(size_t es, std::byte* dst, const std::byte* src, int64_t src_stride,
                         uint64_t n) {
  if (CopyLineInRegisters(es, dst, src, src_stride, n, true)) return;
  WriteLine(
      true, dst, es, n, 1,
      [&](std::byte* out, uint64_t first, uint64_t count) {
        CopyStrided(es, out, int64_t(es), src + int64_t(first) * src_stride, src_stride, count);
      },
      src_stride < 0 ? PieceOrder::kBackward : PieceOrder::kForward);
}

// A run streamed from memory: its whole blocks of four pages side by side
// (simd::StreamPagesInterleaved), the rest asking for its own bytes
// simd::kReadAheadBytes ahead, only its own, so a short one asks for nothing it will
// not read.
void StreamRunReadingAhead(std::byte* dst, const std::byte* src, size_t bytes) {
  const size_t done = simd::StreamPagesInterleaved(dst, src, bytes);
  dst += done, src += done, bytes -= done;
  const size_t ahead = bytes > simd::kReadAheadBytes ? bytes - simd::kReadAheadBytes : 0;
  simd::StreamRunPrefetching(dst, src, bytes, src + (ahead ? simd::kReadAheadBytes : 0), ahead);
}

// Whether items are whole runs of a line to a few pages, streamed from memory: a
// window's rows, which no hardware prefetcher follows from one to the next.
bool RunsSideBySide(const CopyPlan& plan, uint64_t pieces, bool stream) {
  const size_t bytes = plan.cols.size * plan.element_size;
  return stream && pieces == 1 && plan.inner == CopyPlan::Inner::kRun &&
         bytes >= simd::kLineBytes && bytes < simd::kInterleavedBytes;
}

// Items [begin, end) of such runs, simd::kRunsSideBySide at a time. SLICE's window of
// 1 KiB rows every 3 KiB, one thread: 2.66-2.69x memcpy (u8) and 1.45-1.62x (f32, 4
// KiB rows) one by one, 2.23-2.45x and 1.42-1.46x four at a time, 2.25-2.52x and
// 1.35-1.41x eight (report_notes.md, "Rows side by side").
void RunItemsSideBySide(const CopyPlan& plan, std::byte* dst, const std::byte* src, uint64_t begin,
                        uint64_t end) {
  const size_t bytes = plan.cols.size * plan.element_size;
  std::byte* to[simd::kRunsSideBySide];
  const std::byte* from[simd::kRunsSideBySide];
  size_t count = 0;
  Cursor cursor(plan.outer, begin);
  for (uint64_t item = begin; item < end; ++item, cursor.Next()) {
    to[count] = dst + cursor.offset(0);
    from[count++] = src + cursor.offset(1);
    if (count == simd::kRunsSideBySide || item + 1 == end) {
      simd::StreamRunsSideBySide(to, from, count, bytes);
      count = 0;
    }
  }
  simd::StreamFence();
}

// Items [begin, end) of outer.Count() * pieces, piece fastest. `stream`:
// contiguous runs bypass the cache (simd::Streams).
void RunItems(const CopyPlan& plan, std::byte* dst, const std::byte* src, uint64_t pieces,
              uint64_t begin, uint64_t end, bool stream) {
  if (RunsSideBySide(plan, pieces, stream)) return RunItemsSideBySide(plan, dst, src, begin, end);
  Cursor cursor(plan.outer, begin / pieces);
  uint64_t piece = begin % pieces;
  const size_t es = plan.element_size;
  for (uint64_t item = begin; item < end; ++item) {
    std::byte* d = dst + cursor.offset(0);
    const std::byte* s = src + cursor.offset(1);
    if (plan.inner == CopyPlan::Inner::kTiled) {
      const Span r = Piece(plan.rows.size, piece, pieces);
      CopyTiled(es, d + int64_t(r.begin) * plan.rows.stride[0], plan.rows.stride[0],
                plan.cols.stride[0], s + int64_t(r.begin) * plan.rows.stride[1],
                plan.rows.stride[1], plan.cols.stride[1], r.count, plan.cols.size, stream);
    } else {
      const Span c = Piece(plan.cols.size, piece, pieces);
      d += int64_t(c.begin) * plan.cols.stride[0];
      s += int64_t(c.begin) * plan.cols.stride[1];
      // kRun: both strides are the element size, so the piece is one block of bytes.
      if (plan.inner == CopyPlan::Inner::kRun && stream)
        StreamRunReadingAhead(d, s, c.count * es);
      else if (plan.inner == CopyPlan::Inner::kRun)
        CopyRun(d, s, c.count * es);
      else if (stream && plan.cols.stride[0] == int64_t(es))
        CopyStridedStreamed(es, d, s, plan.cols.stride[1], c.count);
      else
        CopyStrided(es, d, plan.cols.stride[0], s, plan.cols.stride[1], c.count);
    }
    if (++piece == pieces) {
      piece = 0;
      cursor.Next();
    }
  }
  if (stream) simd::StreamFence();
}

// Items [begin, end) of a plan whose inner block is an (de)interleave, one
// SIMD call per stretch along the outer nest's innermost dimension: each
// block of a small problem is a few short lines, and reaching it item by
// item cost more than moving it (report_notes.md, "Interleaves in stretches").
void RunWovenItems(const CopyPlan& plan, Weave weave, std::byte* dst, const std::byte* src,
                   uint64_t begin, uint64_t end) {
  const LoopDim step = plan.outer.rank > 0 ? plan.outer.dims[plan.outer.rank - 1] : LoopDim{};
  Cursor cursor(plan.outer, begin);
  for (uint64_t item = begin; item < end;) {
    const uint64_t m = std::min(cursor.LeftInRow(), end - item);
    CopyInterleavedMany(weave, plan.element_size, dst + cursor.offset(0), step.stride[0],
                        plan.rows.stride[0], src + cursor.offset(1), step.stride[1],
                        plan.cols.stride[1], plan.rows.size, plan.cols.size, m);
    cursor.Advance(m);
    item += m;
  }
}

Weave WeaveOfPlan(const CopyPlan& plan) {
  if (plan.inner != CopyPlan::Inner::kTiled) return Weave::kNone;
  return WeaveOf(plan.element_size, plan.rows.stride[0], plan.cols.stride[0], plan.rows.stride[1],
                 plan.cols.stride[1], plan.rows.size, plan.cols.size);
}

// The outer dimension with the most iterations moved innermost, so the
// stretches above are as long as they can be. Only for problems that sit in
// cache, where the order of the outer loops costs nothing.
void LongestOuterInnermost(LoopNest& nest) {
  if (nest.rank < 2) return;
  int longest = 0;
  for (int d = 1; d < nest.rank; ++d)
    if (nest.dims[d].size > nest.dims[longest].size) longest = d;
  nest.Push(nest.dims[longest].size, nest.dims[longest].stride[0], nest.dims[longest].stride[1],
            nest.dims[longest].stride[2]);
  nest.Remove(longest);
}

// Largest source stride first (stable: ties keep the destination's order).
void SortBySourceStride(LoopNest& nest) {
  for (int d = 1; d < nest.rank; ++d) {
    const LoopDim dim = nest.dims[d];
    int at = d;
    for (; at > 0 && std::llabs(nest.dims[at - 1].stride[1]) < std::llabs(dim.stride[1]); --at)
      nest.dims[at] = nest.dims[at - 1];
    nest.dims[at] = dim;
  }
}

// Whether all parts have the first one's sizes and strides.
bool SameParts(std::span<const TensorDesc> parts) {
  const ByteStrides strides = ByteStridesOf(parts[0]);
  for (const TensorDesc& part : parts)
    if (part.sizes != parts[0].sizes || ByteStridesOf(part) != strides) return false;
  return true;
}

// Calls move(written_offset, read_offset, count, stream) for pieces
// of the plan's lines, on threads: a line is cut when there are fewer outer
// steps than threads (SPLIT of {N, 2}: one line of N units).
template <class Fn>
void ForEachPartsPiece(const PartsPlan& plan, const Fn& move) {
  const uint64_t outer = plan.outer.Count();
  const uint64_t n = plan.line.size;
  const uint64_t bytes = outer * n * plan.unit * uint64_t(plan.k);
  const bool stream = simd::Streams(bytes);
  const uint64_t wanted = uint64_t(ThreadsFor(outer * n, bytes));
  const uint64_t pieces = outer >= wanted ? 1 : std::min(n, (wanted + outer - 1) / outer);
  const uint64_t items = outer * pieces;
  ForEachRange(items, ThreadsFor(items, bytes), [&](uint64_t begin, uint64_t end) {
    Cursor cursor(plan.outer, begin / pieces);
    uint64_t piece = begin % pieces;
    for (uint64_t item = begin; item < end; ++item) {
      const Span s = Piece(n, piece, pieces);
      move(cursor.offset(0) + int64_t(s.begin) * plan.line.stride[0],
           cursor.offset(1) + int64_t(s.begin) * plan.line.stride[1], s.count, stream);
      if (++piece == pieces) {
        piece = 0;
        cursor.Next();
      }
    }
    if (stream) simd::StreamFence();
  });
}

// n units into each of k parts from k-unit groups at `src`, streamed: the
// parts' pieces go through an L1 buffer, then out in whole lines.
void DeinterleaveToStreamed(size_t unit, int k, const std::array<std::byte*, 4>& dsts,
                            const std::byte* src, uint64_t n) {
  alignas(64) std::byte buffer[kBounceBytes];
  // Whole cache lines per part and piece (k = 3 would give 1365 bytes), so
  // each streamed piece starts where the last one's final line ended.
  const uint64_t per = kBounceBytes / uint64_t(k) / 64 * 64 / unit;
  for (uint64_t r0 = 0; r0 < n; r0 += per) {
    const uint64_t m = std::min(per, n - r0);
    const size_t piece = m * unit;
    std::array<std::byte*, 4> pieces{};
    for (int c = 0; c < k; ++c) pieces[size_t(c)] = buffer + size_t(c) * piece;
    simd::DeinterleaveTo(unit, k, pieces.data(), src + r0 * uint64_t(k) * unit, m);
    for (int c = 0; c < k; ++c)
      simd::StreamRun(dsts[size_t(c)] + r0 * unit, pieces[size_t(c)], piece);
  }
}

// The k part pointers moved by `offset` bytes.
template <class B>
std::array<B*, 4> Shifted(int k, B* const* parts, int64_t offset) {
  std::array<B*, 4> out{};
  for (int c = 0; c < k; ++c) out[size_t(c)] = parts[c] + offset;
  return out;
}

}  // namespace

uint64_t PackedBytesFrom(const TensorDesc& tensor, const ByteStrides& strides, uint32_t axis) {
  uint64_t bytes = tensor.ElementSize();
  for (uint32_t d = tensor.DimensionCount(); d-- > axis;) {
    if (tensor.sizes[d] != 1 && strides[d] != int64_t(bytes)) return 0;
    bytes *= tensor.sizes[d];
  }
  return bytes;
}

CopyPlan PlanCopy(LoopNest nest, size_t element_size) {
  Normalize(nest);
  CopyPlan plan;
  plan.element_size = element_size;
  const int64_t es = int64_t(element_size);
  if (nest.rank == 0) nest.Push(1, es, es);  // one element
  // Normalize ordered by destination stride: the last dimension writes densest.
  plan.cols = nest.Remove(nest.rank - 1);
  if (plan.cols.stride[0] == es && plan.cols.stride[1] == es) {
    plan.inner = CopyPlan::Inner::kRun;
  } else if (int s = SmallestSourceStride(nest, std::llabs(plan.cols.stride[1])); s >= 0) {
    plan.inner = CopyPlan::Inner::kTiled;
    plan.rows = nest.Remove(s);
  } else {
    plan.inner = CopyPlan::Inner::kStrided;
  }
  // The dimensions in use only: the whole nest's copy (a rep movs of 8 dimensions) was
  // most of planning a small TILE's copies in the profile.
  plan.outer.rank = nest.rank;
  std::copy_n(nest.dims.begin(), nest.rank, plan.outer.dims.begin());
  return plan;
}

CopyPlan PlanTensorCopy(const TensorDesc& dst, const TensorDesc& src) {
  const ByteStrides d = ByteStridesOf(dst), s = ByteStridesOf(src);
  LoopNest nest;
  for (uint32_t k = 0; k < dst.DimensionCount(); ++k) nest.Push(dst.sizes[k], d[k], s[k]);
  return PlanCopy(nest, dst.ElementSize());
}

void RunCopySerial(const CopyPlan& plan, std::byte* dst, const std::byte* src) {
  RunItems(plan, dst, src, 1, 0, plan.outer.Count(), /*stream=*/false);
}

void RunCopy(const CopyPlan& plan, std::byte* dst, const std::byte* src) {
  const uint64_t outer = plan.outer.Count();
  const uint64_t bytes = plan.ElementCount() * plan.element_size;
  // Few outer iterations (one long run, say): cut the inner dimension too.
  const uint64_t split = plan.inner == CopyPlan::Inner::kTiled ? plan.rows.size : plan.cols.size;
  const uint64_t wanted = uint64_t(ThreadsFor(outer * split, bytes));
  const uint64_t pieces = outer >= wanted ? 1 : std::min(split, (wanted + outer - 1) / outer);
  // Through the cache, with enough outer iterations for every thread (no
  // cut rows): the (de)interleaves in stretches, over each thread's range of
  // items (report_notes.md, "Interleaves in stretches"). Large problems keep their loop order
  // (only the calls get fewer); small ones take the longest stretch there is.
  if (const Weave weave = WeaveOfPlan(plan);
      weave != Weave::kNone && !simd::Streams(bytes) && pieces == 1) {
    CopyPlan batched = plan;
    if (bytes < kInCacheBytes) LongestOuterInnermost(batched.outer);
    ForEachRange(outer, int(wanted), [&](uint64_t begin, uint64_t end) {
      RunWovenItems(batched, weave, dst, src, begin, end);
    });
    return;
  }
  const uint64_t items = outer * pieces;
  if (!simd::Streams(bytes)) {
    ForEachRange(items, ThreadsFor(items, bytes), [&](uint64_t begin, uint64_t end) {
      RunItems(plan, dst, src, pieces, begin, end, /*stream=*/false);
    });
    return;
  }
  // Streamed stores leave the cache in whole lines whatever their order, so
  // the outer loops follow the source instead, read in address order: walked
  // in the destination's order, SPACE_TO_DEPTH1 read every other input row
  // in two passes (report_notes.md, "Streaming stores").
  CopyPlan by_source = plan;
  SortBySourceStride(by_source.outer);
  ForEachRange(items, ThreadsFor(items, bytes), [&](uint64_t begin, uint64_t end) {
    RunItems(by_source, dst, src, pieces, begin, end, /*stream=*/true);
  });
}

std::optional<PartsPlan> PlanParts(const TensorDesc& whole, std::span<const TensorDesc> parts,
                                   uint32_t axis, bool whole_written) {
  // The cheap test first: most SPLITs and JOINs are rows of many bytes, and a
  // small one is short enough for a few needless checks to show.
  const int k = int(parts.size());
  if (k < 2 || k > 4) return std::nullopt;
  const ByteStrides part_strides = ByteStridesOf(parts[0]);
  const uint64_t unit = PackedBytesFrom(parts[0], part_strides, axis);
  if (unit != 1 && unit != 2 && unit != 4 && unit != 8) return std::nullopt;
  const ByteStrides whole_strides = ByteStridesOf(whole);
  if (!SameParts(parts) || PackedBytesFrom(whole, whole_strides, axis) != uint64_t(k) * unit)
    return std::nullopt;
  PartsPlan plan;
  for (uint32_t d = 0; d < axis; ++d) {
    const int64_t part = part_strides[d], all = whole_strides[d];
    plan.outer.Push(whole.sizes[d], whole_written ? all : part, whole_written ? part : all);
  }
  Normalize(plan.outer);
  const int64_t written = int64_t(whole_written ? uint64_t(k) * unit : unit);
  const int64_t read = int64_t(whole_written ? unit : uint64_t(k) * unit);
  if (plan.outer.rank == 0) plan.outer.Push(1, written, read);  // one step
  plan.line = plan.outer.Remove(plan.outer.rank - 1);
  // Padded rows that leave no contiguous run of steps: the per-part copies.
  if (plan.line.stride[0] != written || plan.line.stride[1] != read) return std::nullopt;
  plan.k = k;
  plan.unit = unit;
  return plan;
}

void RunDeinterleaveParts(const PartsPlan& plan, std::byte* const* dsts, const std::byte* src) {
  ForEachPartsPiece(plan, [&](int64_t written, int64_t read, uint64_t n, bool stream) {
    const std::array<std::byte*, 4> parts = Shifted(plan.k, dsts, written);
    if (stream)
      DeinterleaveToStreamed(plan.unit, plan.k, parts, src + read, n);
    else
      simd::DeinterleaveTo(plan.unit, plan.k, parts.data(), src + read, n);
  });
}

void RunInterleaveParts(const PartsPlan& plan, std::byte* dst, const std::byte* const* srcs) {
  const uint64_t k = uint64_t(plan.k);
  ForEachPartsPiece(plan, [&](int64_t written, int64_t read, uint64_t n, bool stream) {
    // Pieces of the line are whole groups of k units (WriteLine's `unit`).
    WriteLine(stream, dst + written, plan.unit, n * k, k,
              [&](std::byte* out, uint64_t first, uint64_t count) {
                const int64_t from = read + int64_t(first / k * plan.unit);
                simd::InterleaveFrom(plan.unit, plan.k, out, Shifted(plan.k, srcs, from).data(),
                                     count / k);
              });
  });
}

}  // namespace dmlconf::blocked
