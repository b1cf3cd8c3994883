// The one child process life of child_process.h.
#include "platform/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <system_error>
#include <thread>

#include "platform/child_registry.h"

namespace dmlconf::children {
namespace {

// How often a wait for output checks that the child is still alive.
constexpr std::chrono::milliseconds kExitCheck{50};

void CloseIfOpen(int* fd) {
  if (*fd >= 0) close(*fd);
  *fd = -1;
}

// A pipe whose two ends are closed on exec, or none when not `wanted`.
void MakePipe(bool wanted, int ends[2]) {
  if (wanted && pipe2(ends, O_CLOEXEC) != 0)
    throw std::system_error(errno, std::generic_category(), "pipe");
}

}  // namespace

bool Ended::Signaled() const { return WIFSIGNALED(status); }
int Ended::Signal() const { return WTERMSIG(status); }
int Ended::ExitCode() const { return WEXITSTATUS(status); }
int Ended::ShellStatus() const { return Signaled() ? 128 + Signal() : ExitCode(); }
std::string Ended::Text() const {
  return Signaled() ? "killed by signal " + std::to_string(Signal())
                    : "exit status " + std::to_string(ExitCode());
}

Child::Child(const ChildOptions& options, const std::function<void(const ChildEnds&)>& body)
    : own_group_(options.own_group) {
  Checkpoint();  // an interrupted run starts nothing new behind the clean-up's back
  int in[2] = {-1, -1}, out[2] = {-1, -1};
  MakePipe(options.pipe_in, in);
  try {
    MakePipe(options.pipe_out, out);
  } catch (...) {
    CloseIfOpen(&in[0]);
    CloseIfOpen(&in[1]);
    throw;
  }
  if (options.pipe_in) signal(SIGPIPE, SIG_IGN);  // a child that dies must not take dmlconf along
  ReapAdopted();
  // The child inherits copies of dmlconf's unwritten stdio buffers; empty them
  // first, or the child's exit path could print them once more.
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    const int error = errno;
    for (int* fd : {&in[0], &in[1], &out[0], &out[1]}) CloseIfOpen(fd);
    throw std::system_error(error, std::generic_category(), "fork");
  }
  if (pid == 0) {
    if (own_group_) setpgid(0, 0);
    CloseIfOpen(&in[1]);
    CloseIfOpen(&out[0]);
    body(ChildEnds{in[0], out[1]});
    _exit(127);  // a body that returns is a bug, not a result
  }
  pid_ = pid;
  if (own_group_) {
    setpgid(pid, pid);  // here too: the child may not have run yet when it is killed
    AddGroup(pid);
  }
  CloseIfOpen(&in[0]);
  CloseIfOpen(&out[1]);
  to_ = in[1];
  from_ = out[0];
}

Child::Child(Child&& other) noexcept
    : pid_(other.pid_), own_group_(other.own_group_), to_(other.to_), from_(other.from_) {
  other.pid_ = -1;
  other.to_ = other.from_ = -1;
}

Child::~Child() { Kill(); }

bool Child::Write(std::string_view data) { return to_ >= 0 && WriteAll(to_, data); }

Output Child::Read(Clock::time_point deadline, std::string* out) {
  if (from_ < 0) return Output::kClosed;
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return Output::kTimedOut;
    pollfd p{from_, POLLIN, 0};
    const int ready = poll(&p, 1, int(std::min(left, kExitCheck).count()));
    if (ready < 0) continue;
    if (ready == 0) {
      // A process the child started may hold the pipe open after the child
      // died: no end of file comes, so look for the end itself rather than wait
      // for the deadline. Then the pipe once more: what the child wrote just
      // before it ended is still read.
      if (!HasEnded()) continue;
      pollfd again{from_, POLLIN, 0};
      if (poll(&again, 1, 0) > 0) continue;
      return Output::kExited;
    }
    char chunk[65536];
    const ssize_t n = read(from_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Output::kClosed;
    out->append(chunk, size_t(n));
    return Output::kData;
  }
}

void Child::ClosePipes() {
  CloseIfOpen(&to_);
  CloseIfOpen(&from_);
}

Child::State Child::Look() const {
  if (pid_ <= 0) return State::kEnded;
  siginfo_t ended{};
  if (waitid(P_PID, id_t(pid_), &ended, WEXITED | WNOHANG | WNOWAIT) != 0) return State::kNotOurs;
  return ended.si_pid == pid_ ? State::kEnded : State::kRunning;
}

bool Child::HasEnded() const { return Look() == State::kEnded; }

bool Child::WaitUntil(Clock::time_point deadline) const {
  auto pause = std::chrono::microseconds(50);
  for (;;) {
    if (Look() != State::kRunning) return true;
    if (Clock::now() > deadline) return false;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(5000));
  }
}

std::optional<Ended> Child::ReapWithin(std::chrono::milliseconds grace) {
  const auto until = Clock::now() + grace;
  for (;;) {
    switch (Look()) {
      case State::kNotOurs: return std::nullopt;
      case State::kEnded: return Kill();  // the kill reaches only what it left running
      case State::kRunning: break;
    }
    if (Clock::now() >= until) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

std::optional<Ended> Child::Reap() {
  ClosePipes();
  if (pid_ <= 0) return std::nullopt;
  siginfo_t ended{};
  while (waitid(P_PID, id_t(pid_), &ended, WEXITED | WNOWAIT) != 0 && errno == EINTR) {
  }
  return Kill();
}

std::optional<Ended> Child::Kill() {
  ClosePipes();
  if (pid_ <= 0) return std::nullopt;
  Signal(SIGKILL);
  int status = 0;
  pid_t reaped;
  while ((reaped = waitpid(pid_, &status, 0)) < 0 && errno == EINTR) {
  }
  if (own_group_) RemoveGroup(pid_);
  pid_ = -1;
  if (reaped < 0) return std::nullopt;  // not this process's child
  return Ended{status};
}

bool Child::Stop(std::chrono::milliseconds patience) {
  ClosePipes();
  if (pid_ <= 0) return true;
  for (int sig : {0, SIGTERM, SIGKILL}) {
    if (sig != 0) Signal(sig);
    if (WaitUntil(Clock::now() + patience)) {
      Kill();  // reaps it, and ends whatever it left running in its group
      return true;
    }
  }
  pid_ = -1;  // still registered: the sweep at exit tries once more
  return false;
}

void Child::Signal(int sig) const { kill(own_group_ ? -pid_ : pid_, sig); }

bool WriteAll(int fd, std::string_view data) {
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

}  // namespace dmlconf::children
