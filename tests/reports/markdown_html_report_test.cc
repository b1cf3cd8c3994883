#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dmlconf/reports/run_report.h"
#include "report_fixture.h"

namespace dmlconf {
namespace {

using report_testing::ReadFile;
using report_testing::SampleReport;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kFailure[] = "OutputTensor element [0, 1]: expected 0x3f800000, got 0x00000000";

size_t Occurrences(const std::string& text, const std::string& needle) {
  size_t count = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    ++count;
  }
  return count;
}

class MarkdownReportTest : public report_testing::ScratchDirTest {
 protected:
  std::string Write(const RunReport& report) {
    WriteMarkdownReport(report, dir_ / "report.md");
    return ReadFile(dir_ / "report.md");
  }
};

TEST_F(MarkdownReportTest, SummaryFailuresSkipsAndExpectedFailures) {
  const std::string md = Write(SampleReport());
  EXPECT_THAT(md, HasSubstr("**FAIL**: 2 passed, 1 failed, 2 skipped, 1 error, 1 xfail, 1 xpass"));
  // backend x operator row: total, then passed failed skipped error xfail xpass.
  EXPECT_THAT(md, HasSubstr("| naive | GATHER | 2 | 1 | 1 | 0 | 0 | 0 | 0 |"));
  EXPECT_THAT(md, HasSubstr("| blocked | GATHER | 2 | 0 | 0 | 0 | 0 | 1 | 1 |"));
  EXPECT_THAT(md, HasSubstr("## Failures (3)"));
  EXPECT_THAT(md, HasSubstr("`gather/b`"));
  EXPECT_THAT(md, HasSubstr(std::string("```text\n") + kFailure + "\n```"));
  EXPECT_THAT(md, HasSubstr("dmlconf run cases --backend naive --case gather/b"));
  EXPECT_THAT(md, HasSubstr("| above the backend level | 2 | SPLIT (2) |"));
  EXPECT_THAT(md, HasSubstr("## Expected failures (1)"));
  EXPECT_THAT(md, HasSubstr("known bug 17"));
  EXPECT_THAT(md, Not(HasSubstr("`gather/a` passed")));
}

TEST_F(MarkdownReportTest, BackticksInMessageDoNotCloseTheCodeBlock) {
  RunReport report = SampleReport();
  report.results[1].message = "before\n```\nafter <script>";
  const std::string md = Write(report);
  EXPECT_THAT(md, HasSubstr("````text\nbefore\n```\nafter <script>\n````"));
}

TEST_F(MarkdownReportTest, TextOutsideCodeIsEscaped) {
  RunReport report = SampleReport();
  report.results[2].message = "level <b>|x|</b>";
  report.results[3].message = "level <b>|x|</b>";
  const std::string md = Write(report);
  EXPECT_THAT(md, HasSubstr("| level \\<b\\>\\|x\\|\\</b\\> | 2 |"));
}

TEST_F(MarkdownReportTest, OnlyUnderscoresThatCouldBeEmphasisAreEscaped) {
  RunReport report = SampleReport();
  report.results[4].message = "_emph_ in DEPTH_TO_SPACE1";
  report.results[5].message = "_emph_ in DEPTH_TO_SPACE1";
  report.results[5].verdict = Verdict::kExpectedFailure;
  const std::string md = Write(report);
  EXPECT_THAT(md, HasSubstr("`gather/a` on blocked: \\_emph\\_ in DEPTH_TO_SPACE1\n"));
}

TEST_F(MarkdownReportTest, PassingRunSaysNoFailures) {
  RunReport report;
  report.results = {report_testing::MakeCase("a", "naive", "JOIN", Verdict::kPassed)};
  const std::string md = Write(report);
  EXPECT_THAT(md, HasSubstr("**PASS**: 1 passed, 0 failed, 0 skipped"));
  EXPECT_THAT(md, HasSubstr("## Failures\n\nNone."));
}

class HtmlReportTest : public report_testing::ScratchDirTest {
 protected:
  std::string Write(const RunReport& report) {
    WriteHtmlReport(report, dir_ / "report.html");
    return ReadFile(dir_ / "report.html");
  }
};

TEST_F(HtmlReportTest, ContainsFailingCaseAndMessage) {
  const std::string html = Write(SampleReport());
  EXPECT_THAT(html, HasSubstr("<!DOCTYPE html>"));
  EXPECT_THAT(html, HasSubstr("2 passed, 1 failed, 2 skipped, 1 error, 1 xfail, 1 xpass"));
  EXPECT_THAT(html, HasSubstr("gather/b"));
  EXPECT_THAT(html, HasSubstr(std::string("<pre class=\"msg\">") + kFailure + "</pre>"));
  EXPECT_THAT(html, HasSubstr("dmlconf run cases --backend naive --case gather/b"));
  EXPECT_EQ(Occurrences(html, "<tr data-v="), 8u);
  EXPECT_EQ(Occurrences(html, "data-v=\"failed\""), 1u);
  EXPECT_EQ(Occurrences(html, "data-v=\"skipped\""), 2u);
}

TEST_F(HtmlReportTest, EscapesEverythingFromTheReport) {
  RunReport report = SampleReport();
  report.results[1].message = "<script>alert('x')</script> & \"q\"";
  report.results[1].name = "<img src=x onerror=alert(1)>";
  report.results[1].op = "GATHER\"><script>";
  report.command_line = "run </code><script>";
  const std::string html = Write(report);
  EXPECT_THAT(html,
              HasSubstr("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"));
  EXPECT_THAT(html, HasSubstr("&lt;img src=x onerror=alert(1)&gt;"));
  EXPECT_THAT(html, Not(HasSubstr("<img")));
  EXPECT_THAT(html, HasSubstr("data-op=\"GATHER&quot;&gt;&lt;script&gt;\""));
  // The page's own filter script is the only one.
  EXPECT_EQ(Occurrences(html, "<script"), 1u);
}

TEST_F(HtmlReportTest, SelfContained) {
  const std::string html = Write(SampleReport());
  EXPECT_THAT(html, Not(HasSubstr("http://")));
  EXPECT_THAT(html, Not(HasSubstr("https://")));
  EXPECT_THAT(html, Not(HasSubstr("<link")));
  EXPECT_THAT(html, Not(HasSubstr(" src=")));
}

}  // namespace
}  // namespace dmlconf
