// One child process of dmlconf, whoever starts it: a serve: program (for the
// whole run), an exec: request (for one request), an --isolate'd case (dmlconf
// itself, forked). Each has the same life, kept here once: forked after
// dmlconf's own output is flushed, in a process group of its own when it may
// start others (registered with children:: while it may run, so that no way
// out of dmlconf leaves it behind), pipes to and from it, waits bounded by a
// deadline, the whole group killed, and the child reaped exactly once.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace dmlconf::children {

using Clock = std::chrono::steady_clock;

// How a child ended, from its wait status.
struct Ended {
  int status = 0;
  bool Signaled() const;
  int Signal() const;    // when Signaled()
  int ExitCode() const;  // when not
  // What a shell says: the exit code, or 128 + the signal.
  int ShellStatus() const;
  // "exit status 3", "killed by signal 6".
  std::string Text() const;
};

struct ChildOptions {
  // A process group of its own, which Kill() ends whole: for a child that runs
  // programs, which may start programs of their own.
  bool own_group = false;
  bool pipe_in = false;   // a pipe the parent writes and the child reads
  bool pipe_out = false;  // a pipe the child writes and the parent reads
};

// The child's ends of its pipes, -1 where it has none; close-on-exec, so a
// body that execs passes them on with dup2 only.
struct ChildEnds {
  int in = -1;
  int out = -1;
};

// What Read() found.
enum class Output {
  kData,      // some bytes, appended
  kClosed,    // end of file: every writer closed the pipe
  kExited,    // the child ended and nothing is waiting in the pipe, but a
              // process it started still holds the pipe open, so no end of file comes
  kTimedOut,  // the deadline passed
};

class Child {
 public:
  // Forks (throws std::system_error naming the call that failed). The child
  // runs `body`, which never returns (exec or _exit). It runs in a forked copy
  // of a threaded program: a body that execs makes only async-signal-safe
  // calls before it does.
  Child(const ChildOptions& options, const std::function<void(const ChildEnds&)>& body);
  Child(Child&& other) noexcept;
  Child& operator=(Child&&) = delete;
  Child(const Child&) = delete;
  // Still running: killed with its group, and reaped.
  ~Child();

  pid_t pid() const { return pid_; }
  bool reaped() const { return pid_ <= 0; }

  // Sends all of `data` to the child's pipe; false when the child closed it
  // (SIGPIPE is ignored in dmlconf once a child has a pipe_in).
  bool Write(std::string_view data);
  // Waits for the child's output until `deadline` and appends what comes to
  // `out`: at most one read, so the caller looks at what it has after each.
  Output Read(Clock::time_point deadline, std::string* out);
  void ClosePipes();

  // Whether the child has ended; only looked at, not reaped, so that its pid,
  // which names its group, cannot be reused before the group is killed.
  bool HasEnded() const;
  // Waits until the child ends or `deadline` passes; true when it ended (or
  // is not this process's child, whose end cannot be waited for).
  bool WaitUntil(Clock::time_point deadline) const;
  // Reaps the child once it has ended, waiting up to `grace` for that, and
  // kills what is left of its group. nullopt while it still runs, or when it is
  // not this process's child.
  std::optional<Ended> ReapWithin(std::chrono::milliseconds grace);
  // Reaps the child, waiting for it as long as it takes: for a child that is
  // known to be ending (its pipe closed after its last word).
  std::optional<Ended> Reap();
  // SIGKILL to the child (its whole group when it has one), then reaped.
  std::optional<Ended> Kill();
  // The gentle end: pipes closed, then SIGTERM after `patience`, SIGKILL after
  // `patience` more; true once it ended (reaped). A child that outlives even
  // that is left to the registry's sweep at exit.
  bool Stop(std::chrono::milliseconds patience);

 private:
  // kNotOurs: not this process's child, as in a forked --isolate case's copy
  // of its parent's backend, which can neither wait for it nor tell its end.
  enum class State { kRunning, kEnded, kNotOurs };
  State Look() const;
  void Signal(int sig) const;

  pid_t pid_ = -1;
  bool own_group_ = false;
  int to_ = -1, from_ = -1;  // the parent's ends of the pipes
};

// Writes all of `data` to `fd` (any pipe or file), retrying after EINTR; false
// when the other end is gone. Async-signal-safe: a forked child may use it.
bool WriteAll(int fd, std::string_view data);

}  // namespace dmlconf::children
