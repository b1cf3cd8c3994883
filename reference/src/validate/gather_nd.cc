// GATHER_ND: the ND family's rules (validate/nd.h), then the output's sizes equal the
// right-aligned gathered sizes.
#include "validate/nd.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const GatherNdDesc& desc) { return CheckGatherNd("GATHER_ND", desc); }

}  // namespace dmlconf::validate_detail
