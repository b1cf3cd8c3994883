// The rules GATHER_ELEMENTS and SCATTER_ELEMENTS share: Axis in range, and IndicesTensor has
// InputTensor's sizes in every dimension but Axis, where it may be any size
// (longer than the input's too: the pages bound only the other dimensions).
#pragma once

#include "validate/rules.h"

namespace dmlconf::validate_detail {

inline Validation CheckIndicesOffAxis(std::string_view op, const TensorDesc& input,
                                      const TensorDesc& indices, uint32_t axis) {
  if (Validation v = CheckAxis(op, axis, input.DimensionCount()); !v.ok()) return v;
  for (uint32_t d = 0; d < input.DimensionCount(); ++d)
    if (d != axis && indices.sizes[d] != input.sizes[d])
      return Fail(
          Reason::ELEMENTS_INDICES_SIZES_MISMATCH,
          Message(op, ": IndicesTensor.Sizes is ", FormatSizes(indices.sizes),
                  " but InputTensor.Sizes is ", FormatSizes(input.sizes), " with Axis ", axis,
                  "; they must be equal in every dimension but Axis (", d, " differs)."));
  return Ok();
}

}  // namespace dmlconf::validate_detail
