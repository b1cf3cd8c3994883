#include "backends/backend_registry.h"

#include <utility>

#include "backends/cross_check_backend.h"
#include "dmlconf/validator/external_backends.h"

namespace dmlconf::validator {
namespace {

struct Entry {
  std::string name;  // ends in ':' for a prefix
  BackendFactory factory;
  bool IsPrefix() const { return !name.empty() && name.back() == ':'; }
};

const std::vector<Entry>& Registry() {
  static const std::vector<Entry> entries = [] {
    std::vector<Entry> built_in;
    built_in.push_back({"reference", [](std::string_view) { return MakeReferenceBackend(); }});
    built_in.push_back({"blocked", [](std::string_view) { return MakeBlockedBackend(); }});
    built_in.push_back({"cross-check", [](std::string_view) {
                          return MakeCrossCheckBackend(MakeReferenceBackend(), MakeBlockedBackend());
                        }});
    for (const char* prefix : {"plugin:", "exec:"})
      built_in.push_back({prefix, [](std::string_view name) { return MakeExternalBackend(name); }});
    return built_in;
  }();
  return entries;
}

}  // namespace

std::unique_ptr<Backend> MakeBackend(std::string_view name) {
  for (const Entry& e : Registry()) {
    const bool hit = e.IsPrefix() ? name.starts_with(e.name) && name.size() > e.name.size()
                                  : name == e.name;
    if (hit) return e.factory(name);
  }
  std::string known;
  for (const std::string& n : KnownBackendNames()) known += (known.empty() ? "" : ", ") + n;
  throw UnknownBackendError("unknown backend '" + std::string(name) + "' (known: " + known + ")");
}

std::vector<std::string> KnownBackendNames() {
  std::vector<std::string> names;
  for (const Entry& e : Registry()) {
    if (e.name == "plugin:") names.push_back("plugin:PATH");
    else if (e.name == "exec:") names.push_back("exec:COMMAND");
    else names.push_back(e.IsPrefix() ? e.name + "ARG" : e.name);
  }
  return names;
}

}  // namespace dmlconf::validator
