#include "progress.h"

#include <unistd.h>

#include <cstdio>
#include <string>

namespace dmlconf::cli {
namespace {

std::string Duration(double seconds) {
  const long s = long(seconds + 0.5);
  char text[32];
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%ldh%02ldm", s / 3600, s / 60 % 60);
  else if (s >= 60)
    std::snprintf(text, sizeof text, "%ldm%02lds", s / 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%lds", s);
  return text;
}

}  // namespace

Progress::Progress(size_t total)
    : enabled_(isatty(STDOUT_FILENO) == 1), total_(total), start_(Clock::now()) {}

Progress::Progress(size_t total, double seconds, std::string failures) : Progress(total) {
  seconds_ = seconds;
  failures_ = std::move(failures);
}

void Progress::Clear() {
  if (!drawn_) return;
  std::fputs("\r\033[K", stdout);
  std::fflush(stdout);
  drawn_ = false;
}

void Progress::Count(bool failed) {
  ++done_;
  failed_ += failed;
  if (!enabled_) return;
  // Redrawing on every case would cost more than a fast backend's case.
  const auto now = Clock::now();
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100) &&
      (total_ == 0 || done_ < total_))
    return;
  last_draw_ = now;
  Draw();
}

void Progress::Draw() {
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  std::string line =
      "[" + std::to_string(done_) + (total_ > 0 ? "/" + std::to_string(total_) : "") + "] " +
      std::to_string(failed_) + " " + failures_ + ", " + Duration(elapsed) + " elapsed";
  if (done_ > 0 && done_ < total_)
    line += ", ~" + Duration(elapsed / double(done_) * double(total_ - done_)) + " left";
  else if (total_ == 0 && seconds_ > elapsed)
    line += ", ~" + Duration(seconds_ - elapsed) + " left";
  std::fputs(("\r\033[K" + line).c_str(), stdout);
  std::fflush(stdout);
  drawn_ = true;
}

void Progress::Finish() { Clear(); }

}  // namespace dmlconf::cli
