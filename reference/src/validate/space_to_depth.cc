// SPACE_TO_DEPTH (feature level 1_0): {N, C, H, W} -> {N, C*B*B, H/B, W/B}.
#include "validate/depth_space.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const SpaceToDepthDesc& desc) { return CheckDepthSpace(desc); }

}  // namespace dmlconf::validate_detail
