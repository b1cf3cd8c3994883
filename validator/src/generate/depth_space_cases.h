// The depth/space family's cases (dmlconf/depth_space.h), written once: each
// member's <operator>_cases.cc hands its descriptor type to these templates.
#pragma once

#include "dmlconf/depth_space.h"
#include "op_builders.h"

namespace dmlconf::generate {

// A family member as the generator needs it: which operator, which way, which
// layouts it can take (both, or DEPTH_COLUMN_ROW alone), and how to build one.
struct DepthSpaceMember {
  OperatorType op;
  DepthSpaceDirection direction;
  std::vector<DepthSpaceOrder> layouts;
  OperatorDesc (*make)(TensorDesc input, TensorDesc output, uint32_t block, DepthSpaceOrder layout);
};

template <class Desc>
requires kIsDepthSpace<Desc> DepthSpaceMember MemberOf() {
  std::vector<DepthSpaceOrder> layouts = {DepthSpaceOrder::kDepthColumnRow};
  if (kHasOrder<Desc>) layouts.push_back(DepthSpaceOrder::kColumnRowDepth);
  const auto make = [](TensorDesc input, TensorDesc output, uint32_t block,
                       DepthSpaceOrder layout) -> OperatorDesc {
    Desc d;
    d.input_tensor = std::move(input);
    d.output_tensor = std::move(output);
    d.block_size = block;
    SetLayout(d, layout);
    return d;
  };
  return {OperatorType(OperatorDesc(Desc{}).index()), kDirection<Desc>, layouts, make};
}

OperatorDesc DepthSpaceCell(const DepthSpaceMember& member, const CellSpec& cell);
// drawn.h: drawn {N, C, H, W}, block size and layout.
class Choices;
OperatorDesc DepthSpaceDrawn(const DepthSpaceMember& member, const CellSpec& cell,
                             Choices& choices);
// Every layout, block sizes 1..4, unit dimensions, a large N, and a must-reject
// case for each of the family's rules.
void AddDepthSpaceCases(CaseSink& sink, const DepthSpaceMember& member);

}  // namespace dmlconf::generate
