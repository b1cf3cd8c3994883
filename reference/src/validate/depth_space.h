// Rules shared by DEPTH_TO_SPACE1 and SPACE_TO_DEPTH1 (rank 4, {N, C, H, W};
// the support table already limits the rank).
#pragma once

#include <array>

#include "validate/rules.h"

namespace dmlconf::validate_detail {

inline Validation CheckBlockAndOrder(std::string_view op, uint32_t rank, uint32_t block_size,
                                     DepthSpaceOrder order) {
  // The support table allows rank 4 only; this guard keeps the {N, C, H, W}
  // indexing below safe should a future row say otherwise.
  if (rank != 4)
    return Fail(Reason::RANK_NOT_SUPPORTED,
                Message(op, ": DimensionCount ", rank, " is not supported; it must be 4."));
  if (block_size == 0)
    return Fail(Reason::DEPTH_SPACE_BLOCK_SIZE_ZERO,
                Message(op, ": BlockSize is 0; it must be at least 1."));
  if (order != DepthSpaceOrder::kDepthColumnRow && order != DepthSpaceOrder::kColumnRowDepth)
    return Fail(Reason::DEPTH_SPACE_ORDER_INVALID,
                Message(op, ": Order is ", uint32_t(order),
                        "; it must be DEPTH_COLUMN_ROW (0) or COLUMN_ROW_DEPTH (1)."));
  return Ok();
}

// `expected` is computed in 64 bits: a product that does not fit a uint32 size
// simply cannot match.
inline Validation CheckDepthSpaceOutput(std::string_view op, const TensorDesc& input,
                                        const TensorDesc& output, uint32_t block_size,
                                        const std::array<uint64_t, 4>& expected) {
  if (Widen(output.sizes) != std::vector<uint64_t>(expected.begin(), expected.end()))
    return Fail(Reason::DEPTH_SPACE_OUTPUT_SIZES_MISMATCH,
                Message(op, ": OutputTensor.Sizes is ", FormatSizes(output.sizes),
                        " but InputTensor.Sizes ", FormatSizes(input.sizes), " and BlockSize ",
                        block_size, " give ", FormatWideSizes(expected), "."));
  return Ok();
}

}  // namespace dmlconf::validate_detail
