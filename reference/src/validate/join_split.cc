#include "validate/join_split.h"

namespace dmlconf::validate_detail {

Validation CheckPieces(const PiecesRule& rule, const TensorDesc& whole,
                       const std::vector<TensorDesc>& pieces, uint32_t axis) {
  if (Validation v = CheckAxis(rule.op, axis, whole.DimensionCount()); !v.ok()) return v;
  uint64_t axis_sum = 0;  // at most 2^32 pieces of < 2^32 each: fits 64 bits
  for (size_t i = 0; i < pieces.size(); ++i) {
    const TensorDesc& piece = pieces[i];
    for (uint32_t d = 0; d < whole.DimensionCount(); ++d)
      if (d != axis && piece.sizes[d] != whole.sizes[d])
        return Fail(
            rule.sizes_mismatch,
            Message(rule.op, ": ", rule.pieces, "[", i, "].Sizes[", d, "] is ", piece.sizes[d],
                    " but ", rule.whole, ".Sizes[", d, "] is ", whole.sizes[d],
                    "; they must match in every dimension but Axis ", axis, "."));
    axis_sum += piece.sizes[axis];
  }
  if (axis_sum != whole.sizes[axis])
    return Fail(rule.axis_sizes_mismatch,
                Message(rule.op, ": ", rule.pieces, " sizes along axis ", axis, " sum to ",
                        axis_sum, ", ", rule.whole, " has ", whole.sizes[axis]));
  return Ok();
}

}  // namespace dmlconf::validate_detail
