// SPLIT: every output is the input's slab along Axis.
#include "validate/rules.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const SplitDesc& desc) {
  const TensorDesc& input = desc.input_tensor;
  if (Validation v = CheckAxis("SPLIT", desc.axis, input.DimensionCount()); !v.ok()) return v;
  uint64_t axis_sum = 0;  // at most 2^32 outputs of < 2^32 each: fits 64 bits
  for (size_t i = 0; i < desc.output_tensors.size(); ++i) {
    const TensorDesc& output = desc.output_tensors[i];
    for (uint32_t d = 0; d < input.DimensionCount(); ++d)
      if (d != desc.axis && output.sizes[d] != input.sizes[d])
        return Fail(Reason::SPLIT_SIZES_MISMATCH,
                    Message("SPLIT: OutputTensors[", i, "].Sizes[", d, "] is ", output.sizes[d],
                            " but InputTensor.Sizes[", d, "] is ", input.sizes[d],
                            "; they must match in every dimension but Axis ", desc.axis, "."));
    axis_sum += output.sizes[desc.axis];
  }
  if (axis_sum != input.sizes[desc.axis])
    return Fail(Reason::SPLIT_AXIS_SIZES_MISMATCH,
                Message("SPLIT: OutputTensors sizes along axis ", desc.axis, " sum to ", axis_sum,
                        ", InputTensor has ", input.sizes[desc.axis]));
  return Ok();
}

}  // namespace dmlconf::validate_detail
