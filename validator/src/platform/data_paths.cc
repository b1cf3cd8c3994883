#include "platform/data_paths.h"

#include <cstdlib>
#include <fstream>
#include <string>
#include <system_error>

// Both are relative (bin -> share/dmlconf, bin -> libexec/dmlconf), from GNUInstallDirs.
#ifndef DMLCONF_BIN_TO_DATA
#error "DMLCONF_BIN_TO_DATA (bin to share/dmlconf, relative) must be defined by the build"
#endif
#ifndef DMLCONF_BIN_TO_LIBEXEC
#error "DMLCONF_BIN_TO_LIBEXEC (bin to libexec/dmlconf, relative) must be defined by the build"
#endif

namespace dmlconf::validator {
namespace {

namespace fs = std::filesystem;

const char* NonEmptyEnv(const char* name) {
  const char* value = std::getenv(name);
  return value && *value ? value : nullptr;
}

fs::path BesideSelf(const char* relative) {
  return (SelfExecutable().parent_path() / relative).lexically_normal();
}

}  // namespace

fs::path SelfExecutable() {
  std::error_code error;
  fs::path self = fs::read_symlink("/proc/self/exe", error);
  return error ? fs::path() : self;
}

std::optional<fs::path> SourceTree() {
  const fs::path self = SelfExecutable();
  if (self.empty()) return std::nullopt;
  std::ifstream marker(self.parent_path() / kSourceTreeMarker);
  std::string line;
  if (!marker || !std::getline(marker, line) || line.empty()) return std::nullopt;
  return fs::path(line);
}

fs::path DataDir() {
  if (const char* given = NonEmptyEnv("DMLCONF_DATA_DIR")) return given;
  if (std::optional<fs::path> source = SourceTree()) return *source;
  return BesideSelf(DMLCONF_BIN_TO_DATA);
}

fs::path DefaultCasesDir() {
  if (const char* given = NonEmptyEnv("DMLCONF_CASES")) return given;
  return DataDir() / "cases";
}

fs::path DirectMlLauncher() {
  const std::optional<fs::path> source = SourceTree();
  const fs::path folder =
      source ? *source / "tools" / "directml" : BesideSelf(DMLCONF_BIN_TO_LIBEXEC) / "directml";
  return folder / "dmlconf-directml-host";
}

}  // namespace dmlconf::validator
