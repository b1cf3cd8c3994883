// Issue 12: a 50 MB backend message was copied into every report. Each writer quotes at
// most kMaxQuotedMessageBytes of one message and marks the cut, whatever reached it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>

#include "dmlconf/reports/run_report.h"
#include "report_fixture.h"

namespace dmlconf {
namespace {

using report_testing::ReadFile;
using report_testing::SampleReport;
using ::testing::HasSubstr;

TEST(QuotedMessage, KeepsAMessageThatFits) {
  EXPECT_EQ(QuotedMessage("short"), "short");
  const std::string exact(kMaxQuotedMessageBytes, 'x');
  EXPECT_EQ(QuotedMessage(exact), exact);
}

TEST(QuotedMessage, CutsALongMessageAndSaysHowMuch) {
  const std::string big(kMaxQuotedMessageBytes + 1000, 'x');
  const std::string quoted = QuotedMessage(big);
  EXPECT_EQ(
      quoted.rfind(std::string(kMaxQuotedMessageBytes, 'x') + "\n[... 1000 more bytes cut", 0), 0u);
  EXPECT_LT(quoted.size(), kMaxQuotedMessageBytes + 100);
}

TEST(QuotedMessage, CutsBetweenUtf8Characters) {
  std::string big = "x";  // odd offset: the limit falls inside a two-byte character
  while (big.size() < 2 * kMaxQuotedMessageBytes) big += "\xC3\xA9";
  const std::string quoted = QuotedMessage(big);
  const std::string kept = quoted.substr(0, quoted.find("\n[... "));
  EXPECT_EQ(kept.size(), kMaxQuotedMessageBytes - 1);
  EXPECT_EQ(kept.back(), '\xA9');
}

using Writer = std::function<void(const RunReport&, const std::filesystem::path&)>;

class BoundedMessageTest : public report_testing::ScratchDirTest,
                           public ::testing::WithParamInterface<const char*> {};

// Every result of the sample (each verdict, a padding pass among them) carries a 4 MiB
// message with no newline: no format may hold more than the quoted part of any.
TEST_P(BoundedMessageTest, EveryWriterQuotesAtMostTheLimit) {
  const std::map<std::string, Writer> writers = {{"json", WriteJsonReport},
                                                 {"junit", WriteJunitReport},
                                                 {"markdown", WriteMarkdownReport},
                                                 {"html", WriteHtmlReport}};
  RunReport report = SampleReport();
  report.results.front().padding_bytes_written = 4;  // JUnit prints a padding pass's message
  for (CaseResult& r : report.results) r.message = std::string(4 << 20, 'm');
  const std::filesystem::path path = dir_ / GetParam();
  writers.at(GetParam())(report, path);
  const std::string text = ReadFile(path);
  EXPECT_LT(text.size(), 400'000u) << GetParam();
  EXPECT_EQ(text.find(std::string(kMaxQuotedMessageBytes + 1, 'm')), std::string::npos);
  EXPECT_THAT(text, HasSubstr("more bytes cut: a report quotes at most 8192 bytes"));
}

INSTANTIATE_TEST_SUITE_P(Formats, BoundedMessageTest,
                         ::testing::Values("json", "junit", "markdown", "html"),
                         [](const auto& param) { return std::string(param.param); });

}  // namespace
}  // namespace dmlconf
