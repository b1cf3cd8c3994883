// The rules SPLIT and JOIN share: one whole tensor and pieces laid end to end
// along Axis (SPLIT's input and outputs, JOIN's output and inputs), as the
// operator's schema names them: the list field holds the pieces.
#pragma once

#include "validate/rules.h"

namespace dmlconf::validate_detail {

// Names and codes of one operator of the pair.
struct PiecesRule {
  std::string_view op;         // "SPLIT"
  std::string_view whole;      // "InputTensor"
  std::string_view pieces;     // "OutputTensors"
  Reason sizes_mismatch;       // a piece differs from the whole off Axis
  Reason axis_sizes_mismatch;  // the pieces do not add up along Axis
};

Validation CheckPieces(const PiecesRule& rule, const TensorDesc& whole,
                       const std::vector<TensorDesc>& pieces, uint32_t axis);

template <class Desc>
Validation CheckPieces(const Desc& desc, Reason sizes_mismatch, Reason axis_sizes_mismatch) {
  PiecesRule rule{Schema<Desc>::kName, {}, {}, sizes_mismatch, axis_sizes_mismatch};
  const TensorDesc* whole = nullptr;
  const std::vector<TensorDesc>* pieces = nullptr;
  ForEachField(desc, [&](auto field, const auto& value) {
    if constexpr (IsList(field.kind)) {
      rule.pieces = field.name;
      pieces = &value;
    } else if constexpr (IsTensor(field.kind)) {
      rule.whole = field.name;
      whole = &value;
    }
  });
  return CheckPieces(rule, *whole, *pieces, desc.axis);
}

}  // namespace dmlconf::validate_detail
