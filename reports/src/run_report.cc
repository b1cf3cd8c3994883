#include "dmlconf/reports/run_report.h"

#include <optional>
#include <string>
#include <utility>

#include "report_text.h"

namespace dmlconf {

std::string_view VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kPassed: return "passed";
    case Verdict::kFailed: return "failed";
    case Verdict::kSkipped: return "skipped";
    case Verdict::kError: return "error";
    case Verdict::kExpectedFailure: return "xfail";
    case Verdict::kUnexpectedPass: return "xpass";
  }
  return "unknown";
}

bool VerdictIsFailure(Verdict verdict) {
  return verdict == Verdict::kFailed || verdict == Verdict::kError;
}

bool VerdictFailsRun(Verdict verdict) {
  return verdict == Verdict::kFailed || verdict == Verdict::kError ||
         verdict == Verdict::kUnexpectedPass;
}

std::string QuotedMessage(std::string_view message) {
  if (message.size() <= kMaxQuotedMessageBytes) return std::string(message);
  size_t keep = kMaxQuotedMessageBytes;
  // Back up over UTF-8 continuation bytes (10xxxxxx) so no character is split.
  for (int i = 0; i < 3 && keep > 0 && (static_cast<unsigned char>(message[keep]) & 0xC0) == 0x80;
       ++i)
    --keep;
  return std::string(message.substr(0, keep)) + "\n[... " + std::to_string(message.size() - keep) +
         " more bytes cut: a report quotes at most " + std::to_string(kMaxQuotedMessageBytes) +
         " bytes of one message]";
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

namespace {

// --claim given and not holding on some backend.
bool ClaimFails(const RunReport& report) {
  if (report.claim.empty()) return false;
  for (const ConformanceClaim& c : Claims(report))
    if (!ClaimHolds(c, report.claim)) return true;
  return false;
}

}  // namespace

bool RunReport::Failed() const {
  for (const CaseResult& result : results) {
    if (VerdictFailsRun(result.verdict)) return true;
  }
  return ClaimFails(*this);
}

// With a baseline, every failure the base run also had is an xfail excused by it,
// so what still fails the run is exactly the regressions.
std::string RunReport::VerdictLine() const {
  std::string line = SummaryLine();
  if (!baseline.empty()) {
    int regressions = 0;
    for (const CaseResult& result : results) regressions += VerdictFailsRun(result.verdict);
    line += regressions == 0
                ? "; no regression against " + baseline
                : "; " + std::to_string(regressions) +
                      (regressions == 1 ? " regression" : " regressions") + " against " + baseline;
  }
  if (!claim.empty()) {
    const std::string scope = SelectionScope(*this);
    line += "; claim " + claim + (ClaimFails(*this) ? " does not hold" : " holds") +
            (scope.empty() ? "" : " " + scope);
  }
  return line;
}

}  // namespace dmlconf

namespace dmlconf {
namespace {

struct KindText {
  Kind kind;
  std::string_view name, title;
};
constexpr KindText kKindTexts[] = {
    {Kind::kNone, "", "none"},
    {Kind::kWrongValues, "wrong_values", "wrong values"},
    {Kind::kStrayWriteInput, "stray_write_input", "stray write (input)"},
    {Kind::kStrayWrite, "stray_write", "stray write (outside a buffer)"},
    {Kind::kPaddingWritten, "padding_written", "padding written (information, P1)"},
    {Kind::kAcceptedInvalid, "accepted_invalid", "accepted an invalid descriptor"},
    {Kind::kRefusedValid, "refused_valid", "refused a valid descriptor"},
    {Kind::kWrongReasonCode, "wrong_reason_code", "wrong reason code"},
    {Kind::kBackendError, "backend_error", "backend error"},
    {Kind::kCrash, "crash", "crash"},
    {Kind::kTimeout, "timeout", "timeout"},
    {Kind::kNothingJudged, "nothing_judged", "nothing judged"},
    {Kind::kNotImplemented, "not_implemented", "not implemented (skip)"},
    {Kind::kAboveLevel, "above_level", "above the level (skip)"},
    {Kind::kStaleXfail, "stale_xfail", "stale expected failure"},
};

// {major, minor} of "X_Y"; nullopt otherwise.
std::optional<std::pair<int, int>> LevelParts(std::string_view text) {
  const size_t bar = text.find('_');
  if (bar == std::string_view::npos || bar == 0 || bar + 1 >= text.size()) return std::nullopt;
  int parts[2] = {0, 0};
  std::string_view pieces[2] = {text.substr(0, bar), text.substr(bar + 1)};
  for (int i = 0; i < 2; ++i)
    for (char c : pieces[i]) {
      if (c < '0' || c > '9' || parts[i] > 1000) return std::nullopt;
      parts[i] = parts[i] * 10 + (c - '0');
    }
  return std::pair{parts[0], parts[1]};
}

std::string Cases(int n) { return std::to_string(n) + (n == 1 ? " case" : " cases"); }

bool PassesForClaim(Verdict v) { return v == Verdict::kPassed || v == Verdict::kUnexpectedPass; }

bool NotImplemented(const CaseResult& r) {
  return r.verdict == Verdict::kSkipped && r.kind == Kind::kNotImplemented;
}

// "a, b and c"
std::string Listed(const std::vector<std::string>& items, const std::string& last_joint = " and ") {
  std::string text;
  for (size_t i = 0; i < items.size(); ++i)
    text += (i == 0 ? "" : i + 1 == items.size() ? last_joint : ", ") + items[i];
  return text;
}

// The operators a claim could be made for when the only non-passes at the
// blocking level are operators the backend answers "unsupported" to for every
// case: the operators it does implement. Empty when that is not the situation.
std::vector<std::string> SuggestedOperators(const std::vector<const CaseResult*>& blocking,
                                            const RunReport& report, const std::string& backend) {
  std::map<std::string, bool> refuses;  // operator -> every result a not-implemented skip
  for (const CaseResult& r : report.results)
    if (r.backend == backend) {
      auto [it, fresh] = refuses.emplace(r.op, true);
      it->second = it->second && NotImplemented(r);
    }
  for (const CaseResult* r : blocking)
    if (!PassesForClaim(r->verdict) && !(NotImplemented(*r) && refuses[r->op])) return {};
  std::vector<std::string> implemented;
  for (const auto& [op, refused] : refuses)
    if (!refused) implemented.push_back(op);
  return implemented;
}

std::string OperatorFlags(const std::vector<std::string>& ops) {
  std::string flags;
  for (const std::string& op : ops) flags += (flags.empty() ? "" : " ") + ("--operator " + op);
  return flags;
}

// "311 must-reject and 4 refuse_or_run cases not judged"; empty when none were left out.
std::string LeftOutText(const RunReport& report) {
  std::vector<std::string> parts;
  int total = 0;
  for (const auto& [expect, n] : report.left_out) {
    if (n == 0) continue;
    parts.push_back(std::to_string(n) + " " + (expect == "reject" ? "must-reject" : expect));
    total += n;
  }
  if (parts.empty()) return {};
  return Listed(parts) + (total == 1 ? " case" : " cases") + " not judged";
}

// The run's level, or the backend's declared maximum when that is lower.
std::string ClaimCeiling(const RunReport& report, const std::string& backend) {
  for (const BackendInfo& b : report.backend_info)
    if (b.name == backend && IsLevelName(b.max_feature_level) &&
        LevelLess(b.max_feature_level, report.feature_level))
      return b.max_feature_level;
  return report.feature_level;
}

ConformanceClaim ClaimFor(const RunReport& report, const std::string& backend) {
  ConformanceClaim claim;
  claim.backend = backend;
  claim.scope = SelectionScope(report);
  const std::string scope = claim.scope.empty() ? "" : " " + claim.scope;
  const auto level_less = [](const std::string& a, const std::string& b) {
    return LevelLess(a, b);
  };
  std::map<std::string, std::vector<const CaseResult*>, decltype(level_less)> by_level(level_less);
  for (const CaseResult& r : report.results)
    if (r.backend == backend && IsLevelName(r.feature_level))
      by_level[r.feature_level].push_back(&r);
  int passed = 0;
  std::string last_good;
  const std::vector<const CaseResult*>* blocking = nullptr;
  for (const auto& [level, results] : by_level) {
    for (const CaseResult* r : results) {
      if (PassesForClaim(r->verdict)) continue;
      ++(r->verdict == Verdict::kSkipped ? claim.blocking_skips : claim.blocking_failures);
    }
    if (claim.blocking_skips + claim.blocking_failures > 0) {
      claim.blocked_at = level;
      blocking = &results;
      break;
    }
    passed += int(results.size());
    last_good = level;
  }
  if (passed == 0) {
    claim.reason =
        claim.blocked_at.empty()
            ? "no claim" + scope + ": nothing was judged on " + backend
            : "no claim" + scope + ": at the lowest case level, " + claim.blocked_at + ", ";
  } else {
    // Up to the run's own level when no case between the last passing level
    // and it failed: levels without cases add nothing to prove. Never above
    // the backend's declared maximum: a 6_2 device does not conform at 6_4
    // because the selection holds no case above 6_2.
    const std::string run = ClaimCeiling(report, backend);
    const bool run_reached = IsLevelName(run) && !LevelLess(run, last_good) &&
                             (claim.blocked_at.empty() || LevelLess(run, claim.blocked_at));
    claim.level = run_reached ? run : last_good;
    claim.reason = "conforms at " + claim.level + scope + ": " + (passed == 1 ? "the " : "all ") +
                   Cases(passed) + " at that level and below passed";
    if (!claim.blocked_at.empty()) claim.reason += "; not at " + claim.blocked_at + ", where ";
  }
  if (!claim.blocked_at.empty()) {
    std::string what;
    if (claim.blocking_failures > 0) what = Cases(claim.blocking_failures) + " did not pass";
    if (claim.blocking_skips > 0)
      what += (what.empty() ? "" : " and ") + Cases(claim.blocking_skips) +
              (claim.blocking_skips == 1 ? " was" : " were") + " skipped (a skip is not a pass)";
    claim.reason += what;
    claim.suggested_operators = SuggestedOperators(*blocking, report, backend);
    if (!claim.suggested_operators.empty())
      claim.reason +=
          ", every one of an operator it answers \"unsupported\" to; to claim for "
          "the operators it implements, select them: " +
          OperatorFlags(claim.suggested_operators);
  }
  return claim;
}

}  // namespace

std::string_view KindName(Kind kind) {
  for (const KindText& t : kKindTexts)
    if (t.kind == kind) return t.name;
  return "unknown";
}

std::string_view KindTitle(Kind kind) {
  for (const KindText& t : kKindTexts)
    if (t.kind == kind) return t.title;
  return "unknown";
}

std::optional<Kind> ParseKind(std::string_view name) {
  for (const KindText& t : kKindTexts)
    if (t.name == name) return t.kind;
  // Its name until writes outside an output and outside an input became one kind.
  if (name == "stray_write_guard") return Kind::kStrayWrite;
  return std::nullopt;
}

std::optional<Verdict> ParseVerdict(std::string_view name) {
  for (Verdict v : kAllVerdicts)
    if (VerdictName(v) == name) return v;
  return std::nullopt;
}

bool RunReport::JudgedAnything() const {
  for (const CaseResult& r : results)
    if (r.verdict != Verdict::kSkipped) return true;
  return false;
}

bool IsLevelName(std::string_view text) { return LevelParts(text).has_value(); }

bool LevelLess(std::string_view a, std::string_view b) {
  const auto pa = LevelParts(a), pb = LevelParts(b);
  return pa && pb && *pa < *pb;
}

bool ClaimHolds(const ConformanceClaim& claim, std::string_view level) {
  return !claim.level.empty() && !LevelLess(claim.level, level);
}

std::string SelectionScope(const RunReport& report) {
  std::vector<std::string> parts;
  if (!report.operators.empty())
    parts.push_back("for " + Listed(report.operators) + " only (" +
                    OperatorFlags(report.operators) + ")");
  std::string flags;
  if (!report.profile.empty() && report.profile != "directml")
    flags = "--profile " + report.profile;
  if (!report.expect.empty()) {
    std::string list;
    for (const std::string& e : report.expect) list += (list.empty() ? "" : ",") + e;
    flags += (flags.empty() ? "" : " ") + ("--expect " + list);
  }
  if (!flags.empty()) {
    const std::string left_out = LeftOutText(report);
    parts.push_back("under " + flags + (left_out.empty() ? "" : " (" + left_out + ")"));
  }
  return Listed(parts, ", ");
}

std::vector<ConformanceClaim> Claims(const RunReport& report) {
  std::vector<ConformanceClaim> claims;
  for (const std::string& backend : report_internal::BackendsOf(report))
    claims.push_back(ClaimFor(report, backend));
  return claims;
}

}  // namespace dmlconf
