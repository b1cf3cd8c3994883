// Descriptor validation: runs once, before any kernel; kernels only assert.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "dmlconf/feature_level.h"
#include "dmlconf/op_desc.h"

namespace dmlconf {

enum class Reason : uint8_t {
#define DMLCONF_REASON(CODE, RULE) CODE,
#include "dmlconf/reason_codes.inc"
#undef DMLCONF_REASON
};

// "SPLIT_AXIS_SIZES_MISMATCH".
std::string_view ReasonName(Reason reason);
// The rule in one line, for reports.
std::string_view ReasonRule(Reason reason);
std::optional<Reason> ParseReason(std::string_view text);
// A code no rule raises any more, kept so that old case files and reports still read:
// the erratum that retired it ("erratum B1 (reference/OPERATORS.md): ..."); empty for
// a live rule. Validation never returns a retired code.
std::string_view ReasonRetiredBy(Reason reason);
// Every reason, OK first, in reason_codes.inc order.
std::span<const Reason> AllReasons();

// OK, or the first rule the descriptor breaks with a full sentence naming the
// operator, tensor, field and numbers, e.g.
// "SPLIT: OutputTensors sizes along axis 2 sum to 7, InputTensor has 6".
struct Validation {
  Reason reason = Reason::OK;
  std::string message;
  bool ok() const { return reason == Reason::OK; }
  // "SPLIT_AXIS_SIZES_MISMATCH: <message>", or "OK".
  std::string ToString() const;
};

Validation Validate(const OperatorDesc& desc, FeatureLevel level);

}  // namespace dmlconf
