// Runs cases against backends and judges each pair: the verdicts of
// reports/include/dmlconf/reports/run_report.h, with a message and a
// reproducer for every one that is not a plain pass.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dmlconf/backend.h"
#include "dmlconf/reports/run_report.h"
#include "dmlconf/validator/case.h"

namespace dmlconf::validator {

// Shard `index` of `count` (0-based) takes the cases whose position in the
// sorted list of selected case names is index modulo count.
struct Shard {
  uint32_t index = 0;
  uint32_t count = 1;
};
// "I/N" with I < N; nullopt otherwise.
std::optional<Shard> ParseShard(std::string_view text);

// Expected failures, one entry a line: "GLOB" (every backend), "NAME:GLOB" or
// "NAME@VERSION:GLOB" (only results of backend NAME that declared that version).
// The line is split at its last ':' (case names hold none), so NAME may be a
// whole spec ("serve:./lib --fast:join/*"). '#' starts a comment unless escaped
// ("\#", which the glob reads as '#').
class XfailList {
 public:
  struct Entry {
    std::string backend;  // "" for every backend; "NAME" or "NAME@VERSION"
    std::string glob;
    std::string text;  // the entry as written, comment and blanks cut
    int line = 0;      // 0 for an entry added in code
    // Whether the glob can match more than one name (holds an unescaped * ? or [).
    bool IsGlob() const;
    // Whether it covers a result of backend `name`, which declared `version`.
    bool CoversBackend(std::string_view name, std::string_view version) const;
  };
  // Throws std::runtime_error "FILE: cannot be read" or "FILE:LINE: ..." for an
  // entry with nothing after its ':'.
  static XfailList Load(const std::filesystem::path& path);
  void Add(std::string backend, std::string glob);  // empty backend: every backend
  // The first entry covering case `case_name` on backend `name` (version
  // `version`); nullptr when none does.
  const Entry* Match(std::string_view name, std::string_view version,
                     std::string_view case_name) const;
  bool Matches(std::string_view backend, std::string_view case_name) const {
    return Match(backend, "", case_name) != nullptr;
  }
  bool empty() const { return entries_.empty(); }
  const std::vector<Entry>& entries() const { return entries_; }
  const std::string& source() const { return source_; }
  // "FILE:LINE" of an entry, or the list's source for one added in code.
  std::string Where(const Entry& entry) const;

 private:
  std::vector<Entry> entries_;
  std::string source_ = "the expected-failure list";
};

struct RunOptions {
  FeatureLevel feature_level = kHighestFeatureLevel;
  std::vector<std::string> filters;  // fnmatch globs on case names; empty: all
  std::vector<std::string> excludes;
  // Only cases of these operators (a chain's first call); empty: all.
  std::set<OperatorType> operators;
  // Only cases that expect one of these; empty: all. A backend that is not
  // DirectML is judged on values (match, unspecified, refuse_or_run) without
  // being held to DirectML's support tables and reason codes.
  std::set<Expectation> expectations;
  Shard shard;
  XfailList xfail;
  // Each case in a forked child, so a crash or hang becomes an `error`.
  bool isolate = false;
  double timeout_seconds = 60;
  // Fail output padding writes, which DirectML allows (contract point P1),
  // for implementations that promise more.
  bool strict_padding = false;
  // "--profile values": what a reproducer must repeat so the case is judged as
  // in this run (the profile; --strict-padding is added from the flag above).
  std::string reproduce_flags;
};

bool GlobMatches(const std::string& glob, const std::string& name);

// The cases the filters select, in load order (excluded ones are not listed).
std::vector<const Case*> SelectCases(const std::vector<Case>& cases, const RunOptions& options);
// Of those, the ones in this run's shard, in load order.
std::vector<const Case*> ShardCases(const std::vector<Case>& cases, const RunOptions& options);

// "/abs/dmlconf run FILE --case=NAME --backend B --feature-level L [FLAGS]": the
// dmlconf binary running now (/proc/self/exe), the exact name, and `backend` as
// --backend was given (NAME=SPEC when a name was given so).
std::string Reproducer(const Case& c, std::string_view backend, FeatureLevel level,
                       std::string_view flags = {});

// How many (backend, case) pairs of `selected` on `backends` each entry of
// `xfail` covers, in entry order: an entry with none is stale or mistyped.
std::vector<int> XfailCoverage(const XfailList& xfail, const std::vector<const Case*>& selected,
                               std::span<Backend* const> backends);

// A result with the case's facts filled in and no verdict yet; the
// reproducer's --backend is `backend`.
CaseResult DescribeCase(const Case& c, std::string_view backend, FeatureLevel run_level);

// One case on one backend, in this process: skipped, passed, failed or error
// (no expected-failure list applied). A must-reject case is created at its own
// level; any other case is created and run at the lower of `run_level` and the
// backend's maximum, and a match or unspecified case is also created (not run)
// at its own level when that is lower: a refusal there fails it. Throws
// RunAborted when the backend cannot go on.
CaseResult JudgeCase(const Case& c, Backend& backend, FeatureLevel run_level,
                     bool strict_padding = false);

// The same in a forked child with a time limit: a crash or timeout is `error`
// naming the signal.
CaseResult JudgeCaseIsolated(const Case& c, Backend& backend, FeatureLevel run_level,
                             double timeout_seconds, bool strict_padding = false);

// Every selected case of this shard on every backend (backend-major),
// expected-failure list applied; `on_result` sees each result as it is made.
// Cases of other shards are not listed. Each result's `backend` is the
// backend's Name(), its reproducer reruns it with the backend's Argument().
std::vector<CaseResult> RunCases(const std::vector<Case>& cases, std::span<Backend* const> backends,
                                 const RunOptions& options,
                                 const std::function<void(const CaseResult&)>& on_result = {});

}  // namespace dmlconf::validator
