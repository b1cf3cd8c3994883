#include "backends/descriptor_json.h"

namespace dmlconf {
namespace {

using nlohmann::json;

json TensorJson(const TensorDesc& t) {
  json j = {{"DataType", DataTypeName(t.data_type)}, {"Sizes", t.sizes}};
  if (t.strides) j["Strides"] = *t.strides;
  if (t.total_tensor_size_in_bytes) j["TotalTensorSizeInBytes"] = *t.total_tensor_size_in_bytes;
  if (t.guaranteed_base_offset_alignment != 0)
    j["GuaranteedBaseOffsetAlignment"] = t.guaranteed_base_offset_alignment;
  if (t.flags != 0) j["Flags"] = t.flags;
  return j;
}

json TensorListJson(const std::vector<TensorDesc>& tensors) {
  json list = json::array();
  for (const TensorDesc& t : tensors) list.push_back(TensorJson(t));
  return list;
}

// An enumeration's value DirectML names goes by its name; any other value (a
// must-reject case) as the number the case gave, a spelling every reader
// understands, rather than a name no document lists.
json EnumerationJson(uint32_t value, uint32_t count, const std::string& name) {
  if (value < count) return name;
  return value;
}

}  // namespace

json DescriptorJson(const OperatorDesc& desc) {
  return std::visit(
      [](const auto& d) {
        json j = json::object();
        ForEachField(d, [&](auto field, const auto& value) {
          const std::string name(field.name);
          if constexpr (IsList(field.kind)) {
            j[name] = TensorListJson(value);
          } else if constexpr (IsTensor(field.kind)) {
            j[name] = TensorJson(value);
          } else if constexpr (field.kind == FieldKind::kOrder) {
            j[name] = EnumerationJson(uint32_t(value), 2, DepthSpaceOrderName(value));
          } else if constexpr (field.kind == FieldKind::kPaddingMode) {
            j[name] = EnumerationJson(uint32_t(value), kPaddingModeCount, PaddingModeName(value));
          } else if constexpr (field.kind == FieldKind::kPaddingValue) {
            // Bits, one of the case files' spellings: every reader gets them exactly.
            j[name] = FormatBits(DataType::kFloat32, value);
          } else if constexpr (field.kind == FieldKind::kPaddingValueDataType) {
            j[name] = DataTypeName(value);
          } else if constexpr (field.kind == FieldKind::kTypedPaddingValue) {
            j[name] = FormatBits(TypedPaddingValueSpelling(TypedPaddingValueType(d), value), value);
          } else if constexpr (IsArray(field.kind)) {
            j[name] = value;  // a JSON array; its length is the count, as a list's
          } else {
            j[name] = value;
          }
        });
        return j;
      },
      desc);
}

}  // namespace dmlconf
