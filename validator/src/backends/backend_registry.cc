#include "backends/backend_registry.h"

#include <unistd.h>

#include <utility>

#include "backends/cross_check_backend.h"
#include "dmlconf/validator/external_backends.h"
#include "paths/data_paths.h"

namespace dmlconf::validator {
namespace {

// The launcher of the DirectML host: the source tree's from a build tree, else the installed
// one (paths/data_paths.h).
std::string DirectMlHost() {
  const std::string launcher = DirectMlLauncher().string();
  if (access(launcher.c_str(), X_OK) != 0)
    throw UnknownBackendError("backend 'directml' is not set up: " + launcher +
                              " is missing; run tools/bootstrap.sh directml");
  return "'" + launcher + "'";
}

struct Entry {
  std::string name;  // ends in ':' for a prefix
  BackendFactory factory;
  bool IsPrefix() const { return !name.empty() && name.back() == ':'; }
};

const std::vector<Entry>& Registry() {
  static const std::vector<Entry> entries = [] {
    std::vector<Entry> built_in;
    using Ms = std::chrono::milliseconds;
    built_in.push_back({"reference", [](std::string_view, Ms) { return MakeReferenceBackend(); }});
    built_in.push_back({"blocked", [](std::string_view, Ms) { return MakeBlockedBackend(); }});
    built_in.push_back({"cross-check", [](std::string_view, Ms) {
                          return MakeCrossCheckBackend(MakeReferenceBackend(), MakeBlockedBackend());
                        }});
    // Microsoft's DirectML.dll under Wine, set up by tools/bootstrap.sh directml.
    built_in.push_back({"directml", [](std::string_view, Ms timeout) {
                          return MakeServeBackend(DirectMlHost(),
                                                  timeout.count() ? timeout : kDefaultServeTimeout,
                                                  "directml");
                        }});
    for (const char* prefix : {"plugin:", "plugin-in-process:", "exec:", "serve:"})
      built_in.push_back({prefix, [](std::string_view name, Ms timeout) {
                            return MakeExternalBackend(name, timeout);
                          }});
    return built_in;
  }();
  return entries;
}

}  // namespace

std::unique_ptr<Backend> MakeBackend(std::string_view name, std::chrono::milliseconds timeout) {
  for (const Entry& e : Registry()) {
    const bool hit = e.IsPrefix() ? name.starts_with(e.name) && name.size() > e.name.size()
                                  : name == e.name;
    if (hit) return e.factory(name, timeout);
  }
  std::string known;
  for (const std::string& n : KnownBackendNames()) known += (known.empty() ? "" : ", ") + n;
  throw UnknownBackendError("unknown backend '" + std::string(name) + "' (known: " + known + ")");
}

bool HonoursTimeout(std::string_view name) {
  for (std::string_view prefix : {"exec:", "serve:", "plugin:"})
    if (name.starts_with(prefix)) return true;
  return name == "directml";
}

std::vector<std::string> KnownBackendNames() {
  std::vector<std::string> names;
  for (const Entry& e : Registry()) {
    if (e.name == "plugin:" || e.name == "plugin-in-process:") names.push_back(e.name + "PATH");
    else if (e.name == "exec:" || e.name == "serve:") names.push_back(e.name + "COMMAND");
    else names.push_back(e.IsPrefix() ? e.name + "ARG" : e.name);
  }
  return names;
}

}  // namespace dmlconf::validator
