// SPACE_TO_DEPTH1 as one 6-D strided copy over (n, c, h, bh, w, bw), the
// inverse of DEPTH_TO_SPACE1:
//   DEPTH_COLUMN_ROW: output[n, (bh*B + bw)*C + c, h, w] = input[n, c, h*B+bh, w*B+bw]
//   COLUMN_ROW_DEPTH: output[n, c*B*B + bh*B + bw, h, w] = input[n, c, h*B+bh, w*B+bw]
// Each output row along w is contiguous and reads every B-th element of an
// input row; the tiled inner loop (rows = bw, cols = w) reads the B output
// rows' sources from one input row in step.
#include <cassert>

#include "blocked/strided_copy.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

void SpaceToDepth1(const SpaceToDepth1Desc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 1 && bindings.outputs.size() == 1);
  assert(desc.input_tensor.DimensionCount() == 4 && desc.block_size >= 1);
  const int64_t b = desc.block_size;
  const std::array<uint32_t, 4> in = {desc.input_tensor.sizes[0], desc.input_tensor.sizes[1],
                                      desc.input_tensor.sizes[2], desc.input_tensor.sizes[3]};
  const ByteStrides i = ByteStridesOf(desc.input_tensor);
  const ByteStrides o = ByteStridesOf(desc.output_tensor);
  const int64_t channels = in[1];  // C
  const bool dcr = desc.order == DepthSpaceOrder::kDepthColumnRow;
  // Output channel stride per unit of c, bh and bw.
  const int64_t c_step = dcr ? o[1] : b * b * o[1];
  const int64_t bh_step = dcr ? b * channels * o[1] : b * o[1];
  const int64_t bw_step = dcr ? channels * o[1] : o[1];
  LoopNest nest;
  nest.Push(in[0], o[0], i[0]);
  nest.Push(in[1], c_step, i[1]);
  nest.Push(in[2] / uint64_t(b), o[2], b * i[2]);
  nest.Push(uint64_t(b), bh_step, i[2]);
  nest.Push(in[3] / uint64_t(b), o[3], b * i[3]);
  nest.Push(uint64_t(b), bw_step, i[3]);
  RunCopy(PlanCopy(nest, desc.output_tensor.ElementSize()), bindings.outputs[0],
          bindings.inputs[0]);
}

}  // namespace dmlconf::blocked
