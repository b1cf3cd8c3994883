// JOIN: input i fills the output's slab [offset_i, offset_i + size_i) along
// Axis, so each input is one strided copy into the output shifted by offset_i
// along Axis. Runs are contiguous where both are packed from some dimension
// inward: the slab's rows past Axis are whole rows of the output too.
// Except where those runs are a unit of 1 to 8 bytes and the parts are 2 to 4
// of equal size (two {N, 1} u8 inputs into {N, 2}): per-part copies would
// move one element at a time, so all the inputs are interleaved into the
// output in one SIMD pass instead (PlanParts, strided_copy.h).
#include <cassert>

#include "blocked/strided_copy.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

void Join(const JoinDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == desc.input_tensors.size());
  assert(bindings.outputs.size() == 1);
  const TensorDesc& output = desc.output_tensor;
  if (const auto parts = PlanParts(output, desc.input_tensors, desc.axis, /*whole_written=*/true))
    return RunInterleaveParts(*parts, bindings.outputs[0], bindings.inputs.data());
  const ByteStrides out_strides = ByteStridesOf(output);
  uint64_t offset = 0;  // along Axis
  for (size_t i = 0; i < desc.input_tensors.size(); ++i) {
    const TensorDesc& input = desc.input_tensors[i];
    const ByteStrides in_strides = ByteStridesOf(input);
    LoopNest nest;
    for (uint32_t d = 0; d < input.DimensionCount(); ++d)
      nest.Push(input.sizes[d], out_strides[d], in_strides[d]);
    RunCopy(PlanCopy(nest, output.ElementSize()),
            bindings.outputs[0] + int64_t(offset) * out_strides[desc.axis], bindings.inputs[i]);
    offset += input.sizes[desc.axis];
  }
  assert(offset == output.sizes[desc.axis]);
}

}  // namespace dmlconf::blocked
