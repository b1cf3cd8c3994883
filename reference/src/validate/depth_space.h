// The rules of the depth/space family (dmlconf/depth_space.h): rank 4 {N, C, H, W}
// (the support table already limits the rank), BlockSize at least 1, a valid Order
// where the member has one, the divisibility its direction needs, and the output
// sizes that follow. Each member's validate/<operator>.cc calls CheckDepthSpace.
#pragma once

#include <array>

#include "dmlconf/depth_space.h"
#include "validate/rules.h"

namespace dmlconf::validate_detail {

Validation CheckBlockSize(std::string_view op, uint32_t rank, uint32_t block_size);
Validation CheckOrder(std::string_view op, DepthSpaceOrder order);
// C divisible by B*B (to space) or H and W by B (to depth), then the output's
// sizes, computed in 64 bits: a product that does not fit a uint32 size simply
// cannot match.
Validation CheckDepthSpaceSizes(std::string_view op, DepthSpaceDirection direction,
                                const TensorDesc& input, const TensorDesc& output,
                                uint32_t block_size);

template <class Desc>
requires kIsDepthSpace<Desc> Validation CheckDepthSpace(const Desc& desc) {
  constexpr std::string_view op = Schema<Desc>::kName;
  if (Validation v = CheckBlockSize(op, desc.input_tensor.DimensionCount(), desc.block_size);
      !v.ok())
    return v;
  if constexpr (kHasOrder<Desc>)
    if (Validation v = CheckOrder(op, desc.order); !v.ok()) return v;
  return CheckDepthSpaceSizes(op, kDirection<Desc>, desc.input_tensor, desc.output_tensor,
                              desc.block_size);
}

}  // namespace dmlconf::validate_detail
