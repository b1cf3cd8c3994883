// SCATTER_ELEMENTS: the indices have the input's sizes off Axis, the updates
// the indices' sizes, the output the input's sizes.
#include "validate/elements.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const ScatterElementsDesc& desc) {
  constexpr std::string_view kOp = "SCATTER_ELEMENTS";
  const TensorDesc& input = desc.input_tensor;
  const TensorDesc& indices = desc.indices_tensor;
  if (Validation v = CheckIndicesOffAxis(kOp, input, indices, desc.axis); !v.ok()) return v;
  if (desc.updates_tensor.sizes != indices.sizes)
    return Fail(Reason::SCATTER_UPDATES_SIZES_MISMATCH,
                Message(kOp, ": UpdatesTensor.Sizes is ", FormatSizes(desc.updates_tensor.sizes),
                        " but IndicesTensor.Sizes is ", FormatSizes(indices.sizes),
                        "; they must be equal."));
  if (desc.output_tensor.sizes != input.sizes)
    return Fail(
        Reason::SCATTER_OUTPUT_SIZES_MISMATCH,
        Message(kOp, ": OutputTensor.Sizes is ", FormatSizes(desc.output_tensor.sizes),
                " but InputTensor.Sizes is ", FormatSizes(input.sizes), "; they must be equal."));
  return Ok();
}

}  // namespace dmlconf::validate_detail
