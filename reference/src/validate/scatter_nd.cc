// SCATTER_ND: the ND family's rules (validate/nd.h), then the updates have the
// right-aligned gathered sizes (GATHER_ND's output sizes) and the output the input's.
#include "validate/nd.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const ScatterNdDesc& desc) {
  constexpr std::string_view kOp = "SCATTER_ND";
  const NdCounts counts = NdCountsOf(desc);
  std::vector<uint32_t> expected;
  if (Validation v =
          CheckNd(kOp, desc.input_tensor, desc.indices_tensor, counts,
                  HasFieldKind<ScatterNdDesc>(FieldKind::kBatchDimensionCount), &expected);
      !v.ok())
    return v;
  if (desc.updates_tensor.sizes != expected)
    return Fail(Reason::SCATTER_UPDATES_SIZES_MISMATCH,
                Message(kOp, ": UpdatesTensor.Sizes is ", FormatSizes(desc.updates_tensor.sizes),
                        " but InputTensor.Sizes ", FormatSizes(desc.input_tensor.sizes),
                        ", IndicesTensor.Sizes ", FormatSizes(desc.indices_tensor.sizes),
                        ", InputDimensionCount ", counts.input, " and IndicesDimensionCount ",
                        counts.indices, " give ", FormatSizes(expected), " (erratum N1)."));
  if (desc.output_tensor.sizes != desc.input_tensor.sizes)
    return Fail(Reason::SCATTER_OUTPUT_SIZES_MISMATCH,
                Message(kOp, ": OutputTensor.Sizes is ", FormatSizes(desc.output_tensor.sizes),
                        " but InputTensor.Sizes is ", FormatSizes(desc.input_tensor.sizes),
                        "; they must be equal."));
  return Ok();
}

}  // namespace dmlconf::validate_detail
