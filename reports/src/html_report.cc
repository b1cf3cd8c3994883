#include <algorithm>
#include <map>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "dmlconf/reports/atomic_file.h"
#include "dmlconf/reports/run_report.h"
#include "report_text.h"
#include "support_matrix.h"

namespace dmlconf {

namespace {

using report_internal::FormatSeconds;
using report_internal::Tally;

std::string Esc(std::string_view text) { return report_internal::EscapeMarkup(text); }
std::string Attr(std::string_view text) { return report_internal::EscapeMarkup(text, true); }
std::string Name(Verdict verdict) { return std::string(VerdictName(verdict)); }

// One self-contained page: no fonts, scripts or images from elsewhere, so the file can
// be attached to a CI run and opened offline years later. The case table has fixed
// column widths, so no text can push a column over its neighbour or the page sideways:
// the case column wraps, the others (td.cut, .types) end in an ellipsis and carry their
// whole text in a title (tests/reports/layout_check.js measures it in Chromium).
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
.case{font-weight:600;word-break:break-all}
.loc,.types{color:#59636e;font-size:12px}.types{white-space:nowrap}
pre{margin:6px 0 2px;padding:8px 10px;background:var(--soft);border:1px solid var(--line);
  border-radius:6px;white-space:pre-wrap;word-break:break-word;max-height:360px;overflow:auto}
pre.repro{background:#fff}pre.repro::before{content:"$ ";color:#59636e}
.filters{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:0 0 10px}
select{font:inherit;padding:2px 6px}#shown{color:#59636e}
.claims li{margin:2px 0}.claim-yes{color:var(--passed);font-weight:700}
.claim-no{color:var(--failed);font-weight:700}
details.group{border:1px solid var(--line);border-radius:6px;margin:6px 0;padding:6px 10px}
details.group summary{cursor:pointer}
.matrix{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}.matrix table{width:auto}
.matrix td,.matrix th{padding:2px 6px;font-size:12px}
td.m-passed{background:#dafbe1}td.m-failed,td.m-error,td.m-xpass{background:#ffcecb;font-weight:700}
td.m-xfail{background:#fff1c2}td.m-skipped{background:#eaeef2}
input[type=search]{font:inherit;padding:2px 6px}
.below{content-visibility:auto;contain-intrinsic-size:auto 4000px}
td:first-child,.loc{overflow-wrap:anywhere}
#cases{table-layout:fixed}#cases th:nth-child(1){width:84px}#cases th:nth-child(3){width:150px}
#cases th:nth-child(4){width:224px}#cases th:nth-child(5){width:56px}
#cases th:nth-child(6){width:110px}#cases th:nth-child(7){width:80px}
#cases td.cut,#cases td.types div{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
)";

// Filters (verdict, kind, operator, level, backend, text) over the rendered
// rows and, once asked for, the collapsed ones kept as JSON: parsed and
// rendered only on demand, at most 500 at a time, so a run of tens of
// thousands of verdicts opens at once. The page is complete without it (the
// failing rows, the groups and the matrix are plain HTML). data-ready and
// data-render-ms on <body> say that the script ran through, and how fast.
constexpr std::string_view kScript = R"(
(function(){
var $=function(i){return document.getElementById(i)};
var sel=['fv','fk','fo','fl','fb'].map($),keys=['v','k','op','l','b'],ft=$('ft'),fp=$('fp');
var tb=document.querySelector('#cases tbody'),rows=null,limit=500,extra=[];
function want(d){for(var i=0;i<5;i++)if(sel[i].value&&d[keys[i]]!=sel[i].value)return false;
  var t=ft.value.toLowerCase();return !t||(d.t||'').toLowerCase().indexOf(t)>=0}
function esc(s){return String(s).replace(/[&<>"']/g,function(c){
  return '&#'+c.charCodeAt(0)+';'})}
function cut(s){return '<td class="cut" title="'+esc(s)+'">'+esc(s)+'</td>'}
function row(r){var tr=document.createElement('tr');tr.className='lazy';
  tr.innerHTML='<td><span class="v v-'+esc(r[0])+'">'+esc(r[0])+'</span></td><td class="main">'+
  '<div class="case">'+esc(r[5])+'</div><div class="loc">'+esc(r[6])+'</div>'+
  (r[7]?'<pre class="msg">'+esc(r[7])+'</pre>':'')+'</td>'+cut(r[4])+cut(r[2])+cut(r[3])+
  '<td class="types" title="'+esc(r[8])+'">'+r[8].split(', ').map(function(t){
  return '<div>'+esc(t)+'</div>'}).join('')+'</td><td class="n">'+esc(r[9])+'</td>';return tr}
var text=new WeakMap();
function f(){var n=0;tb.querySelectorAll('tr:not(.lazy)').forEach(function(r){
  var d=r.dataset,t=text.get(r);if(t===undefined){t=r.textContent;text.set(r,t)}
  var s=want({v:d.v,k:d.k,op:d.op,l:d.l,b:d.b,t:t});if(r.hidden!=!s)r.hidden=!s;n+=s?1:0});
  extra.forEach(function(r){r.remove()});extra=[];var more=0;
  if(fp.checked){rows=rows||JSON.parse($('collapsed').textContent);
    var frag=document.createDocumentFragment();
    rows.forEach(function(r){var d={v:r[0],k:r[1],op:r[2],l:r[3],b:r[4],t:r[5]+' '+r[7]};
      if(!want(d))return;if(extra.length<limit){var tr=row(r);extra.push(tr);frag.appendChild(tr)}
      else more++});tb.appendChild(frag)}
  n+=extra.length;$('shown').textContent=n+' shown'+(more?', '+more+' more match':'');
  $('more').hidden=!more}
sel.forEach(function(s){s.onchange=f});ft.oninput=f;fp.onchange=function(){limit=500;f()};
$('more').onclick=function(){limit+=500;f()};
if(location.hash=='#passed')fp.checked=true;  // a link that opens with them shown
f();
void document.body.offsetHeight;  // style and layout done, then timed
document.body.dataset.ready='1';
document.body.dataset.renderMs=Math.round(performance.now());
})();
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
  for (const BackendInfo& backend : report_internal::BackendInfoOf(report)) {
    const std::string details = report_internal::BackendDetails(backend);
    backends += (backends.empty() ? "" : "; ") + ("<b>" + Esc(backend.name) + "</b>") +
                (details.empty() ? "" : " (" + Esc(details) + ")");
  }
  std::string paths;
  for (const std::string& path : report.case_paths) {
    paths += (paths.empty() ? "<code>" : "</code>, <code>") + Esc(path);
  }
  if (!paths.empty()) paths += "</code>";
  const std::string scope = SelectionScope(report);
  const bool sharded = !report.shard.empty() && report.shard != "0/1";
  return "<dl class=\"facts\"><dt>Backends</dt><dd>" + backends +
         "</dd><dt>Feature level</dt><dd>" + Esc(report.feature_level) +
         (scope.empty() ? "" : "</dd><dt>Selection</dt><dd>" + Esc(scope)) +
         (sharded ? "</dd><dt>Shard</dt><dd>" + Esc(report.shard) : "") +
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
  html +=
      "<th class=\"n\" title=\"cases whose backend wrote output padding inside "
      "TotalTensorSizeInBytes: allowed by DirectML (contract point P1), not a failure "
      "unless --strict-padding\">padding written</th></tr></thead><tbody>\n";
  for (const auto& [key, results] : report_internal::GroupByBackendAndOp(report)) {
    html += "<tr><td>" + Esc(key.first) + "</td><td>" + Esc(key.second) + "</td>" +
            CountCells(report_internal::TallyOf(results)) + "</tr>\n";
  }
  return html + "<tr class=\"all\"><td>all</td><td></td>" + CountCells(total) +
         "</tr></tbody></table>\n";
}

// One tensor per line ("FLOAT32 r4"), inputs then outputs; all of them in the title.
std::string TypesCell(const CaseResult& result) {
  std::string html, title;
  for (size_t i = 0; i < result.data_types.size(); ++i) {
    std::string text = result.data_types[i];
    if (i < result.ranks.size()) text += " r" + std::to_string(result.ranks[i]);
    html += "<div>" + Esc(text) + "</div>";
    title += (title.empty() ? "" : ", ") + text;
  }
  return "<td class=\"types\" title=\"" + Attr(title) + "\">" + html + "</td>";
}

// A cell of a fixed-width column: cut with an ellipsis when too long, whole in the title.
std::string CutCell(const std::string& text) {
  return "<td class=\"cut\" title=\"" + Attr(text) + "\">" + Esc(text) + "</td>";
}

std::string CaseRow(const CaseResult& result) {
  const std::string verdict = Name(result.verdict);
  std::string html = "<tr data-v=\"" + verdict + "\" data-op=\"" + Attr(result.op) +
                     "\" data-k=\"" + std::string(KindName(result.kind)) + "\" data-l=\"" +
                     Attr(result.feature_level) + "\" data-b=\"" + Attr(result.backend) + "\"" +
                     (VerdictFailsRun(result.verdict) ? " class=\"bad\"" : "") +
                     "><td><span class=\"v v-" + verdict + "\">" + verdict + "</span></td>";
  html += "<td class=\"main\"><div class=\"case\">" + Esc(result.name) +
          "</div><div class=\"loc\">" + Esc(result.file + ":" + std::to_string(result.line)) +
          " &middot; expect " + Esc(result.expect) + "</div>";
  if (!result.excused_by.empty())
    html += "<div class=\"known\">known: " + Esc(result.excused_by) + "</div>";
  if (!result.message.empty())
    html += "<pre class=\"msg\">" + Esc(QuotedMessage(result.message)) + "</pre>";
  if (!result.reproducer.empty() && result.verdict != Verdict::kPassed &&
      result.verdict != Verdict::kSkipped) {
    html += "<pre class=\"repro\">" + Esc(result.reproducer) + "</pre>";
  }
  return html + "</td>" + CutCell(result.backend) + CutCell(result.op) +
         CutCell(result.feature_level) + TypesCell(result) + "<td class=\"n\">" +
         FormatSeconds(result.seconds) + "</td></tr>\n";
}

std::string Select(const std::string& id, const std::string& label,
                   const std::vector<std::pair<std::string, std::string>>& options) {
  std::string html =
      "<label>" + label + " <select id=\"" + id + "\"><option value=\"\">all</option>";
  for (const auto& [value, text] : options)
    html += "<option value=\"" + Attr(value) + "\">" + Esc(text) + "</option>";
  return html + "</select></label>";
}

std::vector<std::pair<std::string, std::string>> Values(const RunReport& report,
                                                        std::string CaseResult::*field) {
  std::set<std::string> seen;
  for (const CaseResult& result : report.results) seen.insert(result.*field);
  std::vector<std::pair<std::string, std::string>> options;
  for (const std::string& v : seen) options.emplace_back(v, v);
  return options;
}

std::string Filters(const RunReport& report, size_t collapsed) {
  std::vector<std::pair<std::string, std::string>> verdicts, kinds, levels;
  for (Verdict verdict : kAllVerdicts) verdicts.emplace_back(Name(verdict), Name(verdict));
  for (Kind kind : kAllKinds)
    if (kind != Kind::kNone) kinds.emplace_back(KindName(kind), KindTitle(kind));
  levels = Values(report, &CaseResult::feature_level);
  std::sort(levels.begin(), levels.end(),
            [](const auto& a, const auto& b) { return LevelLess(a.first, b.first); });
  return "<div class=\"filters\" id=\"filters\">" + Select("fv", "Verdict", verdicts) +
         Select("fk", "Kind", kinds) + Select("fo", "Operator", Values(report, &CaseResult::op)) +
         Select("fl", "Level", levels) +
         Select("fb", "Backend", Values(report, &CaseResult::backend)) +
         "<label>Text <input id=\"ft\" type=\"search\" placeholder=\"case or message\"></label>"
         "<label><input id=\"fp\" type=\"checkbox\"> show the " +
         std::to_string(collapsed) +
         " collapsed passing cases</label><span id=\"shown\"></span>"
         "<button id=\"more\" type=\"button\" hidden>show 500 more</button></div>\n";
}

// A passing case as a JSON array (verdict, kind, operator, level, backend,
// name, location, message, tensors, seconds) for the script to render.
nlohmann::json CollapsedRow(const CaseResult& r) {
  std::string types;
  for (size_t i = 0; i < r.data_types.size(); ++i)
    types += (i ? ", " : "") + r.data_types[i] +
             (i < r.ranks.size() ? " r" + std::to_string(r.ranks[i]) : "");
  return nlohmann::json::array({Name(r.verdict), KindName(r.kind), r.op, r.feature_level, r.backend,
                                r.name,
                                r.file + ":" + std::to_string(r.line) + " · expect " + r.expect,
                                QuotedMessage(r.message), types, FormatSeconds(r.seconds)});
}

// JSON inside <script>: every '<' escaped, so no text can close the element.
std::string ScriptJson(const nlohmann::json& value) {
  const std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size());
  for (char c : text) out += c == '<' ? std::string("\\u003c") : std::string(1, c);
  return out;
}

std::string CaseTable(const RunReport& report) {
  std::vector<const CaseResult*> rows;
  for (const CaseResult& result : report.results) rows.push_back(&result);
  std::stable_sort(rows.begin(), rows.end(), [](const CaseResult* a, const CaseResult* b) {
    // Failures first: the page is opened to find out what broke.
    return report_internal::Badness(a->verdict) < report_internal::Badness(b->verdict);
  });
  // Passing cases are collapsed: kept as JSON, rendered when asked for.
  nlohmann::json collapsed = nlohmann::json::array();
  std::string body;
  for (const CaseResult* result : rows) {
    if (result->verdict == Verdict::kPassed)
      collapsed.push_back(CollapsedRow(*result));
    else
      body += CaseRow(*result);
  }
  return "<h2>Cases</h2>\n" + Filters(report, collapsed.size()) +
         "<div class=\"below\"><table "
         "id=\"cases\"><thead><tr><th>verdict</th><th>case</th><th>backend"
         "</th><th>operator</th><th>level</th><th>tensors</th><th class=\"n\">"
         "seconds</th></tr></thead><tbody>\n" +
         body + "</tbody></table></div>\n<script type=\"application/json\" id=\"collapsed\">" +
         ScriptJson(collapsed) + "</script>\n";
}

std::string ClaimsList(const RunReport& report) {
  std::string html = "<h2>Conformance claims</h2>\n<ul class=\"claims\" id=\"claims\">";
  for (const ConformanceClaim& c : Claims(report))
    html +=
        "<li><b>" + Esc(c.backend) + "</b>: " +
        (c.level.empty() ? "<span class=\"claim-no\">no claim</span>"
                         : "<span class=\"claim-yes\">conforms at " + Esc(c.level) + "</span>") +
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
            Esc(KindTitle(key.kind)) + "</td><td class=\"n\">" + std::to_string(n) + "</td></tr>\n";
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
            Esc(QuotedMessage(example.message)) + "</pre><pre class=\"repro\">" +
            Esc(example.reproducer) + "</pre></details>\n";
  }
  return html + "</div>\n";
}

// A cell: how many results, and how many of the worst verdict when that is not
// a pass; its colour is the worst verdict, its tooltip every count.
std::string MatrixCellHtml(const report_internal::MatrixCell& cell) {
  std::string title;
  for (Verdict v : kAllVerdicts)
    if (int n = cell.by_verdict[size_t(v)]; n > 0)
      title += (title.empty() ? "" : ", ") + std::to_string(n) + " " + Name(v);
  const int worst = cell.by_verdict[size_t(cell.worst)];
  const std::string text = cell.worst == Verdict::kPassed
                               ? std::to_string(cell.total)
                               : std::to_string(worst) + "/" + std::to_string(cell.total);
  return "<td class=\"n m-" + Name(cell.worst) + "\" title=\"" + title + "\">" + text + "</td>";
}

std::string MatrixTable(const report_internal::OperatorMatrix& m) {
  std::string html = "<table><caption><b>" + Esc(m.op) +
                     "</b></caption><thead><tr><th>level</th>"
                     "<th>data type</th>";
  for (uint32_t rank : m.ranks) html += "<th class=\"n\">r" + std::to_string(rank) + "</th>";
  html += "</tr></thead><tbody>";
  for (size_t i = 0; i < m.rows.size(); ++i) {
    html += "<tr><td>" + Esc(m.rows[i].first) + "</td><td>" + Esc(m.rows[i].second) + "</td>";
    for (uint32_t rank : m.ranks) {
      const auto it = m.cells.find({i, rank});
      html += it == m.cells.end() ? "<td></td>" : MatrixCellHtml(it->second);
    }
    html += "</tr>";
  }
  return html + "</tbody></table>\n";
}

// Per operator: feature level x data type x rank, every backend's results.
std::string Matrix(const RunReport& report) {
  const auto matrices = report_internal::SupportMatrices(report);
  if (matrices.empty()) return "";
  std::string html =
      "<h2>Support-table matrix</h2>\n<p class=\"line\">Per operator, the case's level and "
      "first tensor's data type down, its rank across; a cell counts the results of every "
      "backend (\"3/12\": 3 of 12 have the cell's worst verdict), coloured by that worst "
      "verdict.</p>\n<div class=\"matrix\" id=\"matrix\">";
  for (const auto& m : matrices) html += MatrixTable(m);
  return html + "</div>\n";
}

}  // namespace

void WriteHtmlReport(const RunReport& report, const std::filesystem::path& path) {
  Tally total;
  for (const CaseResult& result : report.results) total.Add(result);
  const bool failed = report.Failed();
  const std::string summary = Esc(report.VerdictLine());
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
      "<title>" +
      Esc(report.tool) + " report: " + summary + "</title><style>" + std::string(kStyle) +
      "</style></head>\n<body><main>\n";
  html += "<h1>" + Esc(report.tool) + " conformance report <span class=\"run " +
          (failed ? "fail\">FAIL" : "pass\">PASS") +
          "</span></h1>\n<p class=\"line\" id=\"summary\">" + summary +
          (SelectionScope(report).empty() ? "" : ", " + Esc(SelectionScope(report))) + "</p>\n" +
          Tiles(total) + Facts(report) + ClaimsList(report) + SummaryTable(report, total) +
          Matrix(report) + KindGroups(report) + KindTable(report) + CaseTable(report) +
          "</main><script>" + std::string(kScript) + "</script></body></html>\n";
  WriteFileAtomically(path, html);
}

}  // namespace dmlconf
