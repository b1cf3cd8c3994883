// `dmlconf generate`: the coverage cases, derived from the one support table
// (dmlconf/support.h) and the Eigen oracle. Same seed, same bytes: fixed
// ordering, no timestamps, no unordered containers, no std distributions.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace dmlconf::generate {

inline constexpr uint64_t kDefaultSeed = 1;

struct GeneratedFile {
  std::string path;  // relative: "gather/support.yaml"
  std::string text;
};

// Every generated case file, sorted by path.
std::vector<GeneratedFile> GenerateCaseFiles(uint64_t seed = kDefaultSeed);

// Writes the files under `dir`, creating folders, replacing files of the same
// name. Returns the number of files; throws std::runtime_error on I/O failure.
size_t WriteCaseFiles(const std::filesystem::path& dir, uint64_t seed = kDefaultSeed);

}  // namespace dmlconf::generate
