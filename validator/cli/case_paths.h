// Where `run`, `list` and `coverage` look for cases when given no PATH.
#pragma once

#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#include "commands.h"
#include "dmlconf/validator/case.h"
#include "platform/data_paths.h"
#include "run/terminal_text.h"

namespace dmlconf::cli {

// The PATH argument's help: where the cases come from without one, for an installed
// dmlconf as for a build tree's.
// It names the folder this binary would read, found as CasePaths finds it.
inline std::string CasePathsHelp() {
  return "Case files or folders (default: " + validator::DefaultCasesDir().string() +
         ": $DMLCONF_CASES, else the cases installed with dmlconf, or a build tree's source "
         "cases/)";
}

// The PATHs given, else the default case folder (platform/data_paths.h: $DMLCONF_CASES, the
// installed share/dmlconf/cases, or the source tree's cases/ from a build tree).
inline std::vector<std::filesystem::path> CasePaths(const std::vector<std::string>& given) {
  std::vector<std::filesystem::path> paths(given.begin(), given.end());
  if (!paths.empty()) return paths;
  const std::filesystem::path cases = validator::DefaultCasesDir();
  if (std::error_code error; !std::filesystem::exists(cases, error)) {
    std::cerr << "dmlconf: no PATH given, and the default case folder " << Printable(cases.string())
              << " does not exist (give a PATH, or set DMLCONF_DATA_DIR or DMLCONF_CASES)\n";
    Exit(kExitUsage);
  }
  return {cases};
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
