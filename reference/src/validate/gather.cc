// GATHER: output = input[0..Axis) ++ indices[D-K..D) ++ input[Axis+1..D),
// right-aligned into D dimensions (spec README; errata G1, G2), and the input's
// original rank + IndexDimensions - 1 <= D (seed 002).
#include "dmlconf/gather_rules.h"
#include "validate/rules.h"

namespace dmlconf::validate_detail {

namespace {

// The D-1+K sizes before right-alignment.
std::vector<uint32_t> UnalignedOutputSizes(const GatherDesc& desc) {
  const auto& in = desc.input_tensor.sizes;
  const auto& idx = desc.indices_tensor.sizes;
  const uint32_t rank = desc.input_tensor.DimensionCount();
  std::vector<uint32_t> sizes(in.begin(), in.begin() + desc.axis);
  sizes.insert(sizes.end(), idx.begin() + (rank - desc.index_dimensions), idx.end());
  sizes.insert(sizes.end(), in.begin() + desc.axis + 1, in.end());
  return sizes;
}

}  // namespace

Validation CheckShapes(const GatherDesc& desc) {
  const uint32_t rank = desc.input_tensor.DimensionCount();
  if (Validation v = CheckAxis("GATHER", desc.axis, rank); !v.ok()) return v;
  if (desc.index_dimensions > rank)
    return Fail(
        Reason::GATHER_INDEX_DIMENSIONS_OUT_OF_RANGE,
        Message("GATHER: IndexDimensions is ", desc.index_dimensions, " but DimensionCount is ",
                rank, "; it must be in [0, ", rank, "] (erratum G2)."));
  std::vector<uint32_t> expected = UnalignedOutputSizes(desc);
  if (expected.size() > rank) {
    const size_t surplus = expected.size() - rank;
    for (size_t i = 0; i < surplus; ++i)
      if (expected[i] != 1)
        return Fail(
            Reason::GATHER_OUTPUT_RANK_OVERFLOW,
            Message("GATHER: the output sizes ", FormatSizes(expected),
                    " (input[0..Axis) ++ indices[D-K..D) ++ input[Axis+1..D) with Axis ", desc.axis,
                    ", IndexDimensions ", desc.index_dimensions, ") do not fit in DimensionCount ",
                    rank, ": leading entry ", i, " is ", expected[i], ", not 1."));
    expected.erase(expected.begin(), expected.begin() + surplus);
  }
  // Seed 002 (OutputTensor): "the number of relevant dimensions in the output can be
  // computed by the original rank of InputTensor + IndexDimensions - 1. This value must
  // be less than or equal to OutputTensor's DimensionCount", the original rank being
  // the input's rank before leading-1 padding. This is stricter than "the surplus
  // leading entries are 1" (they may be 1s of the indices): input {3,1,2,2,3}, Axis 0,
  // K 5, indices {1,1,1,1,2} leaves only 1s as surplus, yet 5 + 5 - 1 = 9 > 5. DirectML
  // 1.15.4 accepts such descriptors and, when D + K - 1 > 8, returns bytes from
  // elsewhere and corrupts its own memory (reports/directml/README.md).
  if (!gather_rules::OriginalRankFits(desc.input_tensor.sizes, desc.index_dimensions)) {
    const size_t original_rank = gather_rules::OriginalRank(desc.input_tensor.sizes);
    return Fail(Reason::GATHER_OUTPUT_RANK_OVERFLOW,
                Message("GATHER: InputTensor.Sizes ", FormatSizes(desc.input_tensor.sizes),
                        " has original rank ", original_rank,
                        " (before leading 1s); with IndexDimensions ", desc.index_dimensions,
                        " the output has ", original_rank + desc.index_dimensions - 1,
                        " relevant dimensions, more than DimensionCount ", rank,
                        " (seed 002: original rank + IndexDimensions - 1 must be <= "
                        "OutputTensor.DimensionCount)."));
  }
  expected.insert(expected.begin(), rank - expected.size(), 1u);
  if (desc.output_tensor.sizes != expected)
    return Fail(Reason::GATHER_OUTPUT_SIZES_MISMATCH,
                Message("GATHER: OutputTensor.Sizes is ", FormatSizes(desc.output_tensor.sizes),
                        " but InputTensor.Sizes ", FormatSizes(desc.input_tensor.sizes),
                        ", IndicesTensor.Sizes ", FormatSizes(desc.indices_tensor.sizes), ", Axis ",
                        desc.axis, " and IndexDimensions ", desc.index_dimensions, " give ",
                        FormatSizes(expected), "."));
  return Ok();
}

}  // namespace dmlconf::validate_detail
