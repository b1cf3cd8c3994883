// SPACE_TO_DEPTH1: the inverse of DEPTH_TO_SPACE1 with the same Order meaning,
// {N, C, H, W} -> {N, C*B*B, H/B, W/B}. An output channel names (bh, bw, c)
// in the order's layout:
//   DEPTH_COLUMN_ROW: output[n, (bh*B + bw)*C + c, h, w] = input[n, c, h*B+bh, w*B+bw]
//   COLUMN_ROW_DEPTH: output[n, c*B*B + bh*B + bw, h, w] = input[n, c, h*B+bh, w*B+bw]
#include <array>
#include <cassert>

#include "dmlconf/naive.h"
#include "dmlconf/tensor_layout.h"
#include "naive/element.h"

namespace dmlconf::naive {

void SpaceToDepth1(const SpaceToDepth1Desc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 1 && bindings.outputs.size() == 1);
  assert(desc.input_tensor.DimensionCount() == 4 && desc.block_size >= 1);
  const uint32_t b = desc.block_size;
  const uint32_t in_channels = desc.input_tensor.sizes[1];  // C
  const ElementLayout input(desc.input_tensor);
  const ElementLayout output(desc.output_tensor);
  ForEachCoordinate(desc.output_tensor.sizes, [&](std::span<const uint32_t> out) {
    const uint32_t n = out[0], h = out[2], w = out[3];
    uint32_t c, bh, bw;
    if (desc.order == DepthSpaceOrder::kDepthColumnRow) {
      c = out[1] % in_channels;
      bh = out[1] / in_channels / b;
      bw = out[1] / in_channels % b;
    } else {
      c = out[1] / (b * b);
      bh = out[1] % (b * b) / b;
      bw = out[1] % b;
    }
    const std::array<uint32_t, 4> in = {n, c, h * b + bh, w * b + bw};
    CopyElement(input.At(bindings.inputs[0], in), output.At(bindings.outputs[0], out),
                output.element_size());
  });
}

}  // namespace dmlconf::naive
