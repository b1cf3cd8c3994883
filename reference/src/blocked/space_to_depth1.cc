// SPACE_TO_DEPTH1: the family's strided copy (blocked/depth_space.h), in the descriptor's Order.
#include "blocked/depth_space.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

void SpaceToDepth1(const SpaceToDepth1Desc& desc, const Bindings& bindings) {
  DepthSpace(desc, bindings);
}

}  // namespace dmlconf::blocked
