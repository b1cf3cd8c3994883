#include <nlohmann/json.hpp>

#include "dmlconf/reports/atomic_file.h"
#include "dmlconf/reports/run_report.h"
#include "report_text.h"

namespace dmlconf {

namespace {

using Json = nlohmann::ordered_json;
using report_internal::Tally;

constexpr std::string_view kJsonFormat = "dmlconf-report-v1";

Json CountsJson(const Tally& tally) {
  Json counts = Json::object();
  counts["total"] = tally.total;
  for (Verdict verdict : kAllVerdicts) counts[std::string(VerdictName(verdict))] = tally[verdict];
  counts["padding_written"] = tally.padding_written;
  return counts;
}

Json SummaryJson(const RunReport& report) {
  Tally total;
  std::map<std::string, Tally> by_backend;
  std::map<std::string, Tally> by_operator;
  for (const std::string& backend : report_internal::BackendsOf(report)) by_backend[backend];
  for (const CaseResult& result : report.results) {
    total.Add(result);
    by_backend[result.backend].Add(result);
    by_operator[result.op].Add(result);
  }
  Json summary = CountsJson(total);
  summary["by_backend"] = Json::object();
  for (const auto& [backend, tally] : by_backend)
    summary["by_backend"][backend] = CountsJson(tally);
  summary["by_operator"] = Json::object();
  for (const auto& [op, tally] : by_operator) summary["by_operator"][op] = CountsJson(tally);
  // backend -> operator -> kind -> count, non-zero counts only.
  summary["by_kind"] = Json::object();
  for (const auto& [key, n] : report_internal::CountKinds(report))
    summary["by_kind"][key.backend][key.op][std::string(KindName(key.kind))] = n;
  return summary;
}

Json ClaimsJson(const RunReport& report) {
  Json claims = Json::array();
  for (const ConformanceClaim& c : Claims(report))
    claims.push_back(Json{{"backend", c.backend},
                          {"level", c.level.empty() ? Json() : Json(c.level)},
                          {"blocked_at", c.blocked_at.empty() ? Json() : Json(c.blocked_at)},
                          {"blocking_failures", c.blocking_failures},
                          {"blocking_skips", c.blocking_skips},
                          {"scope", c.scope},
                          {"suggested_operators", c.suggested_operators},
                          {"reason", c.reason}});
  return claims;
}

Json CaseJson(const CaseResult& result) {
  Json json{
      {"name", result.name},
      {"file", result.file},
      {"line", result.line},
      {"operator", result.op},
      {"feature_level", result.feature_level},
      {"expect", result.expect},
      {"data_types", result.data_types},
      {"ranks", result.ranks},
      {"backend", result.backend},
      {"status", VerdictName(result.verdict)},
      {"kind", KindName(result.kind)},
      {"reason", result.reason},
      {"position", result.position},
      {"message", QuotedMessage(result.message)},
      {"reproducer", result.reproducer},
      {"seconds", result.seconds},
      {"padding_bytes_written", result.padding_bytes_written},
  };
  if (!result.excused_by.empty()) json["excused_by"] = result.excused_by;
  return json;
}

// Version and description only when the backend declared them.
Json BackendInfoJson(const RunReport& report) {
  Json list = Json::array();
  for (const BackendInfo& b : report.backend_info) {
    Json entry{{"name", b.name}, {"spec", b.spec}};
    if (!b.version.empty()) entry["version"] = b.version;
    if (!b.description.empty()) entry["description"] = b.description;
    if (!b.max_feature_level.empty()) entry["max_feature_level"] = b.max_feature_level;
    list.push_back(std::move(entry));
  }
  return list;
}

}  // namespace

void WriteJsonReport(const RunReport& report, const std::filesystem::path& path) {
  Json root{
      {"format", kJsonFormat},
      {"tool", report.tool},
      {"tool_version", report.tool_version},
      {"started_at", report.started_at},
      {"feature_level", report.feature_level},
      {"command_line", report.command_line},
      {"backends", report.backends},
      {"backend_info", BackendInfoJson(report)},
      {"case_paths", report.case_paths},
      {"profile", report.profile.empty() ? "directml" : report.profile},
      {"expect", report.expect},
      {"operators", report.operators},
      {"left_out", report.left_out},
      {"shard", report.shard.empty() ? Json() : Json(report.shard)},
  };
  if (report.selected_cases) root["selected_cases"] = *report.selected_cases;
  if (report.shard_cases) root["shard_cases"] = *report.shard_cases;
  if (!report.baseline.empty()) root["baseline"] = report.baseline;
  if (!report.claim.empty()) root["claim"] = report.claim;
  // The exit code's verdict, as the closing line says it: what a CI reading only this
  // file acts on.
  root["verdict"] = Json{{"passed", !report.Failed()}, {"line", report.VerdictLine()}};
  root["summary"] = SummaryJson(report);
  root["claims"] = ClaimsJson(report);
  Json cases = Json::array();
  for (const CaseResult& result : report.results) cases.push_back(CaseJson(result));
  root["cases"] = std::move(cases);
  // Messages quote backend output verbatim, which may be any bytes: replace invalid
  // UTF-8 with U+FFFD instead of throwing halfway through a run's only record.
  std::string text = root.dump(2, ' ', false, Json::error_handler_t::replace);
  text += '\n';
  WriteFileAtomically(path, text);
}

}  // namespace dmlconf
