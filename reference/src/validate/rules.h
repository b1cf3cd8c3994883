// Private helpers of the validation rules: one rule = one early return.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dmlconf/op_desc.h"
#include "dmlconf/support.h"
#include "dmlconf/validate.h"

namespace dmlconf::validate_detail {

inline Validation Ok() { return {}; }
inline Validation Fail(Reason reason, std::string message) { return {reason, std::move(message)}; }

// Concatenates anything ostream can print: Message("SPLIT: Axis is ", 4, ...).
template <class... Parts>
std::string Message(const Parts&... parts) {
  std::ostringstream out;
  (out << ... << parts);
  return out.str();
}

// Sizes computed in 64 bits (they may not fit a uint32 size): "{2,3,4}".
std::string FormatWideSizes(std::span<const uint64_t> sizes);
// Widens a tensor's sizes so they compare against computed 64-bit ones.
std::vector<uint64_t> Widen(std::span<const uint32_t> sizes);

// Rule 3: every tensor on its own, inputs then outputs, in slot order.
Validation CheckEachTensor(std::string_view op, std::span<const TensorSlot> inputs,
                           std::span<const TensorSlot> outputs);
// Rules 4-8: ranks and data types across tensors and against the support row.
// `index_slot` names the IndicesTensor / SequenceLengthsTensor, or nullptr.
Validation CheckAcrossTensors(std::string_view op, FeatureLevel level, const SupportRow& row,
                              std::span<const TensorSlot> inputs,
                              std::span<const TensorSlot> outputs, const TensorSlot* index_slot);
// Rule 9.
Validation CheckAxis(std::string_view op, uint32_t axis, uint32_t rank);

// A PaddingMode field (the pad family): one of the five modes, existing at `level`.
Validation CheckPaddingMode(std::string_view op, PaddingMode mode, FeatureLevel level);

// Rule 10, one per operator (reference/src/validate/<operator>.cc). Axis is
// already in range and every tensor has the same valid rank when these run.
#define DMLCONF_OPERATOR(Type, NAME, Desc) Validation CheckShapes(const Desc& desc);
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

}  // namespace dmlconf::validate_detail
