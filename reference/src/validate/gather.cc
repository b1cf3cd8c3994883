// GATHER: output = input[0..Axis) ++ indices[D-K..D) ++ input[Axis+1..D),
// right-aligned into D dimensions (spec README; errata G1, G2).
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
