// Validate(): the operator-independent gates, then the operator's own rules.
// The order of the checks is the order of reason_codes.inc, so a descriptor
// that breaks one rule gets exactly that rule's code.
#include "validate/rules.h"

namespace dmlconf {

using namespace validate_detail;

namespace {

Validation CheckCounts(std::string_view op, OperatorType type, size_t input_count,
                       size_t output_count) {
  if (type == OperatorType::kSplit && output_count == 0)
    return Fail(Reason::TENSOR_COUNT_ZERO,
                Message(op, ": OutputCount is 0; it must be at least 1."));
  if (type == OperatorType::kJoin && input_count == 0)
    return Fail(Reason::TENSOR_COUNT_ZERO,
                Message(op, ": InputCount is 0; it must be at least 1."));
  return Ok();
}

}  // namespace

Validation Validate(const OperatorDesc& desc, FeatureLevel level) {
  const OperatorType type = TypeOf(desc);
  const std::string_view op = OperatorName(type);
  const SupportRow* row = FindSupport(type, level);
  if (row == nullptr)
    return Fail(
        Reason::OPERATOR_NOT_AVAILABLE,
        Message(op, " is introduced at feature level ", FeatureLevelName(IntroducedAt(type)),
                " and does not exist at ", FeatureLevelName(level), "."));
  const std::vector<TensorSlot> inputs = InputSlots(desc);
  const std::vector<TensorSlot> outputs = OutputSlots(desc);
  if (Validation v = CheckCounts(op, type, inputs.size(), outputs.size()); !v.ok()) return v;
  if (Validation v = CheckEachTensor(op, inputs, outputs); !v.ok()) return v;
  // The index-like tensor is the second input (op_desc.h's slot order).
  const TensorSlot* index_slot = HasIndexTensor(type) ? &inputs.at(1) : nullptr;
  if (Validation v = CheckAcrossTensors(op, level, *row, inputs, outputs, index_slot); !v.ok())
    return v;
  return std::visit([](const auto& d) { return CheckShapes(d); }, desc);
}

}  // namespace dmlconf
