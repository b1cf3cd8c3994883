#include "dmlconf/reports/report_diff.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

namespace dmlconf {
namespace {

using PairKey = std::pair<std::string, std::string>;  // backend, case name

std::optional<Change> Classify(const CaseResult* base, const CaseResult& now) {
  const bool fails_now = VerdictFailsRun(now.verdict);
  if (!base) return fails_now ? std::optional(Change::kNewlyFailing) : std::nullopt;
  // An xfail failed too, only known: a baseline written by a run with --xfail or
  // --baseline still holds its failures as failures.
  const bool failed_before =
      VerdictFailsRun(base->verdict) || base->verdict == Verdict::kExpectedFailure;
  if (fails_now && !failed_before) return Change::kNewlyFailing;
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

std::string Where(const RunReport& report, size_t index) {
  return report.source.empty() ? "shard report " + std::to_string(index + 1) : report.source;
}

struct ShardId {
  uint64_t index = 0, count = 0;
};

// "I/N" with I < N, as --shard writes it.
std::optional<ShardId> ParseShardId(const std::string& text) {
  const size_t slash = text.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 == text.size()) return std::nullopt;
  ShardId id;
  try {
    size_t used = 0;
    id.index = std::stoull(text.substr(0, slash), &used);
    if (used != slash) return std::nullopt;
    id.count = std::stoull(text.substr(slash + 1), &used);
    if (used != text.size() - slash - 1) return std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (id.count == 0 || id.index >= id.count) return std::nullopt;
  return id;
}

// Every shard must be of the same run, as the first: the same cases, backends and
// selection. A difference would make the merged report claim what no run judged.
void CheckSameRun(const RunReport& first, const RunReport& shard, size_t index) {
  const auto mismatch = [&](const std::string& what) {
    throw std::runtime_error(Where(shard, index) + " is not of the same run as " + Where(first, 0) +
                             ": another " + what);
  };
  if (shard.feature_level != first.feature_level) mismatch("feature level");
  if (shard.backends != first.backends) mismatch("backend list");
  if (shard.case_paths != first.case_paths) mismatch("list of case paths");
  if (shard.profile != first.profile || shard.expect != first.expect)
    mismatch("--profile or --expect");
  if (shard.operators != first.operators) mismatch("--operator selection");
}

// The shards must be exactly 0/N .. N-1/N, each once: a shard missing would
// make a part of the suite look like the whole of it.
void CheckShardSet(const std::vector<RunReport>& shards) {
  std::map<uint64_t, size_t> seen;  // index -> which report
  uint64_t count = 0;
  for (size_t i = 0; i < shards.size(); ++i) {
    const std::optional<ShardId> id = ParseShardId(shards[i].shard);
    if (!id)
      throw std::runtime_error(Where(shards[i], i) +
                               " names no shard (\"shard\": \"I/N\"): it "
                               "was written by an older dmlconf, so it cannot be told complete");
    if (i == 0) count = id->count;
    if (id->count != count)
      throw std::runtime_error(Where(shards[i], i) + " is shard " + shards[i].shard + ", but " +
                               Where(shards[0], 0) + " is shard " + shards[0].shard +
                               ": shards of runs split differently");
    if (const auto [it, fresh] = seen.emplace(id->index, i); !fresh)
      throw std::runtime_error("shard " + shards[i].shard +
                               " is given twice: " + Where(shards[it->second], it->second) +
                               " and " + Where(shards[i], i));
  }
  std::string missing;
  for (uint64_t k = 0; k < count; ++k)
    if (!seen.contains(k))
      missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(count);
  if (!missing.empty())
    throw std::runtime_error("the shard set is incomplete: " + missing + " missing (given " +
                             std::to_string(shards.size()) + " of " + std::to_string(count) + ")");
}

// "a, b, c" of at most the first ten, then "and N more".
std::string FirstFew(const std::vector<std::string>& items) {
  std::string text;
  for (size_t i = 0; i < items.size() && i < 10; ++i) text += (i ? ", " : "") + items[i];
  if (items.size() > 10) text += ", and " + std::to_string(items.size() - 10) + " more";
  return text;
}

// Every case of the sharded selection exactly once on every backend: each shard names
// the cases it was given (shard_cases), the given cases add up to the selection, and
// each backend has one result for each, in the shard that was given it. Without the
// names (a whole run, 0/1), the count of each backend's results must be the selection.
void CheckEveryCaseOnce(const std::vector<RunReport>& shards) {
  const RunReport& first = shards.front();
  for (size_t i = 0; i < shards.size(); ++i)
    if (!shards[i].selected_cases || *shards[i].selected_cases != *first.selected_cases ||
        (shards.size() > 1 && !shards[i].shard_cases))
      throw std::runtime_error(Where(shards[i], i) +
                               " does not say which cases its run selected (\"selected_cases\", "
                               "\"shard_cases\"), or says otherwise than " +
                               Where(first, 0) + ": the set cannot be told complete");
  const uint64_t selected = *first.selected_cases;
  std::map<std::string, size_t> given;  // case name -> the shard given it
  for (size_t i = 0; i < shards.size(); ++i)
    for (const std::string& name : shards[i].shard_cases.value_or(std::vector<std::string>{}))
      if (const auto [it, fresh] = given.emplace(name, i); !fresh)
        throw std::runtime_error("case " + name + " was given to " +
                                 Where(shards[it->second], it->second) + " and to " +
                                 Where(shards[i], i));
  const bool named = shards.size() > 1;
  if (named && given.size() != selected)
    throw std::runtime_error("the shards were given " + std::to_string(given.size()) +
                             " cases, but their run selected " + std::to_string(selected));
  std::vector<std::string> missing;
  for (const std::string& backend : first.backends) {
    std::set<std::string> judged;
    for (size_t i = 0; i < shards.size(); ++i)
      for (const CaseResult& r : shards[i].results) {
        if (r.backend != backend) continue;
        judged.insert(r.name);
        const auto it = given.find(r.name);
        if (named && (it == given.end() || it->second != i))
          throw std::runtime_error("case " + r.name + " on " + backend + " is in " +
                                   Where(shards[i], i) + ", which was not given it");
      }
    if (named) {
      for (const auto& [name, shard] : given)
        if (!judged.contains(name))
          missing.push_back(name + " on " + backend + " (" + Where(shards[shard], shard) + ")");
    } else if (judged.size() != selected) {
      missing.push_back(std::to_string(selected - std::min<uint64_t>(selected, judged.size())) +
                        " of the " + std::to_string(selected) + " selected cases on " + backend);
    }
  }
  if (!missing.empty())
    throw std::runtime_error("the shard set lost cases: no result for " + FirstFew(missing));
}

}  // namespace

std::string_view ChangeName(Change change) {
  switch (change) {
    case Change::kNewlyFailing: return "newly failing";
    case Change::kNewlyPassing: return "newly passing";
    case Change::kNewlySkipped: return "newly skipped";
    case Change::kChangedMessage: return "changed message";
    case Change::kGone: return "gone";
  }
  return "unknown";
}

int ReportDiff::Count(Change change) const {
  return int(std::count_if(changes.begin(), changes.end(),
                           [change](const CaseChange& c) { return c.change == change; }));
}

std::vector<std::string> SharedBackends(const RunReport& base, const RunReport& now) {
  std::set<std::string> before;
  for (const std::string& b : base.backends) before.insert(b);
  for (const CaseResult& r : base.results) before.insert(r.backend);
  std::set<std::string> shared;
  for (const std::string& b : now.backends)
    if (before.contains(b)) shared.insert(b);
  for (const CaseResult& r : now.results)
    if (before.contains(r.backend)) shared.insert(r.backend);
  return {shared.begin(), shared.end()};
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

namespace {

std::string ProfileName(const RunReport& r) { return r.profile.empty() ? "directml" : r.profile; }

std::string OperatorsText(const RunReport& r) {
  std::string text;
  for (const std::string& op : r.operators) text += (text.empty() ? "" : ", ") + op;
  return text.empty() ? "all" : text;
}

// Case names of `from` on `backends` that `other` has no result for on that backend.
int OnlyIn(const RunReport& from, const RunReport& other,
           const std::vector<std::string>& backends) {
  std::set<std::pair<std::string, std::string>> theirs;
  for (const CaseResult& r : other.results) theirs.emplace(r.backend, r.name);
  std::set<std::string> names;
  for (const CaseResult& r : from.results)
    if (std::binary_search(backends.begin(), backends.end(), r.backend) &&
        !theirs.contains({r.backend, r.name}))
      names.insert(r.name);
  return int(names.size());
}

}  // namespace

std::vector<std::string> SelectionDifferences(const RunReport& base, const RunReport& now) {
  std::vector<std::string> differences;
  const auto results = [](const RunReport& r) { return std::to_string(r.results.size()); };
  if (ProfileName(base) != ProfileName(now))
    differences.push_back("the profile changed: --profile " + ProfileName(base) + " (" +
                          results(base) + " results) before, " + ProfileName(now) + " (" +
                          results(now) + " results) now");
  if (base.operators != now.operators)
    differences.push_back("the operators changed: " + OperatorsText(base) + " before, " +
                          OperatorsText(now) + " now");
  const auto shard = [](const RunReport& r) { return r.shard.empty() ? "0/1" : r.shard; };
  if (shard(base) != shard(now))
    differences.push_back("the shard changed: " + shard(base) + " before, " + shard(now) + " now");
  const std::vector<std::string> shared = SharedBackends(base, now);
  const int gone = OnlyIn(base, now, shared), added = OnlyIn(now, base, shared);
  if (gone > 0 || added > 0)
    differences.push_back("the case sets differ: " + std::to_string(gone) +
                          " cases only in the base run, " + std::to_string(added) +
                          " only in the new one");
  return differences;
}

RunReport MergeReports(const std::vector<RunReport>& shards) {
  if (shards.empty()) throw std::runtime_error("no shard reports to merge");
  CheckShardSet(shards);
  RunReport merged = shards.front();
  merged.results.clear();
  merged.command_line = WithoutShard(merged.command_line);
  merged.shard = "0/1";
  merged.source.clear();
  std::map<PairKey, size_t> seen;
  for (size_t i = 0; i < shards.size(); ++i) {
    CheckSameRun(shards.front(), shards[i], i);
    merged.started_at = std::min(merged.started_at, shards[i].started_at);
    for (const CaseResult& r : shards[i].results) {
      if (const auto [it, fresh] = seen.emplace(PairKey{r.backend, r.name}, i); !fresh)
        throw std::runtime_error("case " + r.name + " on " + r.backend + " is in " +
                                 Where(shards[it->second], it->second) + " and in " +
                                 Where(shards[i], i));
      merged.results.push_back(r);
    }
  }
  CheckEveryCaseOnce(shards);
  merged.shard_cases.reset();
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
