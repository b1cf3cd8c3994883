// The one hot loop, in its few shapes: contiguous runs (memcpy), strided
// element loops, and cache-tiled 2-D copies, each specialized for the element
// sizes 1, 2, 4 and 8 bytes. Elements move as unsigned integers through
// memcpy, so nothing is ever converted and any alignment is fine.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>

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
  if (dst_stride == int64_t(sizeof(T)) && src_stride == -int64_t(sizeof(T))) {
    // A reversed run: constant strides let the compiler vectorize with a shuffle.
    for (uint64_t i = 0; i < n; ++i) CopyElement<T>(dst + i * sizeof(T), src - i * sizeof(T));
    return;
  }
  for (uint64_t i = 0; i < n; ++i)
    CopyElement<T>(dst + int64_t(i) * dst_stride, src + int64_t(i) * src_stride);
}

// K source lines of n elements, K-way interleaved into one contiguous line:
// dst[r*K + c] = src[c*line + r] (DEPTH_TO_SPACE1's inner rows). With K a
// constant the compiler vectorizes the stores with shuffles.
template <class T, int K>
void InterleaveOf(std::byte* dst, const std::byte* src, int64_t line, uint64_t n) {
  for (uint64_t r = 0; r < n; ++r)
    for (int c = 0; c < K; ++c)
      CopyElement<T>(dst + (r * K + c) * sizeof(T), src + c * line + int64_t(r * sizeof(T)));
}

// The inverse: one contiguous line split into K lines,
// dst[c*line + r] = src[r*K + c] (SPACE_TO_DEPTH1's inner rows).
template <class T, int K>
void DeinterleaveOf(std::byte* dst, int64_t line, const std::byte* src, uint64_t n) {
  for (uint64_t r = 0; r < n; ++r)
    for (int c = 0; c < K; ++c)
      CopyElement<T>(dst + c * line + int64_t(r * sizeof(T)), src + (r * K + c) * sizeof(T));
}

// Calls fn.template operator()<K>() for K in 2..4; false for any other k.
template <class Fn>
bool WithSmallCount(uint64_t k, const Fn& fn) {
  switch (k) {
    case 2: fn.template operator()<2>(); return true;
    case 3: fn.template operator()<3>(); return true;
    case 4: fn.template operator()<4>(); return true;
    default: return false;
  }
}

// A rows x cols block where one side is 2..4 elements and the block is
// contiguous on the other tensor: an (de)interleave of a few lines. Returns
// false when the block has another shape.
template <class T>
bool CopyInterleavedOf(std::byte* dst, int64_t dst_row, int64_t dst_col, const std::byte* src,
                       int64_t src_row, int64_t src_col, uint64_t rows, uint64_t cols) {
  constexpr int64_t es = sizeof(T);
  if (dst_col == es && dst_row == int64_t(cols) * es && src_row == es)
    return WithSmallCount(cols, [&]<int K>() { InterleaveOf<T, K>(dst, src, src_col, rows); });
  if (src_row == es && src_col == int64_t(rows) * es && dst_col == es)
    return WithSmallCount(rows, [&]<int K>() { DeinterleaveOf<T, K>(dst, dst_row, src, cols); });
  return false;
}

// A rows x cols block, cols having the small write stride and rows the small
// read stride (a transpose, or DEPTH_TO_SPACE1 interleaving B source lines).
// Tiles of kTile x kTile keep the lines both sides touch in L1; inside a
// tile the longer side is the inner loop, so a 2-wide block still runs long.
template <class T>
void CopyTiledOf(std::byte* dst, int64_t dst_row, int64_t dst_col, const std::byte* src,
                 int64_t src_row, int64_t src_col, uint64_t rows, uint64_t cols) {
  if (CopyInterleavedOf<T>(dst, dst_row, dst_col, src, src_row, src_col, rows, cols)) return;
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
  WithElementType(element_size,
                  [&]<class T>() { CopyStridedOf<T>(dst, dst_stride, src, src_stride, n); });
}

inline void CopyTiled(size_t element_size, std::byte* dst, int64_t dst_row, int64_t dst_col,
                      const std::byte* src, int64_t src_row, int64_t src_col, uint64_t rows,
                      uint64_t cols) {
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
