// What several subcommands share beyond their options: checking a file option and the
// time a report says it started.
#pragma once

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <iostream>
#include <string>

#include "commands.h"
#include "run/terminal_text.h"

namespace dmlconf::cli {

// A file option's path must name a readable regular file: a folder opens without
// error and reads as empty (an expected-failure list with no entries), and a FIFO
// would block the command before it starts. Otherwise "dmlconf COMMAND: ..." and exit 2.
inline void RequireReadableFile(const std::string& command, const std::string& option,
                                const std::string& path) {
  std::string problem;
  struct stat st {};
  if (path.empty())
    problem = option + " wants a file, got an empty path";
  else if (stat(path.c_str(), &st) != 0)
    problem = option + " " + path + ": " + std::strerror(errno);
  else if (S_ISDIR(st.st_mode))
    problem = option + " " + path + ": is a folder, not a file";
  else if (!S_ISREG(st.st_mode))
    problem = option + " " + path + ": is not a regular file";
  else if (access(path.c_str(), R_OK) != 0)
    problem = option + " " + path + ": " + std::strerror(errno);
  if (problem.empty()) return;
  std::cerr << "dmlconf " << command << ": " << Printable(problem) << "\n";
  Exit(kExitUsage);
}

// The longest --timeout: 10^6 s (11.6 days). Far longer would overflow the clock's
// nanoseconds when added to now (10^10 s did, and every request timed out at once).
inline constexpr double kMaxTimeoutSeconds = 1e6;

// --timeout SECONDS checked (0 to kMaxTimeoutSeconds; 0: none) and as milliseconds;
// otherwise "dmlconf COMMAND: --timeout ..." and exit 2.
inline std::chrono::milliseconds TimeoutOption(const std::string& command, double seconds) {
  if (!(seconds >= 0 && seconds <= kMaxTimeoutSeconds)) {
    std::cerr << "dmlconf " << command << ": --timeout wants seconds from 0 to "
              << int64_t(kMaxTimeoutSeconds) << " (0: the default), got " << seconds << "\n";
    Exit(kExitUsage);
  }
  return std::chrono::milliseconds(int64_t(seconds * 1000));
}

// "2026-11-25T12:00:00Z".
inline std::string UtcNow() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

}  // namespace dmlconf::cli
