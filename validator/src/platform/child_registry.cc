// The registry of backend process groups and folders, and the clean-up an
// interrupted or finished run does with it (child_registry.h).
#include "platform/child_registry.h"

#include "platform/process_tree.h"
#include "platform/run_watchdog.h"

#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace dmlconf::children {
namespace {

namespace fs = std::filesystem;

struct Registry {
  std::timed_mutex mutex;
  std::set<pid_t> groups;
  std::set<fs::path> folders;
};

Registry& State() {
  static Registry* registry = new Registry;  // never destroyed: atexit uses it
  return *registry;
}

// The process that installed the clean-up; forked children must not run it.
pid_t installer = 0;
// Set by the clean-up thread on a signal, before it kills anything.
std::atomic<bool> interrupted{false};
// The thread that runs the run (it installed the clean-up), and the signal
// that stops it where it stands while the clean-up works: it must not judge
// more cases, start backends or write reports behind the clean-up's back.
pthread_t run_thread;
int FreezeSignal() { return SIGRTMIN + 3; }
void Freeze(int) {
  for (;;) pause();
}

// The report set being renamed into place (BeginInstall): the clean-up waits for it.
std::mutex install_mutex;
enum InstallState { kNotInstalling, kInstalling, kInstalled };
std::atomic<int> install_state{kNotInstalling};
std::string install_where;

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

sigset_t RunSignals() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : kSignals) sigaddset(&set, sig);
  return set;
}

// The processes dmlconf started and their own, the watchdog not among them.
std::vector<pid_t> Descendants() { return LiveDescendantsOf(getpid(), watchdog::Pid()); }

// Kills every process descended from dmlconf but those in `keep`, adding each to `killed`.
void Sweep(std::set<pid_t>* killed, const std::set<pid_t>& keep = {}) {
  // Repeated: a process may fork between the look and the kill, and a killed
  // one takes a moment to become a zombie (which Descendants() leaves out).
  for (int round = 0; round < 200; ++round) {
    std::vector<pid_t> found = Descendants();
    std::erase_if(found, [&](pid_t pid) { return keep.contains(pid); });
    if (found.empty()) break;
    for (pid_t pid : found)
      if (kill(pid, SIGKILL) == 0) killed->insert(pid);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

// Kills the registered groups and every descendant, then removes the folders.
// Returns the processes killed and the folders removed.
std::pair<int, int> CleanUp() {
  std::set<pid_t> groups;
  std::set<fs::path> folders;
  {
    // The frozen main thread may hold the lock; frozen, it changes nothing.
    const bool locked = State().mutex.try_lock_for(std::chrono::milliseconds(200));
    groups = State().groups;
    folders = State().folders;
    if (locked) State().mutex.unlock();
  }
  const std::vector<pid_t> before = Descendants();
  std::set<pid_t> killed(before.begin(), before.end());  // killed by the sweep if not before
  for (pid_t group : groups) kill(-group, SIGKILL);
  Sweep(&killed);
  int removed = 0;
  for (const fs::path& folder : folders) {
    std::error_code ignored;
    removed += fs::remove_all(folder, ignored) > 0 ? 1 : 0;
  }
  watchdog::Stop();  // nothing left for it to do
  return {int(killed.size()), removed};
}

// The line an interrupted run ends with, formatted without the heap (see WaitForSignal).
void SayInterrupted(int sig, int killed, int removed) {
  char line[8192];
  const int n =
      std::snprintf(line, sizeof line,
                    "\ndmlconf: interrupted by SIG%s: killed %d backend processes, removed %d "
                    "request folders; %s%s%s\n",
                    sigabbrev_np(sig), killed, removed,
                    install_state == kInstalled ? "the new reports were already in place in "
                                                : "no report written",
                    install_state == kInstalled ? install_where.c_str() : "",
                    install_state == kInstalled ? " (the run ended)" : "");
  if (n <= 0) return;
  [[maybe_unused]] const ssize_t ignored =
      write(STDERR_FILENO, line, size_t(std::min(n, int(sizeof line) - 1)));
}

// From the freeze on, this thread touches no lock the run's thread may hold where it
// stopped: no heap (the run's thread may be frozen inside malloc, holding its lock; under
// AddressSanitizer it was, and the old in-process clean-up waited for it for ever). The
// watchdog, a process of its own, does the sweep; only without one is it done here.
void WaitForSignal() {
  const sigset_t set = RunSignals();
  int sig = 0;
  while (sigwait(&set, &sig) != 0) {
  }
  {
    std::lock_guard<std::mutex> lock(install_mutex);
    interrupted = true;  // from here on, Checkpoint() holds the run's own threads
  }
  pthread_kill(run_thread, FreezeSignal());
  // Renames already under way finish first (the run's thread holds every signal
  // meanwhile): their folder is among those the sweep removes.
  while (install_state == kInstalling) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  int killed = 0, removed = 0;
  if (!watchdog::SweepNow(&killed, &removed)) std::tie(killed, removed) = CleanUp();
  SayInterrupted(sig, killed, removed);
  // Die of the signal itself, as an interrupted program should (128 + N).
  signal(sig, SIG_DFL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, sig);
  pthread_sigmask(SIG_UNBLOCK, &only, nullptr);
  raise(sig);
  _exit(128 + sig);
}

void CleanUpAtExit() {
  if (getpid() != installer) return;
  if (interrupted) Checkpoint();  // the clean-up thread ends the process, by the signal
  CleanUp();
}

}  // namespace

void Checkpoint() {
  if (!interrupted) return;
  if (getpid() != installer) _exit(1);  // a forked case's child: the parent is dying
  for (;;) pause();
}

void AddGroup(pid_t pgid) {
  std::lock_guard<std::timed_mutex> lock(State().mutex);
  State().groups.insert(pgid);
}

void RemoveGroup(pid_t pgid) {
  std::lock_guard<std::timed_mutex> lock(State().mutex);
  State().groups.erase(pgid);
}

void AddFolder(const fs::path& folder) {
  std::lock_guard<std::timed_mutex> lock(State().mutex);
  State().folders.insert(folder);
  watchdog::AddFolder(folder);
}

void RemoveFolder(const fs::path& folder) {
  std::lock_guard<std::timed_mutex> lock(State().mutex);
  State().folders.erase(folder);
  watchdog::RemoveFolder(folder);
}

void InstallRunCleanup() {
  if (installer != 0) return;
  installer = getpid();
  run_thread = pthread_self();
  struct sigaction freeze {};
  freeze.sa_handler = Freeze;
  sigaction(FreezeSignal(), &freeze, nullptr);
  const sigset_t set = RunSignals();
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  watchdog::Start();  // forked now, single-threaded, with the run's signals blocked
  std::thread(WaitForSignal).detach();
  std::atexit(CleanUpAtExit);
}

bool BeginInstall(const fs::path& where) {
  std::lock_guard<std::mutex> lock(install_mutex);
  if (interrupted) return false;
  install_where = where.string();
  install_state = kInstalling;
  return true;
}

void EndInstall(bool installed) { install_state = installed ? kInstalled : kNotInstalling; }

int KillDescendants() {
  std::set<pid_t> killed;
  Sweep(&killed);
  return int(killed.size());
}

std::vector<pid_t> LiveDescendants() { return Descendants(); }

int KillDescendantsBut(const std::vector<pid_t>& keep) {
  std::set<pid_t> killed;
  Sweep(&killed, std::set<pid_t>(keep.begin(), keep.end()));
  return int(killed.size());
}

void ReapAdopted() {
  if (installer != getpid()) return;  // only dmlconf itself adopts
  std::set<pid_t> leaders;
  {
    std::lock_guard<std::timed_mutex> lock(State().mutex);
    leaders = State().groups;
  }
  const pid_t own_group = getpgrp();
  DIR* tasks = opendir("/proc/self/task");
  if (tasks == nullptr) return;
  std::vector<pid_t> children;
  while (const dirent* task = readdir(tasks)) {
    if (task->d_name[0] == '.') continue;
    std::ifstream list("/proc/self/task/" + std::string(task->d_name) + "/children");
    for (pid_t pid; list >> pid;) children.push_back(pid);
  }
  closedir(tasks);
  for (pid_t pid : children) {
    const std::optional<ProcessStat> stat = ReadStat(pid);
    // Not an --isolate'd case's child (dmlconf's own group) nor a leader a
    // backend is about to wait for: an orphan, adopted and dead.
    if (stat && stat->state == 'Z' && stat->group != own_group && !leaders.count(pid))
      waitpid(pid, nullptr, WNOHANG);
  }
}

void ResetSignalsForExec() {
  for (int sig : kSignals) signal(sig, SIG_DFL);
  signal(FreezeSignal(), SIG_DFL);
  signal(SIGPIPE, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
}

}  // namespace dmlconf::children
