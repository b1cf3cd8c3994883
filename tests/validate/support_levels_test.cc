// Every row of every support table: what it allows validates OK at its level,
// and what it newly allows is rejected one level below, with the right code.
#include <gtest/gtest.h>

#include "dmlconf/support.h"
#include "dmlconf/validate.h"
#include "validate/descs.h"

namespace dmlconf {
namespace {

using testing::MakeValid;

FeatureLevel LevelBelow(FeatureLevel level) { return FeatureLevel(uint8_t(level) - 1); }

// An index type the row allows (the data-only operators ignore it).
DataType AnIndexType(const SupportRow& row) {
  DataType found = DataType::kUint32;
  row.index_types.ForEach([&](DataType t) { found = t; });
  return found;
}
DataType ADataType(const SupportRow& row) {
  DataType found = DataType::kFloat32;
  row.data_types.ForEach([&](DataType t) { found = t; });
  return found;
}

std::string Where(OperatorType type, FeatureLevel level, uint32_t rank, DataType data,
                  DataType index) {
  return std::string(OperatorName(type)) + " at " + std::string(FeatureLevelName(level)) +
         " rank " + std::to_string(rank) + " " + std::string(DataTypeName(data)) + " index " +
         std::string(DataTypeName(index));
}

TEST(SupportLevels, EveryAllowedTypeAtMinAndMaxRankIsOk) {
  int checked = 0;
  for (OperatorType type : kAllOperatorTypes)
    for (const SupportRow& row : SupportTable(type))
      for (uint32_t rank : {row.min_rank, row.max_rank})
        row.data_types.ForEach([&](DataType data) {
          const DataType index = AnIndexType(row);
          const Validation v = Validate(MakeValid(type, rank, data, index), row.level);
          EXPECT_EQ(v.ToString(), "OK") << Where(type, row.level, rank, data, index);
          ++checked;
        });
  EXPECT_GT(checked, 100);
}

TEST(SupportLevels, EveryAllowedIndexTypeIsOk) {
  for (OperatorType type : kAllOperatorTypes) {
    if (!HasIndexTensor(type)) continue;
    for (const SupportRow& row : SupportTable(type))
      row.index_types.ForEach([&](DataType index) {
        const DataType data = ADataType(row);
        const Validation v = Validate(MakeValid(type, row.min_rank, data, index), row.level);
        EXPECT_EQ(v.ToString(), "OK") << Where(type, row.level, row.min_rank, data, index);
      });
  }
}

TEST(SupportLevels, OperatorsDoNotExistBelowTheirFirstRow) {
  for (OperatorType type : kAllOperatorTypes) {
    const SupportRow& first = SupportTable(type).front();
    if (first.level == FeatureLevel::k1_0) continue;
    const Validation v =
        Validate(MakeValid(type, first.min_rank, ADataType(first)), LevelBelow(first.level));
    EXPECT_EQ(v.reason, Reason::OPERATOR_NOT_AVAILABLE)
        << OperatorName(type) << ": " << v.ToString();
  }
}

// For each row after the first, the level just below it is governed by the
// previous row; whatever the row adds must be refused there.
TEST(SupportLevels, WhatARowAddsIsRejectedOneLevelBelow) {
  int checked = 0;
  for (OperatorType type : kAllOperatorTypes) {
    const auto table = SupportTable(type);
    for (size_t i = 1; i < table.size(); ++i) {
      const SupportRow& row = table[i];
      const SupportRow& prev = table[i - 1];
      const FeatureLevel below = LevelBelow(row.level);
      ASSERT_EQ(FindSupport(type, below), &prev);
      ASSERT_TRUE(row.AllowsRank(prev.min_rank));
      const DataType old_data = ADataType(prev);
      const DataType old_index = AnIndexType(prev);
      auto expect_code = [&](uint32_t rank, DataType data, DataType index, Reason reason) {
        const OperatorDesc desc = MakeValid(type, rank, data, index);
        const std::string where = Where(type, below, rank, data, index);
        EXPECT_EQ(ReasonName(Validate(desc, below).reason), ReasonName(reason)) << where;
        EXPECT_EQ(Validate(desc, row.level).ToString(), "OK") << where;
        ++checked;
      };
      row.data_types.ForEach([&](DataType data) {
        if (!prev.data_types.Contains(data))
          expect_code(prev.min_rank, data, old_index, Reason::DATA_TYPE_NOT_SUPPORTED);
      });
      row.index_types.ForEach([&](DataType index) {
        if (!prev.index_types.Contains(index))
          expect_code(prev.min_rank, old_data, index, Reason::INDEX_DATA_TYPE_NOT_SUPPORTED);
      });
      for (uint32_t rank = row.min_rank; rank <= row.max_rank; ++rank)
        if (!prev.AllowsRank(rank) && !RankRejectionDisputed(type, below, rank))
          expect_code(rank, old_data, old_index, Reason::RANK_NOT_SUPPORTED);
    }
  }
  EXPECT_GT(checked, 20);
}

// Erratum J1: JOIN at 3_0 (the seed's table, undisputed) still rejects ranks
// outside 4-5; SPLIT at 3_0 does not.
TEST(SupportLevels, JoinAndSplitDifferAt3_0) {
  for (uint32_t rank : {1u, 3u, 6u, 8u}) {
    EXPECT_FALSE(RankRejectionDisputed(OperatorType::kJoin, FeatureLevel::k3_0, rank));
    EXPECT_EQ(
        Validate(MakeValid(OperatorType::kJoin, rank, DataType::kInt8), FeatureLevel::k3_0).reason,
        Reason::RANK_NOT_SUPPORTED)
        << rank;
    EXPECT_EQ(
        Validate(MakeValid(OperatorType::kSplit, rank, DataType::kInt8), FeatureLevel::k3_0).reason,
        Reason::OK)
        << rank;
  }
}

}  // namespace
}  // namespace dmlconf
