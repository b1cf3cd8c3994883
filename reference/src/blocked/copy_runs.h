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

// A rows x cols block where one side is 2..4 elements and the block is
// contiguous on the other tensor: an (de)interleave of a few lines, in SIMD
// (DEPTH_TO_SPACE1's and SPACE_TO_DEPTH1's inner rows). Returns false when
// the block has another shape.
inline bool CopyInterleaved(size_t element_size, std::byte* dst, int64_t dst_row, int64_t dst_col,
                            const std::byte* src, int64_t src_row, int64_t src_col, uint64_t rows,
                            uint64_t cols) {
  const int64_t es = int64_t(element_size);
  if (dst_col == es && dst_row == int64_t(cols) * es && src_row == es && cols >= 2 && cols <= 4) {
    simd::Interleave(element_size, int(cols), dst, src, src_col, rows);
    return true;
  }
  if (src_row == es && src_col == int64_t(rows) * es && dst_col == es && rows >= 2 && rows <= 4) {
    simd::Deinterleave(element_size, int(rows), dst, dst_row, src, cols);
    return true;
  }
  return false;
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
    default:
      assert(element_size == 8);
      return fn.template operator()<uint64_t>();
  }
}

inline void CopyStrided(size_t element_size, std::byte* dst, int64_t dst_stride,
                        const std::byte* src, int64_t src_stride, uint64_t n) {
  // A reversed run: reversed in registers, whole vectors on both sides.
  if (dst_stride == int64_t(element_size) && src_stride == -int64_t(element_size))
    return simd::ReverseRun(element_size, dst, src, n);
  WithElementType(element_size,
                  [&]<class T>() { CopyStridedOf<T>(dst, dst_stride, src, src_stride, n); });
}

inline void CopyTiled(size_t element_size, std::byte* dst, int64_t dst_row, int64_t dst_col,
                      const std::byte* src, int64_t src_row, int64_t src_col, uint64_t rows,
                      uint64_t cols) {
  if (CopyInterleaved(element_size, dst, dst_row, dst_col, src, src_row, src_col, rows, cols))
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
