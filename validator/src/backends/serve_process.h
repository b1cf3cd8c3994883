// The program behind a serve: backend, as a process: started through /bin/sh
// in a process group of its own, its standard error appended to a log file in
// the run folder; one request line sent and one reply line read at a time;
// killed whole when it misbehaves, and stopped with validator/BACKENDS.md's
// grace periods at the end of the run. What the lines mean is serve_backend.cc's.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "dmlconf/backend.h"
#include "platform/child_process.h"

namespace dmlconf::serve {

// One request line sent and its reply line read, or what went wrong.
struct Exchanged {
  std::string reply;    // the reply line, without its newline
  std::string problem;  // empty when the reply came
  // Set when the process itself was lost (it died, or did not answer in time),
  // rather than answering wrongly.
  std::optional<BackendProcessLost::How> lost;
};

class Process {
 public:
  // `spec` names the program in messages; `log` receives its standard error.
  Process(std::string command, std::string spec, std::filesystem::path log);

  bool Running() const { return child_ && !child_->reaped(); }
  // Throws BackendError when the process cannot be made.
  void Start();
  Exchanged Exchange(const std::string& line, std::chrono::milliseconds timeout);
  // At once, with everything it started: a program that misbehaved is not asked twice.
  void Kill();
  // The end of the run: its standard input closed, then SIGTERM after 5 s, SIGKILL after 5 more.
  void Stop();

  // The log's size now, and what it gained since `from` (its last 2 KiB).
  std::streamoff LogSize() const;
  std::string LogSince(std::streamoff from) const;

 private:
  std::string ReceiveLine(std::chrono::milliseconds timeout, Exchanged* x);
  std::string EndText(std::chrono::milliseconds grace = {});

  std::string command_;
  std::string spec_;
  std::filesystem::path log_;
  std::optional<children::Child> child_;
  std::string pending_;  // read from the program, not yet a whole line
};

}  // namespace dmlconf::serve
