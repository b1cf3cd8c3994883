#include "coverage_reader.h"

#include <algorithm>
#include <stdexcept>

#include <yaml-cpp/yaml.h>

namespace dmlconf::generate {

namespace {

std::vector<std::filesystem::path> CaseFiles(const std::vector<std::filesystem::path>& paths) {
  std::vector<std::filesystem::path> files;
  const auto is_case_file = [](const std::filesystem::path& p) {
    const std::string ext = p.extension().string();
    return ext == ".yaml" || ext == ".yml" || ext == ".json";
  };
  for (const auto& path : paths) {
    if (!std::filesystem::is_directory(path)) {
      files.push_back(path);
      continue;
    }
    for (const auto& entry : std::filesystem::recursive_directory_iterator(path))
      if (entry.is_regular_file() && is_case_file(entry.path())) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

CoverageEntry ReadEntry(const YAML::Node& c, const std::string& where) {
  const auto fail = [&](const std::string& what) {
    throw std::runtime_error(where + ": " + what);
  };
  const auto op = ParseOperatorType(c["operator"].as<std::string>(""));
  const auto level = ParseFeatureLevel(c["feature_level"].as<std::string>(""));
  if (!op) fail("unknown or missing operator");
  if (!level) fail("unknown or missing feature_level");
  CoverageEntry e{*op, *level, DataType::kFloat32, 0, std::nullopt,
                  c["expect"].as<std::string>("match") != "reject"};
  const YAML::Node d = c["descriptor"];
  YAML::Node input = *op == OperatorType::kJoin ? d["InputTensors"][0] : d["InputTensor"];
  if (!input) {
    if (e.positive) fail("positive case without an input tensor");
    return e;
  }
  const auto type = ParseDataType(input["DataType"].as<std::string>(""));
  if (!type && e.positive) fail("input tensor without a known DataType");
  e.type = type.value_or(DataType::kFloat32);
  e.rank = uint32_t(input["Sizes"].size());
  const char* index_field = *op == OperatorType::kGather ? "IndicesTensor"
                            : *op == OperatorType::kReverseSubsequences ? "SequenceLengthsTensor"
                                                                         : nullptr;
  if (index_field && d[index_field])
    e.index_type = ParseDataType(d[index_field]["DataType"].as<std::string>(""));
  return e;
}

}  // namespace

std::vector<CoverageEntry> ReadCoverageEntries(const std::vector<std::filesystem::path>& paths) {
  std::vector<CoverageEntry> entries;
  for (const auto& file : CaseFiles(paths)) {
    YAML::Node root;
    try {
      root = YAML::LoadFile(file.string());
    } catch (const YAML::Exception& e) {
      throw std::runtime_error(file.string() + ": " + e.what());
    }
    size_t i = 0;
    for (const YAML::Node& c : root["cases"]) {
      const std::string where = file.string() + ": case " + std::to_string(i++) + " (" +
                                c["name"].as<std::string>("unnamed") + ")";
      try {
        entries.push_back(ReadEntry(c, where));
      } catch (const YAML::Exception& e) {
        throw std::runtime_error(where + ": " + e.what());
      }
    }
  }
  return entries;
}

}  // namespace dmlconf::generate
