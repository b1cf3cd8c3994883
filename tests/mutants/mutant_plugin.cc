// The mutant plug-in's C ABI (dmlconf_backend.h): DMLCONF_MUTANT, read once
// when dmlconf_backend_entry() is first called, picks the mutant; an unset or
// unknown name refuses to load, listing the names.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "dmlconf/dmlconf_backend.h"
#include "mutants/mutant.h"

namespace dmlconf::mutants {

const std::vector<Mutant>& AllMutants() {
  static const std::vector<Mutant> all = [] {
    std::vector<Mutant> list = {{"none", "nothing: the honest reference"}};
    for (auto group : {GatherMutants, JoinSplitMutants, DepthSpaceMutants,
                       ReverseSubsequencesMutants, ValueMutants, ValidationMutants})
      for (const Mutant& m : group()) list.push_back(m);
    return list;
  }();
  return all;
}

namespace {

const Mutant* chosen = nullptr;

TensorDesc FromC(const dmlconf_tensor_desc& c) {
  if (c.data_type >= uint32_t(kDataTypeCount))
    throw std::invalid_argument("data type " + std::to_string(c.data_type) + " is not one of 11");
  TensorDesc t;
  t.data_type = DataType(c.data_type);
  t.flags = c.flags;
  t.sizes.assign(c.sizes, c.sizes + c.dimension_count);
  if (c.strides) t.strides.emplace(c.strides, c.strides + c.stride_count);
  t.total_tensor_size_in_bytes = c.total_tensor_size_in_bytes;
  t.guaranteed_base_offset_alignment = c.guaranteed_base_offset_alignment;
  return t;
}

std::vector<TensorDesc> FromC(const dmlconf_tensor_desc* c, uint32_t count) {
  std::vector<TensorDesc> tensors;
  for (uint32_t i = 0; i < count; ++i) tensors.push_back(FromC(c[i]));
  return tensors;
}

// The descriptor dmlconf sent, back in the reference's types. Throws on a
// tensor count or data type no descriptor can have (dmlconf never sends one).
OperatorDesc FromC(const dmlconf_operator_desc& c) {
  const std::vector<TensorDesc> in = FromC(c.inputs, c.input_count);
  const std::vector<TensorDesc> out = FromC(c.outputs, c.output_count);
  const auto order = DepthSpaceOrder(c.order);
  switch (c.op) {
    case DMLCONF_SPLIT: return SplitDesc{in.at(0), out, c.axis};
    case DMLCONF_JOIN: return JoinDesc{in, out.at(0), c.axis};
    case DMLCONF_GATHER:
      return GatherDesc{in.at(0), in.at(1), out.at(0), c.axis, c.index_dimensions};
    case DMLCONF_DEPTH_TO_SPACE1:
      return DepthToSpace1Desc{in.at(0), out.at(0), c.block_size, order};
    case DMLCONF_SPACE_TO_DEPTH1:
      return SpaceToDepth1Desc{in.at(0), out.at(0), c.block_size, order};
    case DMLCONF_REVERSE_SUBSEQUENCES:
      return ReverseSubsequencesDesc{in.at(0), in.at(1), out.at(0), c.axis};
  }
  throw std::invalid_argument("operator " + std::to_string(c.op) + " is not one of the six");
}

// DirectML's DML_FEATURE_LEVEL value: 3_1 is 0x3100.
uint32_t DirectMlLevel(FeatureLevel level) {
  const std::string_view name = FeatureLevelName(level);
  return uint32_t(name[0] - '0') << 12 | uint32_t(name[2] - '0') << 8;
}

std::optional<FeatureLevel> FromDirectMl(uint32_t value) {
  for (FeatureLevel level : kAllFeatureLevels)
    if (DirectMlLevel(level) == value) return level;
  return std::nullopt;
}

void Write(char* out, size_t cap, const std::string& text) {
  if (cap > 0) std::snprintf(out, cap, "%s", text.c_str());
}

int Create(const dmlconf_operator_desc* desc, uint32_t feature_level, char* reason, size_t cap) {
  try {
    const std::optional<FeatureLevel> level = FromDirectMl(feature_level);
    if (!level) {
      Write(reason, cap, "unknown feature level " + std::to_string(feature_level));
      return DMLCONF_UNSUPPORTED;
    }
    const Validation v = chosen->validate(FromC(*desc), *level);
    if (v.ok()) return DMLCONF_ACCEPTED;
    Write(reason, cap, v.ToString());
    return DMLCONF_REJECTED;
  } catch (const std::exception& e) {
    Write(reason, cap, std::string("mutant plug-in: ") + e.what());
    return DMLCONF_UNSUPPORTED;
  }
}

int Execute(const dmlconf_operator_desc* desc, uint32_t, const void* const* inputs,
            void* const* outputs, char* error, size_t cap) {
  try {
    Bindings bindings;
    for (uint32_t i = 0; i < desc->input_count; ++i)
      bindings.inputs.push_back(static_cast<const std::byte*>(inputs[i]));
    for (uint32_t i = 0; i < desc->output_count; ++i)
      bindings.outputs.push_back(static_cast<std::byte*>(outputs[i]));
    chosen->execute(FromC(*desc), bindings);
    return 0;
  } catch (const std::exception& e) {
    Write(error, cap, std::string("mutant plug-in: ") + e.what());
    return 1;
  }
}

// The mutant DMLCONF_MUTANT names, or nullptr after saying on stderr why not.
const Mutant* Choose() {
  const char* name = std::getenv("DMLCONF_MUTANT");
  for (const Mutant& m : AllMutants())
    if (name && name == std::string_view(m.name)) return &m;
  std::string known;
  for (const Mutant& m : AllMutants()) known += std::string(known.empty() ? "" : ", ") + m.name;
  const std::string why = name ? "DMLCONF_MUTANT='" + std::string(name) + "' names no mutant"
                               : std::string("DMLCONF_MUTANT is not set");
  std::fprintf(stderr, "dmlconf mutant plug-in: %s; set it to one of: %s\n", why.c_str(),
               known.c_str());
  return nullptr;
}

// The level the plug-in declares: DMLCONF_MUTANT_LEVEL (e.g. 3_0), default
// 6_4. The runner lets a 6_4 device accept what only an older row forbids, so
// a validation mistake shows only on a device that declares that older level.
std::optional<uint32_t> DeclaredLevel() {
  const char* text = std::getenv("DMLCONF_MUTANT_LEVEL");
  if (text == nullptr || *text == '\0') return 0x6400;
  if (const std::optional<FeatureLevel> level = ParseFeatureLevel(text))
    return DirectMlLevel(*level);
  std::fprintf(stderr,
               "dmlconf mutant plug-in: DMLCONF_MUTANT_LEVEL='%s' is not a feature level "
               "(1_0 ... 6_4)\n",
               text);
  return std::nullopt;
}

}  // namespace

}  // namespace dmlconf::mutants

// The module hides everything else (the reference inside it included).
extern "C" __attribute__((visibility("default"))) const dmlconf_backend_v1* dmlconf_backend_entry(
    void) {
  using namespace dmlconf::mutants;
  static const std::optional<uint32_t> level = DeclaredLevel();
  static const std::string name = [] {
    chosen = Choose();
    return chosen ? std::string("mutant:") + chosen->name : std::string();
  }();
  static const dmlconf_backend_v1 table = {
      DMLCONF_BACKEND_ABI_VERSION, name.c_str(), level.value_or(0), 1, Create, Execute};
  return chosen && level ? &table : nullptr;
}
