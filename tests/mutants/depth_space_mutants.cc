// DEPTH_TO_SPACE1 and SPACE_TO_DEPTH1 mutants: Order swapped, and the block's
// row and column swapped.
#include <array>
#include <cstring>

#include "mutants/mutant.h"

namespace dmlconf::mutants {

namespace {

DepthSpaceOrder Swapped(DepthSpaceOrder order) {
  return order == DepthSpaceOrder::kDepthColumnRow ? DepthSpaceOrder::kColumnRowDepth
                                                   : DepthSpaceOrder::kDepthColumnRow;
}

// Both orders have the same shapes, so the honest kernel runs the other one in
// place.
template <class Desc>
void OrderSwapped(const OperatorDesc& desc, const Bindings& bindings) {
  Desc mutated = std::get<Desc>(desc);
  mutated.order = Swapped(mutated.order);
  naive::Execute(mutated, bindings);
}

// The channel that holds block position (bh, bw) of depth c (DEPTH_TO_SPACE1's
// C' channels, SPACE_TO_DEPTH1's C), with bh and bw traded: the formula written
// with the block's column where its row belongs.
uint32_t SwappedChannel(DepthSpaceOrder order, uint32_t c, uint32_t depth, uint32_t b, uint32_t bh,
                        uint32_t bw) {
  return order == DepthSpaceOrder::kDepthColumnRow ? (bw * b + bh) * depth + c
                                                   : c * b * b + bw * b + bh;
}

// One element from input coordinates `in` to output `out` (both {N, C, H, W}).
void CopyElement4(const TensorDesc& in_desc, const std::byte* in_base,
                  const std::array<uint32_t, 4>& in, const TensorDesc& out_desc,
                  std::byte* out_base, std::span<const uint32_t> out) {
  const size_t size = out_desc.ElementSize();
  std::memcpy(out_base + out_desc.ElementOffset(out) * size,
              in_base + in_desc.ElementOffset(in) * size, size);
}

void DepthToSpaceBlockRowColumnSwapped(const OperatorDesc& desc, const Bindings& bindings) {
  const DepthToSpace1Desc& d = std::get<DepthToSpace1Desc>(desc);
  const uint32_t b = d.block_size, depth = d.output_tensor.sizes[1];
  ForEachCoordinate(d.output_tensor.sizes, [&](std::span<const uint32_t> out) {
    const uint32_t c = SwappedChannel(d.order, out[1], depth, b, out[2] % b, out[3] % b);
    CopyElement4(d.input_tensor, bindings.inputs[0], {out[0], c, out[2] / b, out[3] / b},
                 d.output_tensor, bindings.outputs[0], out);
  });
}

void SpaceToDepthBlockRowColumnSwapped(const OperatorDesc& desc, const Bindings& bindings) {
  const SpaceToDepth1Desc& d = std::get<SpaceToDepth1Desc>(desc);
  const uint32_t b = d.block_size, depth = d.input_tensor.sizes[1];
  // Walk the input: each input element has one output channel.
  ForEachCoordinate(d.input_tensor.sizes, [&](std::span<const uint32_t> in) {
    const uint32_t c = SwappedChannel(d.order, in[1], depth, b, in[2] % b, in[3] % b);
    const std::array<uint32_t, 4> out = {in[0], c, in[2] / b, in[3] / b};
    const std::array<uint32_t, 4> in_coords = {in[0], in[1], in[2], in[3]};
    CopyElement4(d.input_tensor, bindings.inputs[0], in_coords, d.output_tensor,
                 bindings.outputs[0], out);
  });
}

}  // namespace

std::vector<Mutant> DepthSpaceMutants() {
  return {
      {"depth-to-space-order-swapped",
       "DEPTH_TO_SPACE1 runs DEPTH_COLUMN_ROW as COLUMN_ROW_DEPTH and the other way round",
       Validate, Only<DepthToSpace1Desc, OrderSwapped<DepthToSpace1Desc>>},
      {"space-to-depth-order-swapped",
       "SPACE_TO_DEPTH1 runs DEPTH_COLUMN_ROW as COLUMN_ROW_DEPTH and the other way round",
       Validate, Only<SpaceToDepth1Desc, OrderSwapped<SpaceToDepth1Desc>>},
      {"depth-to-space-block-row-column-swapped",
       "DEPTH_TO_SPACE1 takes the block's row for its column and its column for its row", Validate,
       Only<DepthToSpace1Desc, DepthToSpaceBlockRowColumnSwapped>},
      {"space-to-depth-block-row-column-swapped",
       "SPACE_TO_DEPTH1 takes the block's row for its column and its column for its row", Validate,
       Only<SpaceToDepth1Desc, SpaceToDepthBlockRowColumnSwapped>},
  };
}

}  // namespace dmlconf::mutants
