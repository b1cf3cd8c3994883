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
  const auto claims =
      Claims(MakeRun({At("a", "1_0", Verdict::kPassed), At("b", "4_1", Verdict::kPassed)}));
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_EQ(claims[0].level, "6_4");
  EXPECT_TRUE(ClaimHolds(claims[0], "6_4"));
}

// A 6_2 device whose selection holds nothing above 6_2 conforms at 6_2, not at
// the run's 6_4: the claim never passes the backend's declared maximum.
TEST(ClaimTest, NeverAboveTheBackendsDeclaredMaximum) {
  RunReport run = MakeRun({At("a", "1_0", Verdict::kPassed), At("b", "4_1", Verdict::kPassed)});
  run.backend_info = {{"b", "", "", "", "6_2"}};
  EXPECT_EQ(Claims(run)[0].level, "6_2");
  run.backend_info[0].max_feature_level = "6_4";
  EXPECT_EQ(Claims(run)[0].level, "6_4");
}

// The claim stops below the lowest level holding a failure.
TEST(ClaimTest, AFailureCapsTheClaimBelowItsLevel) {
  const auto c =
      Claims(MakeRun({At("a", "1_0", Verdict::kPassed), At("b", "3_0", Verdict::kPassed),
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
  const auto c =
      Claims(MakeRun({At("run", "1_0", Verdict::kPassed), At("reject-1", "1_0", Verdict::kSkipped),
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
  const auto c = Claims(
      MakeRun({At("a", "3_0", Verdict::kPassed), At("b", "5_0", Verdict::kSkipped)}, "4_0"))[0];
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
  const RunReport base =
      MakeRun({At("broke", "1_0", Verdict::kPassed), At("fixed", "1_0", Verdict::kFailed),
               At("lost", "1_0", Verdict::kPassed), At("same", "1_0", Verdict::kFailed),
               At("gone", "1_0", Verdict::kPassed)});
  CaseResult same = At("same", "1_0", Verdict::kFailed);
  same.message = "another message";
  const RunReport now =
      MakeRun({broke, At("fixed", "1_0", Verdict::kPassed), At("lost", "1_0", Verdict::kSkipped),
               same, At("new-pass", "1_0", Verdict::kPassed)});
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
  s0.shard = "0/2";
  s1.shard = "1/2";
  s0.selected_cases = s1.selected_cases = 4;
  s0.shard_cases = std::vector<std::string>{"a", "c"};
  s1.shard_cases = std::vector<std::string>{"b", "d"};
  const RunReport merged = MergeReports({s1, s0});
  EXPECT_EQ(merged.shard, "0/1");
  ASSERT_EQ(merged.results.size(), 4u);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(merged.results[i].name, whole.results[i].name);
  EXPECT_EQ(merged.command_line, "dmlconf run cases");
  EXPECT_EQ(merged.SummaryLine(), whole.SummaryLine());
}

TEST(MergeTest, RefusesDuplicatesAndOtherRuns) {
  RunReport a = MakeRun({At("a", "1_0", Verdict::kPassed)});
  a.shard = "0/2";
  RunReport other = MakeRun({At("b", "1_0", Verdict::kPassed)}, "4_0");
  other.shard = "1/2";
  EXPECT_THROW(MergeReports({a, other}), std::runtime_error);
}

// The message a refused merge gives, or "merged".
std::string MergeRefusal(std::vector<RunReport> shards) {
  try {
    MergeReports(shards);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "merged";
}

// Issue 19: shard 0 of 2 alone used to merge as if it were the whole run.
TEST(MergeTest, RefusesAnIncompleteOrInconsistentShardSet) {
  using ::testing::HasSubstr;
  const auto shard = [](std::string id, std::string file, std::string name) {
    RunReport r = MakeRun({At(std::move(name), "1_0", Verdict::kPassed)});
    r.shard = std::move(id);
    r.source = std::move(file);
    r.case_paths = {"cases"};
    r.selected_cases = 2;
    r.shard_cases = std::vector<std::string>{r.results[0].name};
    return r;
  };
  EXPECT_THAT(MergeRefusal({shard("0/2", "s0.json", "a")}),
              HasSubstr("the shard set is incomplete: 1/2 missing (given 1 of 2)"));
  EXPECT_THAT(MergeRefusal({shard("0/4", "s0.json", "a"), shard("2/4", "s2.json", "c")}),
              HasSubstr("1/4, 3/4 missing"));
  EXPECT_THAT(MergeRefusal({shard("0/2", "s0.json", "a"), shard("1/3", "t1.json", "b")}),
              HasSubstr("t1.json is shard 1/3, but s0.json is shard 0/2"));
  EXPECT_THAT(MergeRefusal({shard("0/2", "s0.json", "a"), shard("0/2", "again.json", "b")}),
              HasSubstr("shard 0/2 is given twice: s0.json and again.json"));
  RunReport elsewhere = shard("1/2", "s1.json", "b");
  elsewhere.case_paths = {"other-cases"};
  EXPECT_THAT(MergeRefusal({shard("0/2", "s0.json", "a"), elsewhere}),
              HasSubstr("s1.json is not of the same run as s0.json: another list of case paths"));
  RunReport values = shard("1/2", "s1.json", "b");
  values.profile = "values";
  EXPECT_THAT(MergeRefusal({shard("0/2", "s0.json", "a"), values}), HasSubstr("--profile"));
  RunReport old = shard("", "old.json", "b");
  EXPECT_THAT(MergeRefusal({shard("0/2", "s0.json", "a"), old}),
              HasSubstr("old.json names no shard"));
  EXPECT_EQ(MergeRefusal({shard("0/2", "s0.json", "a"), shard("1/2", "s1.json", "b")}), "merged");
}

// Issue 32: a case taken out of a shard's report.json merged as "23 passed", exit 0.
TEST(MergeTest, RefusesAShardSetThatLostACase) {
  using ::testing::HasSubstr;
  const auto shard = [](std::string id, std::string file, std::vector<std::string> names) {
    std::vector<CaseResult> results;
    for (const std::string& name : names) results.push_back(At(name, "1_0", Verdict::kPassed));
    RunReport r = MakeRun(std::move(results));
    r.shard = std::move(id);
    r.source = std::move(file);
    r.selected_cases = 4;
    r.shard_cases = names;
    return r;
  };
  RunReport lost = shard("1/2", "s1.json", {"b", "d"});
  lost.results.pop_back();
  EXPECT_THAT(MergeRefusal({shard("0/2", "s0.json", {"a", "c"}), lost}),
              HasSubstr("the shard set lost cases: no result for d on b (s1.json)"));
  // Its name gone from the shard's list too: the count still misses it.
  lost.shard_cases = std::vector<std::string>{"b"};
  EXPECT_THAT(MergeRefusal({shard("0/2", "s0.json", {"a", "c"}), lost}),
              HasSubstr("the shards were given 3 cases, but their run selected 4"));
  // A result the shard was not given, and a case given to two shards.
  RunReport stray = shard("1/2", "s1.json", {"b", "d"});
  stray.results.push_back(At("e", "1_0", Verdict::kPassed));
  EXPECT_THAT(MergeRefusal({shard("0/2", "s0.json", {"a", "c"}), stray}),
              HasSubstr("case e on b is in s1.json, which was not given it"));
  RunReport greedy = shard("0/2", "s0.json", {"a", "c"});
  greedy.shard_cases->push_back("b");
  EXPECT_THAT(MergeRefusal({greedy, shard("1/2", "s1.json", {"b", "d"})}),
              HasSubstr("case b was given to s0.json and to s1.json"));
  // A whole run (0/1) names no cases: its results must number the selection.
  RunReport whole = shard("0/1", "w.json", {"a", "b", "c"});
  whole.shard_cases.reset();
  EXPECT_THAT(MergeRefusal({whole}), HasSubstr("no result for 1 of the 4 selected cases on b"));
  // A report that does not say what its run selected cannot be told complete.
  RunReport old = shard("1/2", "old.json", {"b", "d"});
  old.selected_cases.reset();
  EXPECT_THAT(MergeRefusal({shard("0/2", "s0.json", {"a", "c"}), old}),
              HasSubstr("old.json does not say which cases its run selected"));
  EXPECT_EQ(
      MergeRefusal({shard("0/2", "s0.json", {"a", "c"}), shard("1/2", "s1.json", {"b", "d"})}),
      "merged");
}

// A diff of two runs with no backend in common compares nothing.
TEST(DiffTest, SharedBackendsAreByName) {
  RunReport lib = MakeRun({At("a", "1_0", Verdict::kPassed, "lib")});
  lib.backends = {"lib"};
  RunReport other = MakeRun({At("a", "1_0", Verdict::kPassed, "serve:./lib")});
  other.backends = {"serve:./lib"};
  EXPECT_TRUE(SharedBackends(lib, other).empty());
  EXPECT_EQ(SharedBackends(lib, lib), std::vector<std::string>{"lib"});
}

// Issue 19: a claim under --profile values says what it leaves out, and one under
// --operator which operators it covers.
TEST(ClaimTest, ScopedClaimsSayTheirScope) {
  RunReport report = MakeRun({At("a", "1_0", Verdict::kPassed)});
  report.profile = "values";
  report.left_out = {{"reject", 311}};
  report.operators = {"JOIN"};
  const ConformanceClaim c = Claims(report)[0];
  EXPECT_EQ(c.scope,
            "for JOIN only (--operator JOIN), under --profile values (311 must-reject cases not "
            "judged)");
  EXPECT_EQ(c.reason, "conforms at 6_4 " + c.scope + ": the 1 case at that level and below passed");
  report.operators.clear();
  report.profile.clear();
  EXPECT_EQ(Claims(report)[0].scope, "");
}

// The "no claim" line points at --operator when the only trouble is operators the
// backend answers "unsupported" to for every case.
TEST(ClaimTest, NoClaimSuggestsTheOperatorsImplemented) {
  const auto unsupported = [](std::string name, std::string op) {
    CaseResult r = At(std::move(name), "1_0", Verdict::kSkipped);
    r.op = std::move(op);
    r.kind = Kind::kNotImplemented;
    return r;
  };
  CaseResult join = At("j", "1_0", Verdict::kPassed);
  join.op = "JOIN";
  const RunReport report = MakeRun({join, unsupported("s", "SPLIT"), unsupported("g", "GATHER")});
  const ConformanceClaim c = Claims(report)[0];
  EXPECT_TRUE(c.level.empty());
  EXPECT_EQ(c.suggested_operators, std::vector<std::string>{"JOIN"});
  EXPECT_THAT(c.reason, ::testing::HasSubstr("select them: --operator JOIN"));
  // A JOIN case skipped too: --operator JOIN would not help, so nothing is suggested.
  CaseResult join_skip = unsupported("j2", "JOIN");
  const RunReport partial = MakeRun({join, join_skip, unsupported("s", "SPLIT")});
  EXPECT_TRUE(Claims(partial)[0].suggested_operators.empty());
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
  report.backend_info = {{"naive", "serve:./naive --fast", "1.2.3", "a CPU", ""}};
  report.profile = "values";
  report.expect = {"match"};
  report.operators = {"JOIN", "SPLIT"};
  report.left_out = {{"reject", 5}, {"unspecified", 2}};
  report.shard = "1/3";
  report.selected_cases = 7;
  report.shard_cases = std::vector<std::string>{"x", "y"};
  WriteJsonReport(report, dir_ / "r.json");
  const RunReport back = ReadJsonReport(dir_ / "r.json");
  EXPECT_EQ(back.backends, report.backends);
  EXPECT_EQ(back.backend_info, report.backend_info);
  EXPECT_EQ(back.profile, "values");
  EXPECT_EQ(back.expect, report.expect);
  EXPECT_EQ(back.operators, report.operators);
  EXPECT_EQ(back.left_out, report.left_out);
  EXPECT_EQ(back.shard, "1/3");
  EXPECT_EQ(back.selected_cases, 7u);
  EXPECT_EQ(back.shard_cases, report.shard_cases);
  EXPECT_EQ(back.source, (dir_ / "r.json").string());
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
