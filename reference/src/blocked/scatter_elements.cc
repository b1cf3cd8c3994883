// SCATTER_ELEMENTS: output = input, then output[..., indices[..., j, ...], ...] =
// updates[..., j, ...] for every update, in row-major order within each line.
//
// The copy is the shared strided copy. The updates walk one loop nest over the
// indices' shape in the updates' memory order (updates, indices, and the output
// with stride 0 along Axis), every loop counting up, so along each line the
// updates come in order and where they collide the last one wins, as in the naive
// kernel. Threads share out the coordinates outside Axis (in the nest's order),
// each item holding whole lines, so no two threads write one element. Out-of-range
// updates are dropped, as the naive kernel does. Along an outer Axis of a large
// output the nest comes cut into strips, each scattered into its output rows packed
// together (elements.cc, StripAcrossAxis).
// Where the output's lines along Axis are packed, innermost in the nest, every one
// of them holds updates, and the input lies as the output does, the copy and the
// scatter fuse line by line: each input line is copied into an L1-resident scratch,
// the line's updates land there, and the line is streamed out (simd::StreamRun) when
// the output is large, so the output is written once and never read back.
#include <algorithm>
#include <type_traits>

#include "blocked/copy_runs.h"
#include "blocked/elements.h"
#include "blocked/simd.h"
#include "blocked/strided_copy.h"
#include "blocked/threading.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

namespace {

// Items [begin, end) of the nest, each `block` consecutive steps in the updates' order.
template <class T, class I>
void ScatterItems(const ElementsPlan& plan, const Bindings& bindings, uint64_t block,
                  uint64_t begin, uint64_t end) {
  std::byte* const out = bindings.outputs[0];
  const std::byte* const idx = bindings.inputs[1];
  const std::byte* const upd = bindings.inputs[2];
  const LoopDim inner = plan.nest.rank > 0 ? plan.nest.dims[plan.nest.rank - 1] : LoopDim{};
  Cursor cursor(plan.nest, begin * block);
  for (uint64_t left = (end - begin) * block; left > 0;) {
    const uint64_t n = std::min(cursor.LeftInRow(), left);
    const std::byte* u = upd + cursor.offset(0);
    const std::byte* x = idx + cursor.offset(1);
    std::byte* const o = out + cursor.offset(2);
    for (uint64_t k = 0; k < n; ++k) {
      const int64_t position = IndexPosition<I>(x, plan.axis_size);
      if (position >= 0 && position < int64_t(plan.axis_size))
        CopyElement<T>(o + int64_t(k) * inner.stride[2] + position * plan.axis_stride, u);
      u += inner.stride[0];
      x += inner.stride[1];
    }
    cursor.Advance(n);
    left -= n;
  }
}

// Items [begin, end) of a nest cut into strips (ElementsPlan::strip): each strip's
// output rows packed, its updates landed there in order, and the rows written back;
// a row at a time by the SIMD loop (simd::ScatterColumn) where the strips' rows are
// packed updates and packed 32-bit indices.
template <class T, class I>
void ScatterStrips(const ElementsPlan& plan, const Bindings& bindings, uint64_t begin,
                   uint64_t end) {
  std::byte* const slab = SlabScratch();
  const int64_t slab_row = int64_t(plan.strip * sizeof(T));
  const LoopDim& inner = plan.nest.dims[plan.nest.rank - 1];
  const bool in_columns = StripRowsInLanes(plan);
  ForEachStripRow(plan, bindings.inputs[2], bindings.inputs[1], bindings.outputs[0], slab, begin,
                  end, [&](const std::byte* u, const std::byte* x) {
                    if (in_columns)
                      return simd::ScatterColumn(sizeof(T), std::is_signed_v<I>, slab,
                                                 size_t(slab_row), plan.axis_size, x, u,
                                                 plan.strip);
                    for (uint64_t k = 0; k < plan.strip; ++k) {
                      const int64_t position =
                          IndexPosition<I>(x + int64_t(k) * inner.stride[1], plan.axis_size);
                      if (position >= 0 && position < int64_t(plan.axis_size))
                        CopyElement<T>(slab + position * slab_row + int64_t(k * sizeof(T)),
                                       u + int64_t(k) * inner.stride[0]);
                    }
                  });
}

// Lines of up to this size go through the scratch when streamed; longer ones are
// copied and scattered in place.
constexpr uint64_t kLineScratchBytes = 64 * 1024;

// Whether every output line along Axis is one innermost line of the nest, packed,
// and is the input's line at the same offset (PlanElements' nest walks the updates'
// shape, which must then cover the output's outside Axis).
bool FusesLines(const ElementsPlan& plan, const ScatterElementsDesc& desc) {
  if (plan.nest.rank == 0 || plan.nest.dims[plan.nest.rank - 1].stride[2] != 0) return false;
  if (plan.axis_stride != int64_t(plan.element_size)) return false;
  const ByteStrides strides = ByteStridesOf(desc.output_tensor);
  if (ByteStridesOf(desc.input_tensor) != strides) return false;
  const std::vector<uint32_t>& sizes = desc.output_tensor.sizes;
  for (uint32_t d = 0; d < desc.output_tensor.DimensionCount(); ++d) {
    // A zero stride (outputs that overlap themselves) would pass for Axis above.
    if (sizes[d] > 1 && strides[d] == 0) return false;
    if (d != desc.axis && desc.updates_tensor.sizes[d] != sizes[d]) return false;
  }
  return true;
}

// Lines [begin, end) of the nest, fused: output line = input line with its updates.
template <class T, class I>
void ScatterLines(const ElementsPlan& plan, const Bindings& bindings, bool stream, uint64_t begin,
                  uint64_t end) {
  alignas(64) thread_local std::byte scratch[kLineScratchBytes];
  const LoopDim& inner = plan.nest.dims[plan.nest.rank - 1];
  const size_t line_bytes = size_t(plan.axis_size) * sizeof(T);
  // Packed 32-bit indices and updates: the SIMD loop (simd::ScatterLine).
  const bool in_lanes = sizeof(I) == 4 && inner.stride[1] == 4 &&
                        inner.stride[0] == int64_t(sizeof(T)) && plan.axis_size <= INT32_MAX;
  Cursor cursor(plan.nest, begin * inner.size);
  for (uint64_t line = begin; line < end; ++line) {
    const std::byte* u = bindings.inputs[2] + cursor.offset(0);
    const std::byte* x = bindings.inputs[1] + cursor.offset(1);
    std::byte* const out = bindings.outputs[0] + cursor.offset(2);
    std::byte* const at = stream ? scratch : out;
    CopyRun(at, bindings.inputs[0] + cursor.offset(2), line_bytes);
    cursor.Advance(inner.size);
    simd::NextLine next;
    if (stream && line + 1 < end)  // a small problem's next line is in cache already
      next = {bindings.inputs[0] + cursor.offset(2), line_bytes,
              bindings.inputs[1] + cursor.offset(1), bindings.inputs[2] + cursor.offset(0)};
    if (in_lanes)
      simd::ScatterLine(sizeof(T), std::is_signed_v<I>, at, plan.axis_size, x, u, inner.size, next);
    else
      for (uint64_t k = 0; k < inner.size; ++k, u += inner.stride[0], x += inner.stride[1]) {
        const int64_t position = IndexPosition<I>(x, plan.axis_size);
        if (position >= 0 && position < int64_t(plan.axis_size))
          CopyElement<T>(at + position * int64_t(sizeof(T)), u);
      }
    if (stream) simd::StreamRun(out, scratch, line_bytes);
  }
  if (stream) simd::StreamFence();
}

// Consecutive steps that must stay on one thread: from Axis (the dimension where the
// output's stride is 0) inward, where each line along Axis lies whole. Outside it the
// coordinates differ off Axis, so their updates never land on one element.
uint64_t StepsPerItem(const LoopNest& nest) {
  int axis = nest.rank;
  for (int d = 0; d < nest.rank; ++d)
    if (nest.dims[d].stride[2] == 0) axis = d;
  uint64_t steps = 1;
  for (int d = axis; d < nest.rank; ++d) steps *= nest.dims[d].size;
  return steps;
}

// The fused lines, each one item.
void ScatterFused(const ElementsPlan& plan, const ScatterElementsDesc& desc,
                  const Bindings& bindings) {
  const uint64_t lines = plan.nest.Count() / plan.nest.dims[plan.nest.rank - 1].size;
  const uint64_t output_bytes = desc.output_tensor.ElementCount() * plan.element_size;
  const bool stream = simd::Streams(output_bytes) &&
                      uint64_t(plan.axis_size) * plan.element_size <= kLineScratchBytes;
  const uint64_t bytes =
      output_bytes * 2 + plan.nest.Count() * (plan.element_size + ElementSize(plan.index_type));
  WithElementAndIndexTypes(plan.element_size, plan.index_type, [&]<class T, class I>() {
    ForEachRange(lines, ThreadsFor(lines, bytes), [&](uint64_t begin, uint64_t end) {
      ScatterLines<T, I>(plan, bindings, stream, begin, end);
    });
  });
}

}  // namespace

void ScatterElements(const ScatterElementsDesc& desc, const Bindings& bindings) {
  const ElementsPlan plan =
      PlanElements(desc.updates_tensor, desc.indices_tensor, desc.output_tensor, 2, desc.axis);
  if (FusesLines(plan, desc)) return ScatterFused(plan, desc, bindings);
  RunCopy(PlanTensorCopy(desc.output_tensor, desc.input_tensor), bindings.outputs[0],
          bindings.inputs[0]);
  const uint64_t block = StepsPerItem(plan.nest);
  const uint64_t items = plan.nest.Count() / block;
  const uint64_t bytes = plan.nest.Count() * (2 * plan.element_size + ElementSize(plan.index_type));
  WithElementAndIndexTypes(plan.element_size, plan.index_type, [&]<class T, class I>() {
    ForEachRange(items, ThreadsFor(items, bytes), [&](uint64_t begin, uint64_t end) {
      if (plan.strip) return ScatterStrips<T, I>(plan, bindings, begin, end);
      ScatterItems<T, I>(plan, bindings, block, begin, end);
    });
  });
}

}  // namespace dmlconf::blocked
