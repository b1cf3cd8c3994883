// The persistent backend (protocol 2, validator/BACKENDS.md): the program is
// started once and answers one JSON line per request over its stdin and
// stdout. This file is the protocol: requests and their ids, replies and what
// they may say, the backend's identity, restarts. The buffers travel in files
// of a per-run folder (serve_buffer_files.h); the program's process is
// serve_process.h's.
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>

#include "backends/descriptor_json.h"
#include "backends/protocol_replies.h"
#include "backends/serve_buffer_files.h"
#include "backends/serve_process.h"
#include "dmlconf/validator/external_backends.h"
#include "platform/child_registry.h"

namespace dmlconf {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// What of a message the program sent a verdict quotes: reports repeat it per case.
constexpr size_t kQuotedMessageBytes = 4096;
constexpr int kRestartsBeforeGivingUp = 3;

// The run folder, made before the program starts: the program's standard
// error log and every request's buffer files live there.
fs::path MakeRunFolder() {
  children::Checkpoint();
  std::string pattern = (fs::temp_directory_path() / "dmlconf-serve-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr)
    throw BackendError("cannot create a run folder: " + std::string(strerror(errno)));
  return pattern;
}

class ServeBackend final : public Backend {
 public:
  ServeBackend(std::string command, std::chrono::milliseconds timeout, std::string name,
               std::string spec)
      : name_(std::move(name)),
        spec_(!spec.empty()    ? std::move(spec)
              : !name_.empty() ? name_
                               : "serve:" + command),
        timeout_(timeout),
        keep_(KeepingRunFolders()),
        root_(MakeRunFolder()),
        process_(std::move(command), spec_, root_ / "stderr.log") {
    if (!keep_) children::AddFolder(root_);  // kept: no clean-up may remove it
    try {
      Start();
    } catch (...) {
      Cleanup();
      throw;
    }
  }
  ~ServeBackend() override { Cleanup(); }

  // The name given, else the one the first describe answered, else the spec.
  std::string Name() const override {
    return !name_.empty() ? name_ : !declared_name_.empty() ? declared_name_ : spec_;
  }
  std::string Version() const override { return version_; }
  std::string Description() const override { return description_; }
  std::string RunFolder() const override { return keep_ ? root_.string() : std::string(); }
  FeatureLevel MaxFeatureLevel() const override { return max_level_; }
  bool ReportsReasonCodes() const override { return reports_reason_codes_; }
  bool RunsOutOfProcess() const override { return true; }
  bool SpreadsCases() const override { return spread_cases_; }

  std::string TakeStderr() override {
    const std::streamoff size = process_.LogSize();
    if (size <= taken_from_) return {};
    std::string said = process_.LogSince(taken_from_);
    taken_from_ = size;
    return said;
  }

  CreateAnswer Create(const OperatorDesc& desc, FeatureLevel level) override {
    json request = OperatorRequest("create", desc, level);
    const protocol::Reply reply = Ask(request, protocol::Action::kCreate);
    created_ = request["id"].get<uint64_t>();
    const std::string message = protocol::Quote(reply.message, kQuotedMessageBytes);
    if (reply.status == "ok") return CreateAnswer::Accepted();
    if (reply.status == "unsupported")
      return CreateAnswer::Unsupported(message.empty() ? "no reason given" : message);
    const std::string& code = reply.reason;
    const std::optional<Reason> reason = ParseReason(code);
    if (reports_reason_codes_ && (!reason || *reason == Reason::OK))
      throw BackendError(Name() + ": create answered rejected with reason '" +
                         protocol::Quote(code, 200) + "', not a reason code (dmlconf reasons)");
    return CreateAnswer::Rejected(reason && *reason != Reason::OK ? reason : std::nullopt, message);
  }

  ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level,
                        const Bindings& bindings) override {
    json request = OperatorRequest("execute", desc, level);
    request["created"] = created_;
    const std::string id = std::to_string(request["id"].get<uint64_t>());
    const std::vector<serve::BufferFile> inputs =
        serve::WriteBufferFiles(root_, id + "-in", InputSlots(desc), bindings.inputs.data(), keep_);
    std::vector<serve::BufferFile> outputs;
    try {
      outputs = serve::WriteBufferFiles(root_, id + "-out", OutputSlots(desc),
                                        bindings.outputs.data(), keep_);
      request["inputs"] = serve::BufferListJson(inputs);
      request["outputs"] = serve::BufferListJson(outputs);
      const protocol::Reply reply = Ask(request, protocol::Action::kExecute);
      // Gone while the program ran: its buffer files with it, which is no
      // verdict about the program.
      StopIfFolderGone();
      ExecuteResult result = serve::ReadBack(reply, inputs, outputs, bindings);
      serve::RemoveBufferFiles(inputs);
      serve::RemoveBufferFiles(outputs);
      return result;
    } catch (...) {
      serve::RemoveBufferFiles(inputs);
      serve::RemoveBufferFiles(outputs);
      throw;
    }
  }

 private:
  json OperatorRequest(const char* action, const OperatorDesc& desc, FeatureLevel level) {
    // A restart first: its describe takes the next id, so the ids the program
    // sees keep increasing (a restart inside Ask would send describe 7, then create 6).
    EnsureRunning();
    return {{"protocol", 2},
            {"id", ++last_id_},
            {"action", action},
            {"operator", OperatorName(TypeOf(desc))},
            {"feature_level", FeatureLevelName(level)},
            {"descriptor", DescriptorJson(desc)}};
  }

  void Start() {
    quoted_from_ = process_.LogSize();
    process_.Start();
    Describe();
  }

  void Describe() {
    const protocol::Reply reply = Ask({{"protocol", 2}, {"id", ++last_id_}, {"action", "describe"}},
                                      protocol::Action::kDescribe, /*restart=*/false);
    max_level_ = reply.max_feature_level;
    reports_reason_codes_ = reply.reports_reason_codes;
    spread_cases_ = reply.spread_cases;
    // The first describe fixes the identity: a restarted program answering
    // another name must not split one run's results in two.
    if (!described_) {
      declared_name_ = reply.name;
      version_ = reply.version;
      description_ = reply.description;
      described_ = true;
    }
  }

  // Restarts a program that misbehaved before the next request; gives up
  // (stopping the run) when it cannot be brought back.
  void EnsureRunning() {
    if (process_.Running()) return;
    std::string last;
    for (int attempt = 0; attempt < kRestartsBeforeGivingUp; ++attempt) {
      try {
        Start();
        return;
      } catch (const BackendError& e) {
        last = e.what();
        process_.Kill();
      }
    }
    throw RunAborted(spec_ + " could not be restarted " + std::to_string(kRestartsBeforeGivingUp) +
                     " times in a row: " + last);
  }

  // Sends one request and returns its reply, which protocol::ParseServeReply
  // has checked against the request's id and against what `action` allows.
  // Anything short of that kills the program (restarted before the next
  // request, unless `restart` is false: the describe Start itself sends) and
  // throws, quoting what the program wrote on its standard error meanwhile:
  // BackendProcessLost when it died or did not answer in time (the case is an
  // `error` of kind crash or timeout), else BackendError (kind backend_error).
  protocol::Reply Ask(const json& request, protocol::Action action, bool restart = true) {
    if (restart) EnsureRunning();
    StopIfFolderGone();
    // What the program wrote since its last good reply or its start: a
    // plug-in that dies while loading says why before describe is even sent.
    const std::streamoff err_from = quoted_from_;
    const serve::Exchanged x = process_.Exchange(request.dump() + "\n", timeout_);
    protocol::Reply reply;
    std::string problem = x.problem;
    if (problem.empty()) problem = Check(x.reply, request["id"].get<uint64_t>(), action, &reply);
    if (problem.empty()) {
      quoted_from_ = process_.LogSize();
      return reply;
    }
    process_.Kill();
    const std::string quoted = process_.LogSince(err_from);
    const std::string what = spec_ + ": " + request.value("action", std::string()) + " request " +
                             std::to_string(request.value("id", uint64_t(0))) + ": " + problem +
                             (quoted.empty() ? "" : "; its standard error says: " + quoted);
    if (x.lost) throw BackendProcessLost(*x.lost, what);
    throw BackendError(what);
  }

  void StopIfFolderGone() const {
    children::Checkpoint();  // gone because dmlconf is being interrupted: not this
    if (!fs::is_directory(root_))
      throw RunAborted("the run folder " + root_.string() + " of backend " + spec_ +
                       " disappeared during the run (run folders live under $TMPDIR, /tmp when "
                       "it is unset; something removed it)");
  }

  // "" and the checked reply, or what is wrong with it.
  static std::string Check(const std::string& line, uint64_t id, protocol::Action action,
                           protocol::Reply* reply) {
    try {
      *reply = protocol::ParseServeReply(line, id, action);
      return {};
    } catch (const protocol::ProtocolError& e) {
      return e.what();
    }
  }

  void Cleanup() {
    process_.Stop();
    if (keep_) return;
    std::error_code ignored;
    fs::remove_all(root_, ignored);
    children::RemoveFolder(root_);
  }

  std::string name_;  // forced (directml), or empty: the describe name, else spec_
  std::string spec_;  // what started it, for messages about the process
  std::string declared_name_, version_, description_;  // from the first describe
  bool described_ = false;
  std::chrono::milliseconds timeout_;
  bool keep_ = false;  // --keep-run-dir: the run folder and every buffer file stay
  fs::path root_;
  serve::Process process_;
  std::streamoff taken_from_ = 0;   // stderr.log's size at the last TakeStderr
  std::streamoff quoted_from_ = 0;  // stderr.log's size after the last good reply
  uint64_t last_id_ = 0;
  uint64_t created_ = 0;  // the id of the last create, for execute's `created`
  FeatureLevel max_level_ = kHighestFeatureLevel;
  bool reports_reason_codes_ = false;
  bool spread_cases_ = false;
};

}  // namespace

std::unique_ptr<Backend> MakeServeBackend(std::string command, std::chrono::milliseconds timeout,
                                          std::string name, std::string spec) {
  return std::make_unique<ServeBackend>(std::move(command), timeout, std::move(name),
                                        std::move(spec));
}

}  // namespace dmlconf
