#include "backends/backend_registry.h"

#include <unistd.h>

#include <algorithm>

#include <utility>

#include "backends/cross_check_backend.h"
#include "dmlconf/validator/external_backends.h"
#include "platform/data_paths.h"

namespace dmlconf::validator {
namespace {

// The launcher of the DirectML host: the source tree's from a build tree, else the installed
// one (platform/data_paths.h).
std::string DirectMlHost() {
  const std::string launcher = DirectMlLauncher().string();
  if (access(launcher.c_str(), X_OK) != 0)
    throw UnknownBackendError("backend 'directml' is not set up: " + launcher +
                              " is missing; run tools/bootstrap.sh directml");
  return "'" + launcher + "'";
}

// The launcher of ONNX Runtime's DirectML execution provider (tools/directml/dmlconf-ort-dml,
// beside the DirectML host's): from a build tree only, since it runs the source tree's adapter.
std::string OrtDmlLauncher() {
  const std::string launcher = (DirectMlLauncher().parent_path() / "dmlconf-ort-dml").string();
  if (access(launcher.c_str(), X_OK) != 0)
    throw UnknownBackendError(
        "backend 'ort-dml' is not set up: " + launcher +
        " is missing; run it from a build tree after tools/directml/setup.sh");
  return "'" + launcher + "'";
}

// Each ort-dml session makes a Direct3D 12 device, and a new worker process a Wine process
// (the adapter's session_workers.js): on a loaded machine one request may take a minute.
constexpr std::chrono::milliseconds kOrtDmlTimeout{300'000};

struct Entry {
  std::string name;  // ends in ':' or '@' for a prefix
  BackendFactory factory;
  bool IsPrefix() const { return !name.empty() && (name.back() == ':' || name.back() == '@'); }
};

// VERSION of "directml@VERSION" (a DirectML file version, as tools/directml/setup.sh names
// each DLL it sets up) or of "ort-dml@VERSION" (an onnxruntime-node release). Digits and
// dots only: it goes into a /bin/sh command line.
std::string SpecVersion(std::string_view spec, std::string_view example) {
  const std::string version(spec.substr(spec.find('@') + 1));
  if (version.find_first_not_of("0123456789.") != std::string::npos || version.front() == '.')
    throw UnknownBackendError("backend '" + std::string(spec) +
                              "': " + std::string(spec.substr(0, spec.find('@'))) +
                              "@VERSION takes a version such as " + std::string(example));
  return version;
}

const std::vector<Entry>& Registry() {
  static const std::vector<Entry> entries = [] {
    std::vector<Entry> built_in;
    using Ms = std::chrono::milliseconds;
    built_in.push_back({"reference", [](std::string_view, Ms) { return MakeReferenceBackend(); }});
    built_in.push_back({"blocked", [](std::string_view, Ms) { return MakeBlockedBackend(); }});
    built_in.push_back({"cross-check", [](std::string_view, Ms) {
                          return MakeCrossCheckBackend(MakeReferenceBackend(),
                                                       MakeBlockedBackend());
                        }});
    // Microsoft's DirectML.dll under Wine, set up by tools/bootstrap.sh directml: the
    // newest version set up, or directml@VERSION. Both are named directml (the host's
    // describe says so, and which version ran).
    built_in.push_back({"directml", [](std::string_view, Ms timeout) {
                          return MakeServeBackend(DirectMlHost(),
                                                  timeout.count() ? timeout : kDefaultServeTimeout,
                                                  "directml");
                        }});
    built_in.push_back({"directml@", [](std::string_view spec, Ms timeout) {
                          return MakeServeBackend(
                              DirectMlHost() + " --directml " + SpecVersion(spec, "1.13.1"),
                              timeout.count() ? timeout : kDefaultServeTimeout, "directml");
                        }});
    // ONNX Runtime's DirectML execution provider (onnxruntime-node's Windows build under
    // Wine): the newest release set up, or ort-dml@RELEASE. Both are named ort-dml.
    built_in.push_back({"ort-dml", [](std::string_view, Ms timeout) {
                          return MakeServeBackend(OrtDmlLauncher(),
                                                  timeout.count() ? timeout : kOrtDmlTimeout,
                                                  "ort-dml");
                        }});
    built_in.push_back({"ort-dml@", [](std::string_view spec, Ms timeout) {
                          return MakeServeBackend(OrtDmlLauncher() + " --onnxruntime-node " +
                                                      SpecVersion(spec, "1.30.0"),
                                                  timeout.count() ? timeout : kOrtDmlTimeout,
                                                  "ort-dml");
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

namespace {

// A backend under the identity the run gives it: the NAME of NAME=SPEC, else
// the name it declares (its own Name()); Argument() is what makes it again.
class IdentifiedBackend final : public Backend {
 public:
  IdentifiedBackend(std::unique_ptr<Backend> inner, BackendArgument argument)
      : inner_(std::move(inner)), argument_(std::move(argument)) {}
  std::string Name() const override {
    return argument_.name.empty() ? inner_->Name() : argument_.name;
  }
  std::string Argument() const override {
    return argument_.name.empty() ? argument_.spec : argument_.name + "=" + argument_.spec;
  }
  std::string Version() const override { return inner_->Version(); }
  std::string Description() const override { return inner_->Description(); }
  std::string RunFolder() const override { return inner_->RunFolder(); }
  std::string TakeStderr() override { return inner_->TakeStderr(); }
  FeatureLevel MaxFeatureLevel() const override { return inner_->MaxFeatureLevel(); }
  bool ReportsReasonCodes() const override { return inner_->ReportsReasonCodes(); }
  bool RunsOutOfProcess() const override { return inner_->RunsOutOfProcess(); }
  bool SpreadsCases() const override { return inner_->SpreadsCases(); }
  CreateAnswer Create(const OperatorDesc& desc, FeatureLevel level) override {
    return inner_->Create(desc, level);
  }
  ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level,
                        const Bindings& bindings) override {
    return inner_->Execute(desc, level, bindings);
  }

 private:
  std::unique_ptr<Backend> inner_;
  BackendArgument argument_;
};

bool IsNameCharacter(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '+' || c == '-';
}

}  // namespace

BackendArgument ParseBackendArgument(std::string_view argument) {
  const size_t eq = argument.find('=');
  if (eq == std::string_view::npos || eq == 0) return {"", std::string(argument)};
  const std::string_view name = argument.substr(0, eq);
  // "serve:env A=1 prog" is a spec: its text before '=' is no plain token.
  if (!std::all_of(name.begin(), name.end(), IsNameCharacter)) return {"", std::string(argument)};
  return {std::string(name), std::string(argument.substr(eq + 1))};
}

std::unique_ptr<Backend> MakeBackend(std::string_view argument, std::chrono::milliseconds timeout) {
  BackendArgument parsed = ParseBackendArgument(argument);
  const std::string_view name = parsed.spec;
  if (name.empty())
    throw UnknownBackendError("--backend " + std::string(argument) + ": no backend after '='");
  for (const Entry& e : Registry()) {
    const bool hit =
        e.IsPrefix() ? name.starts_with(e.name) && name.size() > e.name.size() : name == e.name;
    if (hit)
      return std::make_unique<IdentifiedBackend>(e.factory(name, timeout), std::move(parsed));
  }
  std::string known;
  for (const std::string& n : KnownBackendNames()) known += (known.empty() ? "" : ", ") + n;
  throw UnknownBackendError("unknown backend '" + std::string(name) + "' (known: " + known +
                            "; NAME=SPEC names any of them)");
}

bool HonoursTimeout(std::string_view argument) {
  const std::string name = ParseBackendArgument(argument).spec;
  for (std::string_view prefix : {"exec:", "serve:", "plugin:", "directml@", "ort-dml@"})
    if (name.starts_with(prefix)) return true;
  return name == "directml" || name == "ort-dml";
}

std::vector<std::string> KnownBackendNames() {
  std::vector<std::string> names;
  for (const Entry& e : Registry()) {
    if (e.name == "plugin:" || e.name == "plugin-in-process:")
      names.push_back(e.name + "PATH");
    else if (e.name == "exec:" || e.name == "serve:")
      names.push_back(e.name + "COMMAND");
    else if (e.name == "directml@" || e.name == "ort-dml@")
      names.push_back(e.name + "VERSION");
    else
      names.push_back(e.IsPrefix() ? e.name + "ARG" : e.name);
  }
  return names;
}

}  // namespace dmlconf::validator
