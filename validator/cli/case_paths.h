// Where `run` and `list` look for cases when given no PATH.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "commands.h"
#include "dmlconf/validator/case.h"
#include "run/terminal_text.h"

namespace dmlconf::cli {

// The in-tree cases/ folder, or $DMLCONF_CASES when set.
inline std::vector<std::filesystem::path> CasePaths(const std::vector<std::string>& given) {
  std::vector<std::filesystem::path> paths(given.begin(), given.end());
  if (!paths.empty()) return paths;
  if (const char* env = std::getenv("DMLCONF_CASES"); env && *env) return {env};
  return {DMLCONF_CASES_DIR};
}

// Loads the cases or ends the command with exit code 2 and the one-line error.
inline std::vector<validator::Case> LoadOrExit(const std::vector<std::filesystem::path>& paths) {
  try {
    return validator::LoadCases(paths);
  } catch (const validator::CaseFileError& e) {
    std::cerr << Printable(e.what()) << "\n";  // it may quote a file's control characters
    Exit(kExitUsage);
  }
}

}  // namespace dmlconf::cli
