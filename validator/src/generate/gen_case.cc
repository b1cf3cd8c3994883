#include "gen_case.h"

#include "values.h"  // SplitMix64

#include <cassert>
#include <cstring>
#include <map>

#include <yaml-cpp/yaml.h>

namespace dmlconf::generate {

namespace {

void EmitTensor(YAML::Emitter& out, const TensorDesc& t) {
  out << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "DataType" << YAML::Value << std::string(DataTypeName(t.data_type));
  out << YAML::Key << "Sizes" << YAML::Value << YAML::Flow << t.sizes;
  if (t.strides) out << YAML::Key << "Strides" << YAML::Value << YAML::Flow << *t.strides;
  if (t.total_tensor_size_in_bytes)
    out << YAML::Key << "TotalTensorSizeInBytes" << YAML::Value << *t.total_tensor_size_in_bytes;
  if (t.guaranteed_base_offset_alignment != 0)
    out << YAML::Key << "GuaranteedBaseOffsetAlignment" << YAML::Value
        << t.guaranteed_base_offset_alignment;
  if (t.flags != 0) out << YAML::Key << "Flags" << YAML::Value << t.flags;
  out << YAML::EndMap;
}

// A DirectML enumeration by its name; a value past the names (invalid on
// purpose) as the raw number.
void EmitEnumeration(YAML::Emitter& out, uint32_t value, uint32_t count, const std::string& name) {
  if (value < count) {
    out << name;
  } else {
    out << value;
  }
}

// The schema's fields (op_schema.inc), the numbers first, then the tensors,
// each group in the schema's order. The list fields' and arrays' counts are left
// out: the lists say them.
template <class Desc>
void EmitDescriptor(YAML::Emitter& out, const Desc& d) {
  ForEachField(d, [&](auto field, const auto& value) {
    constexpr FieldKind kind = field.kind;
    if constexpr (!IsTensor(kind)) out << YAML::Key << std::string(field.name) << YAML::Value;
    if constexpr (IsTensor(kind)) {
      // written after the numbers, below
    } else if constexpr (kind == FieldKind::kOrder) {
      EmitEnumeration(out, uint32_t(value), 2, DepthSpaceOrderName(value));
    } else if constexpr (kind == FieldKind::kPaddingMode) {
      EmitEnumeration(out, uint32_t(value), kPaddingModeCount, PaddingModeName(value));
    } else if constexpr (kind == FieldKind::kPaddingValue) {
      out << FormatElement(DataType::kFloat32, value);
    } else if constexpr (kind == FieldKind::kPaddingValueDataType) {
      out << std::string(DataTypeName(value));
    } else if constexpr (kind == FieldKind::kTypedPaddingValue) {
      const DataType type = TypedPaddingValueType(d);
      const DataType spelling = TypedPaddingValueSpelling(type, value);
      out << (spelling == type ? FormatElement(type, value) : FormatBits(spelling, value));
    } else if constexpr (IsArray(kind)) {
      out << YAML::Flow << YAML::BeginSeq;
      for (const auto entry : value) out << entry;
      out << YAML::EndSeq;
    } else {
      out << value;
    }
  });
  ForEachField(d, [&](auto field, const auto& value) {
    if constexpr (IsList(field.kind)) {
      out << YAML::Key << std::string(field.name) << YAML::Value << YAML::BeginSeq;
      for (const TensorDesc& t : value) EmitTensor(out, t);
      out << YAML::EndSeq;
    } else if constexpr (IsTensor(field.kind)) {
      out << YAML::Key << std::string(field.name) << YAML::Value;
      EmitTensor(out, value);
    }
  });
}

// Contested elements of one output (element -> its values), written {one_of: [...]}.
using Contested = std::map<uint64_t, const Values*>;

void EmitData(YAML::Emitter& out, DataType type, const TensorData& data,
              const Contested& contested = {}) {
  if (data.random_seed) {
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "fill" << YAML::Value << "random"
        << YAML::Key << "seed" << YAML::Value << *data.random_seed << YAML::EndMap;
    return;
  }
  if (data.iota) {
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "fill" << YAML::Value << "iota" << YAML::Key
        << "start" << YAML::Value << data.iota->start << YAML::Key << "step" << YAML::Value
        << data.iota->step << YAML::EndMap;
    return;
  }
  out << YAML::Flow << YAML::BeginSeq;
  for (uint64_t e = 0; e < data.values.size(); ++e) {
    const auto at = contested.find(e);
    if (at == contested.end()) {
      out << FormatElement(type, data.values[e]);
      continue;
    }
    out << YAML::BeginMap << YAML::Key << "one_of" << YAML::Value << YAML::BeginSeq;
    for (ElementBits bits : *at->second) out << FormatElement(type, bits);
    out << YAML::EndSeq << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

// `InputTensors[1]` -> `InputTensors`: list roles group under their base name.
std::string BaseRole(const std::string& role) { return role.substr(0, role.find('[')); }

void EmitDataMap(YAML::Emitter& out, const char* key, const std::vector<TensorSlot>& slots,
                 const std::vector<TensorData>& data, const std::vector<OneOf>& one_of = {}) {
  assert(slots.size() == data.size());
  std::vector<Contested> contested(slots.size());
  for (const OneOf& e : one_of) contested[e.output][e.element] = &e.values;
  out << YAML::Key << key << YAML::Value << YAML::BeginMap;
  for (size_t i = 0; i < slots.size();) {
    const std::string base = BaseRole(slots[i].role);
    out << YAML::Key << base << YAML::Value;
    if (base == slots[i].role) {
      EmitData(out, slots[i].desc->data_type, data[i], contested[i]);
      ++i;
      continue;
    }
    out << YAML::BeginSeq;
    for (; i < slots.size() && BaseRole(slots[i].role) == base; ++i)
      EmitData(out, slots[i].desc->data_type, data[i], contested[i]);
    out << YAML::EndSeq;
  }
  out << YAML::EndMap;
}

const char* ExpectName(Expect expect) {
  switch (expect) {
    case Expect::kMatch: return "match";
    case Expect::kReject: return "reject";
    case Expect::kUnspecified: return "unspecified";
    case Expect::kRefuseOrRun: return "refuse_or_run";
    case Expect::kOneOf: return "one_of";
  }
  return "match";
}

void EmitCase(YAML::Emitter& out, const GenCase& c) {
  out << YAML::BeginMap;
  out << YAML::Key << "name" << YAML::Value << c.name;
  out << YAML::Key << "operator" << YAML::Value << std::string(OperatorName(TypeOf(c.desc)));
  out << YAML::Key << "feature_level" << YAML::Value << std::string(FeatureLevelName(c.level));
  out << YAML::Key << "expect" << YAML::Value << ExpectName(c.expect);
  if (c.expect == Expect::kReject)
    out << YAML::Key << "reason" << YAML::Value << std::string(ReasonName(c.reason));
  if (!c.description.empty())
    out << YAML::Key << "description" << YAML::Value << YAML::DoubleQuoted << c.description;
  out << YAML::Key << "descriptor" << YAML::Value << YAML::BeginMap;
  std::visit([&](const auto& d) { EmitDescriptor(out, d); }, c.desc);
  out << YAML::EndMap;
  if (c.expect != Expect::kReject) {
    EmitDataMap(out, "inputs", InputSlots(c.desc), c.inputs);
    const bool has_expected = c.expect == Expect::kMatch || c.expect == Expect::kOneOf ||
                              (c.expect == Expect::kRefuseOrRun && !c.expected.empty());
    if (has_expected) EmitDataMap(out, "expected", OutputSlots(c.desc), c.expected, c.one_of);
  }
  out << YAML::EndMap;
}

}  // namespace

Values ExpandIota(DataType type, uint64_t count, Iota iota) {
  Values values(count);
  const ElementBits mask = ElementMask(type);
  for (uint64_t i = 0; i < count; ++i) {
    const int64_t n = iota.start + int64_t(i) * iota.step;
    ElementBits bits = ElementBits(n) & mask;
    if (type == DataType::kFloat32) {
      const float f = float(n);
      uint32_t b;
      std::memcpy(&b, &f, 4);
      bits = b;
    } else if (type == DataType::kFloat64) {
      const double f = double(n);
      std::memcpy(&bits, &f, 8);
    }
    assert(type != DataType::kFloat16);  // not needed by any generated case
    values[i] = bits;
  }
  return values;
}

Values Expand(const TensorDesc& tensor, const TensorData& data) {
  const uint64_t count = tensor.ElementCount();
  if (data.iota) return ExpandIota(tensor.data_type, count, *data.iota);
  if (!data.random_seed) return data.values;
  const ElementBits mask = ElementMask(tensor.data_type);
  Values values(count);
  for (uint64_t i = 0; i < count; ++i) values[i] = SplitMix64(*data.random_seed + i) & mask;
  return values;
}

std::string CaseFileText(const std::string& header, const std::vector<GenCase>& cases) {
  YAML::Emitter out;
  out.SetIndent(2);
  out << YAML::BeginMap << YAML::Key << "cases" << YAML::Value << YAML::BeginSeq;
  for (const GenCase& c : cases) EmitCase(out, c);
  out << YAML::EndSeq << YAML::EndMap;
  std::string text;
  for (size_t start = 0; start < header.size();) {
    const size_t end = header.find('\n', start);
    text += "# " + header.substr(start, end - start) + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return text + out.c_str() + "\n";
}

}  // namespace dmlconf::generate
