// The rules the ND operators share (reference/OPERATORS.md, GATHER_ND): the counts in
// [1, D] (GATHER_ND1's batch below D), a tuple no longer than D, contract point M3
// refused, and the gathered sizes right-aligned into D dimensions. What each
// operator's output (SCATTER_ND's updates) must then equal is its own rule.
#pragma once

#include "dmlconf/nd.h"
#include "validate/rules.h"

namespace dmlconf::validate_detail {

// On success `aligned` holds the gathered sizes right-aligned into D dimensions.
Validation CheckNd(std::string_view op, const TensorDesc& input, const TensorDesc& indices,
                   NdCounts counts, bool has_batch, std::vector<uint32_t>* aligned);

// GATHER_ND and GATHER_ND1: the output has the right-aligned gathered sizes.
template <class Desc>
Validation CheckGatherNd(std::string_view op, const Desc& desc) {
  const NdCounts counts = NdCountsOf(desc);
  std::vector<uint32_t> expected;
  if (Validation v = CheckNd(op, desc.input_tensor, desc.indices_tensor, counts,
                             HasFieldKind<Desc>(FieldKind::kBatchDimensionCount), &expected);
      !v.ok())
    return v;
  if (desc.output_tensor.sizes != expected)
    return Fail(Reason::GATHER_ND_OUTPUT_SIZES_MISMATCH,
                Message(op, ": OutputTensor.Sizes is ", FormatSizes(desc.output_tensor.sizes),
                        " but InputTensor.Sizes ", FormatSizes(desc.input_tensor.sizes),
                        ", IndicesTensor.Sizes ", FormatSizes(desc.indices_tensor.sizes),
                        ", InputDimensionCount ", counts.input, ", IndicesDimensionCount ",
                        counts.indices, " and BatchDimensionCount ", counts.batch, " give ",
                        FormatSizes(expected), " (erratum N1)."));
  return Ok();
}

}  // namespace dmlconf::validate_detail
