#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "dmlconf/reports/run_report.h"
#include "report_fixture.h"

namespace dmlconf {
namespace {

using report_testing::ReadFile;
using report_testing::SampleReport;
using Json = nlohmann::json;

class JsonReportTest : public report_testing::ScratchDirTest {
 protected:
  Json WriteAndParse(const RunReport& report) {
    const auto path = dir_ / "report.json";
    WriteJsonReport(report, path);
    return Json::parse(ReadFile(path));
  }
};

void ExpectCounts(const Json& counts, int total, int passed, int failed, int skipped, int error,
                  int xfail, int xpass) {
  EXPECT_EQ(counts.at("total"), total);
  EXPECT_EQ(counts.at("passed"), passed);
  EXPECT_EQ(counts.at("failed"), failed);
  EXPECT_EQ(counts.at("skipped"), skipped);
  EXPECT_EQ(counts.at("error"), error);
  EXPECT_EQ(counts.at("xfail"), xfail);
  EXPECT_EQ(counts.at("xpass"), xpass);
}

TEST_F(JsonReportTest, RunFacts) {
  const Json json = WriteAndParse(SampleReport());
  EXPECT_EQ(json.at("format"), "dmlconf-report-v1");
  EXPECT_EQ(json.at("tool"), "dmlconf");
  EXPECT_EQ(json.at("tool_version"), "0.1.0");
  EXPECT_EQ(json.at("started_at"), "2024-05-01T12:00:00Z");
  EXPECT_EQ(json.at("feature_level"), "6_4");
  EXPECT_EQ(json.at("command_line"), "dmlconf run cases --backend naive --backend blocked");
  EXPECT_EQ(json.at("backends"), Json({"naive", "blocked"}));
  EXPECT_EQ(json.at("case_paths"), Json({"cases"}));
  EXPECT_EQ(json.at("profile"), "directml");  // the default, every case
  EXPECT_EQ(json.at("shard"), Json());
}

// Issue 31: what decided the exit code is in the file: the verdict line, the
// baseline and claim, and the entry that excused each known failure; read back alike.
TEST_F(JsonReportTest, VerdictBaselineClaimAndExcuses) {
  RunReport report = SampleReport();
  report.baseline = "base/report.json";
  report.claim = "1_0";
  const Json json = WriteAndParse(report);
  EXPECT_EQ(json.at("baseline"), "base/report.json");
  EXPECT_EQ(json.at("claim"), "1_0");
  EXPECT_EQ(json.at("verdict").at("passed"), false);
  // One failed, one error and one xpass, none in the sample's base run; the claim at
  // 1_0 fails on both backends.
  EXPECT_EQ(json.at("verdict").at("line"),
            "2 passed, 1 failed, 2 skipped, 1 error, 1 xfail, 1 xpass; 3 regressions against "
            "base/report.json; claim 1_0 does not hold");
  EXPECT_EQ(json.at("cases").at(5).at("excused_by"), "known.txt:3: blocked:gather/*");
  EXPECT_FALSE(json.at("cases").at(0).contains("excused_by"));
  const RunReport back = ReadJsonReport(dir_ / "report.json");
  EXPECT_EQ(back.baseline, "base/report.json");
  EXPECT_EQ(back.claim, "1_0");
  EXPECT_EQ(back.results.at(5).excused_by, "known.txt:3: blocked:gather/*");
  EXPECT_EQ(back.VerdictLine(), report.VerdictLine());
}

// Issue 19: what a backend declared, and the selection a claim is over.
TEST_F(JsonReportTest, BackendInfoProfileAndShard) {
  RunReport report = SampleReport();
  report.backend_info = {{"naive", "serve:./naive", "1.2", "a CPU", ""},
                         {"blocked", "blocked", "", "", ""}};
  report.profile = "values";
  report.expect = {"match"};
  report.left_out = {{"reject", 7}};
  report.operators = {"GATHER"};
  report.shard = "1/4";
  const Json json = WriteAndParse(report);
  EXPECT_EQ(
      json.at("backend_info"),
      Json::parse(R"([{"name":"naive","spec":"serve:./naive","version":"1.2","description":"a CPU"},
                            {"name":"blocked","spec":"blocked"}])"));
  EXPECT_EQ(json.at("profile"), "values");
  EXPECT_EQ(json.at("expect"), Json({"match"}));
  EXPECT_EQ(json.at("left_out"), Json({{"reject", 7}}));
  EXPECT_EQ(json.at("operators"), Json({"GATHER"}));
  EXPECT_EQ(json.at("shard"), "1/4");
  EXPECT_EQ(json.at("claims")[0].at("scope"),
            "for GATHER only (--operator GATHER), under --profile values --expect match (7 "
            "must-reject cases not judged)");
}

TEST_F(JsonReportTest, SummaryCountsTotalsBackendsAndOperators) {
  const Json summary = WriteAndParse(SampleReport()).at("summary");
  ExpectCounts(summary, 8, 2, 1, 2, 1, 1, 1);
  ASSERT_EQ(summary.at("by_backend").size(), 2u);
  ExpectCounts(summary.at("by_backend").at("naive"), 5, 1, 1, 2, 1, 0, 0);
  ExpectCounts(summary.at("by_backend").at("blocked"), 3, 1, 0, 0, 0, 1, 1);
  ASSERT_EQ(summary.at("by_operator").size(), 3u);
  ExpectCounts(summary.at("by_operator").at("GATHER"), 4, 1, 1, 0, 0, 1, 1);
  ExpectCounts(summary.at("by_operator").at("SPLIT"), 2, 0, 0, 2, 0, 0, 0);
  ExpectCounts(summary.at("by_operator").at("JOIN"), 2, 1, 0, 0, 1, 0, 0);
}

TEST_F(JsonReportTest, DeclaredBackendWithoutResultsCountsZero) {
  RunReport report = SampleReport();
  report.backends.push_back("remote");
  const Json summary = WriteAndParse(report).at("summary");
  ExpectCounts(summary.at("by_backend").at("remote"), 0, 0, 0, 0, 0, 0, 0);
}

TEST_F(JsonReportTest, CaseFields) {
  const Json cases = WriteAndParse(SampleReport()).at("cases");
  ASSERT_EQ(cases.size(), 8u);
  const Json& failed = cases.at(1);
  EXPECT_EQ(failed.at("name"), "gather/b");
  EXPECT_EQ(failed.at("file"), "cases/spec/GATHER.yaml");
  EXPECT_EQ(failed.at("line"), 12);
  EXPECT_EQ(failed.at("operator"), "GATHER");
  EXPECT_EQ(failed.at("feature_level"), "3_0");
  EXPECT_EQ(failed.at("expect"), "match");
  EXPECT_EQ(failed.at("data_types"), Json({"FLOAT32", "UINT32", "FLOAT32"}));
  EXPECT_EQ(failed.at("ranks"), Json({4, 4, 4}));
  EXPECT_EQ(failed.at("backend"), "naive");
  EXPECT_EQ(failed.at("status"), "failed");
  EXPECT_EQ(failed.at("message"),
            "OutputTensor element [0, 1]: expected 0x3f800000, got 0x00000000");
  EXPECT_EQ(failed.at("reproducer"), "dmlconf run cases --backend naive --case gather/b");
  EXPECT_DOUBLE_EQ(failed.at("seconds").get<double>(), 0.25);
  EXPECT_EQ(cases.at(5).at("status"), "xfail");
  EXPECT_EQ(cases.at(6).at("status"), "xpass");
}

TEST_F(JsonReportTest, InvalidUtf8AndQuotesSurvive) {
  RunReport report = SampleReport();
  report.results[1].message = "got \"\xff\xfe\" from 'backend'\n\ttab \\ end";
  report.results[1].name = "bad\xc3(";  // truncated two-byte sequence
  const Json failed = WriteAndParse(report).at("cases").at(1);
  // Each invalid byte becomes U+FFFD; everything else is kept byte for byte.
  EXPECT_EQ(failed.at("message"), "got \"\xEF\xBF\xBD\xEF\xBF\xBD\" from 'backend'\n\ttab \\ end");
  EXPECT_EQ(failed.at("name"), "bad\xEF\xBF\xBD(");
}

TEST_F(JsonReportTest, EmptyRun) {
  const Json json = WriteAndParse(RunReport());
  ExpectCounts(json.at("summary"), 0, 0, 0, 0, 0, 0, 0);
  EXPECT_TRUE(json.at("cases").is_array());
  EXPECT_TRUE(json.at("summary").at("by_operator").is_object());
}

}  // namespace
}  // namespace dmlconf
