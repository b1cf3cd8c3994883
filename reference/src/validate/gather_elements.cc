// GATHER_ELEMENTS: the indices have the input's sizes off Axis; the output has
// the indices' sizes.
#include "validate/elements.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const GatherElementsDesc& desc) {
  constexpr std::string_view kOp = "GATHER_ELEMENTS";
  const TensorDesc& input = desc.input_tensor;
  const TensorDesc& indices = desc.indices_tensor;
  if (Validation v = CheckIndicesOffAxis(kOp, input, indices, desc.axis); !v.ok()) return v;
  if (desc.output_tensor.sizes != indices.sizes)
    return Fail(Reason::GATHER_ELEMENTS_OUTPUT_SIZES_MISMATCH,
                Message(kOp, ": OutputTensor.Sizes is ", FormatSizes(desc.output_tensor.sizes),
                        " but IndicesTensor.Sizes is ", FormatSizes(indices.sizes),
                        "; they must be equal."));
  return Ok();
}

}  // namespace dmlconf::validate_detail
