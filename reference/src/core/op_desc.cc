#include "dmlconf/op_desc.h"

#include <charconv>

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

std::vector<TensorSlot> InputSlots(const OperatorDesc& desc) {
  return std::visit([](const auto& d) { return Slots(d, true); }, desc);
}
std::vector<TensorSlot> OutputSlots(const OperatorDesc& desc) {
  return std::visit([](const auto& d) { return Slots(d, false); }, desc);
}

}  // namespace dmlconf
