// The depth/space family: operators that move B x B blocks between the channel
// axis and the two spatial axes of {N, C, H, W} tensors, one way (depth to space)
// or the other (space to depth). A member is an operator whose schema
// (op_schema.inc) has a BlockSize field; its direction is in its DirectML name
// (DEPTH_TO_SPACE*, SPACE_TO_DEPTH*); a member without an Order field has
// DEPTH_COLUMN_ROW's layout. Code for the family is written once against these.
#pragma once

#include <string_view>

#include "dmlconf/op_desc.h"

namespace dmlconf {

template <class Desc>
inline constexpr bool kIsDepthSpace = HasFieldKind<Desc>(FieldKind::kBlockSize);
template <class Desc>
inline constexpr bool kHasOrder = HasFieldKind<Desc>(FieldKind::kOrder);

// The same for an operator known only at run time.
inline bool IsDepthSpace(OperatorType type) {
  return std::visit([](const auto& d) { return kIsDepthSpace<std::decay_t<decltype(d)>>; },
                    DefaultDesc(type));
}

enum class DepthSpaceDirection { kToSpace, kToDepth };

template <class Desc>
requires kIsDepthSpace<Desc>
inline constexpr DepthSpaceDirection kDirection = Schema<Desc>::kName.starts_with("DEPTH_TO_SPACE")
                                                      ? DepthSpaceDirection::kToSpace
                                                      : DepthSpaceDirection::kToDepth;

// The channel layout: the Order field, or DEPTH_COLUMN_ROW for a member without one
// (DirectML's operators from before Order existed have that layout).
template <class Desc>
DepthSpaceOrder LayoutOf(const Desc& desc) {
  DepthSpaceOrder order = DepthSpaceOrder::kDepthColumnRow;
  ForEachField(desc, [&](auto field, const auto& value) {
    if constexpr (field.kind == FieldKind::kOrder) order = value;
  });
  return order;
}

// Sets the Order field; a member without one keeps its fixed layout.
template <class Desc>
void SetLayout(Desc& desc, DepthSpaceOrder order) {
  ForEachField(desc, [&](auto field, auto& value) {
    if constexpr (field.kind == FieldKind::kOrder) value = order;
  });
}

// The depth side and the space side of a member's two tensors.
template <class Desc>
const TensorDesc& DepthTensor(const Desc& desc) {
  return kDirection<Desc> == DepthSpaceDirection::kToSpace ? desc.input_tensor : desc.output_tensor;
}
template <class Desc>
const TensorDesc& SpaceTensor(const Desc& desc) {
  return kDirection<Desc> == DepthSpaceDirection::kToSpace ? desc.output_tensor : desc.input_tensor;
}

}  // namespace dmlconf
