// SLICE: a strided view of the input copied into the output. Along dimension d the
// output's coordinate c reads the input's Offsets[d] + Strides[d] * c, so the copy's
// source starts at the window's first element and steps Strides[d] input strides; a
// unit innermost stride (the common x[a:b]) leaves contiguous runs, which the copy
// moves whole.
#include <cassert>

#include "blocked/strided_copy.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

void Slice(const SliceDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 1 && bindings.outputs.size() == 1);
  const TensorDesc& output = desc.output_tensor;
  const ByteStrides in = ByteStridesOf(desc.input_tensor);
  const ByteStrides out = ByteStridesOf(output);
  LoopNest nest;
  int64_t first = 0;  // the window's first element, in input bytes
  for (uint32_t d = 0; d < output.DimensionCount(); ++d) {
    nest.Push(output.sizes[d], out[d], int64_t(desc.strides[d]) * in[d]);
    first += int64_t(desc.offsets[d]) * in[d];
  }
  RunCopy(PlanCopy(nest, output.ElementSize()), bindings.outputs[0], bindings.inputs[0] + first);
}

}  // namespace dmlconf::blocked
