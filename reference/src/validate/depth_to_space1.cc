// DEPTH_TO_SPACE1: {N, C, H, W} -> {N, C/(B*B), H*B, W*B}, in either Order.
#include "validate/depth_space.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const DepthToSpace1Desc& desc) { return CheckDepthSpace(desc); }

}  // namespace dmlconf::validate_detail
