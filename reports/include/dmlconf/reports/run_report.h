// The result of a conformance run, as the report writers see it. The validator
// fills it; the writers (one per format) only read it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace dmlconf {

// The verdict vocabulary. Every case of a run gets exactly one per backend.
enum class Verdict : uint8_t {
  kPassed,            // the backend did what the case demands
  kFailed,            // it did not: wrong bits, wrote out of bounds, accepted an
                      // invalid descriptor, refused a valid one inside its level
  kSkipped,           // not run, with a reason (above the run's or backend's level,
                      // not implemented by the backend, ...)
  kError,             // the harness could not judge (backend crashed or timed out,
                      // a case could not be prepared)
  kExpectedFailure,   // failed, and listed in the expected-failure file
  kUnexpectedPass,    // listed as expected to fail, but passed: the list is stale
};
inline constexpr Verdict kAllVerdicts[] = {Verdict::kPassed,          Verdict::kFailed,
                                           Verdict::kSkipped,         Verdict::kError,
                                           Verdict::kExpectedFailure, Verdict::kUnexpectedPass};

// "passed" "failed" "skipped" "error" "xfail" "xpass".
std::string_view VerdictName(Verdict verdict);
// Failed, error and xpass make a run fail (exit code 1).
bool VerdictFailsRun(Verdict verdict);

struct CaseResult {
  std::string name;
  std::string file;  // the case file, and the line the case starts on
  int line = 0;
  std::string op;                       // "GATHER"
  std::string feature_level;            // the case's own level, "3_0"
  std::string expect;                   // "match" "reject" "unspecified" "refuse_or_run"
  std::vector<std::string> data_types;  // per tensor: inputs, then outputs
  std::vector<uint32_t> ranks;          // per tensor, same order
  std::string backend;
  Verdict verdict = Verdict::kPassed;
  std::string message;     // why it failed / was skipped; empty on a plain pass
  std::string reproducer;  // a command line that reruns just this case
  double seconds = 0;
  // Contract point P1: bytes of output padding (inside TotalTensorSizeInBytes,
  // between or after the elements) that the backend changed. DirectML allows
  // it, so it is information, and a failure only under --strict-padding.
  uint64_t padding_bytes_written = 0;
};

struct RunReport {
  std::string tool = "dmlconf";
  std::string tool_version;
  std::string started_at;     // ISO 8601, UTC
  std::string feature_level;  // the run's level
  std::string command_line;
  std::vector<std::string> backends;
  std::vector<std::string> case_paths;
  std::vector<CaseResult> results;

  std::map<Verdict, int> Counts() const;
  // "12 passed, 0 failed, 3 skipped" then ", N error" / ", N xfail" / ", N xpass"
  // where non-zero: the closing line of every run.
  std::string SummaryLine() const;
  bool Failed() const;  // any verdict that fails the run
};

// Each writer writes the whole file to a temporary name beside `path` and
// renames it into place, so a reader never sees a partial report; it throws
// std::runtime_error naming the path when it cannot.
void WriteJsonReport(const RunReport& report, const std::filesystem::path& path);
void WriteJunitReport(const RunReport& report, const std::filesystem::path& path);
void WriteMarkdownReport(const RunReport& report, const std::filesystem::path& path);
void WriteHtmlReport(const RunReport& report, const std::filesystem::path& path);

}  // namespace dmlconf
