// SPACE_TO_DEPTH (feature level 1_0): B x B blocks of pixels into channels, in
// DEPTH_COLUMN_ROW's layout.
#include "oracle/depth_space.h"

namespace dmlconf::generate::oracle {

DMLCONF_DEPTH_SPACE_ORACLE(SpaceToDepth)

}  // namespace dmlconf::generate::oracle
