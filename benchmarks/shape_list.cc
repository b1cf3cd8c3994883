// --dmlconf_shapes_json: the shapes as JSON, for peers outside this binary
// (benchmarks/ort_peer.js, the ONNX Runtime peer), so that every
// implementation reads the one list in shapes.cc.
#include "shape_list.h"

#include <nlohmann/json.hpp>

#include <variant>

namespace dmlconf::bench {
namespace {

// The operator's tensors' sizes, inputs and outputs in binding order, and its other
// fields named as its schema's C++ members (op_desc.h): "axis", "block_size", ...
nlohmann::json DescribeOperator(const OperatorDesc& desc) {
  nlohmann::json j = {{"inputs", nlohmann::json::array()}, {"outputs", nlohmann::json::array()}};
  for (const TensorSlot& slot : InputSlots(desc)) j["inputs"].push_back(slot.desc->sizes);
  for (const TensorSlot& slot : OutputSlots(desc)) j["outputs"].push_back(slot.desc->sizes);
  std::visit(
      [&](const auto& d) {
        ForEachField(d, [&](auto field, const auto& value) {
          const std::string key(field.member_name);
          if constexpr (field.kind == FieldKind::kOrder)
            j[key] = DepthSpaceOrderName(value);
          else if constexpr (!IsTensor(field.kind))
            j[key] = value;
        });
      },
      desc);
  return j;
}

}  // namespace

void PrintShapesJson(std::ostream& out, const std::vector<ShapeVariant>& variants) {
  nlohmann::json list = nlohmann::json::array();
  for (const ShapeVariant& v : variants) {
    nlohmann::json j = DescribeOperator(v.shape->make(v.type));
    j["prefix"] = v.prefix;
    j["operator"] = std::string(OperatorName(v.shape->op));
    j["kind"] = ShapeKindLabel(v.shape->kind);
    j["data_type"] = std::string(DataTypeName(v.type));
    j["beyond_cache"] = v.shape->beyond_cache;
    list.push_back(std::move(j));
  }
  out << list.dump(1) << "\n";
}

}  // namespace dmlconf::bench
