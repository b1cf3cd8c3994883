// SPACE_TO_DEPTH (feature level 1_0) is SPACE_TO_DEPTH1 in DEPTH_COLUMN_ROW's layout,
// the inverse of DEPTH_TO_SPACE:
//   output[n, (bh*B + bw)*C + c, h, w] = input[n, c, h*B+bh, w*B+bw]
#include "dmlconf/naive.h"
#include "naive/depth_space.h"

namespace dmlconf::naive {

void SpaceToDepth(const SpaceToDepthDesc& desc, const Bindings& bindings) {
  SpaceToDepth1(InDepthColumnRow<SpaceToDepth1Desc>(desc), bindings);
}

}  // namespace dmlconf::naive
