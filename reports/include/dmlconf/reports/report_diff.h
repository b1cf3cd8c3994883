// Comparing two runs (dmlconf diff, run --baseline) and joining shard runs into
// one (dmlconf merge). Both work on RunReport, so they read any JSON report.
#pragma once

#include <string>
#include <vector>

#include "dmlconf/reports/run_report.h"

namespace dmlconf {

// How one (backend, case) pair moved between a base run and a new one.
enum class Change : uint8_t {
  kNewlyFailing,    // fails the run now; passed, was skipped or was absent before
  kNewlyPassing,    // failed the run before (or xfailed), passes now
  kNewlySkipped,    // ran before, skipped now: coverage lost, not a failure
  kChangedMessage,  // fails both times, with another kind or message
  kGone,            // in the base run, not in the new one
};
std::string_view ChangeName(Change change);  // "newly failing" ...

struct CaseChange {
  Change change;
  const CaseResult* base = nullptr;  // null when the case is new
  const CaseResult* now = nullptr;   // null when gone
};

struct ReportDiff {
  std::vector<CaseChange> changes;  // the new run's order, then gone cases
  int Count(Change change) const;
  // Newly failing pairs: the only changes that fail a --baseline run.
  int Regressions() const { return Count(Change::kNewlyFailing); }
};

// Pairs are matched by (backend name, case name); both reports must outlive the diff.
ReportDiff DiffReports(const RunReport& base, const RunReport& now);
// The backend names both reports have results or a declaration for, sorted: when
// there is none, a diff compares nothing (every case "gone" and "new"), which is a
// mistake to say, not a result (another NAME, or a spec given where a name was).
std::vector<std::string> SharedBackends(const RunReport& base, const RunReport& now);

// How the two runs' selections differ, one sentence each with the counts: the profile
// (with how many results each run has), the --operator selection, the shard, and the
// case set (case names on the shared backends found in only one run). Empty when they
// ran the same selection. A diff across them compares different suites: diff and
// --baseline print these as warnings (diff --strict: as errors).
std::vector<std::string> SelectionDifferences(const RunReport& base, const RunReport& now);

// Joins shard runs of one suite: the cases of every shard in the single run's
// order (backend order, then case position), the earliest start, the command
// line without its --shard. Throws std::runtime_error naming the report files
// when the shards are not one complete set of one run: a shard missing or given
// twice, shards of different N, another level, backend list, case paths or
// selection, a report naming no shard, or a pair appearing twice.
RunReport MergeReports(const std::vector<RunReport>& shards);

}  // namespace dmlconf
