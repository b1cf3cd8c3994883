// PADDING1: the pad family's rules (validate/pad.h).
#include "validate/pad.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const Padding1Desc& desc) { return CheckPad(desc); }

}  // namespace dmlconf::validate_detail
