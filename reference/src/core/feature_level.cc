#include "dmlconf/feature_level.h"

#include <string>

namespace dmlconf {

namespace {
constexpr std::string_view kNames[] = {"1_0", "2_0", "2_1", "3_0", "3_1", "4_0", "4_1", "5_0",
                                       "5_1", "5_2", "6_0", "6_1", "6_2", "6_3", "6_4"};
static_assert(std::size(kNames) == kAllFeatureLevels.size());
}  // namespace

std::string_view FeatureLevelName(FeatureLevel level) { return kNames[size_t(level)]; }

std::optional<FeatureLevel> ParseFeatureLevel(std::string_view text) {
  constexpr std::string_view kPrefix = "DML_FEATURE_LEVEL_";
  if (text.starts_with(kPrefix)) text.remove_prefix(kPrefix.size());
  std::string normalized(text);
  for (char& c : normalized)
    if (c == '.') c = '_';
  for (FeatureLevel level : kAllFeatureLevels)
    if (FeatureLevelName(level) == normalized) return level;
  return std::nullopt;
}

}  // namespace dmlconf
