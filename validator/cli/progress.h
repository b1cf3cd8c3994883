// One updating line on a terminal while a run goes on: cases done / total,
// failures so far, elapsed and estimated time left. Silent when stdout is not
// a terminal, so logs and pipes get nothing extra.
#pragma once

#include <chrono>
#include <cstddef>

namespace dmlconf::cli {

class Progress {
 public:
  explicit Progress(size_t total);
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
  Clock::time_point start_, last_draw_;
};

}  // namespace dmlconf::cli
