#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "atomic_file.h"
#include "dmlconf/reports/run_report.h"
#include "report_text.h"

namespace dmlconf {

namespace {

using report_internal::FormatSeconds;
using report_internal::Tally;

std::string Esc(std::string_view text) { return report_internal::EscapeMarkup(text); }
std::string Attr(std::string_view text) { return report_internal::EscapeMarkup(text, true); }
std::string Name(Verdict verdict) { return std::string(VerdictName(verdict)); }

// One self-contained page: no fonts, scripts or images from elsewhere, so the file can
// be attached to a CI run and opened offline years later.
constexpr std::string_view kStyle = R"(
:root{--passed:#1a7f37;--failed:#cf222e;--skipped:#6e7781;--error:#bc4c00;--xfail:#9a6700;
  --xpass:#bf3989;--line:#d0d7de;--soft:#f6f8fa}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
  color:#1f2328;background:#fff}
main{max-width:1200px;margin:0 auto;padding:24px 32px 48px}
h1{font-size:24px;margin:0 0 4px;display:flex;align-items:center;gap:12px}
h2{font-size:18px;margin:32px 0 12px;padding-bottom:6px;border-bottom:1px solid var(--line)}
code,pre{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.run{font-size:13px;font-weight:700;padding:2px 10px;border-radius:12px;color:#fff}
.run.pass{background:var(--passed)}.run.fail{background:var(--failed)}
.line{color:#59636e;margin:0 0 16px}
.tiles{display:flex;flex-wrap:wrap;gap:10px;margin:16px 0}
.tile{min-width:110px;padding:10px 14px;border:1px solid var(--line);
  border-left:5px solid currentColor;border-radius:6px;background:var(--soft)}
.tile b{display:block;font-size:22px}.tile span{color:#59636e}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
.facts dt{color:#59636e}.facts dd{margin:0;word-break:break-all}
table{border-collapse:collapse;width:100%}
th,td{padding:6px 10px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{background:var(--soft);font-weight:600;position:sticky;top:0}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
td.z{color:#afb8c1}tr.all td{font-weight:700;background:var(--soft)}
.v{display:inline-block;min-width:58px;text-align:center;font-size:12px;font-weight:600;
  padding:1px 8px;border-radius:10px;color:#fff}
.v-passed{background:var(--passed)}.v-failed{background:var(--failed)}
.v-skipped{background:var(--skipped)}
.v-error{background:var(--error)}.v-xfail{background:var(--xfail)}.v-xpass{background:var(--xpass)}
.c-passed{color:var(--passed)}.c-failed{color:var(--failed)}.c-skipped{color:var(--skipped)}
.c-error{color:var(--error)}.c-xfail{color:var(--xfail)}.c-xpass{color:var(--xpass)}
td.c-failed,td.c-error,td.c-xpass{font-weight:700}
tr.bad{background:#fff8f8}
td.main{width:50%}.case{font-weight:600;word-break:break-all}
.loc,.types{color:#59636e;font-size:12px}.types{white-space:nowrap}
pre{margin:6px 0 2px;padding:8px 10px;background:var(--soft);border:1px solid var(--line);
  border-radius:6px;white-space:pre-wrap;word-break:break-word;max-height:360px;overflow:auto}
pre.repro{background:#fff}pre.repro::before{content:"$ ";color:#59636e}
.filters{display:flex;gap:16px;align-items:center;margin:0 0 10px}
select{font:inherit;padding:2px 6px}#shown{color:#59636e}
.claims li{margin:2px 0}.claim-yes{color:var(--passed);font-weight:700}
.claim-no{color:var(--failed);font-weight:700}
details.group{border:1px solid var(--line);border-radius:6px;margin:6px 0;padding:6px 10px}
details.group summary{cursor:pointer}
)";

// Filtering by verdict and operator; the page is complete without it.
constexpr std::string_view kScript = R"(
var fv=document.getElementById('fv'),fo=document.getElementById('fo'),
  fk=document.getElementById('fk');
function f(){var n=0;document.querySelectorAll('#cases tbody tr').forEach(function(r){
  var s=(!fv.value||r.dataset.v==fv.value)&&(!fo.value||r.dataset.op==fo.value)&&
    (!fk.value||r.dataset.k==fk.value);
  r.hidden=!s;n+=s?1:0});document.getElementById('shown').textContent=n+' shown'}
fv.onchange=fo.onchange=fk.onchange=f;f();
)";

std::string Tiles(const Tally& total) {
  std::string html = "<div class=\"tiles\">";
  for (Verdict verdict : kAllVerdicts) {
    html += "<div class=\"tile c-" + Name(verdict) + "\"><b>" + std::to_string(total[verdict]) +
            "</b><span>" + Name(verdict) + "</span></div>";
  }
  return html + "</div>\n";
}

std::string Facts(const RunReport& report) {
  std::string backends;
  for (const std::string& backend : report_internal::BackendsOf(report)) {
    backends += (backends.empty() ? "" : ", ") + Esc(backend);
  }
  std::string paths;
  for (const std::string& path : report.case_paths) {
    paths += (paths.empty() ? "<code>" : "</code>, <code>") + Esc(path);
  }
  if (!paths.empty()) paths += "</code>";
  return "<dl class=\"facts\"><dt>Backends</dt><dd>" + backends +
         "</dd><dt>Feature level</dt><dd>" + Esc(report.feature_level) +
         "</dd><dt>Started</dt><dd>" + Esc(report.started_at) + "</dd><dt>Tool</dt><dd>" +
         Esc(report.tool + " " + report.tool_version) + "</dd><dt>Command</dt><dd><code>" +
         Esc(report.command_line) + "</code></dd><dt>Cases</dt><dd>" + paths + "</dd></dl>\n";
}

std::string CountCells(const Tally& tally) {
  std::string html = "<td class=\"n\">" + std::to_string(tally.total) + "</td>";
  for (Verdict verdict : kAllVerdicts) {
    const int count = tally[verdict];
    const bool stands_out = count > 0 && verdict != Verdict::kPassed;
    const std::string cls = count == 0 ? "n z" : stands_out ? "n c-" + Name(verdict) : "n";
    html += "<td class=\"" + cls + "\">" + std::to_string(count) + "</td>";
  }
  return html + "<td class=\"" + std::string(tally.padding_written ? "n" : "n z") + "\">" +
         std::to_string(tally.padding_written) + "</td>";
}

std::string SummaryTable(const RunReport& report, const Tally& total) {
  std::string html =
      "<h2>Summary</h2>\n<table><thead><tr><th>backend</th><th>operator</th>"
      "<th class=\"n\">total</th>";
  for (Verdict verdict : kAllVerdicts) html += "<th class=\"n\">" + Name(verdict) + "</th>";
  html += "<th class=\"n\" title=\"cases whose backend wrote output padding inside "
          "TotalTensorSizeInBytes: allowed by DirectML (contract point P1), not a failure "
          "unless --strict-padding\">padding written</th></tr></thead><tbody>\n";
  for (const auto& [key, results] : report_internal::GroupByBackendAndOp(report)) {
    html += "<tr><td>" + Esc(key.first) + "</td><td>" + Esc(key.second) + "</td>" +
            CountCells(report_internal::TallyOf(results)) + "</tr>\n";
  }
  return html + "<tr class=\"all\"><td>all</td><td></td>" + CountCells(total) +
         "</tr></tbody></table>\n";
}

// One tensor per line ("FLOAT32 r4"), inputs then outputs.
std::string Types(const CaseResult& result) {
  std::string html;
  for (size_t i = 0; i < result.data_types.size(); ++i) {
    std::string text = result.data_types[i];
    if (i < result.ranks.size()) text += " r" + std::to_string(result.ranks[i]);
    html += "<div>" + Esc(text) + "</div>";
  }
  return html;
}

std::string CaseRow(const CaseResult& result) {
  const std::string verdict = Name(result.verdict);
  std::string html = "<tr data-v=\"" + verdict + "\" data-op=\"" + Attr(result.op) +
                     "\" data-k=\"" + std::string(KindName(result.kind)) + "\"" +
                     (VerdictFailsRun(result.verdict) ? " class=\"bad\"" : "") +
                     "><td><span class=\"v v-" + verdict + "\">" + verdict + "</span></td>";
  html += "<td class=\"main\"><div class=\"case\">" + Esc(result.name) +
          "</div><div class=\"loc\">" + Esc(result.file + ":" + std::to_string(result.line)) +
          " &middot; expect " + Esc(result.expect) + "</div>";
  if (!result.message.empty()) html += "<pre class=\"msg\">" + Esc(result.message) + "</pre>";
  if (!result.reproducer.empty() && result.verdict != Verdict::kPassed &&
      result.verdict != Verdict::kSkipped) {
    html += "<pre class=\"repro\">" + Esc(result.reproducer) + "</pre>";
  }
  return html + "</td><td>" + Esc(result.backend) + "</td><td>" + Esc(result.op) + "</td><td>" +
         Esc(result.feature_level) + "</td><td class=\"types\">" + Types(result) +
         "</td><td class=\"n\">" + FormatSeconds(result.seconds) + "</td></tr>\n";
}

// Failures first: the page is opened to find out what broke.
int Rank(Verdict verdict) {
  constexpr Verdict kOrder[] = {Verdict::kFailed,         Verdict::kError,
                                Verdict::kUnexpectedPass, Verdict::kExpectedFailure,
                                Verdict::kSkipped,        Verdict::kPassed};
  return static_cast<int>(std::find(std::begin(kOrder), std::end(kOrder), verdict) -
                          std::begin(kOrder));
}

std::string Filters(const RunReport& report) {
  std::string html =
      "<div class=\"filters\"><label>Verdict <select id=\"fv\">"
      "<option value=\"\">all</option>";
  for (Verdict verdict : kAllVerdicts) html += "<option>" + Name(verdict) + "</option>";
  html += "</select></label><label>Operator <select id=\"fo\"><option value=\"\">all</option>";
  std::set<std::string> ops;
  for (const CaseResult& result : report.results) ops.insert(result.op);
  for (const std::string& op : ops) html += "<option>" + Esc(op) + "</option>";
  html += "</select></label><label>Kind <select id=\"fk\"><option value=\"\">all</option>";
  for (Kind kind : kAllKinds)
    if (kind != Kind::kNone)
      html += "<option value=\"" + std::string(KindName(kind)) + "\">" +
              Esc(KindTitle(kind)) + "</option>";
  return html + "</select></label><span id=\"shown\"></span></div>\n";
}

std::string CaseTable(const RunReport& report) {
  std::vector<const CaseResult*> rows;
  for (const CaseResult& result : report.results) rows.push_back(&result);
  std::stable_sort(rows.begin(), rows.end(), [](const CaseResult* a, const CaseResult* b) {
    return Rank(a->verdict) < Rank(b->verdict);
  });
  std::string html = "<h2>Cases</h2>\n" + Filters(report) +
                     "<table id=\"cases\"><thead><tr><th>verdict</th><th>case</th><th>backend"
                     "</th><th>operator</th><th>level</th><th>tensors</th><th class=\"n\">"
                     "seconds</th></tr></thead><tbody>\n";
  for (const CaseResult* result : rows) html += CaseRow(*result);
  return html + "</tbody></table>\n";
}

std::string ClaimsList(const RunReport& report) {
  std::string html = "<h2>Conformance claims</h2>\n<ul class=\"claims\" id=\"claims\">";
  for (const ConformanceClaim& c : Claims(report))
    html += "<li><b>" + Esc(c.backend) + "</b>: " +
            (c.level.empty() ? "<span class=\"claim-no\">no claim</span>"
                             : "<span class=\"claim-yes\">conforms at " + Esc(c.level) +
                                   "</span>") +
            " &mdash; " + Esc(c.reason) + "</li>";
  return html + "</ul>\n";
}

// Counts per backend, operator and kind: what kind of trouble, and where.
std::string KindTable(const RunReport& report) {
  const auto counts = report_internal::CountKinds(report);
  if (counts.empty()) return "";
  std::string html =
      "<h2>Kinds</h2>\n<table id=\"kinds\"><thead><tr><th>backend</th><th>operator</th>"
      "<th>kind</th><th class=\"n\">results</th></tr></thead><tbody>\n";
  for (const auto& [key, n] : counts)
    html += "<tr><td>" + Esc(key.backend) + "</td><td>" + Esc(key.op) + "</td><td>" +
            Esc(KindTitle(key.kind)) + "</td><td class=\"n\">" + std::to_string(n) +
            "</td></tr>\n";
  return html + "</tbody></table>\n";
}

// Non-passing results grouped by kind and reason code, one example each: two
// value bugs must not drown among hundreds of accepted descriptors.
std::string KindGroups(const RunReport& report) {
  std::map<std::pair<Kind, std::string>, std::vector<const CaseResult*>> groups;
  for (const CaseResult& r : report.results)
    if (VerdictFailsRun(r.verdict) || r.verdict == Verdict::kExpectedFailure)
      groups[{r.kind, r.reason}].push_back(&r);
  if (groups.empty()) return "";
  std::string html = "<h2>Failures by kind</h2>\n<div id=\"kind-groups\">";
  for (const auto& [key, results] : groups) {
    const CaseResult& example = *results.front();
    html += "<details class=\"group\" data-k=\"" + std::string(KindName(key.first)) +
            "\"><summary><b>" + Esc(KindTitle(key.first)) + "</b>" +
            (key.second.empty() ? "" : " &middot; <code>" + Esc(key.second) + "</code>") + ": " +
            std::to_string(results.size()) + " results</summary><div class=\"case\">" +
            Esc(example.name) + " [" + Esc(example.backend) + "]</div><pre class=\"msg\">" +
            Esc(example.message) + "</pre><pre class=\"repro\">" + Esc(example.reproducer) +
            "</pre></details>\n";
  }
  return html + "</div>\n";
}

}  // namespace

void WriteHtmlReport(const RunReport& report, const std::filesystem::path& path) {
  Tally total;
  for (const CaseResult& result : report.results) total.Add(result);
  const bool failed = report.Failed();
  const std::string summary = report.SummaryLine();
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
      "<title>" +
      Esc(report.tool) + " report: " + summary + "</title><style>" + std::string(kStyle) +
      "</style></head>\n<body><main>\n";
  html += "<h1>" + Esc(report.tool) + " conformance report <span class=\"run " +
          (failed ? "fail\">FAIL" : "pass\">PASS") + "</span></h1>\n<p class=\"line\">" + summary +
          "</p>\n" + Tiles(total) + Facts(report) + ClaimsList(report) +
          SummaryTable(report, total) + KindTable(report) + KindGroups(report) +
          CaseTable(report) + "</main><script>" + std::string(kScript) +
          "</script></body></html>\n";
  report_internal::WriteFileAtomically(path, html);
}

}  // namespace dmlconf
