#include "cases/yaml_fields.h"

#include <charconv>

#include "cases/yaml_reader.h"
#include "dmlconf/validator/case.h"

namespace dmlconf::validator {

std::string_view NodeKindName(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Null: return "nothing (null)";
    case YAML::NodeType::Scalar: return "a scalar";
    case YAML::NodeType::Sequence: return "a sequence";
    case YAML::NodeType::Map: return "a mapping";
    case YAML::NodeType::Undefined: break;
  }
  return "nothing";
}

void Field::FailAt(const YAML::Mark& mark, std::string_view path, std::string_view message) const {
  // yaml-cpp counts from 0; editors count from 1. A node built without a
  // position (mark -1) is reported at line 0.
  const int line = mark.line >= 0 ? mark.line + 1 : 0;
  const int column = mark.column >= 0 ? mark.column + 1 : 0;
  // The document itself has an empty path; the error still names a field.
  FailFile(*file_, line, column, path.empty() ? std::string_view("document") : path, message);
}

void Field::Fail(std::string_view message) const { FailAt(node_.Mark(), path_, message); }

void Field::RequireMap() const {
  if (!node_.IsMap()) Fail("expected a mapping, got " + std::string(NodeKindName(node_)));
}

void Field::RequireSequence() const {
  if (!node_.IsSequence()) Fail("expected a sequence, got " + std::string(NodeKindName(node_)));
}

void Field::CheckKeys(std::span<const std::string_view> allowed) const {
  RequireMap();
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    const std::string key = it->first.Scalar();
    bool known = false;
    for (std::string_view a : allowed) known = known || a == key;
    if (known) continue;
    std::string list;
    for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    FailAt(it->first.Mark(), Child(key), "unknown field '" + key + "' (known: " + list + ")");
  }
}

std::optional<Field> Field::Optional(std::string_view key) const {
  RequireMap();
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    if (it->first.Scalar() == key) return Field(*file_, it->second, Child(key));
  }
  return std::nullopt;
}

Field Field::Required(std::string_view key) const {
  std::optional<Field> f = Optional(key);
  if (!f) Fail("missing required field '" + std::string(key) + "'");
  return *f;
}

std::string Field::Child(std::string_view key) const {
  return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

Field Field::At(size_t index) const {
  return Field(*file_, node_[index], path_ + "[" + std::to_string(index) + "]");
}

std::string Field::Scalar() const {
  if (!node_.IsScalar()) Fail("expected a scalar, got " + std::string(NodeKindName(node_)));
  return node_.Scalar();
}

uint64_t Field::Uint64() const {
  const std::string text = Scalar();
  uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || text[0] == '-') Fail("'" + text + "' is not a non-negative integer");
  if (ec == std::errc::result_out_of_range) Fail("'" + text + "' does not fit 64 bits");
  if (ec != std::errc() || ptr != end) Fail("'" + text + "' is not a non-negative integer");
  return value;
}

uint32_t Field::Uint32() const {
  const uint64_t value = Uint64();
  if (value > UINT32_MAX) Fail(std::to_string(value) + " is larger than UINT32_MAX (4294967295)");
  return uint32_t(value);
}

int32_t Field::Int32() const {
  const std::string text = Scalar();
  int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() && ec != std::errc::result_out_of_range)
    Fail("'" + text + "' is not an integer");
  if (ptr != end || text.empty()) Fail("'" + text + "' is not an integer");
  if (ec == std::errc::result_out_of_range || value < INT32_MIN || value > INT32_MAX)
    Fail(text + " is outside INT32's range [-2147483648, 2147483647]");
  return int32_t(value);
}

}  // namespace dmlconf::validator
