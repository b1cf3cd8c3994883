// SPACE_TO_DEPTH1: B x B blocks of pixels into channels, in either Order.
#include "oracle/depth_space.h"

namespace dmlconf::generate::oracle {

DMLCONF_DEPTH_SPACE_ORACLE(SpaceToDepth1)

}  // namespace dmlconf::generate::oracle
