// The rules of the pad family (dmlconf/pad.h), after the shared ones (ranks and
// data types): the output's sizes are the input's plus StartPadding and
// EndPadding, and PADDING1's PaddingValueDataType is the output's DataType. The
// mode (CheckPaddingMode, rules.h) is checked after them by validate.cc, which
// knows the feature level. Each member's validate/<operator>.cc calls CheckPad.
#pragma once

#include "dmlconf/pad.h"
#include "validate/rules.h"

namespace dmlconf::validate_detail {

Validation CheckPaddedSizes(std::string_view op, const TensorDesc& input, const TensorDesc& output,
                            std::span<const uint32_t> start, std::span<const uint32_t> end);
Validation CheckPaddingValueType(std::string_view op, DataType value_type, DataType output_type);

template <class Desc>
requires kIsPad<Desc> Validation CheckPad(const Desc& desc) {
  constexpr std::string_view op = Schema<Desc>::kName;
  if (Validation v = CheckPaddedSizes(op, desc.input_tensor, desc.output_tensor, desc.start_padding,
                                      desc.end_padding);
      !v.ok())
    return v;
  if constexpr (HasFieldKind<Desc>(FieldKind::kPaddingValueDataType))
    return CheckPaddingValueType(op, desc.padding_value_data_type, desc.output_tensor.data_type);
  return Ok();
}

}  // namespace dmlconf::validate_detail
