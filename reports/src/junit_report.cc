#include <string>

#include "dmlconf/reports/atomic_file.h"
#include "dmlconf/reports/run_report.h"
#include "report_text.h"

namespace dmlconf {

namespace {

using report_internal::EscapeMarkup;
using report_internal::FormatSeconds;
using report_internal::Tally;

// Fixed rather than taken from report.tool: CI dashboards key test history on it.
constexpr std::string_view kSuitePrefix = "dmlconf.";
// An xpass whose result carries no message of its own (the runner's names the entry).
constexpr std::string_view kXpassMessage =
    "unexpectedly passed (remove it from the expected-failure list)";

std::string Attribute(std::string_view name, std::string_view value) {
  return " " + std::string(name) + "=\"" + EscapeMarkup(value, true) + "\"";
}

// The element body: the whole message, then the line that reruns the case, which is
// what a reader of a CI failure needs first after the message.
std::string Details(const CaseResult& result) {
  std::string text = QuotedMessage(result.message);
  if (!result.reproducer.empty()) {
    if (!text.empty()) text += "\n";
    text += "reproducer: " + result.reproducer;
  }
  return EscapeMarkup(text);
}

// JUnit has no words for xfail and xpass; consumers understand failures and skips, so
// xpass reads as a failure (it fails the run) and xfail as a skip (it does not).
// JUnit's `type` carries the failure kind (wrong_values, crash, ...), so a CI page that
// shows only types still tells a wrong answer from a dead backend.
std::string TypeOf(const CaseResult& result, std::string_view fallback) {
  return result.kind == Kind::kNone ? std::string(fallback) : std::string(KindName(result.kind));
}

// The whole message, not its first line: quoted standard error and the lines after a
// mismatch are what a CI page that shows only the attribute needs (escaped, line
// breaks kept as character references).
std::string Outcome(const CaseResult& result) {
  const std::string summary = QuotedMessage(result.message);
  switch (result.verdict) {
    case Verdict::kPassed: return "";
    case Verdict::kFailed:
      return "      <failure" + Attribute("message", summary) +
             Attribute("type", TypeOf(result, "failed")) + ">" + Details(result) + "</failure>\n";
    case Verdict::kError:
      return "      <error" + Attribute("message", summary) +
             Attribute("type", TypeOf(result, "error")) + ">" + Details(result) + "</error>\n";
    case Verdict::kSkipped: return "      <skipped" + Attribute("message", summary) + "/>\n";
    case Verdict::kExpectedFailure:
      return "      <skipped" + Attribute("message", "expected failure: " + summary) + ">" +
             Details(result) + "</skipped>\n";
    case Verdict::kUnexpectedPass:
      return "      <failure" + Attribute("message", summary.empty() ? kXpassMessage : summary) +
             Attribute("type", "xpass") + ">" + Details(result) + "</failure>\n";
  }
  return "";
}

std::string TestCase(const std::string& suite, const CaseResult& result) {
  std::string xml = "    <testcase" + Attribute("classname", suite) +
                    Attribute("name", result.name) + Attribute("file", result.file) +
                    Attribute("line", std::to_string(result.line)) +
                    Attribute("time", FormatSeconds(result.seconds));
  std::string outcome = Outcome(result);
  // A pass that wrote output padding (P1, allowed) says so where CI shows output.
  if (outcome.empty() && result.padding_bytes_written > 0)
    outcome =
        "      <system-out>" + EscapeMarkup(QuotedMessage(result.message)) + "</system-out>\n";
  if (outcome.empty()) return xml + "/>\n";
  return xml + ">\n" + outcome + "    </testcase>\n";
}

std::string CountAttributes(const Tally& tally) {
  const int failures = tally[Verdict::kFailed] + tally[Verdict::kUnexpectedPass];
  const int skipped = tally[Verdict::kSkipped] + tally[Verdict::kExpectedFailure];
  return Attribute("tests", std::to_string(tally.total)) +
         Attribute("failures", std::to_string(failures)) +
         Attribute("errors", std::to_string(tally[Verdict::kError])) +
         Attribute("skipped", std::to_string(skipped)) +
         Attribute("time", FormatSeconds(tally.seconds));
}

std::string Properties(const RunReport& report, const std::string& backend, const Tally& tally) {
  std::string xml = "    <properties>\n";
  auto property = [&xml](std::string_view name, std::string_view value) {
    xml += "      <property" + Attribute("name", name) + Attribute("value", value) + "/>\n";
  };
  property("backend", backend);
  for (const BackendInfo& info : report_internal::BackendInfoOf(report)) {
    if (info.name != backend) continue;
    if (!info.spec.empty()) property("backend_spec", info.spec);
    if (!info.version.empty()) property("backend_version", info.version);
    if (!info.description.empty()) property("backend_description", info.description);
  }
  property("feature_level", report.feature_level);
  if (const std::string scope = SelectionScope(report); !scope.empty())
    property("selection", scope);
  property("tool_version", report.tool_version);
  property("command_line", report.command_line);
  property("padding_written", std::to_string(tally.padding_written));
  return xml + "    </properties>\n";
}

}  // namespace

void WriteJunitReport(const RunReport& report, const std::filesystem::path& path) {
  const auto groups = report_internal::GroupByBackendAndOp(report);
  Tally total;
  std::string suites;
  for (const auto& [key, results] : groups) {
    const std::string suite = std::string(kSuitePrefix) + key.first + "." + key.second;
    const Tally tally = report_internal::TallyOf(results);
    for (const CaseResult* result : results) total.Add(*result);
    suites += "  <testsuite" + Attribute("name", suite) + CountAttributes(tally) +
              Attribute("timestamp", report.started_at) + ">\n";
    suites += Properties(report, key.first, tally);
    for (const CaseResult* result : results) suites += TestCase(suite, *result);
    suites += "  </testsuite>\n";
  }
  const std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites" +
                          Attribute("name", "dmlconf") + CountAttributes(total) + ">\n" + suites +
                          "</testsuites>\n";
  WriteFileAtomically(path, xml);
}

}  // namespace dmlconf
