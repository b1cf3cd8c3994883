#include "validate/nd.h"

namespace dmlconf::validate_detail {

namespace {

Validation CheckCount(std::string_view op, std::string_view name, uint32_t count, uint32_t rank,
                      Reason reason) {
  if (count >= 1 && count <= rank) return Ok();
  return Fail(reason, Message(op, ": ", name, " is ", count, " but DimensionCount is ", rank,
                              "; it must be in [1, ", rank, "]."));
}

// Contract point M3: counts that pass their ranges but leave the tuple or the batch no
// meaning. The pages leave them open; dmlconf refuses them, as DirectML does.
Validation CheckCountsMeaningful(std::string_view op, uint32_t tuple, NdCounts counts) {
  if (tuple > counts.input)
    return Fail(Reason::ND_INDEX_TUPLE_TOO_LONG,
                Message(op, ": the index tuple has ", tuple, " coordinates but InputDimensionCount",
                        " is ", counts.input, " (contract point M3: refused)."));
  if (NdCountsReachOut(tuple, counts))
    return Fail(Reason::ND_BATCH_DIMENSION_COUNT_OUT_OF_RANGE,
                Message(op, ": BatchDimensionCount ", counts.batch, " with a tuple of ", tuple,
                        " coordinates, IndicesDimensionCount ", counts.indices,
                        " and InputDimensionCount ", counts.input,
                        " leaves no room (B < IndicesDimensionCount and B + T <= "
                        "InputDimensionCount; contract point M3: refused)."));
  return Ok();
}

}  // namespace

Validation CheckNd(std::string_view op, const TensorDesc& input, const TensorDesc& indices,
                   NdCounts counts, bool has_batch, std::vector<uint32_t>* aligned) {
  const uint32_t rank = input.DimensionCount();
  if (Validation v = CheckCount(op, "InputDimensionCount", counts.input, rank,
                                Reason::ND_INPUT_DIMENSION_COUNT_OUT_OF_RANGE);
      !v.ok())
    return v;
  if (Validation v = CheckCount(op, "IndicesDimensionCount", counts.indices, rank,
                                Reason::ND_INDICES_DIMENSION_COUNT_OUT_OF_RANGE);
      !v.ok())
    return v;
  if (has_batch && counts.batch >= rank)
    return Fail(Reason::ND_BATCH_DIMENSION_COUNT_OUT_OF_RANGE,
                Message(op, ": BatchDimensionCount is ", counts.batch, " but DimensionCount is ",
                        rank, "; it must be in [0, ", rank, ")."));
  const uint32_t tuple = indices.sizes.back();
  if (tuple > rank)
    return Fail(Reason::ND_INDEX_TUPLE_TOO_LONG,
                Message(op, ": the index tuple (IndicesTensor's last size) is ", tuple,
                        " but DimensionCount is ", rank, "; it cannot exceed it."));
  if (Validation v = CheckCountsMeaningful(op, tuple, counts); !v.ok()) return v;
  std::vector<uint32_t> sizes = NdGatheredSizes(input.sizes, indices.sizes, counts);
  if (sizes.size() > rank)
    return Fail(Reason::ND_OUTPUT_RANK_OVERFLOW,
                Message(op, ": the gathered sizes ", FormatSizes(sizes),
                        " (IndicesTensor.Sizes[D - IndicesDimensionCount .. D - 1) ++ "
                        "InputTensor.Sizes[D - InputDimensionCount + B + T .. D)) have ",
                        sizes.size(), " entries, more than DimensionCount ", rank, "."));
  sizes.insert(sizes.begin(), rank - sizes.size(), 1u);
  *aligned = std::move(sizes);
  return Ok();
}

}  // namespace dmlconf::validate_detail
