#include "dmlconf/op_desc.h"

#include <charconv>

namespace dmlconf {

#define DMLCONF_OPERATOR(Type, NAME, Desc)                                               \
  static_assert(std::is_same_v<std::variant_alternative_t<size_t(OperatorType::k##Type), \
                                                          OperatorDesc>,                 \
                               Desc>,                                                    \
                "OperatorDesc's alternatives must follow ops.inc");
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

namespace {
constexpr std::string_view kOperatorNames[] = {
#define DMLCONF_OPERATOR(Type, NAME, Desc) #NAME,
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
};

std::string Indexed(std::string_view field, size_t i) {
  return std::string(field) + "[" + std::to_string(i) + "]";
}

struct SlotLister {
  bool inputs;
  std::vector<TensorSlot> operator()(const SplitDesc& d) const {
    if (inputs) return {{"InputTensor", &d.input_tensor}};
    std::vector<TensorSlot> slots;
    for (size_t i = 0; i < d.output_tensors.size(); ++i)
      slots.push_back({Indexed("OutputTensors", i), &d.output_tensors[i]});
    return slots;
  }
  std::vector<TensorSlot> operator()(const JoinDesc& d) const {
    if (!inputs) return {{"OutputTensor", &d.output_tensor}};
    std::vector<TensorSlot> slots;
    for (size_t i = 0; i < d.input_tensors.size(); ++i)
      slots.push_back({Indexed("InputTensors", i), &d.input_tensors[i]});
    return slots;
  }
  std::vector<TensorSlot> operator()(const GatherDesc& d) const {
    if (inputs) return {{"InputTensor", &d.input_tensor}, {"IndicesTensor", &d.indices_tensor}};
    return {{"OutputTensor", &d.output_tensor}};
  }
  template <class DepthSpace>
  std::vector<TensorSlot> operator()(const DepthSpace& d) const {
    if (inputs) return {{"InputTensor", &d.input_tensor}};
    return {{"OutputTensor", &d.output_tensor}};
  }
  std::vector<TensorSlot> operator()(const ReverseSubsequencesDesc& d) const {
    if (inputs)
      return {{"InputTensor", &d.input_tensor},
              {"SequenceLengthsTensor", &d.sequence_lengths_tensor}};
    return {{"OutputTensor", &d.output_tensor}};
  }
};
}  // namespace

std::string_view OperatorName(OperatorType type) { return kOperatorNames[size_t(type)]; }

std::optional<OperatorType> ParseOperatorType(std::string_view text) {
  constexpr std::string_view kPrefix = "DML_OPERATOR_";
  if (text.starts_with(kPrefix)) text.remove_prefix(kPrefix.size());
  for (OperatorType t : kAllOperatorTypes)
    if (OperatorName(t) == text) return t;
  return std::nullopt;
}

std::string DepthSpaceOrderName(DepthSpaceOrder order) {
  switch (order) {
    case DepthSpaceOrder::kDepthColumnRow: return "DEPTH_COLUMN_ROW";
    case DepthSpaceOrder::kColumnRowDepth: return "COLUMN_ROW_DEPTH";
  }
  return "ORDER_" + std::to_string(uint32_t(order));
}

std::optional<DepthSpaceOrder> ParseDepthSpaceOrder(std::string_view text) {
  constexpr std::string_view kPrefix = "DML_DEPTH_SPACE_ORDER_";
  if (text.starts_with(kPrefix)) text.remove_prefix(kPrefix.size());
  if (text == "DEPTH_COLUMN_ROW") return DepthSpaceOrder::kDepthColumnRow;
  if (text == "COLUMN_ROW_DEPTH") return DepthSpaceOrder::kColumnRowDepth;
  uint32_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc() && end == text.data() + text.size() && !text.empty())
    return DepthSpaceOrder(value);
  return std::nullopt;
}

bool HoldsIndices(const TensorSlot& slot) {
  return slot.role == "IndicesTensor" || slot.role == "SequenceLengthsTensor";
}

std::vector<TensorSlot> InputSlots(const OperatorDesc& desc) {
  return std::visit(SlotLister{true}, desc);
}
std::vector<TensorSlot> OutputSlots(const OperatorDesc& desc) {
  return std::visit(SlotLister{false}, desc);
}

#define DMLCONF_OPERATOR(Type, NAME, Desc)                                                      \
  std::vector<TensorSlot> InputSlots(const Desc& desc) { return SlotLister{true}(desc); }   \
  std::vector<TensorSlot> OutputSlots(const Desc& desc) { return SlotLister{false}(desc); }
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

}  // namespace dmlconf
