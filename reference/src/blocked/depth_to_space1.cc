// DEPTH_TO_SPACE1: the family's strided copy (blocked/depth_space.h), in the descriptor's Order.
#include "blocked/depth_space.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

void DepthToSpace1(const DepthToSpace1Desc& desc, const Bindings& bindings) {
  DepthSpace(desc, bindings);
}

}  // namespace dmlconf::blocked
