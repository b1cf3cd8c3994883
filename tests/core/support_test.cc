#include "dmlconf/support.h"

#include <gtest/gtest.h>

namespace dmlconf {
namespace {

using DT = DataType;
using FL = FeatureLevel;

TEST(Support, ALevelBetweenRowsAnswersWithTheRowBelow) {
  const SupportRow* row = FindSupport(OperatorType::kGather, FL::k3_1);
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->level, FL::k3_0);
  EXPECT_EQ(row->min_rank, 1u);
  EXPECT_EQ(row->max_rank, 8u);
  EXPECT_TRUE(row->data_types.Contains(DT::kInt8));
  EXPECT_FALSE(row->data_types.Contains(DT::kFloat64));
  EXPECT_EQ(row->index_types.ToString(), "INT64 INT32 UINT64 UINT32");
}

TEST(Support, OperatorsDoNotExistBelowTheirIntroduction) {
  EXPECT_EQ(FindSupport(OperatorType::kDepthToSpace1, FL::k2_0), nullptr);
  EXPECT_EQ(FindSupport(OperatorType::kSpaceToDepth1, FL::k1_0), nullptr);
  EXPECT_EQ(FindSupport(OperatorType::kReverseSubsequences, FL::k2_0), nullptr);
  EXPECT_NE(FindSupport(OperatorType::kReverseSubsequences, FL::k2_1), nullptr);
  EXPECT_EQ(IntroducedAt(OperatorType::kSplit), FL::k1_0);
  EXPECT_EQ(IntroducedAt(OperatorType::kDepthToSpace1), FL::k2_1);
}

// Every row transcribed from the spec README's "Support:" lines.
TEST(Support, TablesMatchTheSpecification) {
  struct Expect {
    OperatorType op;
    FL level;
    uint32_t min_rank, max_rank;
    const char* types;
    const char* index_types;
  };
  const char* all11 = "FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 UINT16 UINT8";
  const char* std8 = "FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8";
  const char* old6 = "FLOAT32 FLOAT16 INT32 INT16 UINT32 UINT16";
  const char* idx4 = "INT64 INT32 UINT64 UINT32";
  const Expect rows[] = {
      {OperatorType::kSplit, FL::k1_0, 4, 4, old6, ""},
      {OperatorType::kSplit, FL::k2_1, 4, 4, std8, ""},
      {OperatorType::kSplit, FL::k3_0, 1, 8, std8, ""},
      {OperatorType::kSplit, FL::k4_1, 1, 8, all11, ""},
      {OperatorType::kJoin, FL::k1_0, 4, 4, old6, ""},
      {OperatorType::kJoin, FL::k2_1, 4, 4, std8, ""},
      {OperatorType::kJoin, FL::k3_0, 4, 5, std8, ""},
      {OperatorType::kJoin, FL::k4_1, 1, 8, all11, ""},
      {OperatorType::kGather, FL::k1_0, 4, 4, "FLOAT32 FLOAT16", "UINT32"},
      {OperatorType::kGather, FL::k2_1, 4, 4, std8, "UINT32"},
      {OperatorType::kGather, FL::k3_0, 1, 8, std8, idx4},
      {OperatorType::kGather, FL::k4_1, 1, 8, all11, idx4},
      {OperatorType::kDepthToSpace1, FL::k2_1, 4, 4, std8, ""},
      {OperatorType::kDepthToSpace1, FL::k5_0, 4, 4, all11, ""},
      {OperatorType::kSpaceToDepth1, FL::k2_1, 4, 4, std8, ""},
      {OperatorType::kSpaceToDepth1, FL::k5_0, 4, 4, all11, ""},
      {OperatorType::kReverseSubsequences, FL::k2_1, 4, 4, std8, "UINT32"},
      {OperatorType::kReverseSubsequences, FL::k3_0, 4, 5, std8, "UINT32"},
      {OperatorType::kReverseSubsequences, FL::k4_0, 1, 8, std8, "UINT32"},
      {OperatorType::kReverseSubsequences, FL::k5_0, 1, 8, all11, "UINT64 UINT32"},
      {OperatorType::kDepthToSpace, FL::k1_0, 4, 4, "FLOAT32 FLOAT16", ""},
      {OperatorType::kDepthToSpace, FL::k2_1, 4, 4, std8, ""},
      {OperatorType::kDepthToSpace, FL::k5_0, 4, 4, all11, ""},
      {OperatorType::kSpaceToDepth, FL::k1_0, 4, 4, "FLOAT32 FLOAT16", ""},
      {OperatorType::kSpaceToDepth, FL::k2_1, 4, 4, std8, ""},
      {OperatorType::kSpaceToDepth, FL::k5_0, 4, 4, all11, ""},
      {OperatorType::kGatherElements, FL::k2_1, 4, 4, std8, "UINT32"},
      {OperatorType::kGatherElements, FL::k3_0, 1, 8, std8, idx4},
      {OperatorType::kGatherElements, FL::k4_1, 1, 8, all11, idx4},
      {OperatorType::kScatterElements, FL::k2_0, 4, 4, "FLOAT32 FLOAT16", "UINT32"},
      {OperatorType::kScatterElements, FL::k2_1, 4, 4, std8, "UINT32"},
      {OperatorType::kScatterElements, FL::k3_0, 1, 8, std8, idx4},
      {OperatorType::kScatterElements, FL::k4_1, 1, 8, all11, idx4},
      {OperatorType::kGatherNd, FL::k2_1, 4, 4, std8, "UINT32"},
      {OperatorType::kGatherNd, FL::k3_0, 1, 8, std8, idx4},
      {OperatorType::kGatherNd, FL::k4_1, 1, 8, all11, idx4},
      {OperatorType::kGatherNd1, FL::k3_0, 1, 8, std8, idx4},
      {OperatorType::kGatherNd1, FL::k4_1, 1, 8, all11, idx4},
      {OperatorType::kSlice, FL::k1_0, 4, 5, old6, ""},
      {OperatorType::kSlice, FL::k2_1, 4, 5, std8, ""},
      {OperatorType::kSlice, FL::k3_0, 1, 8, std8, ""},
      {OperatorType::kSlice, FL::k4_1, 1, 8, all11, ""},
      // PADDING's 1_0 and 2_1 rows print ranks 4-5: rank 5 is erratum PD4's, disputed.
      {OperatorType::kPadding, FL::k1_0, 4, 4, "FLOAT32 FLOAT16", ""},
      {OperatorType::kPadding, FL::k2_1, 4, 4, std8, ""},
      {OperatorType::kPadding, FL::k3_1, 1, 8, std8, ""},
      {OperatorType::kPadding, FL::k5_0, 1, 8, all11, ""},
      {OperatorType::kPadding1, FL::k5_0, 1, 8, all11, ""},
      {OperatorType::kScatterNd, FL::k2_1, 4, 4, std8, "UINT32"},
      {OperatorType::kScatterNd, FL::k3_0, 1, 8, std8, idx4},
      {OperatorType::kScatterNd, FL::k4_1, 1, 8, all11, idx4},
      {OperatorType::kSlice1, FL::k2_1, 4, 5, std8, ""},
      {OperatorType::kSlice1, FL::k3_0, 1, 8, std8, ""},
      {OperatorType::kTile, FL::k1_0, 4, 4, "FLOAT32 FLOAT16", ""},
      {OperatorType::kTile, FL::k2_1, 4, 4, std8, ""},
      {OperatorType::kTile, FL::k3_1, 1, 8, std8, ""},
      {OperatorType::kTile, FL::k4_1, 1, 8,
       "FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 UINT16 UINT8", ""},
  };
  size_t total_rows = 0;
  for (OperatorType op : kAllOperatorTypes) total_rows += SupportTable(op).size();
  EXPECT_EQ(total_rows, std::size(rows));
  for (const Expect& e : rows) {
    const SupportRow* row = FindSupport(e.op, e.level);
    ASSERT_NE(row, nullptr) << OperatorName(e.op) << " " << FeatureLevelName(e.level);
    EXPECT_EQ(row->level, e.level) << OperatorName(e.op);
    EXPECT_EQ(row->min_rank, e.min_rank) << OperatorName(e.op) << " " << FeatureLevelName(e.level);
    EXPECT_EQ(row->max_rank, e.max_rank) << OperatorName(e.op) << " " << FeatureLevelName(e.level);
    EXPECT_EQ(row->data_types.ToString(), e.types) << OperatorName(e.op);
    EXPECT_EQ(row->index_types.ToString(), e.index_types) << OperatorName(e.op);
  }
}

TEST(Support, JoinRankRejectionIsDisputedOnlyWhereErratumJ1Says) {
  EXPECT_TRUE(RankRejectionDisputed(OperatorType::kJoin, FL::k3_1, 3));
  EXPECT_TRUE(RankRejectionDisputed(OperatorType::kJoin, FL::k4_0, 8));
  EXPECT_FALSE(RankRejectionDisputed(OperatorType::kJoin, FL::k4_0, 5));
  EXPECT_FALSE(RankRejectionDisputed(OperatorType::kJoin, FL::k3_0, 3));
  EXPECT_FALSE(RankRejectionDisputed(OperatorType::kJoin, FL::k2_1, 5));
  EXPECT_FALSE(RankRejectionDisputed(OperatorType::kJoin, FL::k4_1, 3));
  EXPECT_FALSE(RankRejectionDisputed(OperatorType::kSplit, FL::k3_1, 3));
  EXPECT_FALSE(RankRejectionDisputed(OperatorType::kJoin, FL::k3_1, 9));
  EXPECT_TRUE(RankRejectionDisputed(OperatorType::kPadding, FL::k1_0, 5));
  EXPECT_TRUE(RankRejectionDisputed(OperatorType::kPadding, FL::k3_0, 5));
  EXPECT_FALSE(RankRejectionDisputed(OperatorType::kPadding, FL::k3_1, 5));
  EXPECT_FALSE(RankRejectionDisputed(OperatorType::kPadding, FL::k2_1, 3));
  EXPECT_FALSE(RankRejectionDisputed(OperatorType::kPadding1, FL::k5_0, 5));
}

TEST(Support, DataTypeRejectionIsDisputedOnlyWhereErrataSL4AndTL2Say) {
  for (DataType type : {DataType::kFloat64, DataType::kInt64, DataType::kUint64}) {
    EXPECT_TRUE(DataTypeRejectionDisputed(OperatorType::kSlice1, FL::k4_1, type));
    EXPECT_TRUE(DataTypeRejectionDisputed(OperatorType::kSlice1, FL::k6_4, type));
    EXPECT_FALSE(DataTypeRejectionDisputed(OperatorType::kSlice1, FL::k4_0, type));
    EXPECT_FALSE(DataTypeRejectionDisputed(OperatorType::kSlice, FL::k4_1, type));
  }
  EXPECT_FALSE(DataTypeRejectionDisputed(OperatorType::kSlice1, FL::k4_1, DataType::kInt32));
  EXPECT_TRUE(DataTypeRejectionDisputed(OperatorType::kTile, FL::k4_1, DataType::kFloat64));
  EXPECT_FALSE(DataTypeRejectionDisputed(OperatorType::kTile, FL::k3_1, DataType::kFloat64));
  EXPECT_FALSE(DataTypeRejectionDisputed(OperatorType::kTile, FL::k4_1, DataType::kInt64));
}

TEST(Support, OnlyTheIndexOperatorsAndReverseHaveAnIndexTensor) {
  for (OperatorType op : kAllOperatorTypes) {
    const bool has = op == OperatorType::kGather || op == OperatorType::kReverseSubsequences ||
                     op == OperatorType::kGatherElements || op == OperatorType::kScatterElements ||
                     op == OperatorType::kGatherNd || op == OperatorType::kGatherNd1 ||
                     op == OperatorType::kScatterNd;
    EXPECT_EQ(HasIndexTensor(op), has) << OperatorName(op);
    for (const SupportRow& row : SupportTable(op)) EXPECT_EQ(!row.index_types.Empty(), has);
  }
}

}  // namespace
}  // namespace dmlconf
