// SPACE_TO_DEPTH1: {N, C, H, W} -> {N, C*B*B, H/B, W/B} (erratum S1: the
// examples' formula, not the page's copied DEPTH_TO_SPACE1 one).
#include "validate/depth_space.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const SpaceToDepth1Desc& desc) {
  constexpr std::string_view kOp = "SPACE_TO_DEPTH1";
  const uint32_t rank = desc.input_tensor.DimensionCount();
  if (Validation v = CheckBlockAndOrder(kOp, rank, desc.block_size, desc.order); !v.ok()) return v;
  const auto& in = desc.input_tensor.sizes;
  const uint32_t block = desc.block_size;
  for (uint32_t d : {2u, 3u})
    if (in[d] % block != 0)
      return Fail(Reason::SPACE_TO_DEPTH_SPATIAL_NOT_DIVISIBLE,
                  Message(kOp, ": InputTensor.Sizes[", d, "] (", d == 2 ? "H" : "W", ") is ", in[d],
                          ", which is not divisible by BlockSize ", block, "."));
  // B <= H and B <= W here, so C*B*B <= C*H*W < 2^32 for a valid input.
  const uint64_t channels = uint64_t(in[1]) * block * block;
  const std::array<uint64_t, 4> expected = {in[0], channels, in[2] / block, in[3] / block};
  return CheckDepthSpaceOutput(kOp, desc.input_tensor, desc.output_tensor, desc.block_size,
                               expected);
}

}  // namespace dmlconf::validate_detail
