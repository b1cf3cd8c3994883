#include "dmlconf/reports/run_report.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "report_fixture.h"

namespace dmlconf {
namespace {

using report_testing::MakeCase;
using report_testing::SampleReport;

TEST(VerdictTest, NamesArePublishedVocabulary) {
  EXPECT_EQ(VerdictName(Verdict::kPassed), "passed");
  EXPECT_EQ(VerdictName(Verdict::kFailed), "failed");
  EXPECT_EQ(VerdictName(Verdict::kSkipped), "skipped");
  EXPECT_EQ(VerdictName(Verdict::kError), "error");
  EXPECT_EQ(VerdictName(Verdict::kExpectedFailure), "xfail");
  EXPECT_EQ(VerdictName(Verdict::kUnexpectedPass), "xpass");
}

TEST(VerdictTest, OnlyFailedErrorAndXpassFailTheRun) {
  EXPECT_FALSE(VerdictFailsRun(Verdict::kPassed));
  EXPECT_TRUE(VerdictFailsRun(Verdict::kFailed));
  EXPECT_FALSE(VerdictFailsRun(Verdict::kSkipped));
  EXPECT_TRUE(VerdictFailsRun(Verdict::kError));
  EXPECT_FALSE(VerdictFailsRun(Verdict::kExpectedFailure));
  EXPECT_TRUE(VerdictFailsRun(Verdict::kUnexpectedPass));
}

TEST(RunReportTest, CountsEveryVerdictIncludingZeros) {
  const auto counts = SampleReport().Counts();
  EXPECT_EQ(counts.size(), 6u);
  EXPECT_EQ(counts.at(Verdict::kPassed), 2);
  EXPECT_EQ(counts.at(Verdict::kFailed), 1);
  EXPECT_EQ(counts.at(Verdict::kSkipped), 2);
  EXPECT_EQ(counts.at(Verdict::kError), 1);
  EXPECT_EQ(counts.at(Verdict::kExpectedFailure), 1);
  EXPECT_EQ(counts.at(Verdict::kUnexpectedPass), 1);

  EXPECT_EQ(RunReport().Counts().at(Verdict::kFailed), 0);
}

TEST(RunReportTest, SummaryLineListsMixedVerdicts) {
  EXPECT_EQ(SampleReport().SummaryLine(),
            "2 passed, 1 failed, 2 skipped, 1 error, 1 xfail, 1 xpass");
}

TEST(RunReportTest, SummaryLineAlwaysHasPassedFailedSkipped) {
  RunReport report;
  EXPECT_EQ(report.SummaryLine(), "0 passed, 0 failed, 0 skipped");
  report.results = {MakeCase("a", "naive", "JOIN", Verdict::kPassed),
                    MakeCase("b", "naive", "JOIN", Verdict::kPassed),
                    MakeCase("c", "naive", "JOIN", Verdict::kExpectedFailure)};
  EXPECT_EQ(report.SummaryLine(), "2 passed, 0 failed, 0 skipped, 1 xfail");
  // What a CI log scraper looks for on the closing line.
  EXPECT_THAT(report.SummaryLine(), ::testing::ContainsRegex("^[0-9]+ passed, [0-9]+ failed"));
}

TEST(RunReportTest, FailedOnlyForFailedErrorOrXpass) {
  for (Verdict verdict : kAllVerdicts) {
    RunReport report;
    report.results = {MakeCase("a", "naive", "JOIN", Verdict::kPassed),
                      MakeCase("b", "naive", "JOIN", verdict)};
    const bool expected = verdict == Verdict::kFailed || verdict == Verdict::kError ||
                          verdict == Verdict::kUnexpectedPass;
    EXPECT_EQ(report.Failed(), expected) << VerdictName(verdict);
  }
  EXPECT_FALSE(RunReport().Failed());
}

}  // namespace
}  // namespace dmlconf
