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

// Expected failures: one entry per line, "[BACKEND:]GLOB", '#' starts a comment.
class XfailList {
 public:
  // Throws std::runtime_error "FILE: cannot be read" when it cannot.
  static XfailList Load(const std::filesystem::path& path);
  void Add(std::string backend, std::string glob);  // empty backend: every backend
  bool Matches(std::string_view backend, std::string_view case_name) const;
  bool empty() const { return entries_.empty(); }
  const std::string& source() const { return source_; }

 private:
  struct Entry {
    std::string backend, glob;
  };
  std::vector<Entry> entries_;
  std::string source_ = "the expected-failure list";
};

struct RunOptions {
  FeatureLevel feature_level = kHighestFeatureLevel;
  std::vector<std::string> filters;   // fnmatch globs on case names; empty: all
  std::vector<std::string> excludes;
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
};

bool GlobMatches(const std::string& glob, const std::string& name);

// The cases the filters select, in load order (excluded ones are not listed).
std::vector<const Case*> SelectCases(const std::vector<Case>& cases, const RunOptions& options);
// Of those, the ones in this run's shard, in load order.
std::vector<const Case*> ShardCases(const std::vector<Case>& cases, const RunOptions& options);

// "build/dmlconf run FILE --case=NAME --backend B --feature-level L" (exact name).
std::string Reproducer(const Case& c, std::string_view backend, FeatureLevel level);

// A result with the case's facts filled in and no verdict yet.
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
// Cases of other shards are not listed.
std::vector<CaseResult> RunCases(const std::vector<Case>& cases, std::span<Backend* const> backends,
                                 const RunOptions& options,
                                 const std::function<void(const CaseResult&)>& on_result = {});

}  // namespace dmlconf::validator
