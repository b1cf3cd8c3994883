// The external vectors in the dmlconf-oracle-v1 format (the W3C WebNN
// conformance vectors converted to DirectML terms, an optional extra; the
// format: cases/README.md, "External vectors"). They are read where they lie,
// at run time, never copied into the project.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "dmlconf/feature_level.h"
#include "dmlconf/op_desc.h"
#include "dmlconf/validate.h"
#include "dmlconf/validator/case.h"

namespace dmlconf::validator {

inline constexpr const char* kExternalVectorFormat = "dmlconf-oracle-v1";

enum class ExternalOutcome { kMatch, kReject, kRunsValuesUnspecified };

// One external vector in the project's terms. Tensor data is each tensor's packed
// logical bytes (the document's canonical `hex`), in InputSlots / OutputSlots
// order of `desc`.
struct ExternalVector {
  std::string name;                                 // "external/" + the vector's id
  int line = 0;                                     // where the case starts in its file
  std::string source;                               // origin, file and test name, license
  std::string description;                          // the vector's notes
  FeatureLevel feature_level = FeatureLevel::k1_0;  // min_feature_level.as_given
  OperatorDesc desc;
  ExternalOutcome outcome = ExternalOutcome::kMatch;
  // For kReject: the vector's optional `reason` code. Absent means the
  // runner checks only that the descriptor is refused.
  std::optional<Reason> reason;
  std::vector<std::vector<std::byte>> inputs;
  std::vector<std::vector<std::byte>> expected;  // empty unless kMatch
  // `steps` after the first (a reverse over several axes): each later call
  // reads the previous call's output; `expected` is the last call's.
  std::vector<ChainStep> then;
};

// Every case of a dmlconf-oracle-v1 document. Throws std::runtime_error naming
// `file`, the case id and the field when the document is malformed.
std::vector<ExternalVector> ParseExternalVectors(const YAML::Node& root, const std::string& file);

// The document's cases as the runner's cases, for the case loader's
// `format: dmlconf-oracle-v1` branch; chained vectors become chained cases.
// Throws CaseFileError ("FILE:LINE:COL: case ID, field: message") on a
// malformed document.
std::vector<Case> LoadExternalVectorFile(const std::filesystem::path& file, const YAML::Node& root);

}  // namespace dmlconf::validator
