// Running one case in a forked child, so that a backend that crashes or hangs
// costs one `error` verdict instead of the whole run.
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "run/guard_pages.h"
#include "run/runner.h"

namespace dmlconf::validator {
namespace {

void WriteAll(int fd, const std::string& data) {
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(fd, data.data() + done, data.size() - done);
    if (n <= 0) return;
    done += size_t(n);
  }
}

// Not a verdict byte: the backend cannot go on (RunAborted), the message follows.
constexpr char kAborted = 'A';

// A letter, so no kind is ever sent as a newline.
char KindByte(Kind kind) { return char('a' + int(kind)); }

// The child's answer: the verdict byte, the kind byte, the padding count and a
// newline, then the message.
[[noreturn]] void RunChild(int fd, const Case& c, Backend& backend, FeatureLevel level,
                           bool strict_padding) {
  // A fault in a buffer's inaccessible pages is reported here, naming the buffer.
  SetGuardFaultReport(fd);
  try {
    const CaseResult r = JudgeCase(c, backend, level, strict_padding);
    WriteAll(fd, std::string(1, char(r.verdict)) + KindByte(r.kind) +
                     std::to_string(r.padding_bytes_written) + "\n" + r.message);
  } catch (const RunAborted& e) {
    // Passed on for the parent to stop the run; uncaught it would abort the
    // child and make every remaining case an error.
    WriteAll(fd, std::string(1, kAborted) + "0\n" + e.what());
  }
  close(fd);
  _exit(0);  // no destructors, no atexit handlers of the parent's state
}

// Reads the child's answer until it closes the pipe or the deadline passes.
bool ReadUntil(int fd, std::chrono::steady_clock::time_point deadline, std::string* out) {
  char chunk[4096];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    const int ready = poll(&p, 1, int(std::min<int64_t>(left.count(), 1'000'000)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    const ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return true;
    out->append(chunk, size_t(n));
  }
}

std::string SignalText(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  return "signal " + std::to_string(sig) + (abbrev ? " (SIG" + std::string(abbrev) + ": " : " (") +
         strsignal(sig) + ")";
}

// The fault handler's report with the buffer's name made a role where the
// case says which: "output 0" is OutputSlots(descriptor)[0] for the case's own
// call; in a chain the call is unknown, so the name stays.
std::string GuardFaultText(const Case& c, std::string report) {
  const size_t open = report.find(kNameMark), close = report.find(kNameMark, open + 1);
  if (open == std::string::npos || close == std::string::npos) return report;
  const std::string name = report.substr(open + 1, close - open - 1);
  std::string role = name;
  const auto slot = [&](const char* kind, const std::vector<TensorSlot>& slots) {
    const std::string prefix = std::string(kind) + " ";
    if (name.rfind(prefix, 0) != 0 || !c.then.empty()) return;
    const size_t i = std::strtoul(name.c_str() + prefix.size(), nullptr, 10);
    if (i < slots.size()) role = slots[i].role;
  };
  slot("input", InputSlots(c.descriptor));
  slot("output", OutputSlots(c.descriptor));
  return report.substr(0, open) + role + report.substr(close + 1);
}

}  // namespace

CaseResult JudgeCaseIsolated(const Case& c, Backend& backend, FeatureLevel run_level,
                             double timeout_seconds, bool strict_padding) {
  CaseResult r = DescribeCase(c, backend.Name(), run_level);
  r.reproducer =
      Reproducer(c, backend.Argument(), run_level, strict_padding ? "--strict-padding" : "");
  r.verdict = Verdict::kError;
  r.kind = Kind::kNothingJudged;
  int fds[2];
  if (pipe(fds) != 0) {
    r.message = std::string("cannot isolate the case: pipe: ") + std::strerror(errno);
    return r;
  }
  std::cout.flush();
  std::fflush(nullptr);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    r.message = std::string("cannot isolate the case: fork: ") + std::strerror(errno);
    close(fds[0]);
    close(fds[1]);
    return r;
  }
  if (pid == 0) {
    close(fds[0]);
    RunChild(fds[1], c, backend, run_level, strict_padding);
  }
  close(fds[1]);
  std::string answer;
  const auto limit = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(timeout_seconds));
  const bool finished = ReadUntil(fds[0], start + limit, &answer);
  close(fds[0]);
  if (!finished) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!finished) {
    r.kind = Kind::kTimeout;
    r.message = "timed out after " + std::to_string(timeout_seconds) + " s; killed with " +
                SignalText(SIGKILL);
  } else if (!answer.empty() && answer[0] == kGuardFaultMark) {
    r.kind = Kind::kCrash;
    r.message = "the backend touched memory outside its buffers, and the case's process "
                "stopped on the fault: " + GuardFaultText(c, answer.substr(1));
  } else if (WIFSIGNALED(status)) {
    r.kind = Kind::kCrash;
    r.message = "the backend crashed: the case's process died of " + SignalText(WTERMSIG(status));
  } else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
    r.kind = Kind::kCrash;
    r.message = "the case's process exited with status " + std::to_string(WEXITSTATUS(status)) +
                " before giving a verdict";
  } else if (answer.size() < 2 || answer.find('\n') == std::string::npos) {
    r.message = "the case's process gave no verdict";
  } else {
    const size_t newline = answer.find('\n');
    if (answer[0] == kAborted) throw RunAborted(answer.substr(newline + 1));
    r.verdict = Verdict(uint8_t(answer[0]));
    r.kind = Kind(uint8_t(answer[1] - 'a'));
    r.padding_bytes_written = std::stoull(answer.substr(2, newline - 2));
    r.message = answer.substr(newline + 1);
  }
  return r;
}

}  // namespace dmlconf::validator
