// SPLIT: output i is the input's slab [offset_i, offset_i + size_i) along
// Axis, so each output is one strided copy from the input shifted by offset_i
// along Axis. Runs are contiguous where the input and the output are both
// packed from some dimension inward: the slab's rows past Axis are whole rows
// of the input too.
// Except where those runs are a unit of 1 to 8 bytes and the parts are 2 to 4
// of equal size (a {N, 2} u8 input split in two): per-part copies would move
// one element at a time, so the input is deinterleaved into all the outputs
// in one SIMD pass instead (PlanParts, strided_copy.h).
#include <cassert>

#include "blocked/strided_copy.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

void Split(const SplitDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 1);
  assert(bindings.outputs.size() == desc.output_tensors.size());
  const TensorDesc& input = desc.input_tensor;
  if (const auto parts = PlanParts(input, desc.output_tensors, desc.axis, /*whole_written=*/false))
    return RunDeinterleaveParts(*parts, bindings.outputs.data(), bindings.inputs[0]);
  const ByteStrides in_strides = ByteStridesOf(input);
  uint64_t offset = 0;  // along Axis
  for (size_t i = 0; i < desc.output_tensors.size(); ++i) {
    const TensorDesc& output = desc.output_tensors[i];
    const ByteStrides out_strides = ByteStridesOf(output);
    LoopNest nest;
    for (uint32_t d = 0; d < output.DimensionCount(); ++d)
      nest.Push(output.sizes[d], out_strides[d], in_strides[d]);
    RunCopy(PlanCopy(nest, input.ElementSize()), bindings.outputs[i],
            bindings.inputs[0] + int64_t(offset) * in_strides[desc.axis]);
    offset += output.sizes[desc.axis];
  }
  assert(offset == input.sizes[desc.axis]);
}

}  // namespace dmlconf::blocked
