#include <algorithm>
#include <cctype>
#include <string>

#include "dmlconf/reports/atomic_file.h"
#include "dmlconf/reports/run_report.h"
#include "report_text.h"
#include "support_matrix.h"

namespace dmlconf {

namespace {

using report_internal::FirstLine;
using report_internal::PlainText;
using report_internal::Tally;

size_t LongestBacktickRun(std::string_view text) {
  size_t longest = 0;
  size_t run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

// Text outside code: every character Markdown (or the HTML it may embed) could read as
// syntax is backslash-escaped, and line breaks become spaces so a table row stays one
// row.
std::string Text(std::string_view raw) {
  const std::string text = PlainText(raw);
  const auto alnum = [&text](size_t i) {
    return i < text.size() && std::isalnum(static_cast<unsigned char>(text[i]));
  };
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n' || c == '\t') {
      out += ' ';
      continue;
    }
    // An underscore between two letters or digits can never be emphasis in GFM, and
    // names like DEPTH_TO_SPACE1 stay readable in the raw file.
    const bool inner_underscore = c == '_' && i > 0 && alnum(i - 1) && alnum(i + 1);
    const bool syntax = std::string_view("\\`*_[]<>|#!&~").find(c) != std::string_view::npos;
    if (syntax && !inner_underscore) out += '\\';
    out += c;
  }
  return out;
}

// An inline code span that survives backticks in the text; '|' is escaped because GFM
// splits table cells on it even inside code.
std::string Code(std::string_view raw) {
  std::string text = PlainText(raw);
  std::replace(text.begin(), text.end(), '\n', ' ');
  std::string escaped;
  for (char c : text) {
    if (c == '|') escaped += '\\';
    escaped += c;
  }
  const std::string fence(LongestBacktickRun(text) + 1, '`');
  const bool pad = !escaped.empty() && (escaped.front() == '`' || escaped.back() == '`');
  return fence + (pad ? " " : "") + escaped + (pad ? " " : "") + fence;
}

std::string CodeBlock(std::string_view raw, std::string_view language) {
  const std::string text = PlainText(raw);
  const std::string fence(std::max<size_t>(3, LongestBacktickRun(text) + 1), '`');
  std::string block = fence + std::string(language) + "\n" + text;
  if (block.back() != '\n') block += '\n';
  return block + fence + "\n\n";
}

std::string Facts(const RunReport& report) {
  std::string backends;
  for (const BackendInfo& backend : report_internal::BackendInfoOf(report)) {
    const std::string details = report_internal::BackendDetails(backend);
    backends += (backends.empty() ? "" : "; ") + Code(backend.name) +
                (details.empty() ? "" : " (" + Text(details) + ")");
  }
  const std::string scope = SelectionScope(report);
  std::string paths;
  for (const std::string& path : report.case_paths) {
    paths += (paths.empty() ? "" : ", ") + Code(path);
  }
  return "| | |\n| --- | --- |\n"
         "| Backends | " +
         backends +
         " |\n"
         "| Feature level | " +
         Text(report.feature_level) + " |\n" +
         (scope.empty() ? "" : "| Selection | " + Text(scope) + " |\n") +
         (report.shard.empty() || report.shard == "0/1"
              ? ""
              : "| Shard | " + Text(report.shard) + " |\n") +
         ""
         "| Started | " +
         Text(report.started_at) +
         " |\n"
         "| Tool | " +
         Text(report.tool + " " + report.tool_version) +
         " |\n"
         "| Command | " +
         Code(report.command_line) +
         " |\n"
         "| Cases | " +
         paths + " |\n\n";
}

std::string CountCells(const Tally& tally) {
  std::string row = " " + std::to_string(tally.total) + " |";
  for (Verdict verdict : kAllVerdicts) row += " " + std::to_string(tally[verdict]) + " |";
  return row + " " + std::to_string(tally.padding_written) + " |\n";
}

std::string SummaryTable(const RunReport& report) {
  std::string table = "## Summary\n\n| backend | operator | total |";
  std::string rule = "| --- | --- | ---: |";
  for (Verdict verdict : kAllVerdicts) {
    table += " " + std::string(VerdictName(verdict)) + " |";
    rule += " ---: |";
  }
  table += " padding written |\n" + rule + " ---: |\n";
  Tally total;
  for (const auto& [key, results] : report_internal::GroupByBackendAndOp(report)) {
    for (const CaseResult* result : results) total.Add(*result);
    table += "| " + Text(key.first) + " | " + Text(key.second) + " |" +
             CountCells(report_internal::TallyOf(results));
  }
  return table + "| **all** | |" + CountCells(total) +
         "\n*Padding written*: cases that passed or failed on their own merits but whose backend "
         "also wrote padding bytes of an output inside its TotalTensorSizeInBytes. DirectML "
         "allows that (contract point P1), so it is information, not a failure, unless the run "
         "used `--strict-padding`.\n\n";
}

std::string ClaimsSection(const RunReport& report) {
  std::string text = "## Conformance claims\n\n";
  for (const ConformanceClaim& c : Claims(report))
    text +=
        "- " + Code(c.backend) + ": " +
        (c.level.empty() ? std::string("**no claim**") : "**conforms at " + Text(c.level) + "**") +
        ". " + Text(c.reason) + "\n";
  return text + "\n";
}

// Per backend, operator and kind: non-passing results and passes that wrote padding.
std::string KindsTable(const RunReport& report) {
  const auto counts = report_internal::CountKinds(report);
  if (counts.empty()) return "";
  std::string text =
      "## Kinds\n\n| backend | operator | kind | results |\n| --- | --- | --- | ---: |\n";
  for (const auto& [key, n] : counts)
    text += "| " + Text(key.backend) + " | " + Text(key.op) + " | " + Text(KindTitle(key.kind)) +
            " | " + std::to_string(n) + " |\n";
  return text + "\n";
}

// "12" when all passed, else a mark for the worst verdict and how many of the
// cell's results have it: "✗3/12" failed, error or xpass, "≈1/4" xfail, "–2/9" skipped.
std::string MatrixCellText(const report_internal::MatrixCell& cell) {
  if (cell.worst == Verdict::kPassed) return std::to_string(cell.total);
  const char* mark = cell.worst == Verdict::kSkipped           ? "–"
                     : cell.worst == Verdict::kExpectedFailure ? "≈"
                                                               : "✗";
  return mark + std::to_string(cell.by_verdict[size_t(cell.worst)]) + "/" +
         std::to_string(cell.total);
}

std::string MatrixSection(const RunReport& report) {
  const auto matrices = report_internal::SupportMatrices(report);
  if (matrices.empty()) return "";
  std::string text =
      "## Support-table matrix\n\nPer operator: the case's level and first tensor's data type "
      "down, its rank across, every backend's results counted. A plain number: all passed; "
      "`✗n/N` n of N failed (or errored, or passed unexpectedly), `≈` expected failures, `–` "
      "skipped: the worst verdict in the cell.\n\n";
  for (const auto& m : matrices) {
    text += "### " + Text(m.op) + "\n\n| level | data type |";
    std::string rule = "| --- | --- |";
    for (uint32_t rank : m.ranks) {
      text += " r" + std::to_string(rank) + " |";
      rule += " ---: |";
    }
    text += "\n" + rule + "\n";
    for (size_t i = 0; i < m.rows.size(); ++i) {
      text += "| " + Text(m.rows[i].first) + " | " + Text(m.rows[i].second) + " |";
      for (uint32_t rank : m.ranks) {
        const auto it = m.cells.find({i, rank});
        text += " " + (it == m.cells.end() ? std::string() : MatrixCellText(it->second)) + " |";
      }
      text += "\n";
    }
    text += "\n";
  }
  return text;
}

std::string Failure(const CaseResult& result) {
  std::string text = "### " + Code(result.name) + " " + std::string(VerdictName(result.verdict)) +
                     " on " + Text(result.backend) + "\n\n" + Text(result.op) + ", level " +
                     Text(result.feature_level) + ", expect " + Text(result.expect) +
                     (result.kind == Kind::kNone ? "" : ", kind " + Text(KindName(result.kind))) +
                     ", " + Code(result.file + ":" + std::to_string(result.line)) + "\n\n";
  if (!result.message.empty()) text += CodeBlock(QuotedMessage(result.message), "text");
  if (!result.reproducer.empty()) text += "Reproduce:\n\n" + CodeBlock(result.reproducer, "sh");
  return text;
}

std::string Failures(const RunReport& report) {
  std::string body;
  int count = 0;
  for (const CaseResult& result : report.results) {
    if (!VerdictFailsRun(result.verdict)) continue;
    body += Failure(result);
    ++count;
  }
  if (count == 0) return "## Failures\n\nNone.\n\n";
  return "## Failures (" + std::to_string(count) + ")\n\n" + body;
}

// Skips are grouped by reason: a run skips hundreds of cases for a handful of reasons,
// and the reasons are what a reader acts on.
std::string Skipped(const RunReport& report) {
  std::map<std::string, std::map<std::string, int>> by_reason;  // reason -> op -> count
  int count = 0;
  for (const CaseResult& result : report.results) {
    if (result.verdict != Verdict::kSkipped) continue;
    const std::string reason =
        result.message.empty() ? "(no reason given)" : QuotedMessage(result.message);
    ++by_reason[reason][result.op];
    ++count;
  }
  if (count == 0) return "";
  std::string text = "## Skipped (" + std::to_string(count) +
                     ")\n\n"
                     "| reason | cases | operators |\n| --- | ---: | --- |\n";
  for (const auto& [reason, by_op] : by_reason) {
    int cases = 0;
    std::string ops;
    for (const auto& [op, n] : by_op) {
      cases += n;
      ops += (ops.empty() ? "" : ", ") + Text(op) + " (" + std::to_string(n) + ")";
    }
    text += "| " + Text(reason) + " | " + std::to_string(cases) + " | " + ops + " |\n";
  }
  return text + "\n";
}

std::string ExpectedFailures(const RunReport& report) {
  std::string text;
  int count = 0;
  for (const CaseResult& result : report.results) {
    if (result.verdict != Verdict::kExpectedFailure) continue;
    text += "- " + Code(result.name) + " on " + Text(result.backend) +
            (result.excused_by.empty() ? "" : " (known: " + Text(result.excused_by) + ")") + ": " +
            Text(FirstLine(QuotedMessage(result.message))) + "\n";
    ++count;
  }
  if (count == 0) return "";
  return "## Expected failures (" + std::to_string(count) + ")\n\n" + text + "\n";
}

}  // namespace

void WriteMarkdownReport(const RunReport& report, const std::filesystem::path& path) {
  const std::string verdict = report.Failed() ? "FAIL" : "PASS";
  const std::string scope = SelectionScope(report);
  const std::string text =
      "# " + Text(report.tool) + " conformance report\n\n**" + verdict +
      "**: " + Text(report.VerdictLine()) + (scope.empty() ? "" : ", " + Text(scope)) + "\n\n" +
      Facts(report) + ClaimsSection(report) + SummaryTable(report) + KindsTable(report) +
      MatrixSection(report) + Failures(report) + Skipped(report) + ExpectedFailures(report);
  WriteFileAtomically(path, text);
}

}  // namespace dmlconf
