// The mutant plug-in's C ABI (dmlconf_backend.h): DMLCONF_MUTANT, read once
// when dmlconf_backend_entry() is first called, picks the mutant; an unset or
// unknown name refuses to load, listing the names. A copy of the module named
// NAME@LEVEL.so (join-axis-off-by-one@6_4.so), with DMLCONF_MUTANT unset, is that
// mutant at that level: each copy is a module of its own, so one dmlconf run loads
// every mutant and reads the cases once (tests/mutants/run_all_mutants.cmake).
#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "backends/c_abi.h"
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

// NAME and LEVEL of this module's file name, NAME@LEVEL.so, when it is so named.
struct FileChoice {
  std::string name, level;
};
std::optional<FileChoice> ChoiceInFileName() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&Write), &info) == 0 || info.dli_fname == nullptr)
    return std::nullopt;
  std::string_view file = info.dli_fname;
  file.remove_prefix(file.find_last_of('/') + 1);  // npos + 1 == 0: no folder
  const size_t at = file.find('@');
  if (at == std::string_view::npos || !file.ends_with(".so")) return std::nullopt;
  return FileChoice{std::string(file.substr(0, at)),
                    std::string(file.substr(at + 1, file.size() - at - 1 - 3))};
}

// DMLCONF_MUTANT, else this module's file name (ChoiceInFileName).
std::optional<std::string> Setting(const char* variable, std::string FileChoice::*part) {
  if (const char* value = std::getenv(variable)) return std::string(value);
  if (std::getenv("DMLCONF_MUTANT") == nullptr)
    if (const std::optional<FileChoice> choice = ChoiceInFileName()) return (*choice).*part;
  return std::nullopt;
}

// The mutant DMLCONF_MUTANT (or the file name) names, or nullptr after saying on stderr
// why not.
const Mutant* Choose() {
  const std::optional<std::string> setting = Setting("DMLCONF_MUTANT", &FileChoice::name);
  const char* name = setting ? setting->c_str() : nullptr;
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
  const std::optional<std::string> setting = Setting("DMLCONF_MUTANT_LEVEL", &FileChoice::level);
  const char* text = setting ? setting->c_str() : nullptr;
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
