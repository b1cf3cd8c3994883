// dmlconf-plugin-host PATH: loads a C ABI plug-in (dmlconf/dmlconf_backend.h)
// and serves it over protocol 2 (validator/BACKENDS.md), so that `plugin:PATH`
// runs out of process: a plug-in that crashes, hangs or calls exit() costs one
// `error` verdict, not the run.
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "dmlconf/validator/case.h"
#include "dmlconf/validator/external_backends.h"
#include "platform/guard_pages.h"

namespace dmlconf {
namespace {

using nlohmann::json;

// A buffer file's bytes at a page-aligned address, so that the tensor at the
// file's `offset` sits exactly as contract point T1 says (a multiple of its
// alignment, not of twice it), as it would in dmlconf's own buffers. Around
// them, inaccessible pages (validator/src/platform/guard_pages.h): a write past the
// file's own guard bytes faults, and the fault handler names the buffer's
// role on standard error, which dmlconf quotes. A write into the slack between
// the file's end and the next page is written back, growing the file.
class FileBuffer {
 public:
  explicit FileBuffer(const json& entry)
      : path_(entry.at("path").get<std::string>()),
        role_(entry.value("role", std::string("a buffer"))),
        offset_(entry.at("offset").get<size_t>()),
        bytes_(entry.at("bytes").get<size_t>()) {
    std::ifstream in(path_, std::ios::binary | std::ios::ate);
    if (!in) throw std::runtime_error("cannot open " + path_);
    size_ = size_t(in.tellg());
    if (offset_ + bytes_ > size_)
      throw std::runtime_error(path_ + " is shorter than its offset and bytes");
    pages_ = validator::GuardPages(size_);
    in.seekg(0);
    in.read(reinterpret_cast<char*>(pages_.begin()), std::streamsize(size_));
    std::memset(pages_.begin() + size_, kSlackByte, pages_.size() - size_);
    pages_.Name(tensor(), bytes_, role_);
  }
  std::byte* tensor() { return pages_.begin() + offset_; }
  // Writes the file back. Bytes the plug-in wrote in the slack after the file's end
  // go with it (the untouched ones as zeros): the file grows where the write landed,
  // and dmlconf judges that as the stray write it is, as for any serve: program.
  void WriteBack() {
    size_t end = size_;
    for (size_t i = size_; i < pages_.size(); ++i)
      if (pages_.begin()[i] != std::byte{kSlackByte}) end = i + 1;
    for (size_t i = size_; i < end; ++i)
      if (pages_.begin()[i] == std::byte{kSlackByte}) pages_.begin()[i] = std::byte{0};
    // In place, never truncated first: the file only keeps or grows its size, and on
    // ext4 a truncate to zero then a rewrite forces the blocks to disk at close
    // (auto_da_alloc), which made every plugin: request wait on the disk (issue 31:
    // ~10 ms a buffer file on a loaded machine, most of plugin:'s cost per request).
    std::fstream out(path_, std::ios::binary | std::ios::in | std::ios::out);
    out.write(reinterpret_cast<const char*>(pages_.begin()), std::streamsize(end));
    if (!out) throw std::runtime_error("cannot write " + path_);
  }

 private:
  static constexpr unsigned char kSlackByte = 0xC3;
  std::string path_, role_;
  size_t offset_ = 0, bytes_ = 0, size_ = 0;
  validator::GuardPages pages_;
};

OperatorDesc Descriptor(const json& request) {
  const std::string op_name = request.at("operator");
  const std::optional<OperatorType> op = ParseOperatorType(op_name);
  if (!op) throw std::runtime_error("unknown operator '" + op_name + "'");
  return validator::ParseDescriptorText(*op, request.at("descriptor").dump(),
                                        "request " + request.at("id").dump());
}

FeatureLevel Level(const json& request) {
  const std::optional<FeatureLevel> level =
      ParseFeatureLevel(request.at("feature_level").get<std::string>());
  if (!level) throw std::runtime_error("unknown feature level");
  return *level;
}

// The name only when the plug-in's table gives one: dmlconf then calls the
// backend by its spec, as it would any program that declares no name.
json Describe(const Backend& plugin) {
  json reply = {{"status", "ok"},
                {"max_feature_level", FeatureLevelName(plugin.MaxFeatureLevel())},
                {"reports_reason_codes", plugin.ReportsReasonCodes()}};
  if (!plugin.Name().empty()) reply["name"] = plugin.Name();
  return reply;
}

json Create(Backend& plugin, const json& request) {
  const CreateAnswer a = plugin.Create(Descriptor(request), Level(request));
  switch (a.kind) {
    case CreateAnswer::Kind::kAccepted: return {{"status", "ok"}};
    case CreateAnswer::Kind::kUnsupported:
      return {{"status", "unsupported"}, {"message", a.message}};
    case CreateAnswer::Kind::kRejected: break;
  }
  json reply = {{"status", "rejected"}, {"message", a.message}};
  if (a.reason) reply["reason"] = ReasonName(*a.reason);
  return reply;
}

json Execute(Backend& plugin, const json& request) {
  std::vector<FileBuffer> inputs, outputs;
  Bindings bindings;
  for (const json& entry : request.at("inputs"))
    bindings.inputs.push_back(inputs.emplace_back(entry).tensor());
  for (const json& entry : request.at("outputs"))
    bindings.outputs.push_back(outputs.emplace_back(entry).tensor());
  const ExecuteResult r = plugin.Execute(Descriptor(request), Level(request), bindings);
  // Inputs too, and whatever execute() answered: a plug-in that wrote one, or past
  // any buffer, is caught by dmlconf's comparison of the files.
  for (FileBuffer& b : inputs) b.WriteBack();
  for (FileBuffer& b : outputs) b.WriteBack();
  if (r.kind == ExecuteResult::Kind::kUnsupported)
    return {{"status", "unsupported"}, {"message", r.message}};
  if (!r.ok()) return {{"status", "error"}, {"message", r.message}};
  return {{"status", "ok"}};
}

json Answer(Backend& plugin, const json& request) {
  const std::string action = request.at("action");
  if (action == "describe") return Describe(plugin);
  if (action == "create") return Create(plugin, request);
  if (action == "execute") return Execute(plugin, request);
  throw std::runtime_error("unknown action '" + action + "'");
}

int Serve(const std::string& path) {
  // The protocol keeps the real stdout; whatever the plug-in prints goes to
  // stderr, where dmlconf quotes it, instead of corrupting a reply.
  FILE* protocol = fdopen(dup(STDOUT_FILENO), "w");
  dup2(STDERR_FILENO, STDOUT_FILENO);
  validator::InstallGuardFaultHandler("dmlconf-plugin-host: ");
  std::unique_ptr<Backend> plugin = LoadPluginBackend(path, "");
  std::string line;
  while (std::getline(std::cin, line)) {
    json reply;
    json request;
    try {
      request = json::parse(line);
      reply = Answer(*plugin, request);
    } catch (const std::exception& e) {
      // The runner turns this into an `error` for the case: dmlconf cannot
      // judge a request the host could not carry out.
      std::cerr << "dmlconf-plugin-host: " << e.what() << "\n";
      reply = {{"status", "host-error"}, {"message", e.what()}};
    }
    reply["id"] = request.is_object() && request.contains("id") ? request["id"] : json(nullptr);
    std::fputs((reply.dump() + "\n").c_str(), protocol);
    std::fflush(protocol);
  }
  return 0;
}

}  // namespace
}  // namespace dmlconf

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: dmlconf-plugin-host PATH.so (dmlconf starts it for plugin:PATH)\n";
    return 2;
  }
  try {
    return dmlconf::Serve(argv[1]);
  } catch (const std::exception& e) {
    std::cerr << "dmlconf-plugin-host: " << e.what() << "\n";
    return 1;
  }
}
