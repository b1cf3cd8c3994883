#include "run/selection.h"

#include <fnmatch.h>

#include <algorithm>
#include <charconv>
#include <map>

namespace dmlconf::validator {

std::optional<Shard> ParseShard(std::string_view text) {
  const size_t slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  Shard s;
  const auto parse = [](std::string_view t, uint32_t* out) {
    const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), *out);
    return ec == std::errc() && p == t.data() + t.size() && !t.empty();
  };
  if (!parse(text.substr(0, slash), &s.index) || !parse(text.substr(slash + 1), &s.count))
    return std::nullopt;
  if (s.count == 0 || s.index >= s.count) return std::nullopt;
  return s;
}

bool GlobMatches(const std::string& glob, const std::string& name) {
  return fnmatch(glob.c_str(), name.c_str(), 0) == 0;
}

std::vector<const Case*> SelectCases(const std::vector<Case>& cases,
                                     const CaseSelection& selection) {
  std::vector<const Case*> out;
  for (const Case& c : cases) {
    const auto matches = [&](const std::string& g) { return GlobMatches(g, c.name); };
    if (!selection.filters.empty() &&
        std::none_of(selection.filters.begin(), selection.filters.end(), matches))
      continue;
    if (std::any_of(selection.excludes.begin(), selection.excludes.end(), matches)) continue;
    if (!selection.expectations.empty() && !selection.expectations.contains(c.expect)) continue;
    if (!selection.operators.empty() && !selection.operators.contains(c.op())) continue;
    out.push_back(&c);
  }
  return out;
}

std::vector<const Case*> ShardCases(const std::vector<Case>& cases,
                                    const CaseSelection& selection) {
  const std::vector<const Case*> selected = SelectCases(cases, selection);
  if (selection.shard.count == 1) return selected;
  std::vector<std::string> names;
  for (const Case* c : selected) names.push_back(c->name);
  std::sort(names.begin(), names.end());
  std::map<std::string, size_t> position;
  for (size_t i = 0; i < names.size(); ++i) position.emplace(names[i], i);
  std::vector<const Case*> mine;
  for (const Case* c : selected)
    if (position[c->name] % selection.shard.count == selection.shard.index) mine.push_back(c);
  return mine;
}

}  // namespace dmlconf::validator
