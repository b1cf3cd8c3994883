// GATHER: output[outer, j, inner] = input[outer, indices[j], inner].
//
// Three loop nests: outer (input dims before Axis), index (the K trailing
// indices dims) and inner (input dims after Axis), each placed on its output
// dimension by the right-aligned size rule (list position p lands on output
// dim p - (K - 1); positions that fall off the left are size 1). For each
// (outer, j) the inner slab is one strided copy at the resolved index: a run
// is contiguous where the input and output are packed from Axis+1 inward.
// With no inner slab (Axis innermost) each index moves one element, so the
// indices are resolved a chunk at a time into a small stack array and the
// elements move in an element-size-specialized loop.
#include <algorithm>
#include <cassert>
#include <type_traits>

#include "blocked/copy_runs.h"
#include "blocked/strided_copy.h"
#include "blocked/threading.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

namespace {

// Indices resolved per step: fixed scratch, small enough for the stack.
constexpr uint64_t kChunk = 256;
// Outer coordinates one resolved chunk serves before the next work item.
// Small enough that the block's input rows stay in L2 across chunks.
constexpr uint64_t kOuterBlock = 16;

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

// Any other type (never valid for IndicesTensor): the naive reference's rule.
int64_t ResolveGeneric(const std::byte* p, DataType type, int64_t size) {
  const ElementBits bits = LoadElement(p, ElementSize(type));
  if (!IsSignedInteger(type)) return int64_t(std::min<uint64_t>(bits, uint64_t(size - 1)));
  return std::clamp<int64_t>(int64_t(bits) < 0 ? int64_t(bits) + size : int64_t(bits), 0,
                             size - 1);
}

template <class I>
void ResolveChunkOf(const std::byte* indices, int64_t stride, uint64_t n, int64_t size,
                    int64_t axis_stride, int64_t* offsets) {
  for (uint64_t j = 0; j < n; ++j)
    offsets[j] = ResolveOf<I>(indices + int64_t(j) * stride, size) * axis_stride;
}

// offsets[j] = byte offset along Axis of the j-th index of the chunk.
void ResolveChunk(DataType type, const std::byte* indices, int64_t stride, uint64_t n,
                  int64_t size, int64_t axis_stride, int64_t* offsets) {
  switch (type) {
    case DataType::kInt32: return ResolveChunkOf<int32_t>(indices, stride, n, size, axis_stride, offsets);
    case DataType::kInt64: return ResolveChunkOf<int64_t>(indices, stride, n, size, axis_stride, offsets);
    case DataType::kUint32: return ResolveChunkOf<uint32_t>(indices, stride, n, size, axis_stride, offsets);
    case DataType::kUint64: return ResolveChunkOf<uint64_t>(indices, stride, n, size, axis_stride, offsets);
    default:
      for (uint64_t j = 0; j < n; ++j)
        offsets[j] = ResolveGeneric(indices + int64_t(j) * stride, type, size) * axis_stride;
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

  uint64_t Chunks() const { return (index_inner.size + kChunk - 1) / kChunk; }
  uint64_t OuterBlocks() const { return (outer.Count() + kOuterBlock - 1) / kOuterBlock; }
  uint64_t Items() const { return index_outer.Count() * Chunks() * OuterBlocks(); }
};

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
  return plan;
}

// One (outer, j) slab; a slab that is one run skips the plan's loops, which
// matter when rows are short (1 KiB embedding rows, say).
void CopySlab(const CopyPlan& slab, std::byte* dst, const std::byte* src, bool threaded) {
  if (slab.outer.rank == 0 && slab.inner == CopyPlan::Inner::kRun)
    CopyRun(dst, src, slab.cols.size * slab.element_size);
  else if (threaded)
    RunCopy(slab, dst, src);
  else
    RunCopySerial(slab, dst, src);
}

// Items [begin, end): item = (block of kOuterBlock outer coordinates,
// index_outer, chunk), the chunk fastest: a chunk's indices are resolved once
// for the whole block, and consecutive chunks read the block's input rows
// while they are still in cache. `threaded_slabs`: the caller runs one item
// at a time, so a large slab may use threads itself.
void RunGatherItems(const GatherPlan& plan, const Bindings& bindings, uint64_t begin,
                    uint64_t end, bool threaded_slabs) {
  const uint64_t chunks = plan.Chunks();
  const uint64_t outer_count = plan.outer.Count();
  const uint64_t index_outer_count = plan.index_outer.Count();
  const LoopDim& dim = plan.index_inner;
  int64_t offsets[kChunk];
  for (uint64_t item = begin; item < end; ++item) {
    const uint64_t chunk = item % chunks;
    const Cursor index_outer(plan.index_outer, item / chunks % index_outer_count);
    const uint64_t block = item / chunks / index_outer_count;
    const uint64_t j0 = chunk * kChunk;
    const uint64_t n = std::min(kChunk, dim.size - j0);
    ResolveChunk(plan.index_type,
                 bindings.inputs[1] + index_outer.offset(1) + int64_t(j0) * dim.stride[1],
                 dim.stride[1], n, plan.axis_size, plan.axis_stride, offsets);
    std::byte* const dst_chunk =
        bindings.outputs[0] + index_outer.offset(0) + int64_t(j0) * dim.stride[0];
    const uint64_t o0 = block * kOuterBlock;
    const uint64_t o1 = std::min(outer_count, o0 + kOuterBlock);
    Cursor outer(plan.outer, o0);
    for (uint64_t o = o0; o < o1; ++o, outer.Next()) {
      std::byte* dst = dst_chunk + outer.offset(0);
      const std::byte* src = bindings.inputs[0] + outer.offset(1);
      if (!plan.has_slab) {
        GatherElements(plan.element_size, dst, dim.stride[0], src, offsets, n);
        continue;
      }
      for (uint64_t j = 0; j < n; ++j)
        CopySlab(plan.slab, dst + int64_t(j) * dim.stride[0], src + offsets[j], threaded_slabs);
    }
  }
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
