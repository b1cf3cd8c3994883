// Validate(): the operator-independent gates, then the operator's own rules, then
// the rules of the fields whose validity depends on the level (a PaddingMode's).
// The order of the checks is the order of reason_codes.inc, so a descriptor
// that breaks one rule gets exactly that rule's code.
#include <algorithm>

#include "validate/rules.h"

namespace dmlconf {

using namespace validate_detail;

namespace {

// A list field (SPLIT's OutputTensors, JOIN's InputTensors) holds one tensor at least.
template <class Desc>
Validation CheckCounts(std::string_view op, const Desc& desc) {
  Validation result = Ok();
  ForEachField(desc, [&](auto field, const auto& value) {
    if constexpr (IsList(field.kind))
      if (result.ok() && value.empty())
        result = Fail(Reason::TENSOR_COUNT_ZERO,
                      Message(op, ": ", CountName(field.kind), " is 0; it must be at least 1."));
  });
  return result;
}

// The window family's arrays (array_kinds.inc) have one entry per dimension: DirectML's
// struct has one count for them all, which must be the tensors' rank.
template <class Desc>
Validation CheckArrayCounts(std::string_view op, const Desc& desc, uint32_t rank) {
  Validation result = Ok();
  ForEachField(desc, [&](auto field, const auto& value) {
    if constexpr (IsArray(field.kind))
      if (result.ok() && value.size() != rank)
        result = Fail(Reason::WINDOW_DIMENSION_COUNT_MISMATCH,
                      Message(op, ": ", field.name, " has ", value.size(), " entries (",
                              ArrayCountName(field.kind), ") but the tensors' DimensionCount is ",
                              rank, "; they must be equal."));
  });
  return result;
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
  if (Validation v = std::visit([&](const auto& d) { return CheckCounts(op, d); }, desc); !v.ok())
    return v;
  const std::vector<TensorSlot> inputs = InputSlots(desc);
  const std::vector<TensorSlot> outputs = OutputSlots(desc);
  if (Validation v = CheckEachTensor(op, inputs, outputs); !v.ok()) return v;
  const auto index = std::find_if(inputs.begin(), inputs.end(), HoldsIndices);
  const TensorSlot* index_slot = index == inputs.end() ? nullptr : &*index;
  if (Validation v = CheckAcrossTensors(op, level, *row, inputs, outputs, index_slot); !v.ok())
    return v;
  const uint32_t rank = inputs.front().desc->DimensionCount();
  if (Validation v = std::visit([&](const auto& d) { return CheckArrayCounts(op, d, rank); }, desc);
      !v.ok())
    return v;
  return std::visit(
      [&](const auto& d) {
        Validation v = CheckShapes(d);
        ForEachField(d, [&](auto field, const auto& value) {
          if constexpr (field.kind == FieldKind::kPaddingMode)
            if (v.ok()) v = CheckPaddingMode(op, value, level);
        });
        return v;
      },
      desc);
}

}  // namespace dmlconf
