// --dmlconf_shapes_json: the shapes as JSON, for peers outside this binary
// (benchmarks/ort_peer.js, the ONNX Runtime peer), so that every
// implementation reads the one list in shapes.cc.
#include "shape_list.h"

#include <nlohmann/json.hpp>

#include <type_traits>
#include <variant>

namespace dmlconf::bench {
namespace {

nlohmann::json SizesOf(const TensorDesc& tensor) { return tensor.sizes; }

nlohmann::json SizesOf(const std::vector<TensorDesc>& tensors) {
  nlohmann::json list = nlohmann::json::array();
  for (const TensorDesc& tensor : tensors) list.push_back(tensor.sizes);
  return list;
}

// The operator's tensors and attributes, named as in op_desc.h.
nlohmann::json DescribeOperator(const OperatorDesc& desc) {
  return std::visit(
      [](const auto& d) -> nlohmann::json {
        using D = std::decay_t<decltype(d)>;
        nlohmann::json j;
        if constexpr (std::is_same_v<D, SplitDesc>) {
          j = {{"inputs", {SizesOf(d.input_tensor)}}, {"outputs", SizesOf(d.output_tensors)},
               {"axis", d.axis}};
        } else if constexpr (std::is_same_v<D, JoinDesc>) {
          j = {{"inputs", SizesOf(d.input_tensors)}, {"outputs", {SizesOf(d.output_tensor)}},
               {"axis", d.axis}};
        } else if constexpr (std::is_same_v<D, GatherDesc>) {
          j = {{"inputs", {SizesOf(d.input_tensor), SizesOf(d.indices_tensor)}},
               {"outputs", {SizesOf(d.output_tensor)}}, {"axis", d.axis},
               {"index_dimensions", d.index_dimensions}};
        } else if constexpr (std::is_same_v<D, ReverseSubsequencesDesc>) {
          j = {{"inputs", {SizesOf(d.input_tensor), SizesOf(d.sequence_lengths_tensor)}},
               {"outputs", {SizesOf(d.output_tensor)}}, {"axis", d.axis}};
        } else {  // DEPTH_TO_SPACE1, SPACE_TO_DEPTH1
          j = {{"inputs", {SizesOf(d.input_tensor)}}, {"outputs", {SizesOf(d.output_tensor)}},
               {"block_size", d.block_size}, {"order", DepthSpaceOrderName(d.order)}};
        }
        return j;
      },
      desc);
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
