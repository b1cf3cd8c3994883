#include "validate/depth_space.h"

namespace dmlconf::validate_detail {

Validation CheckBlockSize(std::string_view op, uint32_t rank, uint32_t block_size) {
  // The support tables allow rank 4 only; this guard keeps the {N, C, H, W}
  // indexing below safe should a future row say otherwise.
  if (rank != 4)
    return Fail(Reason::RANK_NOT_SUPPORTED,
                Message(op, ": DimensionCount ", rank, " is not supported; it must be 4."));
  if (block_size == 0)
    return Fail(Reason::DEPTH_SPACE_BLOCK_SIZE_ZERO,
                Message(op, ": BlockSize is 0; it must be at least 1."));
  return Ok();
}

Validation CheckOrder(std::string_view op, DepthSpaceOrder order) {
  if (order != DepthSpaceOrder::kDepthColumnRow && order != DepthSpaceOrder::kColumnRowDepth)
    return Fail(Reason::DEPTH_SPACE_ORDER_INVALID,
                Message(op, ": Order is ", uint32_t(order),
                        "; it must be DEPTH_COLUMN_ROW (0) or COLUMN_ROW_DEPTH (1)."));
  return Ok();
}

namespace {

// {N, C, H, W} -> {N, C/(B*B), H*B, W*B}; each product < 2^64 for uint32 sizes.
Validation ToSpaceSizes(std::string_view op, const std::vector<uint32_t>& in, uint64_t block,
                        std::array<uint64_t, 4>* out) {
  const uint64_t block_area = block * block;
  if (in[1] % block_area != 0)
    return Fail(Reason::DEPTH_TO_SPACE_CHANNELS_NOT_DIVISIBLE,
                Message(op, ": InputTensor.Sizes[1] (C) is ", in[1],
                        ", which is not divisible by BlockSize*BlockSize = ", block_area, "."));
  *out = {in[0], in[1] / block_area, in[2] * block, in[3] * block};
  return Ok();
}

// {N, C, H, W} -> {N, C*B*B, H/B, W/B} (erratum S1: the examples' formula, not
// the depth-to-space one the pages state).
Validation ToDepthSizes(std::string_view op, const std::vector<uint32_t>& in, uint64_t block,
                        std::array<uint64_t, 4>* out) {
  for (uint32_t d : {2u, 3u})
    if (in[d] % block != 0)
      return Fail(Reason::SPACE_TO_DEPTH_SPATIAL_NOT_DIVISIBLE,
                  Message(op, ": InputTensor.Sizes[", d, "] (", d == 2 ? "H" : "W", ") is ", in[d],
                          ", which is not divisible by BlockSize ", block, "."));
  // B <= H and B <= W here, so C*B*B <= C*H*W < 2^32 for a valid input.
  *out = {in[0], in[1] * block * block, in[2] / block, in[3] / block};
  return Ok();
}

}  // namespace

Validation CheckDepthSpaceSizes(std::string_view op, DepthSpaceDirection direction,
                                const TensorDesc& input, const TensorDesc& output,
                                uint32_t block_size) {
  std::array<uint64_t, 4> expected{};
  const Validation v = direction == DepthSpaceDirection::kToSpace
                           ? ToSpaceSizes(op, input.sizes, block_size, &expected)
                           : ToDepthSizes(op, input.sizes, block_size, &expected);
  if (!v.ok()) return v;
  if (Widen(output.sizes) != std::vector<uint64_t>(expected.begin(), expected.end()))
    return Fail(Reason::DEPTH_SPACE_OUTPUT_SIZES_MISMATCH,
                Message(op, ": OutputTensor.Sizes is ", FormatSizes(output.sizes),
                        " but InputTensor.Sizes ", FormatSizes(input.sizes), " and BlockSize ",
                        block_size, " give ", FormatWideSizes(expected), "."));
  return Ok();
}

}  // namespace dmlconf::validate_detail
