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

// An xfail as CI systems show a known failure: "known: " and the entry or baseline
// that excused it, then the failure's own message.
std::string KnownMessage(const CaseResult& result, const std::string& summary) {
  const std::string excuse = result.excused_by.empty() ? "expected failure" : result.excused_by;
  return "known: " + excuse + (summary.empty() ? "" : ": " + summary);
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
      return "      <skipped" + Attribute("message", KnownMessage(result, summary)) + ">" +
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

// Tests outside the tally (the claims'): how many, and how many of them failed.
struct ClaimTests {
  int tests = 0, failures = 0;
};

std::string CountAttributes(const Tally& tally, ClaimTests claims = {}) {
  const int failures = tally[Verdict::kFailed] + tally[Verdict::kUnexpectedPass] + claims.failures;
  const int skipped = tally[Verdict::kSkipped] + tally[Verdict::kExpectedFailure];
  return Attribute("tests", std::to_string(tally.total + claims.tests)) +
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

// --claim: one test per backend, failing where the claim does not hold, so a CI
// reading only this file fails the run the exit code fails.
std::string ClaimSuite(const RunReport& report, ClaimTests* tally) {
  if (report.claim.empty()) return "";
  const std::string suite = std::string(kSuitePrefix) + "claims";
  std::string cases;
  for (const ConformanceClaim& c : Claims(report)) {
    ++tally->tests;
    cases += "    <testcase" + Attribute("classname", suite) +
             Attribute("name", "claim " + report.claim + " on " + c.backend) +
             Attribute("time", "0");
    if (ClaimHolds(c, report.claim)) {
      cases += "/>\n";
      continue;
    }
    ++tally->failures;
    cases += ">\n      <failure" +
             Attribute("message", "claim " + report.claim + " does not hold: " + c.reason) +
             Attribute("type", "claim") + "/>\n    </testcase>\n";
  }
  return "  <testsuite" + Attribute("name", suite) + CountAttributes(Tally{}, *tally) +
         Attribute("timestamp", report.started_at) + ">\n" + cases + "  </testsuite>\n";
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
  ClaimTests claims;
  suites += ClaimSuite(report, &claims);
  const std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites" +
                          Attribute("name", "dmlconf") + CountAttributes(total, claims) + ">\n" +
                          suites + "</testsuites>\n";
  WriteFileAtomically(path, xml);
}

}  // namespace dmlconf
