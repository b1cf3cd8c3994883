#include "blocked/depth_space.h"

#include <cassert>

#include "blocked/strided_copy.h"

namespace dmlconf::blocked {

void DepthSpaceCopy(DepthSpaceDirection direction, const TensorDesc& input,
                    const TensorDesc& output, uint32_t block_size, DepthSpaceOrder layout,
                    const Bindings& bindings) {
  assert(bindings.inputs.size() == 1 && bindings.outputs.size() == 1);
  assert(input.DimensionCount() == 4 && output.DimensionCount() == 4 && block_size >= 1);
  const bool to_space = direction == DepthSpaceDirection::kToSpace;
  const TensorDesc& space = to_space ? output : input;
  const ByteStrides s = ByteStridesOf(space);
  const ByteStrides d = ByteStridesOf(to_space ? input : output);
  const int64_t b = block_size;
  const int64_t channels = space.sizes[1];  // C of the space side
  const bool dcr = layout == DepthSpaceOrder::kDepthColumnRow;
  // Depth channel stride per unit of c, bh and bw.
  const int64_t c_step = dcr ? d[1] : b * b * d[1];
  const int64_t bh_step = dcr ? b * channels * d[1] : b * d[1];
  const int64_t bw_step = dcr ? channels * d[1] : d[1];
  // Each loop as (count, space stride, depth stride); the copy wants (output, input).
  LoopNest nest;
  const auto push = [&](uint64_t count, int64_t space_stride, int64_t depth_stride) {
    if (to_space)
      nest.Push(count, space_stride, depth_stride);
    else
      nest.Push(count, depth_stride, space_stride);
  };
  push(space.sizes[0], s[0], d[0]);
  push(space.sizes[1], s[1], c_step);
  push(space.sizes[2] / uint64_t(b), b * s[2], d[2]);
  push(uint64_t(b), s[2], bh_step);
  push(space.sizes[3] / uint64_t(b), b * s[3], d[3]);
  push(uint64_t(b), s[3], bw_step);
  RunCopy(PlanCopy(nest, output.ElementSize()), bindings.outputs[0], bindings.inputs[0]);
}

}  // namespace dmlconf::blocked
