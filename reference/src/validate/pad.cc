// The pad family's rules (validate/pad.h) and the padding mode's (rules.h).
#include "validate/pad.h"

namespace dmlconf::validate_detail {

Validation CheckPaddedSizes(std::string_view op, const TensorDesc& input, const TensorDesc& output,
                            std::span<const uint32_t> start, std::span<const uint32_t> end) {
  std::vector<uint64_t> expected = Widen(input.sizes);
  for (size_t d = 0; d < expected.size(); ++d) expected[d] += uint64_t(start[d]) + end[d];
  if (Widen(output.sizes) != expected)
    return Fail(
        Reason::PADDING_OUTPUT_SIZES_MISMATCH,
        Message(op, ": OutputTensor.Sizes is ", FormatSizes(output.sizes), " but must be ",
                FormatWideSizes(expected), " (InputTensor.Sizes ", FormatSizes(input.sizes),
                " + StartPadding ", FormatSizes(start), " + EndPadding ", FormatSizes(end), ")."));
  return Ok();
}

Validation CheckPaddingValueType(std::string_view op, DataType value_type, DataType output_type) {
  if (value_type != output_type)
    return Fail(Reason::PADDING_VALUE_DATA_TYPE_MISMATCH,
                Message(op, ": PaddingValueDataType is ", DataTypeName(value_type),
                        " but OutputTensor.DataType is ", DataTypeName(output_type),
                        "; they must be equal, in every mode."));
  return Ok();
}

Validation CheckPaddingMode(std::string_view op, PaddingMode mode, FeatureLevel level) {
  const std::optional<FeatureLevel> from = PaddingModeLevel(mode);
  if (!from)
    return Fail(Reason::PADDING_MODE_INVALID,
                Message(op, ": PaddingMode is ", uint32_t(mode),
                        "; it must be CONSTANT, EDGE, REFLECTION, SYMMETRIC or WRAP (0 to 4)."));
  if (level < *from)
    return Fail(Reason::PADDING_MODE_NOT_AVAILABLE,
                Message(op, ": PaddingMode ", PaddingModeName(mode), " exists from feature level ",
                        FeatureLevelName(*from), ", not at ", FeatureLevelName(level), "."));
  return Ok();
}

}  // namespace dmlconf::validate_detail
