#include "blocked/elements.h"

#include <cassert>

namespace dmlconf::blocked {

ElementsPlan PlanElements(const TensorDesc& t0, const TensorDesc& indices, const TensorDesc& t2,
                          int positioned, uint32_t axis) {
  assert(positioned == 0 || positioned == 2);
  const ByteStrides s0 = ByteStridesOf(t0), s1 = ByteStridesOf(indices), s2 = ByteStridesOf(t2);
  const TensorDesc& target = positioned == 0 ? t0 : t2;
  ElementsPlan plan;
  plan.axis_stride = (positioned == 0 ? s0 : s2)[axis];
  plan.axis_size = target.sizes[axis];
  plan.element_size = t0.ElementSize();
  plan.index_type = indices.data_type;
  for (uint32_t d = 0; d < indices.DimensionCount(); ++d) {
    const bool off = d == axis;
    plan.nest.Push(indices.sizes[d], off && positioned == 0 ? 0 : s0[d], s1[d],
                   off && positioned == 2 ? 0 : s2[d]);
  }
  Normalize(plan.nest);
  return plan;
}

}  // namespace dmlconf::blocked
