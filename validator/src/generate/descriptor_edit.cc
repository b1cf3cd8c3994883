#include "descriptor_edit.h"

namespace dmlconf::generate {

std::vector<TensorDesc*> Mutable(const std::vector<TensorSlot>& slots) {
  std::vector<TensorDesc*> out;
  for (const TensorSlot& s : slots) out.push_back(const_cast<TensorDesc*>(s.desc));
  return out;
}
std::vector<TensorDesc*> AllTensors(OperatorDesc& d) {
  std::vector<TensorDesc*> all = Mutable(InputSlots(d));
  for (TensorDesc* t : Mutable(OutputSlots(d))) all.push_back(t);
  return all;
}

bool HasAxis(const OperatorDesc& d) {
  return std::visit(
      [](const auto& x) {
        bool found = false;
        ForEachField(
            x, [&](auto field, const auto&) { found = found || field.kind == FieldKind::kAxis; });
        return found;
      },
      d);
}
void SetAxis(OperatorDesc& d, uint32_t axis) {
  std::visit(
      [&](auto& x) {
        ForEachField(x, [&](auto field, auto& value) {
          if constexpr (field.kind == FieldKind::kAxis) value = axis;
        });
      },
      d);
}
uint32_t Axis(const OperatorDesc& d) {
  return std::visit(
      [](const auto& x) {
        uint32_t axis = 0;
        ForEachField(x, [&](auto field, const auto& value) {
          if constexpr (field.kind == FieldKind::kAxis) axis = value;
        });
        return axis;
      },
      d);
}

}  // namespace dmlconf::generate
