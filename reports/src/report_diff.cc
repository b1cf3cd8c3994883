#include "dmlconf/reports/report_diff.h"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace dmlconf {
namespace {

using PairKey = std::pair<std::string, std::string>;  // backend, case name

std::optional<Change> Classify(const CaseResult* base, const CaseResult& now) {
  const bool fails_now = VerdictFailsRun(now.verdict);
  if (!base) return fails_now ? std::optional(Change::kNewlyFailing) : std::nullopt;
  const bool failed_before =
      VerdictFailsRun(base->verdict) || base->verdict == Verdict::kExpectedFailure;
  if (fails_now && !VerdictFailsRun(base->verdict)) return Change::kNewlyFailing;
  if (!fails_now && failed_before && now.verdict != Verdict::kExpectedFailure &&
      now.verdict != Verdict::kSkipped)
    return Change::kNewlyPassing;
  if (now.verdict == Verdict::kSkipped && base->verdict != Verdict::kSkipped)
    return Change::kNewlySkipped;
  if (fails_now && (base->kind != now.kind || base->message != now.message))
    return Change::kChangedMessage;
  return std::nullopt;
}

// "--shard 1/4" (or "--shard=1/4") taken out of a command line.
std::string WithoutShard(const std::string& command) {
  std::string out;
  size_t i = 0;
  while (i < command.size()) {
    const size_t end = std::min(command.find(' ', i), command.size());
    const std::string word = command.substr(i, end - i);
    i = end + 1;
    if (word == "--shard") {
      i = std::min(command.find(' ', i), command.size()) + 1;
      continue;
    }
    if (word.rfind("--shard=", 0) == 0) continue;
    out += (out.empty() ? "" : " ") + word;
  }
  return out;
}

void CheckSameRun(const RunReport& first, const RunReport& shard, size_t index) {
  const auto mismatch = [&](const std::string& what) {
    throw std::runtime_error("shard " + std::to_string(index + 1) + " is not of the same run as " +
                             "the first: another " + what);
  };
  if (shard.feature_level != first.feature_level) mismatch("feature level");
  if (shard.backends != first.backends) mismatch("backend list");
}

}  // namespace

std::string_view ChangeName(Change change) {
  switch (change) {
    case Change::kNewlyFailing:
      return "newly failing";
    case Change::kNewlyPassing:
      return "newly passing";
    case Change::kNewlySkipped:
      return "newly skipped";
    case Change::kChangedMessage:
      return "changed message";
    case Change::kGone:
      return "gone";
  }
  return "unknown";
}

int ReportDiff::Count(Change change) const {
  return int(std::count_if(changes.begin(), changes.end(),
                           [change](const CaseChange& c) { return c.change == change; }));
}

ReportDiff DiffReports(const RunReport& base, const RunReport& now) {
  std::map<PairKey, const CaseResult*> before;
  for (const CaseResult& r : base.results) before[{r.backend, r.name}] = &r;
  ReportDiff diff;
  for (const CaseResult& r : now.results) {
    const auto it = before.find({r.backend, r.name});
    const CaseResult* b = it == before.end() ? nullptr : it->second;
    if (it != before.end()) before.erase(it);
    if (const auto change = Classify(b, r)) diff.changes.push_back({*change, b, &r});
  }
  for (const CaseResult& r : base.results)
    if (before.contains({r.backend, r.name})) diff.changes.push_back({Change::kGone, &r, nullptr});
  return diff;
}

RunReport MergeReports(const std::vector<RunReport>& shards) {
  if (shards.empty()) throw std::runtime_error("no shard reports to merge");
  RunReport merged = shards.front();
  merged.results.clear();
  merged.command_line = WithoutShard(merged.command_line);
  std::map<PairKey, size_t> seen;
  for (size_t i = 0; i < shards.size(); ++i) {
    CheckSameRun(shards.front(), shards[i], i);
    merged.started_at = std::min(merged.started_at, shards[i].started_at);
    for (const std::string& p : shards[i].case_paths)
      if (std::find(merged.case_paths.begin(), merged.case_paths.end(), p) == merged.case_paths.end())
        merged.case_paths.push_back(p);
    for (const CaseResult& r : shards[i].results) {
      if (const auto [it, fresh] = seen.emplace(PairKey{r.backend, r.name}, i); !fresh)
        throw std::runtime_error("case " + r.name + " on " + r.backend + " is in shard " +
                                 std::to_string(it->second + 1) + " and shard " +
                                 std::to_string(i + 1));
      merged.results.push_back(r);
    }
  }
  std::map<std::string, size_t> backend_order;
  for (const std::string& b : merged.backends) backend_order.emplace(b, backend_order.size());
  std::stable_sort(merged.results.begin(), merged.results.end(),
                   [&](const CaseResult& a, const CaseResult& b) {
                     return std::pair(backend_order[a.backend], a.position) <
                            std::pair(backend_order[b.backend], b.position);
                   });
  return merged;
}

}  // namespace dmlconf
