// Converts dmlconf-oracle-v1 documents (the external WebNN vectors, an optional
// extra; the format: cases/README.md, "External vectors") into the project's
// cases. The vectors stay outside the repository and are read as they are at
// run time.
#include "dmlconf/validator/external_vectors.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace dmlconf::validator {
namespace {

// A tensor as the document gives it: DirectML Sizes (packed) and its exact bytes,
// shared so that each step of a chain copies the map, not the data.
struct ExternalTensor {
  TensorDesc desc;
  std::shared_ptr<const std::vector<std::byte>> bytes;
};

// Tensors of one case by role ("InputTensor", "OutputTensors[1]", ...).
using RoleMap = std::map<std::string, ExternalTensor>;

[[noreturn]] void Fail(const std::string& where, const std::string& what) {
  throw std::runtime_error(where + ": " + what);
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::vector<std::byte> ParseHex(const std::string& where, const std::string& hex) {
  if (hex.size() % 2 != 0) Fail(where, "hex has an odd number of digits");
  std::vector<std::byte> bytes(hex.size() / 2);
  for (size_t i = 0; i < bytes.size(); ++i) {
    const int hi = HexDigit(hex[2 * i]);
    const int lo = HexDigit(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) Fail(where, "hex holds a character that is not a hex digit");
    bytes[i] = std::byte(hi * 16 + lo);
  }
  return bytes;
}

std::string Text(const YAML::Node& node, const char* key, const std::string& where) {
  const YAML::Node value = node[key];
  if (!value || !value.IsScalar()) Fail(where, std::string("missing string field '") + key + "'");
  return value.as<std::string>();
}

// A 32-bit unsigned scalar, or an error naming `what` and the text found.
uint32_t Uint32Of(const YAML::Node& value, const std::string& what, const std::string& where) {
  uint32_t out = 0;
  if (!value.IsScalar() || !YAML::convert<uint32_t>::decode(value, out))
    Fail(where, what + " is not a 32-bit unsigned integer" +
                    (value.IsScalar() ? ": '" + value.Scalar() + "'" : ""));
  return out;
}

uint32_t Uint(const YAML::Node& node, const char* key, const std::string& where) {
  const YAML::Node value = node[key];
  if (!value) Fail(where, std::string("missing attribute '") + key + "'");
  return Uint32Of(value, std::string("attribute '") + key + "'", where);
}

// The document's tensors are packed: Sizes and DataType say everything else.
ExternalTensor ParseTensor(const YAML::Node& node, const std::string& where) {
  const std::string dtype = Text(node, "dtype", where);
  const std::optional<DataType> type = ParseDataType(dtype);
  if (!type) Fail(where, "unknown dtype '" + dtype + "'");
  const YAML::Node shape = node["shape"];
  if (!shape || !shape.IsSequence()) Fail(where, "shape is not a list of sizes");
  std::vector<uint32_t> sizes;
  // Counted with an overflow check: a lying shape must not wrap to a small size.
  uint64_t want = ElementSize(*type);
  for (size_t d = 0; d < shape.size(); ++d) {
    sizes.push_back(Uint32Of(shape[d], "shape[" + std::to_string(d) + "]", where));
    if (sizes.back() != 0 && want > UINT64_MAX / sizes.back())
      Fail(where, "shape describes more than 2^64 bytes");
    want *= sizes.back();
  }
  ExternalTensor tensor{TensorDesc::Packed(*type, std::move(sizes)), {}};
  const std::string hex = Text(node, "hex", where);
  // Checked before decoding: the shape, not the text, says how much to allocate.
  if (hex.size() % 2 != 0) Fail(where, "hex has an odd number of digits");
  if (hex.size() / 2 != want)
    Fail(where, "hex holds " + std::to_string(hex.size() / 2) + " bytes, Sizes and dtype need " +
                    std::to_string(want));
  tensor.bytes = std::make_shared<const std::vector<std::byte>>(ParseHex(where, hex));
  return tensor;
}

void AddTensor(const YAML::Node& node, const std::string& where, RoleMap* roles) {
  const std::string role = Text(node, "role", where);
  if (!roles->emplace(role, ParseTensor(node, where + ", " + role)).second)
    Fail(where, "role " + role + " appears twice");
}

void AddTensors(const YAML::Node& list, const std::string& where, RoleMap* roles) {
  for (const YAML::Node& node : list) AddTensor(node, where, roles);
}

const TensorDesc& Take(const RoleMap& roles, const std::string& role, const std::string& where) {
  const auto it = roles.find(role);
  if (it == roles.end()) Fail(where, "no tensor with role " + role);
  return it->second.desc;
}

// "InputTensors[0]", "InputTensors[1]", ... while present.
std::vector<TensorDesc> TakeArray(const RoleMap& roles, const std::string& base,
                                  const std::string& where) {
  std::vector<TensorDesc> tensors;
  while (true) {
    const auto it = roles.find(base + "[" + std::to_string(tensors.size()) + "]");
    if (it == roles.end()) break;
    tensors.push_back(it->second.desc);
  }
  if (tensors.empty()) Fail(where, "no tensor with role " + base + "[0]");
  return tensors;
}

void CheckCount(const YAML::Node& attributes, const char* key, size_t count,
                const std::string& where) {
  if (attributes[key] && attributes[key].as<size_t>() != count)
    Fail(where, std::string(key) + " is " + attributes[key].as<std::string>() + " but " +
                    std::to_string(count) + " tensors are given");
}

// An attribute spelled as a name (Order, PaddingMode, PaddingValueDataType).
template <class T>
T NamedAttribute(const YAML::Node& attributes, const char* key,
                 std::optional<T> (*parse)(std::string_view), const std::string& where) {
  const std::string text = Text(attributes, key, where);
  const std::optional<T> value = parse(text);
  if (!value) Fail(where, std::string("unknown ") + key + " '" + text + "'");
  return *value;
}

// A padding value: one element of `type` in any spelling of ParseElement;
// absent, 0 (the modes that never read it).
ElementBits PaddingValue(const YAML::Node& attributes, const char* key, DataType type,
                         const std::string& where) {
  if (!attributes[key]) return 0;
  std::string error;
  const std::optional<ElementBits> bits = ParseElement(type, Text(attributes, key, where), &error);
  if (!bits) Fail(where, std::string("attribute '") + key + "': " + error);
  return *bits;
}

// An array attribute (WebNN's slice starts, sizes and strides, tile's repetitions) under
// its DirectML name: a list of 32-bit integers, unsigned unless the kind's are signed.
template <FieldKind Kind>
std::vector<ArrayElement<Kind>> ArrayOf(const YAML::Node& attributes, const std::string& key,
                                        const std::string& where) {
  const YAML::Node list = attributes[key];
  if (!list || !list.IsSequence()) Fail(where, "attribute '" + key + "' is not a list");
  std::vector<ArrayElement<Kind>> entries;
  for (size_t i = 0; i < list.size(); ++i) {
    ArrayElement<Kind> entry{};
    if (!list[i].IsScalar() || !YAML::convert<ArrayElement<Kind>>::decode(list[i], entry))
      Fail(where, "attribute '" + key + "[" + std::to_string(i) + "]' is not a 32-bit " +
                      (std::is_signed_v<ArrayElement<Kind>> ? "signed" : "unsigned") + " integer");
    entries.push_back(entry);
  }
  CheckCount(attributes, std::string(ArrayCountName(Kind)).c_str(), entries.size(), where);
  return entries;
}

// The descriptor from the attributes and the tensors' roles (README: roles are
// the descriptor's field names, attributes its other fields, as op_schema.inc
// names them). `attributes` may hold informative extras (SPLIT's SplitSizes):
// the tensors already say them.
OperatorDesc BuildDesc(OperatorType type, const YAML::Node& a, const RoleMap& roles,
                       const std::string& where) {
  OperatorDesc desc = DefaultDesc(type);
  std::visit(
      [&](auto& d) {
        ForEachField(d, [&](auto field, auto& value) {
          const std::string name(field.name);
          if constexpr (IsList(field.kind)) {
            value = TakeArray(roles, name, where);
            CheckCount(a, std::string(CountName(field.kind)).c_str(), value.size(), where);
          } else if constexpr (IsTensor(field.kind)) {
            value = Take(roles, name, where);
          } else if constexpr (field.kind == FieldKind::kOrder) {
            value = NamedAttribute(a, "Order", ParseDepthSpaceOrder, where);
          } else if constexpr (field.kind == FieldKind::kPaddingMode) {
            value = NamedAttribute(a, "PaddingMode", ParsePaddingMode, where);
          } else if constexpr (field.kind == FieldKind::kPaddingValue) {
            value = uint32_t(PaddingValue(a, "PaddingValue", DataType::kFloat32, where));
          } else if constexpr (field.kind == FieldKind::kPaddingValueDataType) {
            value = NamedAttribute(a, "PaddingValueDataType", ParseDataType, where);
          } else if constexpr (field.kind == FieldKind::kTypedPaddingValue) {
            value = PaddingValue(a, "PaddingValue", TypedPaddingValueType(d), where);
          } else if constexpr (IsArray(field.kind)) {
            value = ArrayOf<field.kind>(a, name, where);
          } else {
            value = Uint(a, name.c_str(), where);
          }
        });
      },
      desc);
  return desc;
}

// Every role must have a slot in the descriptor, so a misspelt role cannot
// silently drop a tensor.
void CheckRolesUsed(const OperatorDesc& desc, const RoleMap& roles, const std::string& where) {
  size_t slots = 0;
  for (const auto& list : {InputSlots(desc), OutputSlots(desc)}) {
    for (const TensorSlot& slot : list)
      if (!roles.contains(slot.role)) Fail(where, "no tensor with role " + slot.role);
    slots += list.size();
  }
  if (slots != roles.size())
    Fail(where, std::to_string(roles.size()) + " tensors given, the descriptor has " +
                    std::to_string(slots) + " (a role it does not know?)");
}

// The bytes of `slots` from the `first`th on.
std::vector<std::vector<std::byte>> SlotBytes(const std::vector<TensorSlot>& slots,
                                              const RoleMap& roles, size_t first = 0) {
  std::vector<std::vector<std::byte>> bytes;
  for (size_t i = first; i < slots.size(); ++i) bytes.push_back(*roles.at(slots[i].role).bytes);
  return bytes;
}

ExternalOutcome ParseOutcome(const std::string& text, const std::string& where) {
  if (text == "match") return ExternalOutcome::kMatch;
  if (text == "reject") return ExternalOutcome::kReject;
  if (text == "runs_values_unspecified") return ExternalOutcome::kRunsValuesUnspecified;
  Fail(where, "unknown expected_outcome '" + text + "'");
}

// "wpt-webnn webnn/conformance_tests/gather.https.any.js: <test> (BSD-3-Clause)".
std::string Source(const YAML::Node& source) {
  if (!source || !source.IsMap()) return {};
  auto field = [&](const char* key) {
    return source[key] && source[key].IsScalar() ? source[key].as<std::string>() : std::string();
  };
  std::string text = field("origin");
  if (!field("file").empty()) text += " " + field("file");
  if (!field("test").empty()) text += ": " + field("test");
  if (!field("license").empty()) text += " (" + field("license") + ")";
  return text;
}

// `steps` (README: one REVERSE_SUBSEQUENCES per step, in order): the first
// step is the case's descriptor; each later one reads the previous output,
// which has the input's shape, so every step's OutputTensor is the final one.
void ParseSteps(OperatorType type, const YAML::Node& steps, const RoleMap& given,
                const std::string& where, ExternalVector* c) {
  if (!steps.IsSequence() || steps.size() == 0) Fail(where, "steps is not a non-empty list");
  if (Take(given, "InputTensor", where) != Take(given, "OutputTensor", where))
    Fail(where, "a chain's input and output must have the same sizes and data type");
  for (size_t k = 0; k < steps.size(); ++k) {
    const std::string at = where + ", steps[" + std::to_string(k) + "]";
    RoleMap roles = given;
    AddTensor(steps[k]["SequenceLengthsTensor"], at, &roles);
    OperatorDesc desc = BuildDesc(type, steps[k]["attributes"], roles, at);
    CheckRolesUsed(desc, roles, at);
    if (k == 0) {
      c->inputs = SlotBytes(InputSlots(desc), roles);
      c->desc = std::move(desc);
    } else {
      // Without its first input, the previous step's output, which is not copied.
      std::vector<std::vector<std::byte>> inputs = SlotBytes(InputSlots(desc), roles, 1);
      c->then.push_back({std::move(desc), std::move(inputs)});
    }
  }
}

// "FILE:LINE:COL" of a node, as the case loader's errors start.
std::string At(const std::string& file, const YAML::Node& node) {
  const YAML::Mark mark = node.Mark();
  return file + ":" + std::to_string(mark.line + 1) + ":" + std::to_string(mark.column + 1);
}

ExternalVector ParseCase(const YAML::Node& node, const std::string& file) {
  const std::string id = Text(node, "id", At(file, node) + ": case");
  const std::string where = At(file, node) + ": case " + id;
  ExternalVector c;
  c.name = "external/" + id;
  c.line = node.Mark().line + 1;
  c.source = Source(node["source"]);
  if (node["notes"]) c.description = node["notes"].as<std::string>();
  const std::string op = Text(node, "op", where);
  const std::optional<OperatorType> type = ParseOperatorType(op);
  if (!type) Fail(where, "unknown op '" + op + "'");
  const std::string level = Text(node["min_feature_level"], "as_given", where);
  const std::optional<FeatureLevel> feature_level = ParseFeatureLevel(level);
  if (!feature_level) Fail(where, "unknown feature level '" + level + "'");
  c.feature_level = *feature_level;
  c.outcome = ParseOutcome(Text(node, "expected_outcome", where), where);
  if (node["reason"]) {
    c.reason = ParseReason(Text(node, "reason", where));
    if (!c.reason) Fail(where, "unknown reason '" + node["reason"].as<std::string>() + "'");
  }

  RoleMap roles;
  AddTensors(node["inputs"], where, &roles);
  AddTensors(node["expected_outputs"], where, &roles);
  const YAML::Node steps = node["steps"];
  if (!steps) {
    c.desc = BuildDesc(*type, node["attributes"], roles, where);
    CheckRolesUsed(c.desc, roles, where);
    c.inputs = SlotBytes(InputSlots(c.desc), roles);
  } else {
    ParseSteps(*type, steps, roles, where, &c);
  }
  if (c.outcome == ExternalOutcome::kMatch) c.expected = SlotBytes(OutputSlots(c.desc), roles);
  return c;
}

}  // namespace

std::vector<ExternalVector> ParseExternalVectors(const YAML::Node& root, const std::string& file) {
  if (!root.IsMap() || !root["format"] || root["format"].as<std::string>() != kExternalVectorFormat)
    Fail(At(file, root), std::string("not a ") + kExternalVectorFormat + " document");
  const YAML::Node cases = root["cases"];
  if (!cases || !cases.IsSequence()) Fail(At(file, root), "no 'cases' list");
  std::vector<ExternalVector> out;
  for (const YAML::Node& node : cases) out.push_back(ParseCase(node, file));
  if (root["count"] && root["count"].as<size_t>() != out.size())
    Fail(At(file, root["count"]), "count is " + root["count"].as<std::string>() + " but " +
                                      std::to_string(out.size()) + " cases are listed");
  return out;
}

Expectation ToExpectation(ExternalOutcome outcome) {
  switch (outcome) {
    case ExternalOutcome::kMatch: return Expectation::kMatch;
    case ExternalOutcome::kReject: return Expectation::kReject;
    case ExternalOutcome::kRunsValuesUnspecified: return Expectation::kUnspecified;
  }
  return Expectation::kMatch;
}

std::vector<Case> LoadExternalVectorFile(const std::filesystem::path& file,
                                         const YAML::Node& root) {
  std::vector<ExternalVector> parsed;
  try {
    parsed = ParseExternalVectors(root, file.string());
  } catch (const YAML::Exception& e) {  // a value of the wrong kind, such as "Axis": "one"
    throw CaseFileError(file.string() + ":" + std::to_string(e.mark.line + 1) + ":" +
                        std::to_string(e.mark.column + 1) + ": external vector: " + e.msg);
  } catch (const std::exception& e) {
    // Already "FILE:LINE:COL: case ID, field: message"; a huge quoted value is cut
    // as the case loader cuts it.
    constexpr size_t kMaxMessageBytes = 1024;
    const std::string what = e.what();
    if (what.size() <= kMaxMessageBytes) throw CaseFileError(what);
    throw CaseFileError(what.substr(0, kMaxMessageBytes) + "... (" +
                        std::to_string(what.size() - kMaxMessageBytes) + " more bytes cut)");
  }
  std::vector<Case> cases;
  for (ExternalVector& o : parsed) {
    Case c;
    c.name = std::move(o.name);
    c.file = file.string();
    c.line = o.line;
    c.descriptor = std::move(o.desc);
    c.feature_level = o.feature_level;
    c.source = std::move(o.source);
    c.description = std::move(o.description);
    c.expect = ToExpectation(o.outcome);
    c.reason = o.reason;
    if (c.expect != Expectation::kReject) c.inputs = std::move(o.inputs);
    c.expected = std::move(o.expected);
    c.then = std::move(o.then);
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace dmlconf::validator
