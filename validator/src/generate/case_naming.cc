#include "case_naming.h"

#include <cctype>
#include <optional>

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

std::string CellName(OperatorType op, FeatureLevel level, DataType type, uint32_t rank) {
  return Slug(op) + "/" + LevelTag(level) + "/" + TypeTag(type) + "/r" + std::to_string(rank);
}

std::string IndexPart(OperatorType op, DataType index_type) {
  const std::optional<FieldKind> kind = IndexFieldKind(op);
  if (!kind) return "";
  return (*kind == FieldKind::kIndices ? "/idx-" : "/len-") + TypeTag(index_type);
}

}  // namespace dmlconf::generate
