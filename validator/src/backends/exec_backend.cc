// The process backend: for each create and execute, a request directory with
// request.json and raw buffers; the program answers with result.json and the
// output files. The exchange is documented in validator/BACKENDS.md.
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <system_error>
#include <utility>

#include "backends/descriptor_json.h"
#include "backends/protocol_replies.h"
#include "dmlconf/validator/external_backends.h"
#include "platform/child_process.h"
#include "platform/child_registry.h"
#include "platform/guarded_buffer.h"
#include "platform/regular_file.h"

namespace dmlconf {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// What of a message the program wrote (result.json's "message" or "reason")
// a verdict quotes: reports repeat it per case.
constexpr size_t kQuotedMessageBytes = 4096;

// One entry per buffer of a slot list: its file, role and exact byte size.
json BufferList(const std::vector<TensorSlot>& slots, const char* prefix) {
  json list = json::array();
  for (size_t i = 0; i < slots.size(); ++i)
    list.push_back({{"file", prefix + std::to_string(i) + ".bin"},
                    {"role", slots[i].role},
                    {"bytes", slots[i].desc->TotalBytes()}});
  return list;
}

void WriteFile(const fs::path& path, const void* data, size_t size) {
  std::ofstream out(path, std::ios::binary);
  out.write(static_cast<const char*>(data), std::streamsize(size));
  if (!out) throw BackendError("cannot write " + path.string());
}

// What of the program's output a message quotes: its end, where the error is.
constexpr size_t kQuotedOutputBytes = 4096;

// The last few KiB a program printed and how many bytes before them were cut;
// the file itself may be any size, only its end is read.
std::string RawTail(const fs::path& path, uint64_t* cut) {
  uint64_t size = 0;
  std::string why;
  *cut = 0;
  const int fd = regular_file::Open(path, &size, &why);
  if (fd < 0) return "";
  *cut = size > kQuotedOutputBytes ? size - kQuotedOutputBytes : 0;
  std::string text(size_t(size - *cut), '\0');
  if (!regular_file::ReadAt(fd, text.data(), text.size(), *cut)) text.clear();
  close(fd);
  return text;
}

// The same for a message about the program's failure.
std::string Tail(const fs::path& path) {
  uint64_t cut = 0;
  const std::string text = RawTail(path, &cut);
  if (text.empty()) return "";
  return "; its output ends" + (cut > 0 ? " (" + std::to_string(cut) + " bytes cut)" : "") + ": " +
         text;
}

// What a request's file now holds compared with the `want` bytes of `expected`
// it must hold: the first changed byte, a write past its end, or a shorter file.
struct FileCheck {
  std::string why;  // not a regular file any more
  uint64_t size = 0;
  std::optional<uint64_t> changed;  // first differing byte within `want`
  std::optional<uint64_t> landed;   // where a write past `want` landed
};

FileCheck CheckFile(const fs::path& file, const std::byte* expected, uint64_t want) {
  FileCheck c;
  const int fd = regular_file::Open(file, &c.size, &c.why);
  if (fd < 0) return c;
  std::vector<std::byte> now(size_t(std::min(c.size, want)));
  if (!regular_file::ReadAt(fd, now.data(), now.size(), 0)) c.why = "could not be read whole";
  for (size_t b = 0; b < now.size() && c.why.empty(); ++b)
    if (now[b] != expected[b]) {
      c.changed = b;
      break;
    }
  if (c.size > want) c.landed = regular_file::WriteLandedAt(fd, want, c.size);
  close(fd);
  return c;
}

// "byte 5000 after the end of OutputTensor (its buffer is 64 bytes); output_0.bin grew
// from 64 to 5065 bytes"
std::string PastTheEnd(const std::string& file, const TensorSlot& slot, uint64_t want,
                       const FileCheck& c) {
  return "byte " + std::to_string(*c.landed - want) + " after the end of " + slot.role +
         " (its buffer is " + std::to_string(want) + " bytes) changed; " + file + " grew from " +
         std::to_string(want) + " to " + std::to_string(c.size) + " bytes";
}

class ExecBackend final : public Backend {
 public:
  ExecBackend(std::string command, std::chrono::milliseconds timeout)
      : command_(std::move(command)), timeout_(timeout), keep_(KeepingRunFolders()) {
    children::Checkpoint();
    std::string pattern = (fs::temp_directory_path() / "dmlconf-exec-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr)
      throw BackendError("cannot create a request directory: " + std::string(strerror(errno)));
    root_ = pattern;
    if (!keep_) children::AddFolder(root_);  // kept: no clean-up may remove it
    try {
      Describe();
    } catch (...) {
      RemoveRoot();  // a describe that fails stops the run: nothing of it may remain
      throw;
    }
  }
  ~ExecBackend() override { RemoveRoot(); }

  std::string Name() const override { return declared_name_.empty() ? Spec() : declared_name_; }
  std::string Version() const override { return version_; }
  std::string Description() const override { return description_; }
  std::string RunFolder() const override { return keep_ ? root_.string() : std::string(); }
  FeatureLevel MaxFeatureLevel() const override { return max_level_; }
  bool ReportsReasonCodes() const override { return reports_reason_codes_; }
  bool SpreadsCases() const override { return spread_cases_; }

  std::string TakeStderr() override {
    std::string said = std::move(said_);
    said_.clear();
    return said;
  }

  CreateAnswer Create(const OperatorDesc& desc, FeatureLevel level) override {
    const fs::path dir = NewRequest("create", &desc, level);
    const protocol::Reply result = Run(dir, protocol::Action::kCreate);
    Done(dir);
    const std::string message = protocol::Quote(result.message, kQuotedMessageBytes);
    if (result.status == "ok") return CreateAnswer::Accepted();
    if (result.status == "unsupported")
      return CreateAnswer::Unsupported(result.reason.empty()
                                           ? std::string("the program does not implement it")
                                           : protocol::Quote(result.reason, kQuotedMessageBytes));
    const std::string& code = result.reason;
    if (std::optional<Reason> reason = ParseReason(code); reason && *reason != Reason::OK)
      return CreateAnswer::Rejected(*reason, message);
    if (reports_reason_codes_)
      throw BackendError(Spec() + ": create answered 'rejected' with reason '" +
                         protocol::Quote(code, 200) + "', not a reason code (dmlconf reasons)");
    return CreateAnswer::Rejected(
        std::nullopt, code.empty() ? message : protocol::Quote(code, 200) + ": " + message);
  }

  ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level,
                        const Bindings& bindings) override {
    const std::vector<TensorSlot> inputs = InputSlots(desc), outputs = OutputSlots(desc);
    const fs::path dir = NewRequest("execute", &desc, level);
    for (size_t i = 0; i < inputs.size(); ++i)
      WriteFile(dir / ("input_" + std::to_string(i) + ".bin"), bindings.inputs[i],
                inputs[i].desc->TotalBytes());
    // Outputs start as the runner left them (poisoned), so that bytes between
    // elements keep their value unless the program writes there.
    for (size_t i = 0; i < outputs.size(); ++i)
      WriteFile(dir / ("output_" + std::to_string(i) + ".bin"), bindings.outputs[i],
                outputs[i].desc->TotalBytes());
    const protocol::Reply result = Run(dir, protocol::Action::kExecute);
    // A write outside the outputs fails the case whatever the program answered.
    if (std::optional<ExecuteResult> stray = StrayWrite(dir, inputs, outputs, bindings)) {
      if (result.status != "ok")
        stray->message += " (it answered " + result.status + ": " +
                          protocol::Quote(!result.message.empty() ? result.message : result.reason,
                                          kQuotedMessageBytes) +
                          ")";
      return *stray;
    }
    // Support can depend on values (an index the program cannot handle):
    // declared at execute, it skips the case with the program's sentence.
    if (result.status == "unsupported")
      return ExecuteResult::Unsupported(protocol::Quote(!result.reason.empty() ? result.reason
                                                        : !result.message.empty()
                                                            ? result.message
                                                            : "no reason given",
                                                        kQuotedMessageBytes));
    if (result.status == "error")
      return ExecuteResult::Failed("execute answered 'error': " +
                                   protocol::Quote(result.message, kQuotedMessageBytes));
    for (size_t i = 0; i < outputs.size(); ++i)
      if (ExecuteResult read = ReadOutput(dir, i, outputs[i], bindings.outputs[i]); !read.ok())
        return read;
    Done(dir);
    return ExecuteResult::Done();
  }

 private:
  std::string Spec() const { return "exec:" + command_; }

  // A request that went well: its folder goes, unless asked to keep them all.
  void Done(const fs::path& dir) const {
    if (keep_) return;
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }

  // The files of a request as the runner checks its own buffers: an input
  // changed, or a file that grew past its tensor's bytes.
  std::optional<ExecuteResult> StrayWrite(const fs::path& dir,
                                          const std::vector<TensorSlot>& inputs,
                                          const std::vector<TensorSlot>& outputs,
                                          const Bindings& bindings) const {
    for (size_t i = 0; i < inputs.size(); ++i) {
      const std::string file = "input_" + std::to_string(i) + ".bin";
      const uint64_t want = inputs[i].desc->TotalBytes();
      const FileCheck c = CheckFile(dir / file, bindings.inputs[i], want);
      if (!c.why.empty()) continue;  // not the program's input any more; nothing to compare
      if (c.changed)
        return ExecuteResult::StrayWriteInput(
            "wrote its input: " +
            validator::DescribeOffset(std::ptrdiff_t(*c.changed), want, inputs[i].role) +
            " changed");
      if (c.landed)
        return ExecuteResult::StrayWrite("wrote outside its input buffer: " +
                                         PastTheEnd(file, inputs[i], want, c));
      if (c.size < want)
        return ExecuteResult::StrayWriteInput("wrote its input: " + file + " now holds " +
                                              std::to_string(c.size) + " of its " +
                                              std::to_string(want) + " bytes");
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
      const std::string file = "output_" + std::to_string(i) + ".bin";
      const uint64_t want = outputs[i].desc->TotalBytes();
      const FileCheck c = CheckFile(dir / file, bindings.outputs[i], want);
      if (c.landed)
        return ExecuteResult::StrayWrite("wrote outside its output buffer: " +
                                         PastTheEnd(file, outputs[i], want, c));
    }
    return std::nullopt;
  }

  // The one request directory per call; kept when the call fails, for a look.
  fs::path NewRequest(const std::string& action, const OperatorDesc* desc, FeatureLevel level) {
    CheckRoot();
    // A fresh, unique folder per request, never a reused name: an --isolate'd
    // case runs in a forked child whose request count starts where the parent's
    // stood, and a name reused there would hand it a stale result.json.
    children::Checkpoint();
    std::string pattern = (root_ / (std::to_string(++request_count_) + "-XXXXXX")).string();
    if (mkdtemp(pattern.data()) == nullptr)
      throw BackendError("cannot create a request folder under " + root_.string() + ": " +
                         strerror(errno));
    const fs::path dir = pattern;
    struct stat made {};
    lstat(dir.c_str(), &made);
    request_id_ = {made.st_dev, made.st_ino};
    json request = {{"protocol", 1}, {"action", action}};
    if (desc != nullptr) {
      request["operator"] = OperatorName(TypeOf(*desc));
      request["feature_level"] = FeatureLevelName(level);
      request["descriptor"] = DescriptorJson(*desc);
      request["inputs"] = BufferList(InputSlots(*desc), "input_");
      request["outputs"] = BufferList(OutputSlots(*desc), "output_");
    }
    const std::string text = request.dump(2);
    WriteFile(dir / "request.json", text.data(), text.size());
    return dir;
  }

  // Without its folder no request can be made: stop the run once, clearly,
  // instead of answering every remaining case with an error.
  void CheckRoot() const {
    children::Checkpoint();  // gone because dmlconf is being interrupted: not this
    std::error_code error;
    if (!fs::is_directory(root_, error))
      throw RunAborted("the request folder " + root_.string() + " of backend " + Spec() +
                       " disappeared during the run (request folders live under $TMPDIR, /tmp "
                       "when it is unset; something removed it)");
  }

  void Describe() {
    const fs::path dir = NewRequest("describe", nullptr, FeatureLevel::k1_0);
    // A describe that fails stops the run: its folder must not outlive it.
    try {
      const protocol::Reply result = Run(dir, protocol::Action::kDescribe);
      max_level_ = result.max_feature_level;
      reports_reason_codes_ = result.reports_reason_codes;
      spread_cases_ = result.spread_cases;
      declared_name_ = result.name;
      version_ = result.version;
      description_ = result.description;
    } catch (const BackendError& e) {
      throw BackendError(std::string(e.what()) +
                         " (describe must answer status ok and a max_feature_level like "
                         "\"6_4\")");
    }
    Done(dir);
    said_.clear();  // what it said while describing itself belongs to no case
  }

  // Copies output `i` back, refusing anything but a regular file of exactly
  // the tensor's size inside the request folder (no symlink out of it).
  ExecuteResult ReadOutput(const fs::path& dir, size_t i, const TensorSlot& slot,
                           std::byte* out) const {
    const fs::path file = dir / ("output_" + std::to_string(i) + ".bin");
    const uint64_t want = slot.desc->TotalBytes();
    uint64_t size = 0;
    std::string why;
    const int fd = regular_file::Open(file, &size, &why);
    if (fd < 0)
      return ExecuteResult::Failed("the program left " + file.string() + " (" + slot.role +
                                   ") that " + why + (why == "does not exist" ? " (no file)" : "") +
                                   "; it must hold exactly " + std::to_string(want) + " bytes");
    const bool read =
        size == want && regular_file::ReadAt(fd, reinterpret_cast<char*>(out), want, 0);
    close(fd);
    if (size != want)
      return ExecuteResult::Failed(
          "the program left " + file.string() + " (" + slot.role + ") with " +
          std::to_string(size) + " bytes; it must hold exactly " + std::to_string(want) + " bytes");
    if (!read) return ExecuteResult::Failed("cannot read " + file.string());
    return ExecuteResult::Done();
  }

  // Runs the program on `dir` and returns its result.json, checked against
  // what `action` allows; anything short of a clean exit with a readable
  // result is an error the runner cannot judge.
  protocol::Reply Run(const fs::path& dir, protocol::Action action) const {
    const fs::path log = dir / "output.txt";
    const int status = Spawn(dir, log);
    const std::string where = Spec() + " on " + dir.string();
    Remember(log);
    // A request that went wrong because its folder went away (during this very
    // request) is no verdict on the case: stop the run here, not one case later.
    std::error_code error;
    if (!fs::is_regular_file(dir / "result.json", error)) CheckRoot();
    CheckSameFolder(dir, where);
    if (status < 0)
      throw BackendError(where + " timed out after " + std::to_string(timeout_.count()) +
                         " ms and was killed" + Tail(log));
    if (status != 0)
      throw BackendError(where + " exited with status " + std::to_string(status) + Tail(log));
    std::string text;
    if (std::string why = ReadResult(dir / "result.json", &text); !why.empty())
      throw BackendError(where + ": its result.json " + why + Tail(log));
    try {
      return protocol::ParseResultJson(text, action);
    } catch (const protocol::ProtocolError& e) {
      throw BackendError(where + ": " + e.what() + Tail(log));
    }
  }

  // The program may write in its request folder, not replace it: a symbolic link in its
  // place would have every file read through it, from wherever it points. Nothing of a
  // folder that is not the one dmlconf made is read.
  void CheckSameFolder(const fs::path& dir, const std::string& where) const {
    struct stat now {};
    if (lstat(dir.c_str(), &now) != 0 || !S_ISDIR(now.st_mode) ||
        std::pair(now.st_dev, now.st_ino) != request_id_)
      throw BackendError(where + ": the program replaced its request folder (now " +
                         (S_ISLNK(now.st_mode) ? std::string("a symbolic link")
                                               : std::string("not the folder dmlconf made")) +
                         "); nothing in it is read");
  }

  // Reads result.json whole if it is a regular file of at most
  // kMaxResultJsonBytes; else says what it is.
  static std::string ReadResult(const fs::path& path, std::string* text) {
    uint64_t size = 0;
    std::string why;
    const int fd = regular_file::Open(path, &size, &why);
    if (fd < 0) return why;
    if (size > protocol::kMaxResultJsonBytes) {
      close(fd);
      return "holds " + std::to_string(size) + " bytes, more than the " +
             std::to_string(protocol::kMaxResultJsonBytes) + " a result may hold";
    }
    text->resize(size_t(size));
    const bool read = regular_file::ReadAt(fd, text->data(), text->size(), 0);
    close(fd);
    return read ? "" : "could not be read whole";
  }

  // The exit status, 128 + signal for a killed program, or -1 on a timeout.
  // Whatever the program started in its group is killed when it returns:
  // nothing of a request outlives it.
  int Spawn(const fs::path& dir, const fs::path& log) const {
    const std::string script = command_ + " \"$1\"";
    const pid_t asker = getpid();
    // What runs before the request (other backends' processes) is not the request's.
    const std::vector<pid_t> before = children::LiveDescendants();
    std::optional<children::Child> child;
    try {
      child.emplace(children::ChildOptions{.own_group = true}, [&](const children::ChildEnds&) {
        RunGuarded(asker, script.c_str(), dir.c_str(), log.c_str());
      });
    } catch (const std::system_error& e) {
      throw BackendError("cannot start " + Spec() + ": " + e.what());
    }
    const bool ended = child->WaitUntil(children::Clock::now() + timeout_);
    const std::optional<children::Ended> how = child->Kill();
    // A daemon the program started in a session of its own left the group Kill ended;
    // dmlconf adopted it (subreaper): nothing of a request outlives it.
    children::KillDescendantsBut(before);
    if (!ended) return -1;
    return how ? how->ShellStatus() : 127;
  }

  // The group's leader, between dmlconf and the program: it runs the program
  // and exits with its status; if the dmlconf process that asked dies first
  // (an --isolate'd case's child killed on its timeout), it kills its whole
  // group, so the shell and all it started go too. Runs in a forked child of
  // a threaded program: async-signal-safe calls only.
  [[noreturn]] static void RunGuarded(pid_t asker, const char* script, const char* dir,
                                      const char* log) {
    struct sigaction on_death {};
    on_death.sa_handler = [](int) { kill(0, SIGKILL); };
    sigaction(SIGUSR1, &on_death, nullptr);
    sigset_t usr1;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    sigprocmask(SIG_UNBLOCK, &usr1, nullptr);
    prctl(PR_SET_PDEATHSIG, SIGUSR1);
    if (getppid() != asker) kill(0, SIGKILL);  // it died before prctl
    const pid_t program = fork();
    if (program == 0) {
      children::ResetSignalsForExec();
      // dup2, not freopen: freopen would flush the stdio buffer this child
      // inherited, printing dmlconf's pending output a second time.
      const int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (fd >= 0) {
        dup2(fd, STDOUT_FILENO);
        dup2(fd, STDERR_FILENO);
      }
      execl("/bin/sh", "sh", "-c", script, "dmlconf-exec", dir, static_cast<char*>(nullptr));
      _exit(127);
    }
    int status = 0;
    if (program < 0) _exit(127);
    while (waitpid(program, &status, 0) < 0 && errno == EINTR) {
    }
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
  }

  // What the program printed for this request, kept (its last KiB) for the
  // verdict of the case it belongs to.
  void Remember(const fs::path& log) const {
    uint64_t cut = 0;
    const std::string text = RawTail(log, &cut);
    if (text.empty()) return;
    said_ += (cut > 0 ? "..." : "") + text;
    if (said_.size() > kQuotedOutputBytes)
      said_ = "..." + said_.substr(said_.size() - kQuotedOutputBytes);
  }

  void RemoveRoot() {
    if (keep_) return;
    std::error_code ignored;
    fs::remove_all(root_, ignored);
    children::RemoveFolder(root_);
  }

  std::string command_;
  std::chrono::milliseconds timeout_;
  bool keep_ = false;  // --keep-run-dir: every request folder stays
  fs::path root_;
  std::string declared_name_, version_, description_;  // what describe answered
  mutable std::string said_;  // the requests' output since the last TakeStderr
  uint64_t request_count_ = 0;
  std::pair<dev_t, ino_t> request_id_{};  // the request folder made last (NewRequest)
  FeatureLevel max_level_ = kHighestFeatureLevel;
  bool reports_reason_codes_ = false;
  bool spread_cases_ = false;
};

}  // namespace

std::unique_ptr<Backend> MakeExecBackend(std::string command, std::chrono::milliseconds timeout) {
  return std::make_unique<ExecBackend>(std::move(command), timeout);
}

}  // namespace dmlconf
