// DEPTH_TO_SPACE1 as one 6-D strided copy over (n, c', h, bh, w, bw):
//   DEPTH_COLUMN_ROW: output[n, c', h*B+bh, w*B+bw] = input[n, (bh*B + bw)*C' + c', h, w]
//   COLUMN_ROW_DEPTH: output[n, c', h*B+bh, w*B+bw] = input[n, c'*B*B + bh*B + bw, h, w]
// Each output row of W*B elements is contiguous, interleaving B input rows
// that are each contiguous along w: the tiled inner loop reads those B rows
// in step (rows = w, cols = bw) rather than one element per outer iteration.
#include <cassert>

#include "blocked/strided_copy.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

void DepthToSpace1(const DepthToSpace1Desc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 1 && bindings.outputs.size() == 1);
  assert(desc.output_tensor.DimensionCount() == 4 && desc.block_size >= 1);
  const int64_t b = desc.block_size;
  const std::array<uint32_t, 4> out = {desc.output_tensor.sizes[0], desc.output_tensor.sizes[1],
                                       desc.output_tensor.sizes[2], desc.output_tensor.sizes[3]};
  const ByteStrides o = ByteStridesOf(desc.output_tensor);
  const ByteStrides i = ByteStridesOf(desc.input_tensor);
  const int64_t channels = out[1];  // C'
  const bool dcr = desc.order == DepthSpaceOrder::kDepthColumnRow;
  // Input channel stride per unit of c', bh and bw.
  const int64_t c_step = dcr ? i[1] : b * b * i[1];
  const int64_t bh_step = dcr ? b * channels * i[1] : b * i[1];
  const int64_t bw_step = dcr ? channels * i[1] : i[1];
  LoopNest nest;
  nest.Push(out[0], o[0], i[0]);
  nest.Push(out[1], o[1], c_step);
  nest.Push(out[2] / uint64_t(b), b * o[2], i[2]);
  nest.Push(uint64_t(b), o[2], bh_step);
  nest.Push(out[3] / uint64_t(b), b * o[3], i[3]);
  nest.Push(uint64_t(b), o[3], bw_step);
  RunCopy(PlanCopy(nest, desc.output_tensor.ElementSize()), bindings.outputs[0],
          bindings.inputs[0]);
}

}  // namespace dmlconf::blocked
