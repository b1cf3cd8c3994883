// Normalization: a kernel describes its work as a loop nest over up to eight
// dimensions, each with one byte stride per tensor it walks; normalizing drops
// size-1 dimensions and merges neighbours that are contiguous in every tensor,
// so what is left is outer loops around the longest run the layout allows.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "dmlconf/tensor_desc.h"

namespace dmlconf::blocked {

// DEPTH_TO_SPACE1 splits 4 dimensions into 6; every other operator walks at
// most its tensors' rank.
inline constexpr int kMaxLoopDims = 8;
// REVERSE_SUBSEQUENCES walks output, input and lengths together.
inline constexpr int kMaxLoopTensors = 3;

using ByteStrides = std::array<int64_t, kMaxDimensions>;

// The tensor's strides (given or packed) in bytes.
ByteStrides ByteStridesOf(const TensorDesc& desc);

struct LoopDim {
  uint64_t size = 1;
  std::array<int64_t, kMaxLoopTensors> stride{};  // bytes, per tensor
};

// Outermost dimension first. Tensor 0 is the one written, by convention.
struct LoopNest {
  int rank = 0;
  std::array<LoopDim, kMaxLoopDims> dims;

  void Push(uint64_t size, int64_t stride0, int64_t stride1 = 0, int64_t stride2 = 0) {
    assert(rank < kMaxLoopDims);
    dims[rank++] = {size, {stride0, stride1, stride2}};
  }
  // Removes dims[d], keeping the others' order.
  LoopDim Remove(int d);
  uint64_t Count() const;
};

// Drops size-1 dimensions (they move no pointer), orders the rest by tensor
// 0's stride, largest first (any order visits the same elements, and writes
// are cheapest in address order), then merges each dimension into its outer
// neighbour where stride(outer) == size(inner) * stride(inner) in every tensor.
void Normalize(LoopNest& nest);

// Walks the coordinates of a nest in row-major order from any starting index,
// keeping each tensor's byte offset; Next() costs one add in the common case.
class Cursor {
 public:
  Cursor(const LoopNest& nest, uint64_t index);
  int64_t offset(int tensor) const { return offset_[tensor]; }
  // Inline for the innermost dimension, which moves on every step: a call
  // per step showed in the profile of small problems.
  void Next() {
    const int last = nest_.rank - 1;
    if (last >= 0 && coords_[last] + 1 < nest_.dims[last].size) {
      ++coords_[last];
      for (int t = 0; t < kMaxLoopTensors; ++t) offset_[t] += nest_.dims[last].stride[t];
      return;
    }
    Carry();
  }
  // Steps left along the innermost dimension, the current one included.
  uint64_t LeftInRow() const {
    const int last = nest_.rank - 1;
    return last < 0 ? 1 : nest_.dims[last].size - coords_[last];
  }
  // `steps` (at most LeftInRow()) calls of Next() at once.
  void Advance(uint64_t steps) {
    assert(steps >= 1 && steps <= LeftInRow());
    const int last = nest_.rank - 1;
    if (last >= 0 && steps > 1) {
      coords_[last] += steps - 1;
      for (int t = 0; t < kMaxLoopTensors; ++t)
        offset_[t] += int64_t(steps - 1) * nest_.dims[last].stride[t];
    }
    Next();
  }

 private:
  // Next() where the innermost dimension wraps: the general odometer.
  void Carry();

  const LoopNest& nest_;
  std::array<uint64_t, kMaxLoopDims> coords_{};
  std::array<int64_t, kMaxLoopTensors> offset_{};
};

}  // namespace dmlconf::blocked
