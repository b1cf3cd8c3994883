// The depth/space family's blocked kernel (dmlconf/depth_space.h): either direction
// and either layout as one 6-D strided copy. Each member's blocked/<operator>.cc
// calls it.
#pragma once

#include "dmlconf/depth_space.h"

namespace dmlconf::blocked {

// Over (n, c, h, bh, w, bw) of the space side {N, C, H*B, W*B}, with c, bh and bw
// placed in the depth side's channels as `layout` says:
//   DEPTH_COLUMN_ROW: depth[n, (bh*B + bw)*C + c, h, w] <-> space[n, c, h*B+bh, w*B+bw]
//   COLUMN_ROW_DEPTH: depth[n, c*B*B + bh*B + bw, h, w] <-> space[n, c, h*B+bh, w*B+bw]
// Each space row is contiguous and interleaves B depth rows that are each
// contiguous along w: the tiled inner loop reads (to space) or writes (to depth)
// those B rows in step rather than one element per outer iteration.
void DepthSpaceCopy(DepthSpaceDirection direction, const TensorDesc& input,
                    const TensorDesc& output, uint32_t block_size, DepthSpaceOrder layout,
                    const Bindings& bindings);

template <class Desc>
requires kIsDepthSpace<Desc>
void DepthSpace(const Desc& desc, const Bindings& bindings) {
  DepthSpaceCopy(kDirection<Desc>, desc.input_tensor, desc.output_tensor, desc.block_size,
                 LayoutOf(desc), bindings);
}

}  // namespace dmlconf::blocked
