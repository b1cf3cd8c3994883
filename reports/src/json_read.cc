// Reading a dmlconf-report-v1 file back: what diff, merge and --baseline
// compare. Only the run facts and the cases are read; summaries and claims
// are recomputed from the cases, so they cannot disagree with them.
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "dmlconf/reports/atomic_file.h"
#include "dmlconf/reports/run_report.h"

namespace dmlconf {
namespace {

using Json = nlohmann::json;

template <typename T>
T Field(const Json& object, const char* name, T fallback) {
  const auto it = object.find(name);
  if (it == object.end() || it->is_null()) return fallback;
  return it->get<T>();
}

CaseResult CaseFromJson(const Json& c) {
  CaseResult r;
  r.name = c.at("name").get<std::string>();
  r.backend = c.at("backend").get<std::string>();
  const auto verdict = ParseVerdict(c.at("status").get<std::string>());
  if (!verdict) throw std::runtime_error("case " + r.name + ": unknown status");
  r.verdict = *verdict;
  // Reports written before kinds existed read as kind-less.
  r.kind = ParseKind(Field<std::string>(c, "kind", "")).value_or(Kind::kNone);
  r.reason = Field<std::string>(c, "reason", "");
  r.position = Field<uint64_t>(c, "position", 0);
  r.file = Field<std::string>(c, "file", "");
  r.line = Field<int>(c, "line", 0);
  r.op = Field<std::string>(c, "operator", "");
  r.feature_level = Field<std::string>(c, "feature_level", "");
  r.expect = Field<std::string>(c, "expect", "");
  r.data_types = Field<std::vector<std::string>>(c, "data_types", {});
  r.ranks = Field<std::vector<uint32_t>>(c, "ranks", {});
  r.message = Field<std::string>(c, "message", "");
  r.reproducer = Field<std::string>(c, "reproducer", "");
  r.seconds = Field<double>(c, "seconds", 0);
  r.padding_bytes_written = Field<uint64_t>(c, "padding_bytes_written", 0);
  r.excused_by = Field<std::string>(c, "excused_by", "");
  return r;
}

std::vector<BackendInfo> BackendInfoFromJson(const Json& root) {
  std::vector<BackendInfo> list;
  const auto it = root.find("backend_info");
  if (it == root.end() || !it->is_array()) return list;
  for (const Json& b : *it)
    list.push_back({b.at("name").get<std::string>(), Field<std::string>(b, "spec", ""),
                    Field<std::string>(b, "version", ""), Field<std::string>(b, "description", ""),
                    Field<std::string>(b, "max_feature_level", "")});
  return list;
}

}  // namespace

RunReport ReadJsonReport(const std::filesystem::path& path) {
  const std::string text = ReadReportFile(path);
  try {
    const Json root = Json::parse(text);
    if (Field<std::string>(root, "format", "") != "dmlconf-report-v1")
      throw std::runtime_error("not a dmlconf-report-v1 report");
    RunReport report;
    report.tool = Field<std::string>(root, "tool", "dmlconf");
    report.tool_version = Field<std::string>(root, "tool_version", "");
    report.started_at = Field<std::string>(root, "started_at", "");
    report.feature_level = Field<std::string>(root, "feature_level", "");
    report.command_line = Field<std::string>(root, "command_line", "");
    report.backends = Field<std::vector<std::string>>(root, "backends", {});
    report.backend_info = BackendInfoFromJson(root);
    report.case_paths = Field<std::vector<std::string>>(root, "case_paths", {});
    report.profile = Field<std::string>(root, "profile", "");
    if (report.profile == "directml") report.profile.clear();  // the default, as a run holds it
    report.expect = Field<std::vector<std::string>>(root, "expect", {});
    report.operators = Field<std::vector<std::string>>(root, "operators", {});
    report.left_out = Field<std::map<std::string, int>>(root, "left_out", {});
    report.shard = Field<std::string>(root, "shard", "");
    if (root.contains("selected_cases"))
      report.selected_cases = root.at("selected_cases").get<uint64_t>();
    if (root.contains("shard_cases"))
      report.shard_cases = root.at("shard_cases").get<std::vector<std::string>>();
    report.baseline = Field<std::string>(root, "baseline", "");
    report.claim = Field<std::string>(root, "claim", "");
    report.source = path.string();
    for (const Json& c : root.at("cases")) report.results.push_back(CaseFromJson(c));
    return report;
  } catch (const std::exception& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
}

}  // namespace dmlconf
