// PADDING: the pad family's rules (validate/pad.h).
#include "validate/pad.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const PaddingDesc& desc) { return CheckPad(desc); }

}  // namespace dmlconf::validate_detail
