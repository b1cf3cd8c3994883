// DirectML feature levels, ordered, from 1_0 to 6_4.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace dmlconf {

// Declaration order is feature-level order, so <, <= and > compare levels.
enum class FeatureLevel : uint8_t {
  k1_0,
  k2_0,
  k2_1,
  k3_0,
  k3_1,
  k4_0,
  k4_1,
  k5_0,
  k5_1,
  k5_2,
  k6_0,
  k6_1,
  k6_2,
  k6_3,
  k6_4,
};

inline constexpr std::array<FeatureLevel, 15> kAllFeatureLevels = {
    FeatureLevel::k1_0, FeatureLevel::k2_0, FeatureLevel::k2_1, FeatureLevel::k3_0,
    FeatureLevel::k3_1, FeatureLevel::k4_0, FeatureLevel::k4_1, FeatureLevel::k5_0,
    FeatureLevel::k5_1, FeatureLevel::k5_2, FeatureLevel::k6_0, FeatureLevel::k6_1,
    FeatureLevel::k6_2, FeatureLevel::k6_3, FeatureLevel::k6_4,
};
inline constexpr FeatureLevel kHighestFeatureLevel = FeatureLevel::k6_4;

// "3_0".
std::string_view FeatureLevelName(FeatureLevel level);
// Accepts "3_0", "3.0" and "DML_FEATURE_LEVEL_3_0".
std::optional<FeatureLevel> ParseFeatureLevel(std::string_view text);

}  // namespace dmlconf
