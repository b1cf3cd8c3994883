// The C ABI plug-in adapter: dlopen a library that exports
// dmlconf_backend_entry(), and translate descriptors to its plain-C structs.
#include <dlfcn.h>

#include <array>
#include <cstdlib>
#include <cstring>

#include "dmlconf/dmlconf_backend.h"
#include "dmlconf/validator/external_backends.h"
#include "paths/data_paths.h"

namespace dmlconf {

namespace {

// The C enums follow data_type.h and ops.inc, so a cast translates them.
static_assert(DMLCONF_UINT8 == int(DataType::kUint8) && DMLCONF_FLOAT64 == int(DataType::kFloat64));
static_assert(DMLCONF_REVERSE_SUBSEQUENCES == int(OperatorType::kReverseSubsequences));

// DirectML's DML_FEATURE_LEVEL value: "3_1" -> 0x3100.
uint32_t DirectMlLevel(FeatureLevel level) {
  const std::string_view name = FeatureLevelName(level);
  return uint32_t(name[0] - '0') << 12 | uint32_t(name[2] - '0') << 8;
}

// The C view of one OperatorDesc. It points into the descriptor, which must
// outlive it.
class CDesc {
 public:
  explicit CDesc(const OperatorDesc& desc) {
    for (const TensorSlot& slot : InputSlots(desc)) inputs_.push_back(Convert(*slot.desc));
    for (const TensorSlot& slot : OutputSlots(desc)) outputs_.push_back(Convert(*slot.desc));
    c_.op = uint32_t(TypeOf(desc));
    c_.input_count = uint32_t(inputs_.size());
    c_.inputs = inputs_.data();
    c_.output_count = uint32_t(outputs_.size());
    c_.outputs = outputs_.data();
    std::visit([this](const auto& d) { CopyFields(d); }, desc);
  }
  const dmlconf_operator_desc* get() const { return &c_; }

 private:
  static dmlconf_tensor_desc Convert(const TensorDesc& t) {
    // A present but empty Strides list must not read as "absent" (NULL).
    static constexpr uint32_t kNoEntries = 0;
    dmlconf_tensor_desc c{};
    c.data_type = uint32_t(t.data_type);
    c.flags = t.flags;
    c.dimension_count = t.DimensionCount();
    c.sizes = t.sizes.data();
    if (t.strides) {
      c.stride_count = uint32_t(t.strides->size());
      c.strides = t.strides->empty() ? &kNoEntries : t.strides->data();
    }
    c.total_tensor_size_in_bytes = t.TotalBytes();
    c.guaranteed_base_offset_alignment = t.guaranteed_base_offset_alignment;
    return c;
  }
  void CopyFields(const auto& d) {
    if constexpr (requires { d.axis; }) c_.axis = d.axis;
    if constexpr (requires { d.index_dimensions; }) c_.index_dimensions = d.index_dimensions;
    if constexpr (requires { d.block_size; }) c_.block_size = d.block_size;
    if constexpr (requires { d.order; }) c_.order = uint32_t(d.order);
  }

  std::vector<dmlconf_tensor_desc> inputs_, outputs_;
  dmlconf_operator_desc c_{};
};

// The plug-in writes at most cap - 1 characters; the NUL is ours to guarantee.
std::string Terminated(std::array<char, 512>& buffer) {
  buffer.back() = '\0';
  return buffer.data();
}

class PluginBackend final : public Backend {
 public:
  PluginBackend(std::filesystem::path path, void* handle, const dmlconf_backend_v1* table,
                FeatureLevel max_level, std::string name)
      : path_(std::move(path)),
        handle_(handle),
        table_(table),
        max_level_(max_level),
        name_(std::move(name)) {}
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
    const int result = table_->execute(c.get(), DirectMlLevel(level), inputs.data(),
                                       outputs.data(), error.data(), error.size());
    if (result == 0) return ExecuteResult::Done();
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
    return CreateAnswer::Rejected(std::nullopt, "refused (create() returned " +
                                                    std::to_string(result) + "): " + text);
  }

  std::filesystem::path path_;
  void* handle_;
  const dmlconf_backend_v1* table_;
  FeatureLevel max_level_;
  std::string name_;
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
  if (symbol == nullptr)
    fail(std::string("does not export dmlconf_backend_entry: ") + dlerror());
  const dmlconf_backend_v1* table = reinterpret_cast<Entry>(symbol)();
  if (table == nullptr) fail("returned no table from dmlconf_backend_entry()");
  if (table->abi_version != DMLCONF_BACKEND_ABI_VERSION)
    fail("was built for ABI version " + std::to_string(table->abi_version) +
         "; this dmlconf speaks version " + std::to_string(DMLCONF_BACKEND_ABI_VERSION));
  if (table->create == nullptr || table->execute == nullptr)
    fail("has a table without create() or execute()");
  const std::optional<FeatureLevel> max_level = LevelAtMost(table->max_feature_level);
  if (!max_level)
    fail("claims max_feature_level " + std::to_string(table->max_feature_level) +
         ", below 0x1000 (1_0)");
  std::string name = DeclaredName(table);
  if (name.empty()) name = unnamed.value_or("plugin-in-process:" + path.string());
  return std::make_unique<PluginBackend>(path, handle, table, *max_level, std::move(name));
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
