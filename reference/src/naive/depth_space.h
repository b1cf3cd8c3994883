// The depth/space family in the naive reference: a member without Order runs as the
// member going the same way with one, in DEPTH_COLUMN_ROW's layout (seed 003: "with
// Order DEPTH_COLUMN_ROW, DML_DEPTH_TO_SPACE1_OPERATOR_DESC is the same as
// DML_DEPTH_TO_SPACE_OPERATOR_DESC").
#pragma once

#include "dmlconf/depth_space.h"

namespace dmlconf::naive {

template <class Ordered, class Desc>
requires(kHasOrder<Ordered> && !kHasOrder<Desc> && kDirection<Ordered> == kDirection<Desc>) Ordered
    InDepthColumnRow(const Desc& desc) {
  return {desc.input_tensor, desc.output_tensor, desc.block_size, DepthSpaceOrder::kDepthColumnRow};
}

}  // namespace dmlconf::naive
