// DEPTH_TO_SPACE1: {N, C, H, W} -> {N, C/(B*B), H*B, W*B}.
#include "validate/depth_space.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const DepthToSpace1Desc& desc) {
  constexpr std::string_view kOp = "DEPTH_TO_SPACE1";
  const uint32_t rank = desc.input_tensor.DimensionCount();
  if (Validation v = CheckBlockAndOrder(kOp, rank, desc.block_size, desc.order); !v.ok()) return v;
  const auto& in = desc.input_tensor.sizes;
  const uint64_t block = desc.block_size;
  const uint64_t block_area = block * block;  // < 2^64 for any uint32 block
  if (in[1] % block_area != 0)
    return Fail(Reason::DEPTH_TO_SPACE_CHANNELS_NOT_DIVISIBLE,
                Message(kOp, ": InputTensor.Sizes[1] (C) is ", in[1],
                        ", which is not divisible by BlockSize*BlockSize = ", block_area, "."));
  const std::array<uint64_t, 4> expected = {in[0], in[1] / block_area, in[2] * block,
                                            in[3] * block};  // each < 2^64
  return CheckDepthSpaceOutput(kOp, desc.input_tensor, desc.output_tensor, desc.block_size,
                               expected);
}

}  // namespace dmlconf::validate_detail
