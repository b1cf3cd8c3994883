// The watchdog that ends what a run started once dmlconf is gone (run_watchdog.h).
#include "platform/run_watchdog.h"

#include "platform/process_tree.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace dmlconf::children::watchdog {
namespace {

namespace fs = std::filesystem;

constexpr char kTokenVariable[] = "DMLCONF_RUN_TOKEN";
constexpr char kQuit = 'q', kAdd = '+', kRemove = '-', kSweep = 's';

pid_t watchdog_pid = 0;
pid_t dmlconf_pid = 0;
int socket_fd = -1;  // dmlconf's end

// 128 random bits as hex: unique to this run, so no other run's processes match.
std::string NewToken() {
  unsigned char bytes[16] = {};
  for (size_t got = 0; got < sizeof bytes;) {
    const ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
    if (n > 0) got += size_t(n);
  }
  std::string token;
  for (unsigned char b : bytes) {
    char hex[3];
    std::snprintf(hex, sizeof hex, "%02x", b);
    token += hex;
  }
  return token;
}

bool CarriesToken(const std::string& pid, const std::string& entry) {
  std::ifstream file("/proc/" + pid + "/environ", std::ios::binary);
  const std::string environ =
      std::string(1, '\0') + std::string(std::istreambuf_iterator<char>(file), {});
  return environ.find(entry) != std::string::npos;
}

// Kills every live process carrying the token, and the group of each that leads one,
// adding each to `killed`; true when there was any. Never this process, which has no
// token in its /proc environ anyway (the token was set after dmlconf started, in its
// memory only).
bool KillMarked(const std::string& entry, std::set<pid_t>* killed) {
  bool found = false;
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return false;
  while (const dirent* e = readdir(proc)) {
    const pid_t pid = pid_t(std::atoi(e->d_name));
    if (pid <= 0 || pid == getpid()) continue;
    const std::optional<ProcessStat> stat = ReadStat(pid);
    if (!stat || stat->state == 'Z' || stat->state == 'X') continue;
    if (!CarriesToken(e->d_name, entry)) continue;
    found = true;
    if (stat->group == pid) kill(-pid, SIGKILL);  // what it started in its own group
    if (kill(pid, SIGKILL) == 0) killed->insert(pid);
  }
  closedir(proc);
  return found;
}

// Kills what the run started (marked processes; with `alive`, also whatever descends
// from dmlconf, which then still stands where it was frozen) and removes the folders.
// Returns how many processes were killed and folders removed.
std::pair<int, int> Sweep(const std::string& token, const std::set<std::string>& folders,
                          bool alive) {
  const std::string entry = std::string(1, '\0') + kTokenVariable + "=" + token + '\0';
  std::set<pid_t> killed;
  // Repeated: a process may fork between the look and the kill.
  for (int round = 0; round < 400; ++round) {
    bool found = KillMarked(entry, &killed);
    for (pid_t pid : alive ? LiveDescendantsOf(dmlconf_pid, getpid()) : std::vector<pid_t>{}) {
      found = true;
      if (kill(pid, SIGKILL) == 0) killed.insert(pid);
    }
    if (!found) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  int removed = 0;
  for (const std::string& folder : folders) {
    std::error_code ignored;
    removed += fs::remove_all(folder, ignored) > 0 ? 1 : 0;
  }
  return {int(killed.size()), removed};
}

// The watchdog's life: folders noted until dmlconf quits it, asks for the sweep (an
// interrupt: the counts go back), or is gone.
[[noreturn]] void Watch(int fd, const std::string& token) {
  std::set<std::string> folders;
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    const int ready = poll(&p, 1, 250);
    if (ready == 0 && getppid() != dmlconf_pid) break;  // dmlconf died; a fork holds the socket
    if (ready <= 0) continue;
    char message[8192];
    const ssize_t n = recv(fd, message, sizeof message, 0);
    if (n == 0) break;  // every copy of dmlconf's end is closed: dmlconf died
    if (n < 0) continue;
    const std::string path(message + 1, size_t(n) - 1);
    if (message[0] == kQuit) _exit(0);
    if (message[0] == kAdd) folders.insert(path);
    if (message[0] == kRemove) folders.erase(path);
    if (message[0] == kSweep) {
      const auto [killed, removed] = Sweep(token, folders, true);
      const int counts[2] = {killed, removed};
      send(fd, counts, sizeof counts, MSG_NOSIGNAL);
      _exit(0);
    }
  }
  Sweep(token, folders, false);
  _exit(0);
}

// In the forked watchdog: nothing of dmlconf's open files kept (a reader of dmlconf's
// output sees its end when dmlconf ends), no folder held, no signal but SIGKILL obeyed
// (the run's signals stay blocked, as dmlconf blocked them: dmlconf's own clean-up
// handles those and then stops the watchdog).
[[noreturn]] void BecomeWatchdog(int fd, const std::string& token) {
  prctl(PR_SET_NAME, "dmlconf-watch");
  const int null = open("/dev/null", O_RDWR);
  for (int std_fd = 0; std_fd <= 2; ++std_fd) dup2(null, std_fd);
  dup2(fd, 3);
  close_range(4, std::numeric_limits<unsigned>::max(), 0);
  [[maybe_unused]] const int ignored = chdir("/");
  Watch(3, token);
}

void Send(char kind, const fs::path& folder) {
  if (socket_fd < 0) return;
  const std::string message = kind + folder.string();
  send(socket_fd, message.data(), message.size(), MSG_NOSIGNAL);
}

}  // namespace

void Start() {
  if (watchdog_pid != 0) return;
  const std::string token = NewToken();
  setenv(kTokenVariable, token.c_str(), 1);
  int ends[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) != 0) return;
  dmlconf_pid = getpid();
  const pid_t pid = fork();
  if (pid == 0) BecomeWatchdog(ends[1], token);
  close(ends[1]);
  if (pid < 0) {
    close(ends[0]);
    return;  // no net: dmlconf's own clean-up still covers every other ending
  }
  watchdog_pid = pid;
  socket_fd = ends[0];
}

pid_t Pid() { return watchdog_pid; }

void AddFolder(const fs::path& folder) { Send(kAdd, folder); }
void RemoveFolder(const fs::path& folder) { Send(kRemove, folder); }

void Stop() {
  if (watchdog_pid == 0 || getpid() != dmlconf_pid) return;
  Send(kQuit, {});
  close(socket_fd);
  socket_fd = -1;
  const pid_t pid = watchdog_pid;
  watchdog_pid = 0;
  for (int waited_ms = 0; waited_ms < 2000; ++waited_ms) {
    if (waitpid(pid, nullptr, WNOHANG) != 0) return;  // reaped, or not ours to reap
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
}

bool SweepNow(int* killed, int* removed) {
  if (watchdog_pid == 0 || getpid() != dmlconf_pid) return false;
  const char request = kSweep;
  if (send(socket_fd, &request, 1, MSG_NOSIGNAL) != 1) return false;
  // The sweep's rounds are bounded (400 of 5 ms); the folders' removal is the rest.
  pollfd p{socket_fd, POLLIN, 0};
  int counts[2] = {};
  if (poll(&p, 1, 60000) != 1 || recv(socket_fd, counts, sizeof counts, 0) != sizeof counts)
    return false;
  waitpid(watchdog_pid, nullptr, 0);
  watchdog_pid = 0;
  *killed = counts[0];
  *removed = counts[1];
  return true;
}

}  // namespace dmlconf::children::watchdog
