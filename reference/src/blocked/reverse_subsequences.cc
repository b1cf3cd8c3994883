// REVERSE_SUBSEQUENCES: per line along Axis, with L = min(length, size along
// Axis), position i < L takes the input at L-1-i and positions i >= L copy
// the input at i.
//
// The dimensions other than Axis form a loop nest over (output, input,
// lengths). Two layouts:
// - Axis has the smallest output stride (or is all there is): each line is
//   walked on its own; its reversed head is a run read backwards and its
//   tail a plain run (contiguous when Axis is packed in both tensors).
// - Otherwise the innermost other dimension P is denser than Axis: lengths
//   for a chunk of P are read into a stack array and cut into runs of equal
//   length, and for each position along Axis each run is one copy along P,
//   contiguous where P is packed in both tensors (lengths repeated along P,
//   e.g. broadcast with stride 0, give one run per chunk).
#include <algorithm>
#include <cassert>
#include <cstdlib>

#include "blocked/copy_runs.h"
#include "blocked/normalize.h"
#include "blocked/threading.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

namespace {

constexpr uint64_t kChunk = 256;

// UINT32 or UINT64 lengths: the zero-extended bits are the value.
uint64_t LoadLength(const std::byte* p, size_t element_size, uint64_t axis_size) {
  return std::min<uint64_t>(LoadElement(p, element_size), axis_size);
}

struct ReversePlan {
  LoopNest lines;  // tensor 0: output, 1: input, 2: lengths
  LoopDim along;   // Axis: output and input strides
  size_t element_size = 0;
  size_t length_size = 0;
};

void ReverseLines(const ReversePlan& plan, const Bindings& bindings, uint64_t begin,
                  uint64_t end) {
  const size_t es = plan.element_size;
  const uint64_t n = plan.along.size;
  const int64_t os = plan.along.stride[0], is = plan.along.stride[1];
  Cursor line(plan.lines, begin);
  for (uint64_t item = begin; item < end; ++item, line.Next()) {
    const uint64_t length = LoadLength(bindings.inputs[1] + line.offset(2), plan.length_size, n);
    std::byte* dst = bindings.outputs[0] + line.offset(0);
    const std::byte* src = bindings.inputs[0] + line.offset(1);
    if (length > 0) CopyStrided(es, dst, os, src + int64_t(length - 1) * is, -is, length);
    CopyStrided(es, dst + int64_t(length) * os, os, src + int64_t(length) * is, is, n - length);
  }
}

void ReverseAcross(const ReversePlan& plan, const LoopNest& rest, const LoopDim& p,
                   const Bindings& bindings, uint64_t begin, uint64_t end) {
  const size_t es = plan.element_size;
  const uint64_t n = plan.along.size;
  const uint64_t chunks = (p.size + kChunk - 1) / kChunk;
  uint64_t run_start[kChunk + 1], run_length[kChunk];
  for (uint64_t item = begin; item < end; ++item) {
    const Cursor line(rest, item / chunks);
    const uint64_t j0 = item % chunks * kChunk;
    const uint64_t m = std::min(kChunk, p.size - j0);
    const std::byte* lengths = bindings.inputs[1] + line.offset(2) + int64_t(j0) * p.stride[2];
    uint64_t runs = 0;
    for (uint64_t j = 0; j < m; ++j) {
      const uint64_t length = LoadLength(lengths + int64_t(j) * p.stride[2], plan.length_size, n);
      if (runs == 0 || run_length[runs - 1] != length) {
        run_start[runs] = j;
        run_length[runs++] = length;
      }
    }
    run_start[runs] = m;
    std::byte* dst = bindings.outputs[0] + line.offset(0) + int64_t(j0) * p.stride[0];
    const std::byte* src = bindings.inputs[0] + line.offset(1) + int64_t(j0) * p.stride[1];
    for (uint64_t i = 0; i < n; ++i) {
      for (uint64_t r = 0; r < runs; ++r) {
        const uint64_t length = run_length[r];
        const uint64_t from = i < length ? length - 1 - i : i;
        const int64_t j = int64_t(run_start[r]);
        CopyStrided(es, dst + int64_t(i) * plan.along.stride[0] + j * p.stride[0], p.stride[0],
                    src + int64_t(from) * plan.along.stride[1] + j * p.stride[1], p.stride[1],
                    run_start[r + 1] - run_start[r]);
      }
    }
  }
}

}  // namespace

void ReverseSubsequences(const ReverseSubsequencesDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 2 && bindings.outputs.size() == 1);
  const TensorDesc& output = desc.output_tensor;
  assert(desc.axis < output.DimensionCount());
  const ByteStrides o = ByteStridesOf(output);
  const ByteStrides i = ByteStridesOf(desc.input_tensor);
  const ByteStrides l = ByteStridesOf(desc.sequence_lengths_tensor);
  ReversePlan plan;
  plan.element_size = output.ElementSize();
  plan.length_size = desc.sequence_lengths_tensor.ElementSize();
  plan.along = {output.sizes[desc.axis], {o[desc.axis], i[desc.axis], 0}};
  for (uint32_t d = 0; d < output.DimensionCount(); ++d)
    if (d != desc.axis) plan.lines.Push(output.sizes[d], o[d], i[d], l[d]);
  Normalize(plan.lines);
  const uint64_t bytes = output.ElementCount() * plan.element_size;
  const int last = plan.lines.rank - 1;
  if (last < 0 || std::llabs(plan.along.stride[0]) < std::llabs(plan.lines.dims[last].stride[0])) {
    const uint64_t items = plan.lines.Count();
    ForEachRange(items, ThreadsFor(items, bytes), [&](uint64_t begin, uint64_t end) {
      ReverseLines(plan, bindings, begin, end);
    });
    return;
  }
  LoopNest rest = plan.lines;
  const LoopDim p = rest.Remove(last);
  const uint64_t items = rest.Count() * ((p.size + kChunk - 1) / kChunk);
  ForEachRange(items, ThreadsFor(items, bytes), [&](uint64_t begin, uint64_t end) {
    ReverseAcross(plan, rest, p, bindings, begin, end);
  });
}

}  // namespace dmlconf::blocked
