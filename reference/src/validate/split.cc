// SPLIT: every output is the input's slab along Axis.
#include "validate/join_split.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const SplitDesc& desc) {
  return CheckPieces(desc, Reason::SPLIT_SIZES_MISMATCH, Reason::SPLIT_AXIS_SIZES_MISMATCH);
}

}  // namespace dmlconf::validate_detail
