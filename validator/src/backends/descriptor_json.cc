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

// The two orders DirectML names go by their names; any other value (a
// must-reject case) as the number the case gave, a spelling every reader
// understands, rather than a name no document lists.
json OrderJson(DepthSpaceOrder order) {
  if (order == DepthSpaceOrder::kDepthColumnRow || order == DepthSpaceOrder::kColumnRowDepth)
    return DepthSpaceOrderName(order);
  return uint32_t(order);
}

}  // namespace

json DescriptorJson(const OperatorDesc& desc) {
  return std::visit(
      [](const auto& d) {
        json j;
        if constexpr (requires { d.input_tensor; }) j["InputTensor"] = TensorJson(d.input_tensor);
        if constexpr (requires { d.input_tensors; })
          j["InputTensors"] = TensorListJson(d.input_tensors);
        if constexpr (requires { d.indices_tensor; })
          j["IndicesTensor"] = TensorJson(d.indices_tensor);
        if constexpr (requires { d.sequence_lengths_tensor; })
          j["SequenceLengthsTensor"] = TensorJson(d.sequence_lengths_tensor);
        if constexpr (requires { d.output_tensor; }) j["OutputTensor"] = TensorJson(d.output_tensor);
        if constexpr (requires { d.output_tensors; })
          j["OutputTensors"] = TensorListJson(d.output_tensors);
        if constexpr (requires { d.axis; }) j["Axis"] = d.axis;
        if constexpr (requires { d.index_dimensions; }) j["IndexDimensions"] = d.index_dimensions;
        if constexpr (requires { d.block_size; }) j["BlockSize"] = d.block_size;
        if constexpr (requires { d.order; }) j["Order"] = OrderJson(d.order);
        return j;
      },
      desc);
}

}  // namespace dmlconf
