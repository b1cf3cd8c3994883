// JOIN: the mirror image of SPLIT; the inputs are laid one after another along Axis.
#include "validate/join_split.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const JoinDesc& desc) {
  return CheckPieces(desc, Reason::JOIN_SIZES_MISMATCH, Reason::JOIN_AXIS_SIZES_MISMATCH);
}

}  // namespace dmlconf::validate_detail
