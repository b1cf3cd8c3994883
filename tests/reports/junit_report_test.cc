#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "dmlconf/reports/run_report.h"
#include "mini_xml.h"
#include "report_fixture.h"

namespace dmlconf {
namespace {

using report_testing::MiniXmlParser;
using report_testing::ReadFile;
using report_testing::SampleReport;
using report_testing::XmlElement;

class JunitReportTest : public report_testing::ScratchDirTest {
 protected:
  std::unique_ptr<XmlElement> WriteAndParse(const RunReport& report) {
    path_ = dir_ / "junit.xml";
    WriteJunitReport(report, path_);
    return MiniXmlParser(ReadFile(path_)).Parse();
  }

  const XmlElement* Suite(const XmlElement& root, const std::string& name) {
    for (const XmlElement* suite : root.Children("testsuite")) {
      if (suite->Attr("name") == name) return suite;
    }
    ADD_FAILURE() << "no testsuite " << name;
    return nullptr;
  }

  std::filesystem::path path_;
};

void ExpectSuiteCounts(const XmlElement& suite, const std::string& tests,
                       const std::string& failures, const std::string& errors,
                       const std::string& skipped) {
  EXPECT_EQ(suite.Attr("tests"), tests) << suite.Attr("name");
  EXPECT_EQ(suite.Attr("failures"), failures) << suite.Attr("name");
  EXPECT_EQ(suite.Attr("errors"), errors) << suite.Attr("name");
  EXPECT_EQ(suite.Attr("skipped"), skipped) << suite.Attr("name");
}

TEST_F(JunitReportTest, FailureTypeIsTheFailureKind) {
  RunReport report = SampleReport();
  for (CaseResult& r : report.results) {
    if (r.verdict == Verdict::kFailed) r.kind = Kind::kStrayWrite;
    if (r.verdict == Verdict::kError) r.kind = Kind::kCrash;
  }
  const auto root = WriteAndParse(report);
  std::vector<std::string> types;
  for (const XmlElement* suite : root->Children("testsuite"))
    for (const XmlElement* test : suite->Children("testcase"))
      for (const char* tag : {"failure", "error"})
        for (const XmlElement* outcome : test->Children(tag))
          types.push_back(outcome->Attr("type"));
  std::sort(types.begin(), types.end());
  EXPECT_EQ(types, (std::vector<std::string>{std::string(KindName(Kind::kCrash)),
                                             std::string(KindName(Kind::kStrayWrite)), "xpass"}));
}

TEST_F(JunitReportTest, OneSuitePerBackendAndOperatorWithCounts) {
  const auto root = WriteAndParse(SampleReport());
  ASSERT_EQ(root->name, "testsuites");
  // xpass counts as a failure, xfail as a skip (README, "JUnit XML").
  ExpectSuiteCounts(*root, "8", "2", "1", "3");
  EXPECT_EQ(root->Children("testsuite").size(), 5u);

  const XmlElement* naive_gather = Suite(*root, "dmlconf.naive.GATHER");
  ASSERT_NE(naive_gather, nullptr);
  ExpectSuiteCounts(*naive_gather, "2", "1", "0", "0");
  EXPECT_EQ(naive_gather->Attr("time"), "0.500");
  EXPECT_EQ(naive_gather->Children("testcase").size(), 2u);

  const XmlElement* naive_split = Suite(*root, "dmlconf.naive.SPLIT");
  ASSERT_NE(naive_split, nullptr);
  ExpectSuiteCounts(*naive_split, "2", "0", "0", "2");

  const XmlElement* naive_join = Suite(*root, "dmlconf.naive.JOIN");
  ASSERT_NE(naive_join, nullptr);
  ExpectSuiteCounts(*naive_join, "1", "0", "1", "0");

  const XmlElement* blocked_gather = Suite(*root, "dmlconf.blocked.GATHER");
  ASSERT_NE(blocked_gather, nullptr);
  ExpectSuiteCounts(*blocked_gather, "2", "1", "0", "1");
}

TEST_F(JunitReportTest, VerdictsMapToElements) {
  const auto root = WriteAndParse(SampleReport());
  const XmlElement* naive_gather = Suite(*root, "dmlconf.naive.GATHER");
  ASSERT_NE(naive_gather, nullptr);
  const auto cases = naive_gather->Children("testcase");
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0]->Attr("name"), "gather/a");
  EXPECT_EQ(cases[0]->Attr("classname"), "dmlconf.naive.GATHER");
  EXPECT_EQ(cases[0]->Attr("file"), "cases/spec/GATHER.yaml");
  EXPECT_EQ(cases[0]->Attr("line"), "12");
  EXPECT_EQ(cases[0]->Attr("time"), "0.250");
  EXPECT_TRUE(cases[0]->children.empty());

  const auto failure = cases[1]->Children("failure");
  ASSERT_EQ(failure.size(), 1u);
  EXPECT_EQ(failure[0]->Attr("message"),
            "OutputTensor element [0, 1]: expected 0x3f800000, got 0x00000000");
  EXPECT_NE(failure[0]->text.find("reproducer: dmlconf run cases --backend naive --case gather/b"),
            std::string::npos);

  const XmlElement* split = Suite(*root, "dmlconf.naive.SPLIT");
  ASSERT_NE(split, nullptr);
  const auto skipped = split->Children("testcase")[0]->Children("skipped");
  ASSERT_EQ(skipped.size(), 1u);
  EXPECT_EQ(skipped[0]->Attr("message"), "above the backend level");

  const XmlElement* join = Suite(*root, "dmlconf.naive.JOIN");
  ASSERT_NE(join, nullptr);
  EXPECT_EQ(join->Children("testcase")[0]->Children("error").size(), 1u);

  const XmlElement* blocked = Suite(*root, "dmlconf.blocked.GATHER");
  ASSERT_NE(blocked, nullptr);
  const auto blocked_cases = blocked->Children("testcase");
  ASSERT_EQ(blocked_cases.size(), 2u);
  ASSERT_EQ(blocked_cases[0]->Children("skipped").size(), 1u);
  EXPECT_EQ(blocked_cases[0]->Children("skipped")[0]->Attr("message"),
            "known: known.txt:3: blocked:gather/*: known bug 17");
  ASSERT_EQ(blocked_cases[1]->Children("failure").size(), 1u);
  EXPECT_EQ(blocked_cases[1]->Children("failure")[0]->Attr("message"),
            "unexpectedly passed (remove it from the expected-failure list)");
}

TEST_F(JunitReportTest, MarkupAndControlCharactersAreEscapedOrDropped) {
  RunReport report = SampleReport();
  report.results[1].message = "a < b && c > \"d\" 'e'\x01\x1b end\xff";
  report.results[1].name = "<case & \"name\">";
  const auto root = WriteAndParse(report);
  const std::string raw = ReadFile(path_);
  EXPECT_NE(raw.find("a &lt; b &amp;&amp; c &gt; &quot;d&quot; &#39;e&#39;"), std::string::npos);
  EXPECT_EQ(raw.find('\x01'), std::string::npos);
  EXPECT_EQ(raw.find('\x1b'), std::string::npos);

  const XmlElement* suite = Suite(*root, "dmlconf.naive.GATHER");
  ASSERT_NE(suite, nullptr);
  const XmlElement& failed = *suite->Children("testcase")[1];
  EXPECT_EQ(failed.Attr("name"), "<case & \"name\">");
  // The control characters are gone, the invalid byte is U+FFFD, the rest is intact.
  EXPECT_EQ(failed.Children("failure")[0]->Attr("message"),
            "a < b && c > \"d\" 'e' end\xEF\xBF\xBD");
}

// Issue 19: a CI page that shows only the attribute (quoted standard error, the lines
// after a mismatch) must get the whole message, its line breaks kept as references.
TEST_F(JunitReportTest, MultiLineMessageIsWholeInAttributeAndBody) {
  RunReport report = SampleReport();
  report.results[1].message = "first line\nsecond line\n\tthird";
  const auto root = WriteAndParse(report);
  const XmlElement* suite = Suite(*root, "dmlconf.naive.GATHER");
  ASSERT_NE(suite, nullptr);
  const XmlElement& failure = *suite->Children("testcase")[1]->Children("failure")[0];
  EXPECT_EQ(failure.Attr("message"), "first line\nsecond line\n\tthird");
  EXPECT_NE(ReadFile(path_).find("message=\"first line&#10;second line&#10;&#9;third\""),
            std::string::npos);
  EXPECT_EQ(failure.text.rfind("first line\nsecond line\n\tthird\nreproducer: ", 0), 0u);
}

TEST_F(JunitReportTest, XmllintAcceptsItWhenInstalled) {
  if (std::system("command -v xmllint >/dev/null 2>&1") != 0) GTEST_SKIP() << "no xmllint";
  RunReport report = SampleReport();
  report.results[1].message = "a < b && \x01\x02 \"q\" \xc3\x28 ]]> end";
  WriteAndParse(report);
  const std::string command = "xmllint --noout '" + path_.string() + "'";
  EXPECT_EQ(std::system(command.c_str()), 0);
}

TEST_F(JunitReportTest, EmptyRunIsAValidDocument) {
  const auto root = WriteAndParse(RunReport());
  ExpectSuiteCounts(*root, "0", "0", "0", "0");
  EXPECT_TRUE(root->children.empty());
}

}  // namespace
}  // namespace dmlconf
