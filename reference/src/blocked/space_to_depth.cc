// SPACE_TO_DEPTH (feature level 1_0): the family's strided copy (blocked/depth_space.h)
// in DEPTH_COLUMN_ROW's layout, the only one it has.
#include "blocked/depth_space.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

void SpaceToDepth(const SpaceToDepthDesc& desc, const Bindings& bindings) {
  DepthSpace(desc, bindings);
}

}  // namespace dmlconf::blocked
