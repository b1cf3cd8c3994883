// Issue 10: conformance claims, diffs between runs, shard merges and the JSON
// read back that diff and merge rest on.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "dmlconf/reports/report_diff.h"
#include "report_fixture.h"

namespace dmlconf {
namespace {

using report_testing::MakeCase;
using report_testing::ScratchDirTest;

CaseResult At(std::string name, std::string level, Verdict verdict, std::string backend = "b") {
  CaseResult r = MakeCase(std::move(name), std::move(backend), "GATHER", verdict);
  r.feature_level = std::move(level);
  return r;
}

RunReport MakeRun(std::vector<CaseResult> results, std::string level = "6_4") {
  RunReport report;
  report.feature_level = std::move(level);
  report.backends = {"b"};
  report.results = std::move(results);
  for (size_t i = 0; i < report.results.size(); ++i) report.results[i].position = i;
  return report;
}

TEST(LevelTest, OrdersNumerically) {
  EXPECT_TRUE(LevelLess("3_1", "4_0"));
  EXPECT_TRUE(LevelLess("4_1", "10_0"));  // not a string comparison
  EXPECT_FALSE(LevelLess("6_4", "6_4"));
  EXPECT_FALSE(LevelLess("x", "6_4"));
  EXPECT_FALSE(IsLevelName("6"));
}

TEST(ClaimTest, AllPassedClaimsTheRunsLevel) {
  const auto claims = Claims(MakeRun({At("a", "1_0", Verdict::kPassed), At("b", "4_1", Verdict::kPassed)}));
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_EQ(claims[0].level, "6_4");
  EXPECT_TRUE(ClaimHolds(claims[0], "6_4"));
}

// The claim stops below the lowest level holding a failure.
TEST(ClaimTest, AFailureCapsTheClaimBelowItsLevel) {
  const auto c = Claims(MakeRun({At("a", "1_0", Verdict::kPassed), At("b", "3_0", Verdict::kPassed),
                             At("c", "5_0", Verdict::kFailed), At("d", "6_0", Verdict::kPassed)}))[0];
  EXPECT_EQ(c.level, "3_0");
  EXPECT_EQ(c.blocked_at, "5_0");
  EXPECT_EQ(c.blocking_failures, 1);
  EXPECT_TRUE(ClaimHolds(c, "3_0"));
  EXPECT_FALSE(ClaimHolds(c, "4_0"));
}

// Issue 10's case: a backend that answers "unsupported" to every must-reject
// case passes everything it runs, and still makes no claim.
TEST(ClaimTest, SkippedMustRejectCasesMakeNoClaim) {
  const auto c = Claims(MakeRun({At("run", "1_0", Verdict::kPassed),
                             At("reject-1", "1_0", Verdict::kSkipped),
                             At("reject-2", "2_1", Verdict::kSkipped)}))[0];
  EXPECT_EQ(c.level, "");
  EXPECT_EQ(c.blocked_at, "1_0");
  EXPECT_EQ(c.blocking_skips, 1);
  EXPECT_THAT(c.reason, ::testing::HasSubstr("no claim"));
  EXPECT_THAT(c.reason, ::testing::HasSubstr("skipped"));
  EXPECT_FALSE(ClaimHolds(c, "1_0"));
}

TEST(ClaimTest, AnExpectedFailureIsNotConformance) {
  EXPECT_EQ(Claims(MakeRun({At("a", "1_0", Verdict::kExpectedFailure)}))[0].level, "");
}

TEST(ClaimTest, NothingJudgedMakesNoClaim) {
  RunReport empty = MakeRun({});
  const auto c = Claims(empty)[0];
  EXPECT_EQ(c.level, "");
  EXPECT_FALSE(empty.JudgedAnything());
  EXPECT_FALSE(MakeRun({At("a", "1_0", Verdict::kSkipped)}).JudgedAnything());
  EXPECT_TRUE(MakeRun({At("a", "1_0", Verdict::kFailed)}).JudgedAnything());
}

// Cases above a run at 4_0 are skipped for the level, which does not take
// the run's own level away.
TEST(ClaimTest, SkipsAboveTheRunsLevelLeaveTheRunsLevel) {
  const auto c = Claims(MakeRun({At("a", "3_0", Verdict::kPassed), At("b", "5_0", Verdict::kSkipped)},
                            "4_0"))[0];
  EXPECT_EQ(c.level, "4_0");
}

TEST(KindTest, NamesRoundTrip) {
  for (Kind kind : kAllKinds) EXPECT_EQ(ParseKind(KindName(kind)), kind);
  EXPECT_EQ(KindName(Kind::kWrongValues), "wrong_values");
  EXPECT_FALSE(ParseKind("nonsense"));
}

TEST(DiffTest, ClassifiesEachChange) {
  CaseResult broke = At("broke", "1_0", Verdict::kFailed);
  broke.kind = Kind::kWrongValues;
  const RunReport base = MakeRun({At("broke", "1_0", Verdict::kPassed), At("fixed", "1_0", Verdict::kFailed),
                              At("lost", "1_0", Verdict::kPassed), At("same", "1_0", Verdict::kFailed),
                              At("gone", "1_0", Verdict::kPassed)});
  CaseResult same = At("same", "1_0", Verdict::kFailed);
  same.message = "another message";
  const RunReport now = MakeRun({broke, At("fixed", "1_0", Verdict::kPassed),
                             At("lost", "1_0", Verdict::kSkipped), same,
                             At("new-pass", "1_0", Verdict::kPassed)});
  const ReportDiff diff = DiffReports(base, now);
  EXPECT_EQ(diff.Count(Change::kNewlyFailing), 1);
  EXPECT_EQ(diff.Count(Change::kNewlyPassing), 1);
  EXPECT_EQ(diff.Count(Change::kNewlySkipped), 1);
  EXPECT_EQ(diff.Count(Change::kChangedMessage), 1);
  EXPECT_EQ(diff.Count(Change::kGone), 1);
  EXPECT_EQ(diff.Regressions(), 1);
  EXPECT_EQ(diff.changes[0].now->name, "broke");
}

// A known failure that still fails is no regression; a new case that fails is.
TEST(DiffTest, KnownFailuresAreNotRegressionsNewFailingCasesAre) {
  const RunReport base = MakeRun({At("known", "1_0", Verdict::kFailed)});
  EXPECT_EQ(DiffReports(base, MakeRun({At("known", "1_0", Verdict::kFailed)})).Regressions(), 0);
  EXPECT_EQ(DiffReports(base, MakeRun({At("known", "1_0", Verdict::kFailed),
                                   At("added", "1_0", Verdict::kError)}))
                .Regressions(),
            1);
}

TEST(MergeTest, ShardsMergeInTheSingleRunsOrder) {
  RunReport whole = MakeRun({At("a", "1_0", Verdict::kPassed), At("b", "1_0", Verdict::kFailed),
                         At("c", "1_0", Verdict::kPassed), At("d", "1_0", Verdict::kSkipped)});
  whole.command_line = "dmlconf run cases";
  RunReport s0 = whole, s1 = whole;
  s0.results = {whole.results[0], whole.results[2]};
  s1.results = {whole.results[1], whole.results[3]};
  s0.command_line = "dmlconf run cases --shard 0/2";
  s1.command_line = "dmlconf run cases --shard 1/2";
  const RunReport merged = MergeReports({s1, s0});
  ASSERT_EQ(merged.results.size(), 4u);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(merged.results[i].name, whole.results[i].name);
  EXPECT_EQ(merged.command_line, "dmlconf run cases");
  EXPECT_EQ(merged.SummaryLine(), whole.SummaryLine());
}

TEST(MergeTest, RefusesDuplicatesAndOtherRuns) {
  const RunReport a = MakeRun({At("a", "1_0", Verdict::kPassed)});
  EXPECT_THROW(MergeReports({a, a}), std::runtime_error);
  RunReport other = MakeRun({At("b", "1_0", Verdict::kPassed)}, "4_0");
  EXPECT_THROW(MergeReports({a, other}), std::runtime_error);
}

class ReadJsonTest : public ScratchDirTest {};

// What diff and merge read is what the writer wrote: every field that is not a
// recomputed summary comes back.
TEST_F(ReadJsonTest, RoundTripsEveryCaseField) {
  RunReport report = report_testing::SampleReport();
  report.results[1].kind = Kind::kWrongValues;
  report.results[1].reason = "GATHER_AXIS_INVALID";
  report.results[1].position = 17;
  report.results[1].padding_bytes_written = 3;
  WriteJsonReport(report, dir_ / "r.json");
  const RunReport back = ReadJsonReport(dir_ / "r.json");
  EXPECT_EQ(back.backends, report.backends);
  EXPECT_EQ(back.feature_level, report.feature_level);
  ASSERT_EQ(back.results.size(), report.results.size());
  const CaseResult& r = back.results[1];
  EXPECT_EQ(r.kind, Kind::kWrongValues);
  EXPECT_EQ(r.reason, "GATHER_AXIS_INVALID");
  EXPECT_EQ(r.position, 17u);
  EXPECT_EQ(r.padding_bytes_written, 3u);
  EXPECT_EQ(r.message, report.results[1].message);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_EQ(r.ranks, report.results[1].ranks);
}

TEST_F(ReadJsonTest, RejectsWhatIsNotAReport) {
  std::ofstream(dir_ / "x.json") << "{\"format\": \"other\"}";
  EXPECT_THROW(ReadJsonReport(dir_ / "x.json"), std::runtime_error);
  EXPECT_THROW(ReadJsonReport(dir_ / "missing.json"), std::runtime_error);
}

// Issue 12: a folder read as an empty file (a raw JSON parse error), and a FIFO blocked.
TEST_F(ReadJsonTest, NamesAFolderOrFifoInsteadOfReadingIt) {
  const auto message = [](const std::filesystem::path& path) {
    try {
      ReadJsonReport(path);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(dir_), dir_.string() + ": is a folder, not a report file");
  ASSERT_EQ(mkfifo((dir_ / "fifo").c_str(), 0600), 0);
  EXPECT_EQ(message(dir_ / "fifo"), (dir_ / "fifo").string() + ": is not a regular file");
}

}  // namespace
}  // namespace dmlconf
