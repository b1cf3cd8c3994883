// GATHER's shared rules (dmlconf/gather_rules.h), on shapes worked by hand from seed
// 002's wording and contract point G4, not from the code under test.
#include "dmlconf/gather_rules.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace dmlconf {
namespace {

using Sizes = std::vector<uint32_t>;

TEST(GatherRules, OriginalRankDropsLeadingOnesOnly) {
  EXPECT_EQ(gather_rules::OriginalRank(Sizes{3, 1, 1, 2}), 4u);  // the 1s are inside
  EXPECT_EQ(gather_rules::OriginalRank(Sizes{1, 1, 1, 1, 3}), 1u);
  EXPECT_EQ(gather_rules::OriginalRank(Sizes{1, 2, 1}), 2u);
  EXPECT_EQ(gather_rules::OriginalRank(Sizes{1, 1, 1}), 1u);  // a scalar keeps rank 1
}

TEST(GatherRules, OriginalRankPlusIndexDimensionsMinusOneFitsTheRank) {
  // Seed 002's example 3: input {3,2}, K 1: 2 + 1 - 1 = 2 <= 2.
  EXPECT_TRUE(gather_rules::OriginalRankFits(Sizes{3, 2}, 1));
  // The generator's original-rank-overflow case: {3,1,1,2} with K 4: 4 + 4 - 1 = 7 > 4.
  EXPECT_FALSE(gather_rules::OriginalRankFits(Sizes{3, 1, 1, 2}, 4));
  // {1,1,1,1,3} with K 5: 1 + 5 - 1 = 5 <= 5.
  EXPECT_TRUE(gather_rules::OriginalRankFits(Sizes{1, 1, 1, 1, 3}, 5));
  // {1,2,2} with K 3: 2 + 3 - 1 = 4 > 3.
  EXPECT_FALSE(gather_rules::OriginalRankFits(Sizes{1, 2, 2}, 3));
}

TEST(GatherRules, G4LooksOnlyAtTheLeadingNonIndexDimensions) {
  // D 4, K 1: dimensions 0..2 are padding.
  EXPECT_TRUE(gather_rules::LeadingIndexDimensionAboveOne(Sizes{2, 1, 1, 3}, 1));
  EXPECT_FALSE(gather_rules::LeadingIndexDimensionAboveOne(Sizes{1, 1, 1, 3}, 1));
  // K 2 over {3,1,2}: dimension 0 is padding and above 1.
  EXPECT_TRUE(gather_rules::LeadingIndexDimensionAboveOne(Sizes{3, 1, 2}, 2));
  // K = D: no padding at all.
  EXPECT_FALSE(gather_rules::LeadingIndexDimensionAboveOne(Sizes{3, 4, 2}, 3));
}

}  // namespace
}  // namespace dmlconf
