// Reads just what coverage counts from case files: operator, feature_level,
// expect, and the first input's and index tensor's DataType and rank. Kept
// apart from the full case loader so that coverage can be taken of files the
// loader would refuse for other reasons (they still show up in the counts).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "coverage.h"

namespace dmlconf::generate {

// Every .yaml/.yml/.json file below each path (or the path itself), sorted.
// Throws std::runtime_error naming the file and case on a malformed case.
std::vector<CoverageEntry> ReadCoverageEntries(const std::vector<std::filesystem::path>& paths);

}  // namespace dmlconf::generate
