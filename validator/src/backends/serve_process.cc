// The serve: program's process (serve_process.h).
#include "backends/serve_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <fstream>
#include <system_error>

#include "backends/protocol_replies.h"
#include "dmlconf/validator/external_backends.h"
#include "platform/child_registry.h"

namespace dmlconf::serve {
namespace {

namespace fs = std::filesystem;

// A reply longer than this is not an answer but a runaway program.
constexpr size_t kMaxReplyBytes = protocol::kMaxReplyLineBytes;
// What of the program's standard error a verdict quotes.
constexpr size_t kQuotedErrorBytes = 2048;
// How long a program whose pipes closed may take to exit, for the verdict to say how.
constexpr std::chrono::milliseconds kExitGrace{500};
// How long the end of the run waits for the program at each step.
constexpr std::chrono::seconds kStopPatience{5};

}  // namespace

Process::Process(std::string command, std::string spec, fs::path log)
    : command_(std::move(command)), spec_(std::move(spec)), log_(std::move(log)) {}

void Process::Start() {
  const std::string script = "exec " + command_;
  const children::ChildOptions options{.own_group = true, .pipe_in = true, .pipe_out = true};
  try {
    child_.emplace(options, [&](const children::ChildEnds& ends) {
      children::ResetSignalsForExec();
      prctl(PR_SET_PDEATHSIG, SIGKILL);  // dmlconf killed outright: the program goes too
      dup2(ends.in, STDIN_FILENO);
      dup2(ends.out, STDOUT_FILENO);
      const int err = open(log_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
      if (err >= 0) dup2(err, STDERR_FILENO);
      execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    });
  } catch (const std::system_error& e) {
    throw BackendError("cannot start " + spec_ + ": " + e.what());
  }
  pending_.clear();
}

Exchanged Process::Exchange(const std::string& line, std::chrono::milliseconds timeout) {
  Exchanged x;
  if (!child_ || !child_->Write(line)) {
    x.lost = BackendProcessLost::How::kCrashed;
    x.problem = "the program is gone (its standard input is closed)" + EndText(kExitGrace);
    return x;
  }
  x.problem = ReceiveLine(timeout, &x);
  return x;
}

// One line from the program's stdout into x->reply, within the timeout; else
// what went wrong.
std::string Process::ReceiveLine(std::chrono::milliseconds timeout, Exchanged* x) {
  const auto deadline = children::Clock::now() + timeout;
  for (;;) {
    if (const size_t nl = pending_.find('\n'); nl != std::string::npos) {
      x->reply = pending_.substr(0, nl);
      pending_.erase(0, nl + 1);
      return {};
    }
    if (pending_.size() > kMaxReplyBytes)
      return "the reply is longer than " + std::to_string(kMaxReplyBytes) + " bytes";
    switch (child_->Read(deadline, &pending_)) {
      case children::Output::kData: break;
      case children::Output::kTimedOut:
        x->lost = BackendProcessLost::How::kTimedOut;
        return "no reply within " + std::to_string(timeout.count()) + " ms (timeout); killed";
      case children::Output::kExited:
        x->lost = BackendProcessLost::How::kCrashed;
        return "the program exited before replying" + EndText();
      case children::Output::kClosed:
        x->lost = BackendProcessLost::How::kCrashed;
        return "the program exited or closed its output before replying" + EndText(kExitGrace);
    }
  }
}

// " (exit status 3)" when the program has ended, to say how; waits up to
// `grace` for a program whose pipes closed to finish exiting.
std::string Process::EndText(std::chrono::milliseconds grace) {
  if (!Running()) return {};
  const std::optional<children::Ended> ended = child_->ReapWithin(grace);
  return ended ? " (" + ended->Text() + ")" : std::string();
}

void Process::Kill() {
  if (child_) child_->Kill();
}

void Process::Stop() {
  if (child_) child_->Stop(kStopPatience);
}

std::streamoff Process::LogSize() const {
  std::error_code error;
  const auto size = fs::file_size(log_, error);
  return error ? 0 : std::streamoff(size);
}

std::string Process::LogSince(std::streamoff from) const {
  std::ifstream in(log_, std::ios::binary);
  in.seekg(0, std::ios::end);
  const std::streamoff end = in.tellg();
  if (end <= from || end < 0) return {};
  const std::streamoff start = std::max(from, end - std::streamoff(kQuotedErrorBytes));
  std::string text(size_t(end - start), '\0');
  in.seekg(start);
  in.read(text.data(), std::streamsize(text.size()));
  return (start > from ? "..." : "") + text;
}

}  // namespace dmlconf::serve
