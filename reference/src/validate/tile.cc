// TILE: every Repeats entry at least 1, and OutputTensor.Sizes = InputTensor.Sizes *
// Repeats, dimension by dimension (computed in 64 bits: a product past UINT32_MAX is a
// mismatch, never a wrapped size).
#include "validate/rules.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const TileDesc& desc) {
  constexpr std::string_view kOp = "TILE";
  for (size_t d = 0; d < desc.repeats.size(); ++d)
    if (desc.repeats[d] == 0)
      return Fail(Reason::TILE_REPEATS_ZERO,
                  Message(kOp, ": Repeats[", d, "] is 0; repeats must be larger than 0."));
  std::vector<uint64_t> expected;
  for (size_t d = 0; d < desc.repeats.size(); ++d)
    expected.push_back(uint64_t(desc.input_tensor.sizes[d]) * desc.repeats[d]);
  if (Widen(desc.output_tensor.sizes) != expected)
    return Fail(
        Reason::TILE_OUTPUT_SIZES_MISMATCH,
        Message(kOp, ": OutputTensor.Sizes is ", FormatSizes(desc.output_tensor.sizes),
                " but InputTensor.Sizes ", FormatSizes(desc.input_tensor.sizes), " times Repeats ",
                FormatSizes(desc.repeats), " is ", FormatWideSizes(expected), "."));
  return Ok();
}

}  // namespace dmlconf::validate_detail
