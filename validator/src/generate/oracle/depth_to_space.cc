// DEPTH_TO_SPACE (feature level 1_0): channels into B x B blocks of pixels, in
// DEPTH_COLUMN_ROW's layout.
#include "oracle/depth_space.h"

namespace dmlconf::generate::oracle {

DMLCONF_DEPTH_SPACE_ORACLE(DepthToSpace)

}  // namespace dmlconf::generate::oracle
