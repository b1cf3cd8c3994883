// JOIN: the mirror image of SPLIT; the inputs are laid one after another along Axis.
#include "validate/rules.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const JoinDesc& desc) {
  const TensorDesc& output = desc.output_tensor;
  if (Validation v = CheckAxis("JOIN", desc.axis, output.DimensionCount()); !v.ok()) return v;
  uint64_t axis_sum = 0;  // at most 2^32 inputs of < 2^32 each: fits 64 bits
  for (size_t i = 0; i < desc.input_tensors.size(); ++i) {
    const TensorDesc& input = desc.input_tensors[i];
    for (uint32_t d = 0; d < output.DimensionCount(); ++d)
      if (d != desc.axis && input.sizes[d] != output.sizes[d])
        return Fail(Reason::JOIN_SIZES_MISMATCH,
                    Message("JOIN: InputTensors[", i, "].Sizes[", d, "] is ", input.sizes[d],
                            " but OutputTensor.Sizes[", d, "] is ", output.sizes[d],
                            "; they must match in every dimension but Axis ", desc.axis, "."));
    axis_sum += input.sizes[desc.axis];
  }
  if (axis_sum != output.sizes[desc.axis])
    return Fail(Reason::JOIN_AXIS_SIZES_MISMATCH,
                Message("JOIN: InputTensors sizes along axis ", desc.axis, " sum to ", axis_sum,
                        ", OutputTensor has ", output.sizes[desc.axis]));
  return Ok();
}

}  // namespace dmlconf::validate_detail
