// DEPTH_TO_SPACE1: {N, C, H, W} -> {N, C', H*B, W*B} with C' = C / (B*B).
//   DEPTH_COLUMN_ROW: output[n, c', h*B+bh, w*B+bw] = input[n, (bh*B + bw)*C' + c', h, w]
//   COLUMN_ROW_DEPTH: output[n, c', h*B+bh, w*B+bw] = input[n, c'*B*B + bh*B + bw, h, w]
#include <array>
#include <cassert>

#include "dmlconf/naive.h"
#include "dmlconf/tensor_layout.h"
#include "naive/element.h"

namespace dmlconf::naive {

void DepthToSpace1(const DepthToSpace1Desc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 1 && bindings.outputs.size() == 1);
  assert(desc.output_tensor.DimensionCount() == 4 && desc.block_size >= 1);
  const uint32_t b = desc.block_size;
  const uint32_t out_channels = desc.output_tensor.sizes[1];  // C'
  const ElementLayout input(desc.input_tensor);
  const ElementLayout output(desc.output_tensor);
  ForEachCoordinate(desc.output_tensor.sizes, [&](std::span<const uint32_t> out) {
    const uint32_t n = out[0], c = out[1];
    const uint32_t h = out[2] / b, bh = out[2] % b;
    const uint32_t w = out[3] / b, bw = out[3] % b;
    const uint32_t in_c = desc.order == DepthSpaceOrder::kDepthColumnRow
                              ? (bh * b + bw) * out_channels + c
                              : c * b * b + bh * b + bw;
    const std::array<uint32_t, 4> in = {n, in_c, h, w};
    CopyElement(input.At(bindings.inputs[0], in), output.At(bindings.outputs[0], out),
                output.element_size());
  });
}

}  // namespace dmlconf::naive
