#include "dmlconf/op_desc.h"

#include <charconv>
#include <span>

namespace dmlconf {

#define DMLCONF_OPERATOR(Type, NAME, Desc)                                                    \
  static_assert(                                                                              \
      std::is_same_v<std::variant_alternative_t<size_t(OperatorType::k##Type), OperatorDesc>, \
                     Desc>,                                                                   \
      "OperatorDesc's alternatives must follow ops.inc");
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

namespace {
constexpr std::string_view kOperatorNames[] = {
#define DMLCONF_OPERATOR(Type, NAME, Desc) #NAME,
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
};

template <class Desc>
constexpr std::optional<FieldKind> IndexField() {
  std::optional<FieldKind> kind;
  ForEachFieldOf<Desc>([&](auto field) {
    if (IsIndexLike(field.kind)) kind = field.kind;
  });
  return kind;
}
constexpr std::optional<FieldKind> kIndexFields[] = {
#define DMLCONF_OPERATOR(Type, NAME, Desc) IndexField<Desc>(),
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
};
}  // namespace

OperatorDesc DefaultDesc(OperatorType type) {
  switch (type) {
#define DMLCONF_OPERATOR(Type, NAME, Desc) \
  case OperatorType::k##Type:              \
    return Desc{};
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
  }
  return {};
}

std::string_view OperatorName(OperatorType type) { return kOperatorNames[size_t(type)]; }

std::optional<OperatorType> ParseOperatorType(std::string_view text) {
  constexpr std::string_view kPrefix = "DML_OPERATOR_";
  if (text.starts_with(kPrefix)) text.remove_prefix(kPrefix.size());
  for (OperatorType t : kAllOperatorTypes)
    if (OperatorName(t) == text) return t;
  return std::nullopt;
}

std::optional<FieldKind> IndexFieldKind(OperatorType type) { return kIndexFields[size_t(type)]; }

namespace {

constexpr std::string_view kDepthSpaceOrderNames[] = {"DEPTH_COLUMN_ROW", "COLUMN_ROW_DEPTH"};
constexpr std::string_view kPaddingModeNames[kPaddingModeCount] = {"CONSTANT", "EDGE", "REFLECTION",
                                                                   "SYMMETRIC", "WRAP"};

// A DirectML enumeration's value: its name, with or without DirectML's prefix,
// or any number (kept, for validation to reject the ones past the names).
std::optional<uint32_t> ParseEnumeration(std::string_view text, std::string_view prefix,
                                         std::span<const std::string_view> names) {
  if (text.starts_with(prefix)) text.remove_prefix(prefix.size());
  for (size_t i = 0; i < names.size(); ++i)
    if (text == names[i]) return uint32_t(i);
  uint32_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc() && end == text.data() + text.size() && !text.empty()) return value;
  return std::nullopt;
}

// The name of a value, or `<fallback>_<n>` past the names.
std::string EnumerationName(uint32_t value, std::span<const std::string_view> names,
                            std::string_view fallback) {
  if (value < names.size()) return std::string(names[value]);
  return std::string(fallback) + "_" + std::to_string(value);
}

}  // namespace

std::string DepthSpaceOrderName(DepthSpaceOrder order) {
  return EnumerationName(uint32_t(order), kDepthSpaceOrderNames, "ORDER");
}

std::optional<DepthSpaceOrder> ParseDepthSpaceOrder(std::string_view text) {
  const auto value = ParseEnumeration(text, "DML_DEPTH_SPACE_ORDER_", kDepthSpaceOrderNames);
  return value ? std::optional(DepthSpaceOrder(*value)) : std::nullopt;
}

std::string PaddingModeName(PaddingMode mode) {
  return EnumerationName(uint32_t(mode), kPaddingModeNames, "MODE");
}

std::optional<PaddingMode> ParsePaddingMode(std::string_view text) {
  const auto value = ParseEnumeration(text, "DML_PADDING_MODE_", kPaddingModeNames);
  return value ? std::optional(PaddingMode(*value)) : std::nullopt;
}

std::vector<TensorSlot> InputSlots(const OperatorDesc& desc) {
  return std::visit([](const auto& d) { return Slots(d, true); }, desc);
}
std::vector<TensorSlot> OutputSlots(const OperatorDesc& desc) {
  return std::visit([](const auto& d) { return Slots(d, false); }, desc);
}

}  // namespace dmlconf
