// SLICE: the descriptor's Sizes are the output's, and the window reaches no element
// outside the input: Offsets + Strides * (Sizes - 1) < InputTensor.Sizes in every
// dimension (a stride of 0, contract point K1, reaches Offsets alone).
#include "validate/window.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const SliceDesc& desc) {
  constexpr std::string_view kOp = "SLICE";
  if (desc.sizes != desc.output_tensor.sizes)
    return Fail(Reason::SLICE_SIZES_MISMATCH,
                Message(kOp, ": Sizes is ", FormatSizes(desc.sizes), " but OutputTensor.Sizes is ",
                        FormatSizes(desc.output_tensor.sizes), "; they must be equal."));
  for (uint32_t d = 0; d < desc.sizes.size(); ++d) {
    const int64_t last = int64_t(desc.offsets[d]) + int64_t(desc.strides[d]) * (desc.sizes[d] - 1);
    if (Validation v = CheckWindowReach(kOp, desc.input_tensor, d, desc.offsets[d], last); !v.ok())
      return v;
  }
  return Ok();
}

}  // namespace dmlconf::validate_detail
