// The C ABI plug-in adapter: dlopen a library that exports
// dmlconf_backend_entry(), and translate descriptors to its plain-C structs.
#include <dlfcn.h>

#include <array>
#include <cstdlib>
#include <cstring>

#include "backends/c_abi.h"
#include "dmlconf/dmlconf_backend.h"
#include "dmlconf/validator/external_backends.h"
#include "platform/data_paths.h"

namespace dmlconf {

namespace {

// The plug-in writes at most cap - 1 characters; the NUL is ours to guarantee.
std::string Terminated(std::array<char, 512>& buffer) {
  buffer.back() = '\0';
  return buffer.data();
}

class PluginBackend final : public Backend {
 public:
  PluginBackend(std::filesystem::path path, void* handle, const dmlconf_backend_v1* table,
                FeatureLevel max_level, std::string name, uint32_t minor)
      : path_(std::move(path)),
        handle_(handle),
        table_(table),
        max_level_(max_level),
        name_(std::move(name)),
        minor_(minor) {}
  ~PluginBackend() override { dlclose(handle_); }

  std::string Name() const override { return name_; }
  FeatureLevel MaxFeatureLevel() const override { return max_level_; }
  bool ReportsReasonCodes() const override { return table_->reports_reason_codes != 0; }

  CreateAnswer Create(const OperatorDesc& desc, FeatureLevel level) override {
    std::array<char, 512> reason{};
    const CDesc c(desc);
    const int result = table_->create(c.get(), DirectMlLevel(level), reason.data(), reason.size());
    if (result == DMLCONF_ACCEPTED) return CreateAnswer::Accepted();
    const std::string text = Terminated(reason);
    if (result == DMLCONF_UNSUPPORTED)
      return CreateAnswer::Unsupported(text.empty() ? "the plug-in does not implement it" : text);
    return ParseRefusal(text, result);
  }

  ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level,
                        const Bindings& bindings) override {
    const CDesc c(desc);
    std::vector<const void*> inputs(bindings.inputs.begin(), bindings.inputs.end());
    std::vector<void*> outputs(bindings.outputs.begin(), bindings.outputs.end());
    std::array<char, 512> error{};
    const int result = table_->execute(c.get(), DirectMlLevel(level), inputs.data(), outputs.data(),
                                       error.data(), error.size());
    if (result == 0) return ExecuteResult::Done();
    // Only a 1.1 plug-in means "unsupported" by 2; to a 1.0 one it is an error code.
    if (result == DMLCONF_UNSUPPORTED && minor_ >= 1) {
      const std::string why = Terminated(error);
      return ExecuteResult::Unsupported(why.empty() ? "execute() answered unsupported" : why);
    }
    return ExecuteResult::Failed("the plug-in's execute() returned " + std::to_string(result) +
                                 ": " + Terminated(error));
  }

 private:
  // "CODE" or "CODE: message". A code the plug-in made up is its bug: when it
  // claims to report codes, the run cannot judge the case.
  CreateAnswer ParseRefusal(const std::string& text, int result) const {
    const std::string code = text.substr(0, text.find_first_of(": "));
    if (std::optional<Reason> reason = ParseReason(code); reason && *reason != Reason::OK)
      return CreateAnswer::Rejected(*reason, text);
    if (ReportsReasonCodes())
      throw BackendError(Name() + ": create() refused with '" + text +
                         "', which does not start with a reason code (dmlconf reasons)");
    // Without codes the runner compares only accepted against rejected.
    return CreateAnswer::Rejected(
        std::nullopt, "refused (create() returned " + std::to_string(result) + "): " + text);
  }

  std::filesystem::path path_;
  void* handle_;
  const dmlconf_backend_v1* table_;
  FeatureLevel max_level_;
  std::string name_;
  uint32_t minor_;  // the ABI's minor version the plug-in was built for
};

// The table's name, a C string the plug-in owns: at most 200 bytes of it, so a
// missing terminator cannot run on.
std::string DeclaredName(const dmlconf_backend_v1* table) {
  if (table->name == nullptr) return {};
  return std::string(table->name, strnlen(table->name, 200));
}

// The highest level not above the plug-in's claim, which may name a level
// this dmlconf does not know yet.
std::optional<FeatureLevel> LevelAtMost(uint32_t directml_level) {
  std::optional<FeatureLevel> found;
  for (FeatureLevel level : kAllFeatureLevels)
    if (DirectMlLevel(level) <= directml_level) found = level;
  return found;
}

}  // namespace

std::unique_ptr<Backend> LoadPluginBackend(const std::filesystem::path& path,
                                           std::optional<std::string> unnamed) {
  const std::string where = "plug-in '" + path.string() + "'";
  // dlopen searches the library path for a bare name; a path is what was meant.
  const std::string file = path.has_parent_path() ? path.string() : "./" + path.string();
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) throw BackendError("cannot load " + where + ": " + dlerror());
  auto fail = [&](const std::string& why) {
    dlclose(handle);
    throw BackendError(where + " " + why);
  };
  using Entry = const dmlconf_backend_v1* (*)();
  void* symbol = dlsym(handle, "dmlconf_backend_entry");
  if (symbol == nullptr) fail(std::string("does not export dmlconf_backend_entry: ") + dlerror());
  const dmlconf_backend_v1* table = reinterpret_cast<Entry>(symbol)();
  if (table == nullptr) fail("returned no table from dmlconf_backend_entry()");
  // 1 is version 1.0, from before versions had a minor part.
  const uint32_t major = table->abi_version == 1 ? 1 : table->abi_version >> 16;
  const uint32_t minor = table->abi_version == 1 ? 0 : table->abi_version & 0xFFFF;
  if (major != DMLCONF_BACKEND_ABI_MAJOR)
    fail("was built for ABI version " + std::to_string(major) + "." + std::to_string(minor) +
         " (abi_version " + std::to_string(table->abi_version) + "); this dmlconf speaks version " +
         std::to_string(DMLCONF_BACKEND_ABI_MAJOR) + ".0 to " +
         std::to_string(DMLCONF_BACKEND_ABI_MAJOR) + "." +
         std::to_string(DMLCONF_BACKEND_ABI_MINOR));
  if (table->create == nullptr || table->execute == nullptr)
    fail("has a table without create() or execute()");
  const std::optional<FeatureLevel> max_level = LevelAtMost(table->max_feature_level);
  if (!max_level)
    fail("claims max_feature_level " + std::to_string(table->max_feature_level) +
         ", below 0x1000 (1_0)");
  std::string name = DeclaredName(table);
  if (name.empty()) name = unnamed.value_or("plugin-in-process:" + path.string());
  return std::make_unique<PluginBackend>(path, handle, table, *max_level, std::move(name), minor);
}

// dmlconf-plugin-host: $DMLCONF_PLUGIN_HOST, else beside the running program
// (build/dmlconf-plugin-host next to build/dmlconf).
std::string PluginHost() {
  if (const char* given = std::getenv("DMLCONF_PLUGIN_HOST"); given && *given) return given;
  const std::filesystem::path self = validator::SelfExecutable();
  const std::filesystem::path host = self.parent_path() / "dmlconf-plugin-host";
  if (self.empty() || !std::filesystem::exists(host))
    throw BackendError("cannot find dmlconf-plugin-host beside " + self.string() +
                       " (set DMLCONF_PLUGIN_HOST, or use plugin-in-process:PATH)");
  return host.string();
}

// Always single quotes, never run/terminal_text's $'...' form: the command goes to
// /bin/sh, which need not read that.
std::string SingleQuoted(const std::string& text) {
  std::string quoted = "'";
  for (char ch : text) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return quoted + "'";
}

namespace {
bool keep_run_folders = false;
}  // namespace

void KeepRunFolders(bool keep) { keep_run_folders = keep; }
bool KeepingRunFolders() { return keep_run_folders; }

std::unique_ptr<Backend> MakeExternalBackend(std::string_view name,
                                             std::chrono::milliseconds timeout) {
  // Out of process by default: a plug-in that crashes, hangs or calls exit()
  // costs one `error` verdict, not the run.
  if (name.starts_with("plugin:")) {
    const std::string path(name.substr(7));
    // Its identity is the name the host forwards from the plug-in's table, else the spec.
    return MakeServeBackend(SingleQuoted(PluginHost()) + " " + SingleQuoted(path),
                            timeout.count() > 0 ? timeout : kDefaultServeTimeout, "",
                            std::string(name));
  }
  if (name.starts_with("plugin-in-process:"))
    return LoadPluginBackend(std::string(name.substr(18)));
  const auto or_default = [&](std::chrono::milliseconds fallback) {
    return timeout.count() > 0 ? timeout : fallback;
  };
  if (name.starts_with("exec:"))
    return MakeExecBackend(std::string(name.substr(5)), or_default(kDefaultExecTimeout));
  if (name.starts_with("serve:"))
    return MakeServeBackend(std::string(name.substr(6)), or_default(kDefaultServeTimeout));
  return nullptr;
}

}  // namespace dmlconf
