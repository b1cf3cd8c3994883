// Which cases a run takes: the filters' selection, and of it one shard.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

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

// What selects cases, the shard included (RunOptions holds one).
struct CaseSelection {
  std::vector<std::string> filters;  // fnmatch globs on case names; empty: all
  std::vector<std::string> excludes;
  // Only cases of these operators (a chain's first call); empty: all.
  std::set<OperatorType> operators;
  // Only cases that expect one of these; empty: all. A backend that is not
  // DirectML is judged on values (match, unspecified, refuse_or_run) without
  // being held to DirectML's support tables and reason codes.
  std::set<Expectation> expectations;
  Shard shard;
};

bool GlobMatches(const std::string& glob, const std::string& name);

// The cases the filters select, in load order (excluded ones are not listed).
std::vector<const Case*> SelectCases(const std::vector<Case>& cases,
                                     const CaseSelection& selection);
// Of those, the ones in this run's shard, in load order.
std::vector<const Case*> ShardCases(const std::vector<Case>& cases, const CaseSelection& selection);

}  // namespace dmlconf::validator
