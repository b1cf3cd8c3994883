// The one hot loop, in its few shapes: contiguous runs (memcpy), strided
// element loops, and cache-tiled 2-D copies, each specialized for the element
// sizes 1, 2, 4 and 8 bytes; reversed runs and (de)interleaves go to the
// runtime-dispatched SIMD loops (simd.h). Elements move as unsigned integers
// through memcpy, so nothing is ever converted and any alignment is fine.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "blocked/simd.h"

namespace dmlconf::blocked {

// A contiguous run: the C library's memcpy is tuned for every length.
inline void CopyRun(std::byte* dst, const std::byte* src, size_t bytes) {
  std::memcpy(dst, src, bytes);
}

template <class T>
inline void CopyElement(std::byte* dst, const std::byte* src) {
  T value;
  std::memcpy(&value, src, sizeof(T));
  std::memcpy(dst, &value, sizeof(T));
}

// n elements, dst[i * dst_stride] = src[i * src_stride] (strides in bytes,
// any sign: REVERSE_SUBSEQUENCES reads backwards).
template <class T>
void CopyStridedOf(std::byte* dst, int64_t dst_stride, const std::byte* src, int64_t src_stride,
                   uint64_t n) {
  if (dst_stride == int64_t(sizeof(T)) && src_stride == int64_t(sizeof(T))) {
    CopyRun(dst, src, n * sizeof(T));
    return;
  }
  for (uint64_t i = 0; i < n; ++i)
    CopyElement<T>(dst + int64_t(i) * dst_stride, src + int64_t(i) * src_stride);
}

// Output lines of a large problem are produced a piece at a time into an
// L1-resident buffer and streamed out from there (simd::StreamRun): the
// element-granular loops keep their plain stores, and memory sees whole
// non-temporal lines. 8 KiB: a quarter of L1, and a whole 8 KiB line in one
// piece (4 KiB pieces made a reversed line's input read as two half-lines
// and the streamed output jump back 4 KiB: report_notes.md, "Bounce buffer").
inline constexpr size_t kBounceBytes = 8192;

// The order in which WriteLine produces its pieces when it streams.
enum class PieceOrder { kForward, kBackward };

// Calls produce(out, first, count) to write elements [first, first + count)
// of a contiguous line of n elements at `out`: once at dst, or piece by
// piece into the buffer then streamed. Pieces are whole multiples of `unit`
// elements (n must be one too), for loops that write `unit` at a time.
// kBackward produces the last piece first: a reversed line then reads its
// input in address order across pieces too (reverse_subsequences.cc).
template <class Fn>
void WriteLine(bool stream, std::byte* dst, size_t element_size, uint64_t n, uint64_t unit,
               const Fn& produce, PieceOrder order = PieceOrder::kForward) {
  if (!stream) return produce(dst, 0, n);
  assert(n % unit == 0 && unit * element_size <= kBounceBytes);
  alignas(64) std::byte buffer[kBounceBytes];
  const uint64_t per = kBounceBytes / element_size / unit * unit;
  const uint64_t pieces = (n + per - 1) / per;
  for (uint64_t i = 0; i < pieces; ++i) {
    const uint64_t first = (order == PieceOrder::kForward ? i : pieces - 1 - i) * per;
    const uint64_t count = std::min(per, n - first);
    produce(buffer, first, count);
    simd::StreamRun(dst + first * element_size, buffer, count * element_size);
  }
}

// A contiguous output written as a sequence of runs of any length and streamed:
// whole cache lines go out as non-temporal stores straight from each run's source
// (simd::StreamRun, whose loads and stores interleave as memcpy's do), and only the
// line where one run ends and the next begins is assembled, in a 64-byte stage.
// Producing such an output into the bounce buffer first read every source byte
// twice and let the reads and the stores take turns (report_notes.md, "PADDING
// straight from the input"). Lines the output only partly covers, at its two ends,
// are written with plain stores, so no byte outside it is touched. A thread calls
// simd::StreamFence() after Finish(), as after StreamRun.
class StreamWriter {
 public:
  static constexpr size_t kLine = simd::kLineBytes;
  explicit StreamWriter(std::byte* out)
      : line_(out - reinterpret_cast<uintptr_t>(out) % kLine),
        skip_(size_t(out - line_)),
        held_(skip_) {}
  void Append(const std::byte* src, size_t bytes) {
    while (bytes > 0) {
      if (held_ == 0 && bytes >= kLine) {  // line-aligned: whole lines straight from src
        const size_t whole = bytes / kLine * kLine;
        simd::StreamRunPrefetching(line_, src, whole, src + simd::kReadAheadBytes, whole);
        line_ += whole, src += whole, bytes -= whole;
        continue;
      }
      const size_t take = std::min(bytes, kLine - held_);
      std::memcpy(stage_ + held_, src, take);
      held_ += take, src += take, bytes -= take;
      if (held_ == kLine) Flush();
    }
  }
  // The last, partial line.
  void Finish() {
    if (held_ > skip_) std::memcpy(line_ + skip_, stage_ + skip_, held_ - skip_);
  }

 private:
  void Flush() {
    if (skip_ == 0)
      simd::StreamRun(line_, stage_, kLine);
    else
      std::memcpy(line_ + skip_, stage_ + skip_, kLine - skip_);
    line_ += kLine;
    skip_ = held_ = 0;
  }
  std::byte* line_;  // the output line being assembled
  size_t skip_;      // its first bytes, before the output
  size_t held_;      // its bytes so far, in stage_
  alignas(64) std::byte stage_[kLine];
};

// SPACE_TO_DEPTH1's k output lines of n elements (`line` bytes apart) from
// one interleaved input line, streamed: k pieces at a time in the buffer.
inline void DeinterleaveStreamed(size_t es, int k, std::byte* dst, int64_t line,
                                 const std::byte* src, uint64_t n) {
  alignas(64) std::byte buffer[kBounceBytes];
  const uint64_t per = kBounceBytes / es / uint64_t(k);
  for (uint64_t r0 = 0; r0 < n; r0 += per) {
    const uint64_t m = std::min(per, n - r0);
    const int64_t piece = int64_t(m * es);
    simd::Deinterleave(es, k, buffer, piece, src + r0 * uint64_t(k) * es, m);
    for (int c = 0; c < k; ++c)
      simd::StreamRun(dst + c * line + int64_t(r0 * es), buffer + c * piece, size_t(piece));
  }
}

// A rows x cols block where one side is 2..4 elements and the block is
// contiguous on the other tensor: an (de)interleave of a few lines, in SIMD
// (DEPTH_TO_SPACE1's and SPACE_TO_DEPTH1's inner rows).
enum class Weave { kNone, kInterleave, kDeinterleave };
inline Weave WeaveOf(size_t element_size, int64_t dst_row, int64_t dst_col, int64_t src_row,
                     int64_t src_col, uint64_t rows, uint64_t cols) {
  const int64_t es = int64_t(element_size);
  if (dst_col == es && dst_row == int64_t(cols) * es && src_row == es && cols >= 2 && cols <= 4)
    return Weave::kInterleave;
  if (src_row == es && src_col == int64_t(rows) * es && dst_col == es && rows >= 2 && rows <= 4)
    return Weave::kDeinterleave;
  return Weave::kNone;
}

// Such a block, streamed out when `stream`. Returns false when the block has
// another shape.
inline bool CopyInterleaved(size_t element_size, std::byte* dst, int64_t dst_row, int64_t dst_col,
                            const std::byte* src, int64_t src_row, int64_t src_col, uint64_t rows,
                            uint64_t cols, bool stream) {
  switch (WeaveOf(element_size, dst_row, dst_col, src_row, src_col, rows, cols)) {
    case Weave::kInterleave:
      WriteLine(stream, dst, element_size, rows * cols, cols,
                [&](std::byte* out, uint64_t first, uint64_t count) {
                  simd::Interleave(element_size, int(cols), out, src + first / cols * element_size,
                                   src_col, count / cols);
                });
      return true;
    case Weave::kDeinterleave:
      if (stream)
        DeinterleaveStreamed(element_size, int(rows), dst, dst_row, src, cols);
      else
        simd::Deinterleave(element_size, int(rows), dst, dst_row, src, cols);
      return true;
    case Weave::kNone: return false;
  }
  return false;
}

// `m` such blocks (of shape `weave`, not kNone), the i-th at dst + i *
// dst_step and src + i * src_step, through the cache.
inline void CopyInterleavedMany(Weave weave, size_t element_size, std::byte* dst, int64_t dst_step,
                                int64_t dst_row, const std::byte* src, int64_t src_step,
                                int64_t src_col, uint64_t rows, uint64_t cols, uint64_t m) {
  if (weave == Weave::kInterleave)
    simd::InterleaveMany(element_size, int(cols), dst, dst_step, src, src_step, src_col, rows, m);
  else
    simd::DeinterleaveMany(element_size, int(rows), dst, dst_step, dst_row, src, src_step, cols, m);
}

// A rows x cols block, cols having the small write stride and rows the small
// read stride (a transpose, or DEPTH_TO_SPACE1 interleaving B source lines).
// Tiles of kTile x kTile keep the lines both sides touch in L1; inside a
// tile the longer side is the inner loop, so a 2-wide block still runs long.
template <class T>
void CopyTiledOf(std::byte* dst, int64_t dst_row, int64_t dst_col, const std::byte* src,
                 int64_t src_row, int64_t src_col, uint64_t rows, uint64_t cols) {
  constexpr uint64_t kTile = 32;
  for (uint64_t r0 = 0; r0 < rows; r0 += kTile) {
    const uint64_t rn = std::min(kTile, rows - r0);
    for (uint64_t c0 = 0; c0 < cols; c0 += kTile) {
      const uint64_t cn = std::min(kTile, cols - c0);
      std::byte* d = dst + int64_t(r0) * dst_row + int64_t(c0) * dst_col;
      const std::byte* s = src + int64_t(r0) * src_row + int64_t(c0) * src_col;
      if (cn >= rn) {
        for (uint64_t r = 0; r < rn; ++r)
          CopyStridedOf<T>(d + int64_t(r) * dst_row, dst_col, s + int64_t(r) * src_row, src_col,
                           cn);
      } else {
        for (uint64_t c = 0; c < cn; ++c)
          CopyStridedOf<T>(d + int64_t(c) * dst_col, dst_row, s + int64_t(c) * src_col, src_row,
                           rn);
      }
    }
  }
}

// dst[i * dst_stride] = src[offsets[i]]: GATHER along the innermost axis.
template <class T>
void GatherElementsOf(std::byte* dst, int64_t dst_stride, const std::byte* src,
                      const int64_t* offsets, uint64_t n) {
  for (uint64_t i = 0; i < n; ++i) CopyElement<T>(dst + int64_t(i) * dst_stride, src + offsets[i]);
}

// Calls fn.template operator()<T>() with T the unsigned integer of that size;
// the one place where an element size becomes a type.
template <class Fn>
void WithElementType(size_t element_size, const Fn& fn) {
  switch (element_size) {
    case 1: return fn.template operator()<uint8_t>();
    case 2: return fn.template operator()<uint16_t>();
    case 4: return fn.template operator()<uint32_t>();
    default: assert(element_size == 8); return fn.template operator()<uint64_t>();
  }
}

// k when a source stride is every k-th element forward for k of 2 to 4 (x[:, ::2]:
// simd::TakeEvery's strides), else 0.
inline int SmallForwardStride(size_t element_size, int64_t src_stride) {
  const int64_t k = src_stride / int64_t(element_size);
  return src_stride % int64_t(element_size) == 0 && k >= 2 && k <= 4 ? int(k) : 0;
}

// n elements `src_stride` bytes apart into a contiguous line, when SIMD moves them in
// registers: a reversed run (reversed in registers, whole vectors on both sides) or
// every second to fourth element forward (split in registers); streamed out
// (simd::StreamRun's rules) when `stream`. False for any other stride.
inline bool CopyLineInRegisters(size_t element_size, std::byte* dst, const std::byte* src,
                                int64_t src_stride, uint64_t n, bool stream) {
  if (src_stride == -int64_t(element_size)) {
    (stream ? simd::ReverseRunStreamed : simd::ReverseRun)(element_size, dst, src, n);
    return true;
  }
  const int k = SmallForwardStride(element_size, src_stride);
  if (k == 0) return false;
  (stream ? simd::TakeEveryStreamed : simd::TakeEvery)(element_size, k, dst, src, n);
  return true;
}

inline void CopyStrided(size_t element_size, std::byte* dst, int64_t dst_stride,
                        const std::byte* src, int64_t src_stride, uint64_t n) {
  if (dst_stride == int64_t(element_size) &&
      CopyLineInRegisters(element_size, dst, src, src_stride, n, false))
    return;
  WithElementType(element_size,
                  [&]<class T>() { CopyStridedOf<T>(dst, dst_stride, src, src_stride, n); });
}

// `stream`: (de)interleaves stream their output (other tiles do not).
inline void CopyTiled(size_t element_size, std::byte* dst, int64_t dst_row, int64_t dst_col,
                      const std::byte* src, int64_t src_row, int64_t src_col, uint64_t rows,
                      uint64_t cols, bool stream) {
  if (CopyInterleaved(element_size, dst, dst_row, dst_col, src, src_row, src_col, rows, cols,
                      stream))
    return;
  WithElementType(element_size, [&]<class T>() {
    CopyTiledOf<T>(dst, dst_row, dst_col, src, src_row, src_col, rows, cols);
  });
}

inline void GatherElements(size_t element_size, std::byte* dst, int64_t dst_stride,
                           const std::byte* src, const int64_t* offsets, uint64_t n) {
  WithElementType(element_size,
                  [&]<class T>() { GatherElementsOf<T>(dst, dst_stride, src, offsets, n); });
}

}  // namespace dmlconf::blocked
