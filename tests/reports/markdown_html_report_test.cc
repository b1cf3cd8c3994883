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

// Issue 10: claims, kinds and the support-table matrix in the PR comment.
TEST_F(MarkdownReportTest, ClaimsKindsAndMatrix) {
  RunReport report = SampleReport();
  report.results[1].kind = Kind::kWrongValues;
  const std::string md = Write(report);
  EXPECT_THAT(md, HasSubstr("## Conformance claims\n\n- `naive`: **no claim**. no claim: at the "
                            "lowest case level, 3_0, 2 cases did not pass and 2 cases were "
                            "skipped (a skip is not a pass)\n"));
  EXPECT_THAT(md, HasSubstr("| naive | GATHER | wrong values | 1 |"));
  // GATHER 3_0 FLOAT32 r4: passed, failed, xfail, xpass; failed is the worst.
  EXPECT_THAT(md, HasSubstr("### GATHER\n\n| level | data type | r4 |\n| --- | --- | ---: |\n"
                            "| 3_0 | FLOAT32 | ✗1/4 |"));
  EXPECT_THAT(md, HasSubstr("| 3_0 | FLOAT32 | –2/2 |"));  // SPLIT: both skipped
}

TEST_F(MarkdownReportTest, BackticksInMessageDoNotCloseTheCodeBlock) {
  RunReport report = SampleReport();
  report.results[1].message = "before\n```\nafter <script>";
  const std::string md = Write(report);
  EXPECT_THAT(md, HasSubstr("````text\nbefore\n```\nafter <script>\n````"));
}

// Issue 12: report.md shown with `cat` must not drive the terminal. ESC, DEL and the C1
// control CSI (U+009B) in a name, a backend and a message are dropped; 'é' stays.
TEST_F(MarkdownReportTest, DropsEveryControlCharacter) {
  RunReport report = SampleReport();
  const std::string controls = "\x1b[2J\x7f\xc2\x9b" "31m\xc3\xa9";
  report.results[1].name += controls;
  report.results[1].backend += controls;
  report.results[1].message += controls;
  const std::string md = Write(report);
  EXPECT_EQ(md.find('\x1b'), std::string::npos);
  EXPECT_EQ(md.find('\x7f'), std::string::npos);
  EXPECT_EQ(md.find("\xc2\x9b"), std::string::npos);
  EXPECT_THAT(md, HasSubstr("[2J31m\xc3\xa9"));
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
  // Issue 31: the entry that excused it, before its message.
  EXPECT_THAT(md, HasSubstr("`gather/a` on blocked (known: known.txt:3: blocked:gather/\\*): "
                            "\\_emph\\_ in DEPTH_TO_SPACE1\n"));
}

// Issue 19: the header says what the run left out, and what each backend declared.
TEST_F(MarkdownReportTest, HeaderSaysTheProfileAndTheBackends) {
  RunReport report = SampleReport();
  report.profile = "values";
  report.left_out = {{"reject", 311}};
  report.backend_info = {{"naive", "serve:./naive", "1.2", "", ""}};
  const std::string md = Write(report);
  EXPECT_THAT(md, HasSubstr("**FAIL**: 2 passed, 1 failed, 2 skipped, 1 error, 1 xfail, 1 xpass, "
                            "under --profile values (311 must-reject cases not judged)\n"));
  EXPECT_THAT(md, HasSubstr("| Backends | `naive` (spec serve:./naive, version 1.2); `blocked` |"));
  EXPECT_THAT(md, HasSubstr("| Selection | under --profile values (311 must-reject cases not "
                            "judged) |"));
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
  // The two passing cases are collapsed (JSON for the script), the other six rendered.
  EXPECT_EQ(Occurrences(html, "<tr data-v="), 6u);
  EXPECT_EQ(Occurrences(html, "data-v=\"passed\""), 0u);
  EXPECT_THAT(html, HasSubstr("show the 2 collapsed passing cases"));
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
  // The page's own filter script and its collapsed rows' JSON are the only ones.
  EXPECT_EQ(Occurrences(html, "<script"), 2u);
}

// A passing case's text lives in JSON inside <script>: no '<' may stay, or a
// message could close the element and inject markup.
TEST_F(HtmlReportTest, CollapsedRowsCannotCloseTheirScript) {
  RunReport report = SampleReport();
  report.results[0].message = "</script><script>alert(1)</script>";
  const std::string html = Write(report);
  EXPECT_THAT(html, HasSubstr("\\u003c/script>\\u003cscript>alert(1)"));
  EXPECT_EQ(Occurrences(html, "<script"), 2u);
}

// The matrix: a cell per (level, data type, rank), coloured by its worst verdict.
TEST_F(HtmlReportTest, MatrixCellsTakeTheWorstVerdict) {
  const std::string html = Write(SampleReport());
  EXPECT_THAT(html, HasSubstr("id=\"matrix\""));
  // GATHER 3_0 FLOAT32 r4 holds passed, failed, xfail and xpass: failed is worst, 1 of 4.
  EXPECT_THAT(html, HasSubstr("<td class=\"n m-failed\" title=\"1 passed, 1 failed, 1 xfail, "
                              "1 xpass\">1/4</td>"));
  // JOIN's cell holds a pass and an error.
  EXPECT_THAT(html, HasSubstr("class=\"n m-error\""));
}

TEST_F(HtmlReportTest, ClaimsKindsAndFilters) {
  RunReport report = SampleReport();
  report.results[1].kind = Kind::kAcceptedInvalid;
  report.results[1].reason = "GATHER_AXIS_INVALID";
  const std::string html = Write(report);
  EXPECT_THAT(html, HasSubstr("id=\"claims\""));
  EXPECT_THAT(html, HasSubstr("<b>blocked</b>: <span class=\"claim-no\">no claim</span>"));
  EXPECT_THAT(html, HasSubstr("<b>accepted an invalid descriptor</b> &middot; "
                              "<code>GATHER_AXIS_INVALID</code>: 1 results"));
  for (const char* id : {"fv", "fk", "fo", "fl", "fb", "ft", "fp"})
    EXPECT_THAT(html, HasSubstr(std::string("id=\"") + id + "\"")) << id;
}

TEST_F(HtmlReportTest, HeaderSaysTheProfileAndTheBackends) {
  RunReport report = SampleReport();
  report.profile = "values";
  report.left_out = {{"reject", 311}};
  report.backend_info = {{"naive", "serve:./naive", "1.2", "an <adapter>", ""}};
  const std::string html = Write(report);
  EXPECT_THAT(html, HasSubstr("1 xfail, 1 xpass, under --profile values (311 must-reject cases "
                              "not judged)</p>"));
  EXPECT_THAT(html,
              HasSubstr("<b>naive</b> (spec serve:./naive, version 1.2, an &lt;adapter&gt;)"));
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
