// SLICE1: SLICE's strided copy with signed steps. Along dimension d the copy starts at the
// window's first element, or its last for a negative stride, and steps the stride's
// input strides, backwards where it is negative: a reversed innermost run is reversed in
// registers (CopyStrided's ReverseRun), whole vectors on both sides.
#include <cassert>

#include "blocked/strided_copy.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

void Slice1(const Slice1Desc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 1 && bindings.outputs.size() == 1);
  const TensorDesc& output = desc.output_tensor;
  const ByteStrides in = ByteStridesOf(desc.input_tensor);
  const ByteStrides out = ByteStridesOf(output);
  LoopNest nest;
  int64_t first = 0;  // the element copied first, in input bytes
  for (uint32_t d = 0; d < output.DimensionCount(); ++d) {
    const int64_t stride = desc.input_window_strides[d];
    // A size-1 output dimension never steps: its stride is left out, so that INT_MIN
    // times a large input stride cannot overflow.
    nest.Push(output.sizes[d], out[d], output.sizes[d] == 1 ? 0 : stride * in[d]);
    const int64_t start = int64_t(desc.input_window_offsets[d]) +
                          (stride < 0 ? int64_t(desc.input_window_sizes[d]) - 1 : 0);
    first += start * in[d];
  }
  RunCopy(PlanCopy(nest, output.ElementSize()), bindings.outputs[0], bindings.inputs[0] + first);
}

}  // namespace dmlconf::blocked
