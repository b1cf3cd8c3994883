#include "case_naming.h"

#include <cctype>
#include <optional>
#include <type_traits>
#include <variant>

namespace dmlconf::generate {

std::string Slug(OperatorType op) {
  std::string s(OperatorName(op));
  for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

std::string LevelTag(FeatureLevel level) { return "fl" + std::string(FeatureLevelName(level)); }

std::string TypeTag(DataType type) {
  std::string s(DataTypeName(type));
  for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

std::string SizesTag(const std::vector<uint32_t>& sizes) {
  std::string tag;
  for (uint32_t s : sizes) tag += (tag.empty() ? "" : "x") + std::to_string(s);
  return tag;
}

namespace {

std::string Lowercase(std::string_view text) {
  std::string s(text);
  for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// "crd" for COLUMN_ROW_DEPTH.
std::string Initials(const std::string& words) {
  std::string initials;
  for (size_t i = 0; i < words.size(); ++i)
    if (i == 0 || words[i - 1] == '_')
      initials += char(std::tolower(static_cast<unsigned char>(words[i])));
  return initials;
}

// A field's value as a name part: a number, an order's initials, a list of numbers
// joined by 'x'; "" for what has no short spelling.
template <class T>
std::string ValueTag(const T& value) {
  if constexpr (std::is_same_v<T, DepthSpaceOrder>) {
    return "-" + Initials(DepthSpaceOrderName(value));
  } else if constexpr (std::is_integral_v<T>) {
    return std::to_string(value);
  } else if constexpr (std::is_enum_v<T>) {
    return std::to_string(std::underlying_type_t<T>(value));
  } else if constexpr (requires {
                         value.begin();
                         std::to_string(*value.begin());
                       }) {
    std::string tag = "-";
    for (const auto& v : value) tag += (tag.size() > 1 ? "x" : "") + std::to_string(v);
    return tag;
  } else {
    return "";
  }
}

}  // namespace

std::string FieldsTag(const OperatorDesc& desc) {
  std::string tag;
  std::visit(
      [&](const auto& d) {
        ForEachField(d, [&](auto field, const auto& value) {
          if constexpr (!IsTensor(decltype(field)::kind)) {
            const std::string part = ValueTag(value);
            if (part.empty()) return;
            tag += (tag.empty() ? "" : "+") + Lowercase(field.name) + part;
          }
        });
      },
      desc);
  return tag;
}

std::string CellName(OperatorType op, FeatureLevel level, DataType type, uint32_t rank) {
  return Slug(op) + "/" + LevelTag(level) + "/" + TypeTag(type) + "/r" + std::to_string(rank);
}

std::string IndexPart(OperatorType op, DataType index_type) {
  const std::optional<FieldKind> kind = IndexFieldKind(op);
  if (!kind) return "";
  return (*kind == FieldKind::kIndices ? "/idx-" : "/len-") + TypeTag(index_type);
}

}  // namespace dmlconf::generate
