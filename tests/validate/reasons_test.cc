#include <gtest/gtest.h>

#include <set>
#include <string>

#include "dmlconf/validate.h"

namespace dmlconf {
namespace {

TEST(Reasons, OkComesFirst) {
  ASSERT_FALSE(AllReasons().empty());
  EXPECT_EQ(AllReasons().front(), Reason::OK);
  EXPECT_EQ(ReasonName(Reason::OK), "OK");
}

TEST(Reasons, NameParseRoundTripForEveryCode) {
  std::set<std::string_view> names;
  for (Reason reason : AllReasons()) {
    const std::string_view name = ReasonName(reason);
    EXPECT_TRUE(names.insert(name).second) << "duplicate name " << name;
    EXPECT_EQ(ParseReason(name), reason) << name;
    EXPECT_FALSE(ReasonRule(reason).empty()) << name;
  }
}

TEST(Reasons, KnownNamesAndUnknownText) {
  EXPECT_EQ(ReasonName(Reason::SPLIT_AXIS_SIZES_MISMATCH), "SPLIT_AXIS_SIZES_MISMATCH");
  EXPECT_EQ(ParseReason("GATHER_OUTPUT_RANK_OVERFLOW"), Reason::GATHER_OUTPUT_RANK_OVERFLOW);
  EXPECT_EQ(ParseReason("split_axis_sizes_mismatch"), std::nullopt);
  EXPECT_EQ(ParseReason(""), std::nullopt);
  EXPECT_EQ(ParseReason("NO_SUCH_REASON"), std::nullopt);
}

TEST(Reasons, ValidationToString) {
  EXPECT_EQ(Validation{}.ToString(), "OK");
  const Validation failed{Reason::AXIS_OUT_OF_RANGE, "SPLIT: Axis is 4."};
  EXPECT_FALSE(failed.ok());
  EXPECT_EQ(failed.ToString(), "AXIS_OUT_OF_RANGE: SPLIT: Axis is 4.");
}

}  // namespace
}  // namespace dmlconf
