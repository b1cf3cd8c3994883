// REVERSE_SUBSEQUENCES: one length per line along Axis; output has the input's sizes.
#include "validate/rules.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const ReverseSubsequencesDesc& desc) {
  constexpr std::string_view kOp = "REVERSE_SUBSEQUENCES";
  const TensorDesc& input = desc.input_tensor;
  if (Validation v = CheckAxis(kOp, desc.axis, input.DimensionCount()); !v.ok()) return v;
  std::vector<uint32_t> lengths_expected = input.sizes;
  lengths_expected[desc.axis] = 1;
  if (desc.sequence_lengths_tensor.sizes != lengths_expected)
    return Fail(Reason::REVERSE_LENGTHS_SIZES_MISMATCH,
                Message(kOp, ": SequenceLengthsTensor.Sizes is ",
                        FormatSizes(desc.sequence_lengths_tensor.sizes), " but must be ",
                        FormatSizes(lengths_expected), " (InputTensor.Sizes ",
                        FormatSizes(input.sizes), " with 1 along Axis ", desc.axis, ")."));
  if (desc.output_tensor.sizes != input.sizes)
    return Fail(
        Reason::REVERSE_OUTPUT_SIZES_MISMATCH,
        Message(kOp, ": OutputTensor.Sizes is ", FormatSizes(desc.output_tensor.sizes),
                " but InputTensor.Sizes is ", FormatSizes(input.sizes), "; they must be equal."));
  return Ok();
}

}  // namespace dmlconf::validate_detail
