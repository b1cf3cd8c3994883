// The generator is deterministic, names cases uniquely, covers every cell of
// the support table, and its must-reject cases follow erratum J1.
#include <set>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common_cases.h"
#include "coverage.h"
#include "generator.h"

namespace dmlconf::generate {
namespace {

// Every generated case, as the generator builds them.
const CaseSink& AllCases() {
  static const CaseSink* sink = [] {
    auto* s = new CaseSink(kDefaultSeed);
    for (OperatorType op : kAllOperatorTypes) {
      AddSupportCells(*s, op);
      AddStrided(*s, op);
      AddValues(*s, op);
      AddTensorRuleRejections(*s, op);
      AddLevelGating(*s, op);
    }
#define DMLCONF_OPERATOR(Type, NAME, Desc) Add##Type##Cases(*s);
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
    return s;
  }();
  return *sink;
}

std::vector<CoverageEntry> Entries(const CaseSink& sink) {
  std::vector<CoverageEntry> entries;
  for (const auto& [path, cases] : sink.files()) {
    for (const GenCase& c : cases) {
      if (c.expect == Expect::kReject) {  // only counted, never placed in a cell
        entries.push_back({TypeOf(c.desc), c.level, DataType::kFloat32, 0, std::nullopt, false});
        continue;
      }
      const auto inputs = InputSlots(c.desc);
      std::optional<DataType> index;
      if (HasIndexTensor(TypeOf(c.desc))) index = inputs[1].desc->data_type;
      entries.push_back({TypeOf(c.desc), c.level, inputs[0].desc->data_type,
                         inputs[0].desc->DimensionCount(), index, true});
    }
  }
  return entries;
}

TEST(Generator, SameSeedSameBytes) {
  const auto a = GenerateCaseFiles(7);
  const auto b = GenerateCaseFiles(7);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].path, b[i].path);
    EXPECT_TRUE(a[i].text == b[i].text) << a[i].path;
  }
}

TEST(Generator, OtherSeedSameFilesOtherData) {
  const auto a = GenerateCaseFiles(1);
  const auto b = GenerateCaseFiles(2);
  ASSERT_EQ(a.size(), b.size());
  size_t differing = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].path, b[i].path);
    differing += a[i].text != b[i].text;
  }
  EXPECT_GT(differing, 0u);
}

TEST(Generator, OneFilePerOperatorAndPurpose) {
  std::set<std::string> paths;
  for (const GeneratedFile& f : GenerateCaseFiles()) paths.insert(f.path);
  for (OperatorType op : kAllOperatorTypes)
    for (const char* purpose : {"support", "corner", "strided", "values", "large", "invalid"})
      EXPECT_TRUE(paths.count(Slug(op) + "/" + purpose + ".yaml")) << Slug(op) << " " << purpose;
}

TEST(Generator, CaseNamesAreUnique) {
  std::set<std::string> names;
  for (const auto& [path, cases] : AllCases().files())
    for (const GenCase& c : cases) EXPECT_TRUE(names.insert(c.name).second) << c.name;
}

TEST(Generator, EveryAllowedCellHasAPositiveCase) {
  const std::vector<CoverageEntry> entries = Entries(AllCases());
  const CoverageReport report = ComputeCoverage(entries);
  for (OperatorType op : kAllOperatorTypes) {
    EXPECT_THAT(report.EmptyCells(op), ::testing::IsEmpty()) << OperatorName(op);
  }
  for (const OperatorCoverage& cov : report.operators) EXPECT_EQ(cov.outside_table, 0u);
}

TEST(Generator, EveryReasonHasARejectCase) {
  std::set<Reason> seen;
  for (const auto& [path, cases] : AllCases().files())
    for (const GenCase& c : cases)
      if (c.expect == Expect::kReject) seen.insert(c.reason);
  for (Reason r : AllReasons()) {
    if (r == Reason::OK) continue;
    EXPECT_TRUE(seen.count(r)) << ReasonName(r);
  }
}

TEST(Generator, NoRejectCaseRestsOnADisputedJoinRank) {
  for (const auto& [path, cases] : AllCases().files()) {
    for (const GenCase& c : cases) {
      if (c.expect != Expect::kReject || c.reason != Reason::RANK_NOT_SUPPORTED) continue;
      const uint32_t rank = InputSlots(c.desc)[0].desc->DimensionCount();
      EXPECT_FALSE(RankRejectionDisputed(TypeOf(c.desc), c.level, rank)) << c.name;
    }
  }
}

TEST(Coverage, ListsTheCellThatLostItsCases) {
  std::vector<CoverageEntry> entries = Entries(AllCases());
  // Drop every positive case of GATHER 2_1 INT8 rank 4.
  std::erase_if(entries, [](const CoverageEntry& e) {
    return e.positive && e.op == OperatorType::kGather && e.type == DataType::kInt8 &&
           FindSupport(e.op, e.level)->level == FeatureLevel::k2_1;
  });
  const CoverageReport report = ComputeCoverage(entries);
  EXPECT_FALSE(report.ok());
  const auto empty = report.EmptyCells(OperatorType::kGather);
  ASSERT_EQ(empty.size(), 1u);
  EXPECT_EQ(empty[0].row, FeatureLevel::k2_1);
  EXPECT_EQ(empty[0].type, DataType::kInt8);
  EXPECT_EQ(empty[0].rank, 4u);
  EXPECT_THAT(FormatCoverage(report), ::testing::HasSubstr("EMPTY 2_1 INT8 rank 4 index UINT32"));
}

TEST(Coverage, FloorFailsWhenTooFewCases) {
  const std::vector<CoverageEntry> entries = Entries(AllCases());
  const CoverageReport report = ComputeCoverage(entries);
  EXPECT_TRUE(report.ok()) << FormatCoverage(report);
  EXPECT_FALSE(ComputeCoverage(entries, 1000000).ok());
  const auto json = CoverageJson(ComputeCoverage(entries, 1000000));
  EXPECT_FALSE(json["ok"].get<bool>());
  EXPECT_EQ(json["operators"].size(), kAllOperatorTypes.size());
}

}  // namespace
}  // namespace dmlconf::generate
