// One updating line on a terminal while a run goes on: cases done / total,
// failures so far, elapsed and estimated time left. Silent when stdout is not
// a terminal, so logs and pipes get nothing extra.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace dmlconf::cli {

class Progress {
 public:
  explicit Progress(size_t total);
  // A run bounded by time rather than by a count (dmlconf fuzz --seconds): the line
  // shows how many are done and the time left, and counts `failures` (such as "new
  // findings") instead of "failed". `total` 0 with `seconds` 0: neither is shown.
  Progress(size_t total, double seconds, std::string failures);
  // Before printing anything else: clears the line so output does not mix.
  void Clear();
  // After each result.
  void Count(bool failed);
  // At the end: clears the line for good.
  void Finish();

 private:
  using Clock = std::chrono::steady_clock;
  void Draw();
  bool enabled_;
  bool drawn_ = false;
  size_t total_, done_ = 0, failed_ = 0;
  double seconds_ = 0;
  std::string failures_ = "failed";
  Clock::time_point start_, last_draw_;
};

}  // namespace dmlconf::cli
