// DEPTH_TO_SPACE (feature level 1_0) is DEPTH_TO_SPACE1 in DEPTH_COLUMN_ROW's layout:
//   output[n, c', h*B+bh, w*B+bw] = input[n, (bh*B + bw)*C' + c', h, w]
#include "dmlconf/naive.h"
#include "naive/depth_space.h"

namespace dmlconf::naive {

void DepthToSpace(const DepthToSpaceDesc& desc, const Bindings& bindings) {
  DepthToSpace1(InDepthColumnRow<DepthToSpace1Desc>(desc), bindings);
}

}  // namespace dmlconf::naive
