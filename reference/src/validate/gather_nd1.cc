// GATHER_ND1: GATHER_ND's rules with BatchDimensionCount below D (validate/nd.h).
#include "validate/nd.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const GatherNd1Desc& desc) { return CheckGatherNd("GATHER_ND1", desc); }

}  // namespace dmlconf::validate_detail
