#include "dmlconf/feature_level.h"

#include <gtest/gtest.h>

namespace dmlconf {
namespace {

TEST(FeatureLevel, ParsesEveryLevelInEverySpelling) {
  const char* names[] = {"1_0", "2_0", "2_1", "3_0", "3_1", "4_0", "4_1", "5_0",
                         "5_1", "5_2", "6_0", "6_1", "6_2", "6_3", "6_4"};
  ASSERT_EQ(std::size(names), kAllFeatureLevels.size());
  for (size_t i = 0; i < std::size(names); ++i) {
    EXPECT_EQ(FeatureLevelName(kAllFeatureLevels[i]), names[i]);
    EXPECT_EQ(ParseFeatureLevel(names[i]), kAllFeatureLevels[i]);
    std::string dotted = names[i];
    dotted[1] = '.';
    EXPECT_EQ(ParseFeatureLevel(dotted), kAllFeatureLevels[i]);
    EXPECT_EQ(ParseFeatureLevel(std::string("DML_FEATURE_LEVEL_") + names[i]),
              kAllFeatureLevels[i]);
  }
}

TEST(FeatureLevel, RejectsLevelsDirectMLDoesNotDefine) {
  for (const char* bad : {"1_1", "2_2", "7_0", "", "3", "3_0_0", "latest"})
    EXPECT_FALSE(ParseFeatureLevel(bad).has_value()) << bad;
}

TEST(FeatureLevel, IsOrderedByRelease) {
  for (size_t i = 1; i < kAllFeatureLevels.size(); ++i)
    EXPECT_LT(kAllFeatureLevels[i - 1], kAllFeatureLevels[i]);
  EXPECT_EQ(kHighestFeatureLevel, FeatureLevel::k6_4);
  EXPECT_LT(FeatureLevel::k2_1, FeatureLevel::k3_0);
}

}  // namespace
}  // namespace dmlconf
