// What the four writers share: verdict tallies, grouping, and text made safe for a
// given format. Internal to dmlconf_reports.
#pragma once

#include <array>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dmlconf/reports/run_report.h"

namespace dmlconf::report_internal {

struct Tally {
  std::array<int, std::size(kAllVerdicts)> by_verdict{};
  int total = 0;
  double seconds = 0;
  int padding_written = 0;  // results whose backend wrote output padding (P1, allowed)

  void Add(const CaseResult& result);
  int operator[](Verdict verdict) const { return by_verdict[static_cast<size_t>(verdict)]; }
};

Tally TallyOf(const std::vector<const CaseResult*>& results);

// Results grouped by (backend, operator), in sorted order, so every format lists the
// groups the same way and a rerun produces the same bytes.
using GroupKey = std::pair<std::string, std::string>;
std::map<GroupKey, std::vector<const CaseResult*>> GroupByBackendAndOp(const RunReport& report);

// Results of every kind but kNone per (backend, operator, kind), sorted: the
// kind breakdown all four formats and the console show.
struct KindKey {
  std::string backend, op;
  Kind kind;
  auto operator<=>(const KindKey&) const = default;
};
std::map<KindKey, int> CountKinds(const RunReport& report);

// The backends a report covers: the declared ones in their order, then any that only
// appear in results.
std::vector<std::string> BackendsOf(const RunReport& report);
// The same backends with what they declared: each name's backend_info entry, or the
// name alone when the report has none for it.
std::vector<BackendInfo> BackendInfoOf(const RunReport& report);
// "spec serve:./lib, version 1.2, an adapter": what a report shows after a backend's
// name (the spec only when it differs from the name); empty when there is nothing.
std::string BackendDetails(const BackendInfo& backend);

// Replaces every byte sequence that is not well-formed UTF-8 (overlong forms and
// surrogates included) with U+FFFD, so markup writers never emit an invalid document.
std::string SanitizeUtf8(std::string_view text);

// For XML and HTML text and attribute values alike: sanitizes UTF-8, escapes & < > " ',
// drops what XML 1.0 forbids (C0 controls other than tab, newline and carriage return,
// U+FFFE, U+FFFF). With `in_attribute`, tab/newline/CR become character references so a
// parser does not normalize them to spaces.
std::string EscapeMarkup(std::string_view text, bool in_attribute = false);

// For formats without escapes of their own (Markdown code blocks, plain text):
// sanitizes UTF-8 and drops control characters (C0 other than tab and newline, DEL, C1),
// so a report shown with `cat` cannot drive the terminal.
std::string PlainText(std::string_view text);

// The first line of a message, for places that want a one-line summary.
std::string_view FirstLine(std::string_view text);

// "1.234": fixed three decimals, independent of the global locale.
std::string FormatSeconds(double seconds);

}  // namespace dmlconf::report_internal
