// The result of a conformance run, as the report writers see it. The validator
// fills it; the writers (one per format) only read it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dmlconf {

// The verdict vocabulary. Every case of a run gets exactly one per backend.
enum class Verdict : uint8_t {
  kPassed,           // the backend did what the case demands
  kFailed,           // it did not: wrong bits, wrote out of bounds, accepted an
                     // invalid descriptor, refused a valid one inside its level
  kSkipped,          // not run, with a reason (above the run's or backend's level,
                     // not implemented by the backend, ...)
  kError,            // the harness could not judge (backend crashed or timed out,
                     // a case could not be prepared)
  kExpectedFailure,  // failed, and listed in the expected-failure file
  kUnexpectedPass,   // listed as expected to fail, but passed: the list is stale
};
inline constexpr Verdict kAllVerdicts[] = {Verdict::kPassed,          Verdict::kFailed,
                                           Verdict::kSkipped,         Verdict::kError,
                                           Verdict::kExpectedFailure, Verdict::kUnexpectedPass};

// "passed" "failed" "skipped" "error" "xfail" "xpass".
std::string_view VerdictName(Verdict verdict);
// Failed, error and xpass make a run fail (exit code 1).
bool VerdictFailsRun(Verdict verdict);
// Failed and error: what an expected-failure entry turns into xfail. A known crash of
// the backend under test is as much a known failure as wrong values.
bool VerdictIsFailure(Verdict verdict);

// What kind of non-pass a result is: one per result, set where the verdict is
// made (never parsed from the message), so reports can count and group them.
// An xfail keeps the kind of the failure it excuses. A pass has kNone, or
// kPaddingWritten when its backend wrote output padding (information, P1).
enum class Kind : uint8_t {
  kNone,             // a plain pass
  kWrongValues,      // ran, but output elements differ from the expected bits
  kStrayWriteInput,  // wrote an input's tensor bytes
  kStrayWrite,       // wrote outside every buffer: a guard byte, a buffer file
                     // that grew ("stray_write_guard" in older reports)
  kPaddingWritten,   // wrote output padding: allowed by DirectML (P1); a failure
                     // only under --strict-padding
  kAcceptedInvalid,  // accepted a descriptor a must-reject case demands be refused
  kRefusedValid,     // refused a descriptor valid at its level
  kWrongReasonCode,  // refused a must-reject case, naming another reason code
  kBackendError,     // Execute failed or the backend threw
  kCrash,            // the backend (or the case's process) died
  kTimeout,          // no answer within the time limit
  kNothingJudged,    // the harness could not judge (case not preparable, no verdict)
  kNotImplemented,   // skipped: the backend answered "unsupported"
  kAboveLevel,       // skipped: the case needs a level above the run's or backend's
  kStaleXfail,       // xpass: listed as expected to fail, but passed
};
inline constexpr Kind kAllKinds[] = {
    Kind::kNone,           Kind::kWrongValues,     Kind::kStrayWriteInput, Kind::kStrayWrite,
    Kind::kPaddingWritten, Kind::kAcceptedInvalid, Kind::kRefusedValid,    Kind::kWrongReasonCode,
    Kind::kBackendError,   Kind::kCrash,           Kind::kTimeout,         Kind::kNothingJudged,
    Kind::kNotImplemented, Kind::kAboveLevel,      Kind::kStaleXfail};

// "wrong_values" "stray_write_input" ... ("" for kNone): the JSON spelling.
std::string_view KindName(Kind kind);
// "wrong values", for people.
std::string_view KindTitle(Kind kind);
std::optional<Kind> ParseKind(std::string_view name);
std::optional<Verdict> ParseVerdict(std::string_view name);

struct CaseResult {
  std::string name;
  std::string file;  // the case file, and the line the case starts on
  int line = 0;
  std::string op;                       // "GATHER"
  std::string feature_level;            // the case's own level, "3_0"
  std::string expect;                   // "match" "reject" "unspecified" "refuse_or_run" "one_of"
  std::vector<std::string> data_types;  // per tensor: inputs, then outputs
  std::vector<uint32_t> ranks;          // per tensor, same order
  std::string backend;
  Verdict verdict = Verdict::kPassed;
  Kind kind = Kind::kNone;  // what kind of non-pass; see Kind
  std::string reason;       // a must-reject case's expected reason code; else empty
  // The case's position among the loaded cases, so shard reports merge into
  // the single run's order.
  uint64_t position = 0;
  std::string message;     // why it failed / was skipped; empty on a plain pass
  std::string reproducer;  // a command line that reruns just this case
  double seconds = 0;
  // Contract point P1: bytes of output padding (inside TotalTensorSizeInBytes,
  // between or after the elements) that the backend changed. DirectML allows
  // it, so it is information, and a failure only under --strict-padding.
  uint64_t padding_bytes_written = 0;
  // What made a failure known (xfail): the expected-failure entry ("FILE:LINE: GLOB")
  // or the baseline ("baseline FILE") that excused it. Every report names it, so a CI
  // system reading any one file reaches the exit code's verdict.
  std::string excused_by;
};

// The most of one message that a report or the console quotes. A backend's error
// text can run to megabytes, and every format repeats a message in several places;
// the harness's own messages stay far below this (under 1 KiB in the DirectML run).
inline constexpr size_t kMaxQuotedMessageBytes = 8192;
// `message` when it fits in kMaxQuotedMessageBytes; else its start, cut at a UTF-8
// character boundary, then a line saying how many bytes were cut. Every report writer
// and the console quote messages through this.
std::string QuotedMessage(std::string_view message);

// One backend of a run as the reports show it. `name` is its identity (the
// `backend` of every result); the rest is information.
struct BackendInfo {
  std::string name;
  std::string spec;         // what --backend said, without NAME=
  std::string version;      // as the backend declared it; empty when it did not
  std::string description;  // the same
  // The highest level it declared ("6_2"): no claim goes above it. Empty in
  // reports written before it was recorded.
  std::string max_feature_level;
  auto operator<=>(const BackendInfo&) const = default;
};

struct RunReport {
  std::string tool = "dmlconf";
  std::string tool_version;
  std::string started_at;     // ISO 8601, UTC
  std::string feature_level;  // the run's level
  std::string command_line;
  std::vector<std::string> backends;      // the identities, in run order
  std::vector<BackendInfo> backend_info;  // the same backends, with what they declared
  std::vector<std::string> case_paths;
  // The selection, which every claim is over: --profile ("" for the default,
  // every case), --expect, --operator (operator names; empty: all), and how
  // many selected cases --profile / --expect left out, per expectation.
  std::string profile;
  std::vector<std::string> expect;
  std::vector<std::string> operators;
  std::map<std::string, int> left_out;
  // "I/N" of a --shard run ("0/1" for a whole run); empty in older reports.
  std::string shard;
  // How many cases the run's selection holds, over every shard (each backend judges
  // each once); absent in older reports. And, in a shard of N > 1, the names of the
  // cases given to this shard: what merge checks the shards' results add up to.
  std::optional<uint64_t> selected_cases;
  std::optional<std::vector<std::string>> shard_cases;
  // The file a report was read from (not written): what merge and diff name.
  std::string source;
  // What else decided the exit code: --baseline (the base report's path; every
  // failure it also had is an xfail excused by it, so what still fails the run is a
  // regression) and --claim (a level every backend must conform at). Empty: not given.
  std::string baseline;
  std::string claim;
  std::vector<CaseResult> results;

  std::map<Verdict, int> Counts() const;
  // "12 passed, 0 failed, 3 skipped" then ", N error" / ", N xfail" / ", N xpass"
  // where non-zero: the closing line of every run.
  std::string SummaryLine() const;
  // SummaryLine, then what --baseline and --claim concluded: "...; 2 regressions
  // against base/report.json; claim 3_0 holds". The run's closing line, and the
  // verdict every report states.
  std::string VerdictLine() const;
  // Any verdict that fails the run, or a --claim that does not hold on a backend.
  bool Failed() const;
  // Anything passed, failed, errored, xfailed or xpassed (not only skips).
  bool JudgedAnything() const;
};

// "Conforms at L": every case of this backend whose own level is at most L ran
// and passed (an xpass counts: it passed), and L is at most the run's level.
// The claim is the highest such L among the run's level and the case levels
// seen; no claim when the lowest case level already holds a non-pass or the
// backend judged nothing. Over the cases the run selected, no others.
struct ConformanceClaim {
  std::string backend;
  std::string level;          // empty: no claim
  std::string blocked_at;     // the lowest case level holding a non-pass; empty if none
  int blocking_failures = 0;  // non-passing results (failed, error, xfail) at blocked_at
  int blocking_skips = 0;     // skipped results at blocked_at
  std::string reason;         // one sentence: what the claim rests on or why none is made
  // The selection the claim is over, when narrower than every case: "for JOIN
  // only (--operator JOIN), under --profile values (311 must-reject cases not
  // judged)"; empty otherwise. Part of `reason` too.
  std::string scope;
  // Operators to select (--operator) for a claim, when the only thing standing
  // in its way is operators the backend does not implement at all.
  std::vector<std::string> suggested_operators;
};
std::vector<ConformanceClaim> Claims(const RunReport& report);
// "3_1" < "4_0" < "6_4"; false when either is not X_Y.
bool LevelLess(std::string_view a, std::string_view b);
bool IsLevelName(std::string_view text);
// True when the claim is made at `level` or above.
bool ClaimHolds(const ConformanceClaim& claim, std::string_view level);
// The run's selection, when it is narrower than every case: "for JOIN only
// (--operator JOIN), under --profile values (311 must-reject cases not
// judged)"; empty for a run over every case.
std::string SelectionScope(const RunReport& report);

// Each writer writes the whole file to a temporary name beside `path` and
// renames it into place, so a reader never sees a partial report; it throws
// std::runtime_error naming the path when it cannot.
void WriteJsonReport(const RunReport& report, const std::filesystem::path& path);
void WriteJunitReport(const RunReport& report, const std::filesystem::path& path);
void WriteMarkdownReport(const RunReport& report, const std::filesystem::path& path);
void WriteHtmlReport(const RunReport& report, const std::filesystem::path& path);

// Reads a dmlconf-report-v1 JSON file back (diff, merge, --baseline). Throws
// std::runtime_error naming the file when it cannot be read or is not one.
RunReport ReadJsonReport(const std::filesystem::path& path);

}  // namespace dmlconf
