// DEPTH_TO_SPACE1: channels into B x B blocks of pixels, in either Order.
#include "oracle/depth_space.h"

namespace dmlconf::generate::oracle {

DMLCONF_DEPTH_SPACE_ORACLE(DepthToSpace1)

}  // namespace dmlconf::generate::oracle
