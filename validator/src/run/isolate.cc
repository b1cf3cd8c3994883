// Running one case in a forked child, so that a backend that crashes or hangs
// costs one `error` verdict instead of the whole run.
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <optional>
#include <system_error>

#include "platform/child_process.h"
#include "platform/guard_pages.h"
#include "run/isolate.h"
#include "run/judge.h"

namespace dmlconf::validator {
namespace {

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
    children::WriteAll(fd, std::string(1, char(r.verdict)) + KindByte(r.kind) +
                               std::to_string(r.padding_bytes_written) + "\n" + r.message);
  } catch (const RunAborted& e) {
    // Passed on for the parent to stop the run; uncaught it would abort the
    // child and make every remaining case an error.
    children::WriteAll(fd, std::string(1, kAborted) + "0\n" + e.what());
  }
  close(fd);
  _exit(0);  // no destructors, no atexit handlers of the parent's state
}

// Reads the child's answer until it is whole (the child closed the pipe or
// ended) or the deadline passes; false on the deadline.
bool ReadAnswer(children::Child& child, children::Clock::time_point deadline, std::string* out) {
  children::Output got;
  while ((got = child.Read(deadline, out)) == children::Output::kData) {
  }
  return got != children::Output::kTimedOut;
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
  const auto start = children::Clock::now();
  std::optional<children::Child> child;
  try {
    child.emplace(children::ChildOptions{.pipe_out = true}, [&](const children::ChildEnds& ends) {
      RunChild(ends.out, c, backend, run_level, strict_padding);
    });
  } catch (const std::system_error& e) {
    r.message = std::string("cannot isolate the case: ") + e.what();
    return r;
  }
  const auto limit = std::chrono::duration_cast<children::Clock::duration>(
      std::chrono::duration<double>(timeout_seconds));
  std::string answer;
  const bool finished = ReadAnswer(*child, start + limit, &answer);
  // A child that gave its answer is ending: waited for, not killed, so that
  // its own exit status is what is judged.
  const std::optional<children::Ended> ended = finished ? child->Reap() : child->Kill();
  r.seconds = std::chrono::duration<double>(children::Clock::now() - start).count();
  if (!finished) {
    r.kind = Kind::kTimeout;
    r.message = "timed out after " + std::to_string(timeout_seconds) + " s; killed with " +
                SignalText(SIGKILL);
  } else if (!answer.empty() && answer[0] == kGuardFaultMark) {
    r.kind = Kind::kCrash;
    r.message =
        "the backend touched memory outside its buffers, and the case's process "
        "stopped on the fault: " +
        GuardFaultText(c, answer.substr(1));
  } else if (ended && ended->Signaled()) {
    r.kind = Kind::kCrash;
    r.message = "the backend crashed: the case's process died of " + SignalText(ended->Signal());
  } else if (ended && ended->ExitCode() != 0) {
    r.kind = Kind::kCrash;
    r.message = "the case's process exited with status " + std::to_string(ended->ExitCode()) +
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
