// The depth/space family's mutants (dmlconf/depth_space.h), each for every member
// going one way: the channel layout swapped (a member with an Order runs the other
// one; a member without runs COLUMN_ROW_DEPTH, PyTorch's pixel_shuffle, for its
// fixed DEPTH_COLUMN_ROW), and the block's row and column swapped.
#include <array>
#include <cstring>

#include "dmlconf/depth_space.h"
#include "mutants/mutant.h"

namespace dmlconf::mutants {

namespace {

DepthSpaceOrder Swapped(DepthSpaceOrder order) {
  return order == DepthSpaceOrder::kDepthColumnRow ? DepthSpaceOrder::kColumnRowDepth
                                                   : DepthSpaceOrder::kDepthColumnRow;
}

// Runs the faulty kernel on the members going `Dir`, the honest one on the rest.
template <DepthSpaceDirection Dir, void (*Faulty)(const OperatorDesc&, const Bindings&)>
void OnlyGoing(const OperatorDesc& desc, const Bindings& bindings) {
  const bool going = std::visit(
      [](const auto& d) {
        using Desc = std::decay_t<decltype(d)>;
        if constexpr (kIsDepthSpace<Desc>) return kDirection<Desc> == Dir;
        return false;
      },
      desc);
  if (going)
    Faulty(desc, bindings);
  else
    naive::Execute(desc, bindings);
}

// The same tensors and block in the other layout, as a member of the family
// with an Order going the same way (both layouts have the same shapes, so the
// honest kernel runs it in place).
void LayoutSwapped(const OperatorDesc& desc, const Bindings& bindings) {
  std::visit(
      [&](const auto& d) {
        using Desc = std::decay_t<decltype(d)>;
        if constexpr (kIsDepthSpace<Desc>) {
          for (OperatorType op : kAllOperatorTypes) {
            OperatorDesc run = DefaultDesc(op);
            const bool ran = std::visit(
                [&](auto& m) {
                  using Member = std::decay_t<decltype(m)>;
                  if constexpr (kIsDepthSpace<Member> && kHasOrder<Member>) {
                    if (kDirection<Member> != kDirection<Desc>) return false;
                    m.input_tensor = d.input_tensor;
                    m.output_tensor = d.output_tensor;
                    m.block_size = d.block_size;
                    m.order = Swapped(LayoutOf(d));
                    naive::Execute(run, bindings);
                    return true;
                  }
                  return false;
                },
                run);
            if (ran) return;
          }
        }
      },
      desc);
}

// The channel that holds block position (bh, bw) of depth c (C' channels to space,
// C to depth), with bh and bw traded: the formula written with the block's column
// where its row belongs.
uint32_t SwappedChannel(DepthSpaceOrder order, uint32_t c, uint32_t depth, uint32_t b, uint32_t bh,
                        uint32_t bw) {
  return order == DepthSpaceOrder::kDepthColumnRow ? (bw * b + bh) * depth + c
                                                   : c * b * b + bw * b + bh;
}

// One element between the space coordinates `space` and the depth ones (both
// {N, C, H, W}), in the member's direction.
void CopyElement4(const TensorDesc& in_desc, const std::byte* in_base, std::span<const uint32_t> in,
                  const TensorDesc& out_desc, std::byte* out_base, std::span<const uint32_t> out) {
  const size_t size = out_desc.ElementSize();
  std::memcpy(out_base + out_desc.ElementOffset(out) * size,
              in_base + in_desc.ElementOffset(in) * size, size);
}

// Walks the space side: each of its elements has one depth channel.
void BlockRowColumnSwapped(const OperatorDesc& desc, const Bindings& bindings) {
  std::visit(
      [&](const auto& d) {
        using Desc = std::decay_t<decltype(d)>;
        if constexpr (kIsDepthSpace<Desc>) {
          const bool to_space = kDirection<Desc> == DepthSpaceDirection::kToSpace;
          const TensorDesc& space = SpaceTensor(d);
          const uint32_t b = d.block_size, depth = space.sizes[1];
          ForEachCoordinate(space.sizes, [&](std::span<const uint32_t> s) {
            const uint32_t c = SwappedChannel(LayoutOf(d), s[1], depth, b, s[2] % b, s[3] % b);
            const std::array<uint32_t, 4> deep = {s[0], c, s[2] / b, s[3] / b};
            if (to_space)
              CopyElement4(d.input_tensor, bindings.inputs[0], deep, d.output_tensor,
                           bindings.outputs[0], s);
            else
              CopyElement4(d.input_tensor, bindings.inputs[0], s, d.output_tensor,
                           bindings.outputs[0], deep);
          });
        }
      },
      desc);
}

constexpr DepthSpaceDirection kToSpace = DepthSpaceDirection::kToSpace;
constexpr DepthSpaceDirection kToDepth = DepthSpaceDirection::kToDepth;

}  // namespace

std::vector<Mutant> DepthSpaceMutants() {
  return {
      {"depth-to-space-order-swapped",
       "depth to space (every member) runs DEPTH_COLUMN_ROW as COLUMN_ROW_DEPTH and the other "
       "way round",
       Validate, OnlyGoing<kToSpace, LayoutSwapped>},
      {"space-to-depth-order-swapped",
       "space to depth (every member) runs DEPTH_COLUMN_ROW as COLUMN_ROW_DEPTH and the other "
       "way round",
       Validate, OnlyGoing<kToDepth, LayoutSwapped>},
      {"depth-to-space-block-row-column-swapped",
       "depth to space (every member) takes the block's row for its column and its column for "
       "its row",
       Validate, OnlyGoing<kToSpace, BlockRowColumnSwapped>},
      {"space-to-depth-block-row-column-swapped",
       "space to depth (every member) takes the block's row for its column and its column for "
       "its row",
       Validate, OnlyGoing<kToDepth, BlockRowColumnSwapped>},
  };
}

}  // namespace dmlconf::mutants
