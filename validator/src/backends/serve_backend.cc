// The persistent backend (protocol 2, validator/BACKENDS.md): the program is
// started once and answers one JSON line per request over its stdin and
// stdout; buffers travel in files of a per-run folder, with guard bytes on
// both sides and the tensor at an offset that obeys contract point T1.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "backends/child_registry.h"
#include "backends/descriptor_json.h"
#include "backends/protocol_replies.h"
#include "backends/regular_file.h"
#include "dmlconf/validator/external_backends.h"
#include "run/guarded_buffer.h"

namespace dmlconf {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

// A reply longer than this is not an answer but a runaway program.
constexpr size_t kMaxReplyBytes = protocol::kMaxReplyLineBytes;
// What of a message the program sent a verdict quotes: reports repeat it per case.
constexpr size_t kQuotedMessageBytes = 4096;
// What of the program's standard error a verdict quotes.
constexpr size_t kQuotedErrorBytes = 2048;
constexpr int kRestartsBeforeGivingUp = 3;
// How often a wait for a reply checks that the program is still alive.
constexpr int64_t kExitCheckMs = 50;
// How long a program whose pipes closed may take to exit, for the verdict to say how.
constexpr std::chrono::milliseconds kExitGrace{500};

void WriteFile(const fs::path& path, const std::byte* data, size_t size) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
  if (!out) throw BackendError("cannot write " + path.string());
}

// The end of a file from `from` on, at most kQuotedErrorBytes.
std::string TailOf(const fs::path& path, std::streamoff from) {
  std::ifstream in(path, std::ios::binary);
  in.seekg(0, std::ios::end);
  const std::streamoff end = in.tellg();
  if (end <= from || end < 0) return {};
  const std::streamoff start = std::max(from, end - std::streamoff(kQuotedErrorBytes));
  std::string text(size_t(end - start), '\0');
  in.seekg(start);
  in.read(text.data(), std::streamsize(text.size()));
  return (start > from ? "..." : "") + text;
}

// One buffer file: the runner's tensor bytes between guard bytes of our own,
// placed as contract point T1 says.
struct BufferFile {
  fs::path path;
  std::string role;
  size_t lead = 0, bytes = 0;
  std::vector<std::byte> guards_and_data;  // what was written, to compare afterwards
  bool kept = false;                       // --keep-run-dir: the file stays, and is named

  // What a message calls the file: by its role, since it is deleted after the reply.
  std::string Name() const {
    return role + "'s buffer file" + (kept ? " " + path.string() : std::string());
  }
  bool InTensor(size_t at) const { return at >= lead && at < lead + bytes; }
  // A byte of the file as DescribeOffset counts it: from the tensor's start.
  std::string Describe(uint64_t at) const {
    return validator::DescribeOffset(std::ptrdiff_t(at) - std::ptrdiff_t(lead), bytes, role);
  }
};

// What the program left of a buffer file.
struct FileState {
  std::string why;                 // set when it is no longer a readable regular file
  uint64_t size = 0;               // its real size
  std::vector<std::byte> bytes;    // its first bytes, at most as many as were written
  std::optional<uint64_t> landed;  // where a write past the written end landed
};

FileState ReadState(const BufferFile& f) {
  FileState s;
  const int fd = regular_file::Open(f.path, &s.size, &s.why);
  if (fd < 0) return s;
  const uint64_t written = f.guards_and_data.size();
  s.bytes.resize(size_t(std::min<uint64_t>(s.size, written)));
  if (!regular_file::ReadAt(fd, s.bytes.data(), s.bytes.size(), 0))
    s.why = "could not be read whole";
  if (s.size > written) s.landed = regular_file::WriteLandedAt(fd, written, s.size);
  close(fd);
  return s;
}

// The first changed byte of the file that `counts` (a byte offset in the file),
// then a write past its end; nullopt when neither.
template <class Counts>
std::optional<uint64_t> FirstChange(const BufferFile& f, const FileState& s, Counts counts) {
  for (size_t b = 0; b < s.bytes.size(); ++b)
    if (s.bytes[b] != f.guards_and_data[b] && counts(b)) return b;
  return s.landed;
}

// "guard byte 5000 after the end of OutputTensor (its buffer is 64 bytes) changed",
// with the file's real size when it grew.
std::string StrayText(const BufferFile& f, const FileState& s, uint64_t at) {
  std::string text = f.Describe(at) + " changed";
  if (s.size > f.guards_and_data.size())
    text += "; the buffer file grew from " + std::to_string(f.guards_and_data.size()) + " to " +
            std::to_string(s.size) + " bytes";
  return text;
}

class ServeBackend final : public Backend {
 public:
  ServeBackend(std::string command, std::chrono::milliseconds timeout, std::string name,
               std::string spec)
      : command_(std::move(command)),
        name_(std::move(name)),
        spec_(!spec.empty()    ? std::move(spec)
              : !name_.empty() ? name_
                               : "serve:" + command_),
        timeout_(timeout),
        keep_(KeepingRunFolders()) {
    signal(SIGPIPE, SIG_IGN);  // a program that dies must not take dmlconf with it
    children::Checkpoint();
    std::string pattern = (fs::temp_directory_path() / "dmlconf-serve-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr)
      throw BackendError("cannot create a run folder: " + std::string(strerror(errno)));
    root_ = pattern;
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

  std::string TakeStderr() override {
    const std::streamoff size = ErrorLogSize();
    if (size <= taken_from_) return {};
    std::string said = TailOf(root_ / "stderr.log", taken_from_);
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
                         protocol::Quote(code, 200) +
                         "', not a reason code (dmlconf reasons)");
    return CreateAnswer::Rejected(reason && *reason != Reason::OK ? reason : std::nullopt,
                                  message);
  }

  ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level,
                        const Bindings& bindings) override {
    json request = OperatorRequest("execute", desc, level);
    request["created"] = created_;
    const uint64_t id = request["id"];
    std::vector<BufferFile> inputs = WriteBuffers(InputSlots(desc), bindings.inputs, id, "in");
    std::vector<BufferFile> outputs = WriteBuffers(OutputSlots(desc), bindings.outputs, id, "out");
    request["inputs"] = BufferListJson(inputs);
    request["outputs"] = BufferListJson(outputs);
    const auto cleanup = [&] {
      if (keep_) return;
      std::error_code ignored;
      for (const auto* list : {&inputs, &outputs})
        for (const BufferFile& f : *list) fs::remove(f.path, ignored);
    };
    try {
      const protocol::Reply reply = Ask(request, protocol::Action::kExecute);
      // Gone while the program ran: its buffer files with it, which is no
      // verdict about the program.
      StopIfFolderGone();
      ExecuteResult result = ReadBack(reply, inputs, outputs, bindings);
      cleanup();
      return result;
    } catch (...) {
      cleanup();
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

  template <class Pointer>
  std::vector<BufferFile> WriteBuffers(const std::vector<TensorSlot>& slots,
                                       const std::vector<Pointer>& pointers, uint64_t id,
                                       const char* kind) {
    std::vector<BufferFile> files;
    for (size_t i = 0; i < slots.size(); ++i) {
      const TensorDesc& d = *slots[i].desc;
      BufferFile f;
      f.path = root_ / (std::to_string(id) + "-" + kind + std::to_string(i) + ".bin");
      f.role = slots[i].role;
      f.bytes = d.TotalBytes();
      // The same placement the runner's own buffers get: guards, then the
      // tensor at an odd multiple of its binding alignment.
      f.lead = validator::LeadBytes(d.guaranteed_base_offset_alignment);
      f.kept = keep_;
      f.guards_and_data.resize(f.lead + f.bytes + validator::kGuardBytes);
      for (size_t b = 0; b < f.guards_and_data.size(); ++b)
        f.guards_and_data[b] = validator::PatternByte(validator::Pattern::kGuard, uint32_t(300 + i), b);
      std::memcpy(f.guards_and_data.data() + f.lead, pointers[i], f.bytes);
      WriteFile(f.path, f.guards_and_data.data(), f.guards_and_data.size());
      files.push_back(std::move(f));
    }
    return files;
  }

  static json BufferListJson(const std::vector<BufferFile>& files) {
    json list = json::array();
    for (const BufferFile& f : files)
      list.push_back({{"path", f.path.string()}, {"role", f.role}, {"offset", f.lead},
                      {"bytes", f.bytes}});
    return list;
  }

  // The reply's verdict, after the buffer files are checked as the runner checks
  // its own buffers: a write outside every tensor, or into an input, fails the
  // case whatever the program answered. On `ok` the tensor bytes are copied back
  // for the runner to judge as it judges every backend.
  ExecuteResult ReadBack(const protocol::Reply& reply, const std::vector<BufferFile>& inputs,
                         const std::vector<BufferFile>& outputs, const Bindings& bindings) {
    std::optional<ExecuteResult> problem;  // what is wrong short of a stray write
    // A stray write stands whatever the reply was; the reply is said too.
    const std::string answered =
        reply.status == "ok" ? ""
                             : " (it answered " + reply.status + ": " +
                                   protocol::Quote(reply.message, kQuotedMessageBytes) + ")";
    for (const BufferFile& f : inputs) {
      const FileState s = ReadState(f);
      if (!s.why.empty()) {
        problem = problem.value_or(
            ExecuteResult::Failed("the program left " + f.Name() + " that " + s.why));
        continue;
      }
      if (auto at = FirstChange(f, s, [](size_t) { return true; }))
        return f.InTensor(*at)
                   ? ExecuteResult::StrayWriteInput("wrote its input: " + StrayText(f, s, *at) +
                                                    answered)
                   : ExecuteResult::StrayWrite(
                         "wrote outside its input buffer: " + StrayText(f, s, *at) + answered);
      if (s.size < f.guards_and_data.size())
        return ExecuteResult::StrayWriteInput(
            "wrote its input: the program left " + f.Name() + " with " + std::to_string(s.size) +
            " of its " + std::to_string(f.guards_and_data.size()) + " bytes" + answered);
    }
    std::vector<FileState> states;
    for (const BufferFile& f : outputs) {
      FileState& s = states.emplace_back(ReadState(f));
      if (!s.why.empty()) {
        problem = problem.value_or(
            ExecuteResult::Failed("the program left " + f.Name() + " that " + s.why));
        continue;
      }
      if (auto at = FirstChange(f, s, [&](size_t b) { return !f.InTensor(b); }))
        return ExecuteResult::StrayWrite(
            "wrote outside its output buffer: " + StrayText(f, s, *at) + answered);
      if (s.size < f.guards_and_data.size())
        problem = problem.value_or(ExecuteResult::Failed(
            "the program left " + f.Name() + " with " + std::to_string(s.size) +
            " bytes; it must keep its " + std::to_string(f.guards_and_data.size())));
    }
    const std::string message = reply.message.empty()
                                    ? std::string("no message")
                                    : protocol::Quote(reply.message, kQuotedMessageBytes);
    if (reply.status == "unsupported") return ExecuteResult::Unsupported(message);
    if (reply.status == "error") return ExecuteResult::Failed("execute answered error: " + message);
    if (problem) return *problem;
    for (size_t i = 0; i < outputs.size(); ++i)
      std::memcpy(bindings.outputs[i], states[i].bytes.data() + outputs[i].lead, outputs[i].bytes);
    return ExecuteResult::Done();
  }

  // --- the process ---------------------------------------------------------

  void Start() {
    children::Checkpoint();
    int to_child[2], from_child[2];
    if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0)
      throw BackendError("cannot start " + spec_ + ": pipe: " + strerror(errno));
    const fs::path log = root_ / "stderr.log";
    children::ReapAdopted();
    quoted_from_ = ErrorLogSize();
    std::fflush(nullptr);  // the child must not inherit pending output
    pid_ = fork();
    if (pid_ < 0) throw BackendError("cannot start " + spec_ + ": fork: " + strerror(errno));
    if (pid_ == 0) {
      setpgid(0, 0);  // its own group, so a kill reaches its children too
      children::ResetSignalsForExec();
      prctl(PR_SET_PDEATHSIG, SIGKILL);  // dmlconf killed outright: the program goes too
      dup2(to_child[0], STDIN_FILENO);
      dup2(from_child[1], STDOUT_FILENO);
      const int err = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
      if (err >= 0) dup2(err, STDERR_FILENO);
      const std::string script = "exec " + command_;
      execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    setpgid(pid_, pid_);
    children::AddGroup(pid_);
    close(to_child[0]);
    close(from_child[1]);
    to_ = to_child[1];
    from_ = from_child[0];
    pending_.clear();
    Describe();
  }

  void Describe() {
    const protocol::Reply reply =
        Ask({{"protocol", 2}, {"id", ++last_id_}, {"action", "describe"}},
            protocol::Action::kDescribe, /*restart=*/false);
    max_level_ = reply.max_feature_level;
    reports_reason_codes_ = reply.reports_reason_codes;
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
    if (pid_ > 0) return;
    std::string last;
    for (int attempt = 0; attempt < kRestartsBeforeGivingUp; ++attempt) {
      try {
        Start();
        return;
      } catch (const BackendError& e) {
        last = e.what();
        Kill();
      }
    }
    throw RunAborted(spec_ + " could not be restarted " + std::to_string(kRestartsBeforeGivingUp) +
                     " times in a row: " + last);
  }

  // Sends one request and returns the reply, whose status must be one of
  // `allowed`. Anything else kills the program (it is restarted before the
  // next request) and throws BackendError: the case at hand is an `error`.
  protocol::Reply Ask(const json& request, protocol::Action action, bool restart = true) {
    if (restart) EnsureRunning();
    StopIfFolderGone();
    // What the program wrote since its last good reply or its start: a
    // plug-in that dies while loading says why before describe is even sent.
    const std::streamoff err_from = quoted_from_;
    const std::string line = request.dump() + "\n";
    std::string reply_line;
    lost_.reset();
    std::string problem = Send(line);
    if (problem.empty()) problem = ReceiveLine(&reply_line);
    protocol::Reply reply;
    if (problem.empty()) problem = Check(reply_line, request["id"].get<uint64_t>(), action, &reply);
    if (problem.empty()) {
      quoted_from_ = ErrorLogSize();
      return reply;
    }
    Kill();
    std::string quoted = TailOf(root_ / "stderr.log", err_from);
    const std::string what = spec_ + ": " + request.value("action", std::string()) + " request " +
                             std::to_string(request.value("id", uint64_t(0))) + ": " + problem +
                             (quoted.empty() ? "" : "; its standard error says: " + quoted);
    if (lost_) throw BackendProcessLost(*lost_, what);
    throw BackendError(what);
  }

  void StopIfFolderGone() const {
    children::Checkpoint();  // gone because dmlconf is being interrupted: not this
    if (!fs::is_directory(root_))
      throw RunAborted("the run folder " + root_.string() + " of backend " + spec_ +
                       " disappeared during the run (run folders live under $TMPDIR, /tmp when "
                       "it is unset; something removed it)");
  }

  std::string Send(const std::string& line) {
    size_t done = 0;
    while (done < line.size()) {
      const ssize_t n = write(to_, line.data() + done, line.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        lost_ = BackendProcessLost::How::kCrashed;
        return "the program is gone (its standard input is closed)" + ExitText(kExitGrace);
      }
      done += size_t(n);
    }
    return {};
  }

  // One line from the program's stdout, within the timeout.
  std::string ReceiveLine(std::string* line) {
    const auto deadline = Clock::now() + timeout_;
    for (;;) {
      if (const size_t nl = pending_.find('\n'); nl != std::string::npos) {
        *line = pending_.substr(0, nl);
        pending_.erase(0, nl + 1);
        return {};
      }
      if (pending_.size() > kMaxReplyBytes)
        return "the reply is longer than " + std::to_string(kMaxReplyBytes) + " bytes";
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) {
        lost_ = BackendProcessLost::How::kTimedOut;
        return "no reply within " + std::to_string(timeout_.count()) + " ms (timeout); killed";
      }
      pollfd p{from_, POLLIN, 0};
      const int ready = poll(&p, 1, int(std::min<int64_t>(left.count(), kExitCheckMs)));
      if (ready == 0) {
        // A child the program started may hold its stdout open after the
        // program died: no end of file comes, so look for the exit itself
        // rather than call a crash a timeout (and wait the whole timeout).
        // Its end is only looked at (WNOWAIT), then the pipe once more: a
        // reply written just before it exited is still a reply.
        siginfo_t ended{};
        if (waitid(P_PID, id_t(pid_), &ended, WEXITED | WNOHANG | WNOWAIT) != 0 ||
            ended.si_pid != pid_)
          continue;
        pollfd again{from_, POLLIN, 0};
        if (poll(&again, 1, 0) > 0) continue;
        lost_ = BackendProcessLost::How::kCrashed;
        return "the program exited before replying" + ExitText();
      }
      if (ready < 0) continue;
      char chunk[65536];
      const ssize_t n = read(from_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        lost_ = BackendProcessLost::How::kCrashed;
        return "the program exited or closed its output before replying" + ExitText(kExitGrace);
      }
      pending_.append(chunk, size_t(n));
    }
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

  std::streamoff ErrorLogSize() const {
    std::error_code error;
    const auto size = fs::file_size(root_ / "stderr.log", error);
    return error ? 0 : std::streamoff(size);
  }

  // " (exit status 3)" when the program has ended, to say how; waits up to
  // `grace` for a program whose pipes closed to finish exiting.
  std::string ExitText(std::chrono::milliseconds grace = {}) {
    int status = 0;
    if (pid_ <= 0) return {};
    const auto until = Clock::now() + grace;
    pid_t ended;
    while ((ended = waitpid(pid_, &status, WNOHANG)) == 0 && Clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (ended != pid_) return {};
    const pid_t was = pid_;
    pid_ = -1;
    CloseStreams();
    kill(-was, SIGKILL);  // its children, if it left any
    children::RemoveGroup(was);
    if (WIFEXITED(status)) return " (exit status " + std::to_string(WEXITSTATUS(status)) + ")";
    return " (killed by signal " + std::to_string(WTERMSIG(status)) + ")";
  }

  void CloseStreams() {
    if (to_ >= 0) close(to_);
    if (from_ >= 0) close(from_);
    to_ = from_ = -1;
  }

  // The whole process group, at once: a program that misbehaved is not asked twice.
  void Kill() {
    CloseStreams();
    if (pid_ <= 0) return;
    kill(-pid_, SIGKILL);
    while (waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
    children::RemoveGroup(pid_);
    pid_ = -1;
  }

  // End of the run: stdin closed, then SIGTERM after 5 s, SIGKILL after 5 more.
  void Stop() {
    CloseStreams();
    if (pid_ <= 0) return;
    for (int sig : {0, SIGTERM, SIGKILL}) {
      if (sig != 0) kill(-pid_, sig);
      const auto deadline = Clock::now() + std::chrono::seconds(5);
      while (Clock::now() < deadline) {
        if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
          kill(-pid_, SIGKILL);  // children it left behind
          children::RemoveGroup(pid_);
          pid_ = -1;
          return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
    }
  }

  void Cleanup() {
    Stop();
    if (keep_) return;
    std::error_code ignored;
    fs::remove_all(root_, ignored);
    children::RemoveFolder(root_);
  }

  std::string command_;
  std::string name_;  // forced (directml), or empty: the describe name, else spec_
  std::string spec_;  // what started it, for messages about the process
  std::string declared_name_, version_, description_;  // from the first describe
  bool described_ = false;
  std::chrono::milliseconds timeout_;
  bool keep_ = false;              // --keep-run-dir: the run folder and every buffer file stay
  std::streamoff taken_from_ = 0;  // stderr.log's size at the last TakeStderr
  fs::path root_;
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string pending_;
  // Why the request at hand failed, when the process itself was lost.
  std::optional<BackendProcessLost::How> lost_;  // read from the program, not yet a whole line
  uint64_t last_id_ = 0;
  std::streamoff quoted_from_ = 0;  // stderr.log's size after the last good reply
  uint64_t created_ = 0;  // the id of the last create, for execute's `created`
  FeatureLevel max_level_ = kHighestFeatureLevel;
  bool reports_reason_codes_ = false;
};

}  // namespace

std::unique_ptr<Backend> MakeServeBackend(std::string command, std::chrono::milliseconds timeout,
                                          std::string name, std::string spec) {
  return std::make_unique<ServeBackend>(std::move(command), timeout, std::move(name),
                                        std::move(spec));
}

}  // namespace dmlconf
