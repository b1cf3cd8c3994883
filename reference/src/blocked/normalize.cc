#include "blocked/normalize.h"

#include <algorithm>
#include <cstdlib>

namespace dmlconf::blocked {

ByteStrides ByteStridesOf(const TensorDesc& desc) {
  ByteStrides strides{};
  const int rank = int(desc.DimensionCount());
  const int64_t element_size = int64_t(desc.ElementSize());
  int64_t packed = element_size;
  for (int d = rank - 1; d >= 0; --d) {
    strides[d] = desc.strides ? int64_t((*desc.strides)[d]) * element_size : packed;
    packed *= desc.sizes[d];
  }
  return strides;
}

LoopDim LoopNest::Remove(int d) {
  assert(d >= 0 && d < rank);
  const LoopDim removed = dims[d];
  for (int i = d; i + 1 < rank; ++i) dims[i] = dims[i + 1];
  --rank;
  return removed;
}

uint64_t LoopNest::Count() const {
  uint64_t count = 1;
  for (int d = 0; d < rank; ++d) count *= dims[d].size;
  return count;
}

void Normalize(LoopNest& nest) {
  int kept = 0;
  for (int d = 0; d < nest.rank; ++d)
    if (nest.dims[d].size > 1) nest.dims[kept++] = nest.dims[d];
  nest.rank = kept;
  // A stable insertion sort: at most eight dimensions, and std::stable_sort
  // allocated its buffer on every kernel call.
  for (int d = 1; d < nest.rank; ++d) {
    const LoopDim dim = nest.dims[d];
    int at = d;
    for (; at > 0 && std::llabs(nest.dims[at - 1].stride[0]) < std::llabs(dim.stride[0]); --at)
      nest.dims[at] = nest.dims[at - 1];
    nest.dims[at] = dim;
  }
  int merged = 0;
  for (int d = 0; d < nest.rank; ++d) {
    LoopDim& outer = nest.dims[merged > 0 ? merged - 1 : 0];
    const LoopDim& inner = nest.dims[d];
    bool contiguous = merged > 0;
    for (int t = 0; t < kMaxLoopTensors && contiguous; ++t)
      contiguous = outer.stride[t] == int64_t(inner.size) * inner.stride[t];
    if (contiguous) {
      outer.size *= inner.size;
      outer.stride = inner.stride;
    } else {
      nest.dims[merged++] = inner;
    }
  }
  nest.rank = merged;
}

Cursor::Cursor(const LoopNest& nest, uint64_t index) : nest_(nest) {
  for (int d = nest.rank - 1; d >= 0; --d) {
    const LoopDim& dim = nest.dims[d];
    coords_[d] = index % dim.size;
    index /= dim.size;
    for (int t = 0; t < kMaxLoopTensors; ++t) offset_[t] += int64_t(coords_[d]) * dim.stride[t];
  }
}

void Cursor::Carry() {
  for (int d = nest_.rank - 1; d >= 0; --d) {
    const LoopDim& dim = nest_.dims[d];
    if (++coords_[d] < dim.size) {
      for (int t = 0; t < kMaxLoopTensors; ++t) offset_[t] += dim.stride[t];
      return;
    }
    for (int t = 0; t < kMaxLoopTensors; ++t) offset_[t] -= int64_t(dim.size - 1) * dim.stride[t];
    coords_[d] = 0;
  }
}

}  // namespace dmlconf::blocked
