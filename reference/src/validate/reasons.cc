#include <array>

#include "dmlconf/validate.h"

namespace dmlconf {

namespace {
constexpr Reason kReasons[] = {
#define DMLCONF_REASON(CODE, RULE) Reason::CODE,
#include "dmlconf/reason_codes.inc"
#undef DMLCONF_REASON
};
constexpr std::string_view kNames[] = {
#define DMLCONF_REASON(CODE, RULE) #CODE,
#include "dmlconf/reason_codes.inc"
#undef DMLCONF_REASON
};
constexpr std::string_view kRules[] = {
#define DMLCONF_REASON(CODE, RULE) RULE,
#include "dmlconf/reason_codes.inc"
#undef DMLCONF_REASON
};
static_assert(std::size(kNames) == std::size(kReasons) && std::size(kRules) == std::size(kReasons));
}  // namespace

std::string_view ReasonName(Reason reason) {
  const size_t i = size_t(reason);
  return i < std::size(kNames) ? kNames[i] : std::string_view("UNKNOWN_REASON");
}

std::string_view ReasonRule(Reason reason) {
  const size_t i = size_t(reason);
  return i < std::size(kRules) ? kRules[i] : std::string_view("unknown reason");
}

std::string_view ReasonRetiredBy(Reason reason) {
  // The one retired code. DirectML's DMLCalcBufferTensorSize rounds up to a multiple
  // of 4, but that is about bound buffers: the struct asks for at least the minimum.
  if (reason == Reason::TENSOR_TOTAL_SIZE_NOT_MULTIPLE_OF_4)
    return "erratum B1 (reference/OPERATORS.md): TotalTensorSizeInBytes must be at least the "
           "minimum implied size, and need not be a multiple of 4; a backend that refuses "
           "such a descriptor fails the cases that hold one";
  return {};
}

std::optional<Reason> ParseReason(std::string_view text) {
  for (Reason reason : kReasons)
    if (ReasonName(reason) == text) return reason;
  return std::nullopt;
}

std::span<const Reason> AllReasons() { return kReasons; }

std::string Validation::ToString() const {
  if (ok()) return "OK";
  return std::string(ReasonName(reason)) + ": " + message;
}

}  // namespace dmlconf
