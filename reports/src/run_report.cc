#include "dmlconf/reports/run_report.h"

#include <string>

#include "report_text.h"

namespace dmlconf {

std::string_view VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kPassed:
      return "passed";
    case Verdict::kFailed:
      return "failed";
    case Verdict::kSkipped:
      return "skipped";
    case Verdict::kError:
      return "error";
    case Verdict::kExpectedFailure:
      return "xfail";
    case Verdict::kUnexpectedPass:
      return "xpass";
  }
  return "unknown";
}

bool VerdictFailsRun(Verdict verdict) {
  return verdict == Verdict::kFailed || verdict == Verdict::kError ||
         verdict == Verdict::kUnexpectedPass;
}

// Every verdict is present, zero or not, so callers can use at() without checking.
std::map<Verdict, int> RunReport::Counts() const {
  std::map<Verdict, int> counts;
  for (Verdict verdict : kAllVerdicts) counts[verdict] = 0;
  for (const CaseResult& result : results) ++counts[result.verdict];
  return counts;
}

// The first three counts are always printed so that a CI log scraper looking for
// "N passed, N failed" finds them even on an all-green run.
std::string RunReport::SummaryLine() const {
  const std::map<Verdict, int> counts = Counts();
  std::string line;
  for (Verdict verdict : kAllVerdicts) {
    const bool always =
        verdict == Verdict::kPassed || verdict == Verdict::kFailed || verdict == Verdict::kSkipped;
    const int count = counts.at(verdict);
    if (!always && count == 0) continue;
    if (!line.empty()) line += ", ";
    line += std::to_string(count) + " " + std::string(VerdictName(verdict));
  }
  return line;
}

bool RunReport::Failed() const {
  for (const CaseResult& result : results) {
    if (VerdictFailsRun(result.verdict)) return true;
  }
  return false;
}

}  // namespace dmlconf
