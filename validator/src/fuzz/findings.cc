#include "fuzz/findings.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "dmlconf/reports/atomic_file.h"

namespace dmlconf::fuzz {

namespace {

using nlohmann::json;

constexpr const char* kFormat = "dmlconf-fuzz-findings";
constexpr int kVersion = 1;

// "float32" for FLOAT32; UINT16 and INT16 are both "int16": the same bits move.
std::string TypeClass(DataType type) {
  return (IsFloat(type) ? "float" : "int") + std::to_string(ElementSize(type) * 8);
}

// A count as the file holds it: a non-negative integer that fits, or an error naming it
// (nlohmann would read -1 as 2^64 - 1, and 1e30 as something else again).
uint64_t CountFrom(const json& j, const char* name) {
  const json& value = j.at(name);
  if (!value.is_number_unsigned())
    throw std::runtime_error(std::string("\"") + name + "\" is " + value.dump() +
                             ", not a count (an integer from 0 to 2^64 - 1)");
  return value.get<uint64_t>();
}

json RunJson(const FuzzRunInfo& r) {
  return {{"run_id", r.run_id},
          {"seed", r.seed},
          {"backend", r.backend},
          {"spec", r.spec},
          {"version", r.version},
          {"description", r.description},
          {"feature_level", r.feature_level},
          {"profile", r.profile},
          {"operators", r.operators},
          {"cases", r.cases},
          {"seconds", r.seconds},
          {"started_at", r.started_at},
          {"command_line", r.command_line}};
}

FuzzRunInfo RunFrom(const json& j) {
  FuzzRunInfo r;
  r.run_id = j.value("run_id", "");
  r.seed = j.at("seed").get<uint64_t>();
  r.backend = j.at("backend").get<std::string>();
  r.spec = j.value("spec", "");
  r.version = j.value("version", "");
  r.description = j.value("description", "");
  r.feature_level = j.at("feature_level").get<std::string>();
  r.profile = j.value("profile", "");
  r.operators = j.value("operators", std::vector<std::string>{});
  r.cases = CountFrom(j, "cases");
  r.seconds = j.value("seconds", 0.0);
  r.started_at = j.value("started_at", "");
  r.command_line = j.value("command_line", "");
  return r;
}

json FindingJson(const Finding& f) {
  json j = {{"signature", f.signature.Text()},
            {"operator", f.signature.op},
            {"kind", f.signature.kind},
            {"class", f.signature.klass},
            {"known", f.known},
            {"count", f.count},
            {"first",
             {{"seed", f.seed},
              {"iteration", f.iteration},
              {"case", f.case_name},
              {"message", f.message},
              {"descriptor", f.descriptor}}}};
  if (f.known) j["xfail_entry"] = f.xfail_entry;
  if (!f.merged.empty()) j["merged"] = f.merged;
  if (!f.alike.empty()) j["alike"] = f.alike;
  if (!f.case_text.empty())
    j["shrunk"] = {{"case", f.shrunk_name},   {"message", f.shrunk_message},
                   {"file", f.case_file},     {"reproducer", f.reproducer},
                   {"tries", f.shrink_tries}, {"case_file_text", f.case_text},
                   {"replays", f.replays},    {"reproduced", f.reproduced},
                   {"flaky", f.Flaky()}};
  return j;
}

Finding FindingFrom(const json& j) {
  Finding f;
  f.signature = {j.at("operator").get<std::string>(), j.at("kind").get<std::string>(),
                 j.at("class").get<std::string>()};
  f.known = j.at("known").get<bool>();
  f.xfail_entry = j.value("xfail_entry", "");
  f.merged = j.value("merged", std::vector<std::string>{});
  f.alike = j.value("alike", "");
  f.count = CountFrom(j, "count");
  const json& first = j.at("first");
  f.seed = first.at("seed").get<uint64_t>();
  f.iteration = first.at("iteration").get<uint64_t>();
  f.case_name = first.at("case").get<std::string>();
  f.message = first.value("message", "");
  f.descriptor = first.value("descriptor", "");
  if (j.contains("shrunk")) {
    const json& s = j.at("shrunk");
    f.shrunk_name = s.at("case").get<std::string>();
    f.shrunk_message = s.value("message", "");
    f.case_file = s.value("file", "");
    f.reproducer = s.value("reproducer", "");
    f.shrink_tries = s.value("tries", 0);
    f.case_text = s.at("case_file_text").get<std::string>();
    f.replays = s.value("replays", 0u);
    f.reproduced = s.value("reproduced", 0u);
  }
  return f;
}

json ReportJson(const FindingsReport& report) {
  json runs = json::array(), findings = json::array();
  for (const FuzzRunInfo& r : report.runs) runs.push_back(RunJson(r));
  for (const Finding& f : report.findings) findings.push_back(FindingJson(f));
  return {{"format", kFormat},   {"version", kVersion},    {"tool_version", report.tool_version},
          {"runs", runs},        {"cases", report.counts}, {"new", report.NewCount()},
          {"findings", findings}};
}

json ParseFile(const std::filesystem::path& file) {
  const std::string text = ReadReportFile(file, "findings");
  try {
    return json::parse(text);
  } catch (const json::exception& e) {
    throw std::runtime_error(file.string() + ": not JSON: " + e.what());
  }
}

bool HasFindingsFormat(const json& j) { return j.is_object() && j.value("format", "") == kFormat; }

// A parsed findings.json as a report; throws std::runtime_error naming `file`.
FindingsReport FindingsFrom(const json& j, const std::filesystem::path& file) {
  try {
    if (!HasFindingsFormat(j))
      throw std::runtime_error("not a dmlconf fuzz findings file (its \"format\" is not \"" +
                               std::string(kFormat) + "\")");
    if (j.at("version").get<int>() != kVersion)
      throw std::runtime_error("findings format version " + j.at("version").dump() +
                               ", this dmlconf reads " + std::to_string(kVersion));
    FindingsReport report;
    report.tool_version = j.value("tool_version", "");
    for (const json& r : j.at("runs")) report.runs.push_back(RunFrom(r));
    for (const auto& [op, levels] : j.at("cases").items())
      for (const auto& [level, verdicts] : levels.items())
        for (const auto& [verdict, n] : verdicts.items())
          report.counts[op][level][verdict] = CountFrom(verdicts, verdict.c_str());
    for (const json& f : j.at("findings")) report.findings.push_back(FindingFrom(f));
    return report;
  } catch (const json::exception& e) {
    throw std::runtime_error(file.string() + ": " + e.what());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(file.string() + ": " + e.what());
  }
}

// New findings first, then known; each in the order first seen.
void Order(std::vector<Finding>* findings) {
  std::stable_partition(findings->begin(), findings->end(),
                        [](const Finding& f) { return !f.known; });
}

std::string Markdown(const FindingsReport& report) {
  std::string md =
      "# dmlconf fuzz findings\n\n| seed | backend | level | profile | cases | seconds |\n"
      "| ---: | --- | --- | --- | ---: | ---: |\n";
  for (const FuzzRunInfo& r : report.runs) {
    std::ostringstream seconds;
    seconds.precision(1);
    seconds << std::fixed << r.seconds;
    md += "| " + std::to_string(r.seed) + " | " + r.backend +
          (r.version.empty() ? "" : " " + r.version) + " | " + r.feature_level + " | " +
          (r.profile.empty() ? "directml" : r.profile) + " | " + std::to_string(r.cases) + " | " +
          seconds.str() + " |\n";
  }
  md +=
      "\n## Cases per operator, level and verdict\n\n| operator | level | verdicts |\n"
      "| --- | --- | --- |\n";
  for (const auto& [op, levels] : report.counts)
    for (const auto& [level, verdicts] : levels) {
      std::string cell;
      for (const auto& [verdict, n] : verdicts)
        cell += (cell.empty() ? "" : ", ") + std::to_string(n) + " " + verdict;
      md += "| " + op + " | " + level + " | " + cell + " |\n";
    }
  md += "\n## Findings\n\n```\n" + FindingsSummary(report) + "```\n";
  for (const Finding& f : report.findings) {
    if (f.case_text.empty()) continue;
    md += "\n### " + f.signature.Text() + "\n\n" + f.shrunk_message + "\n\n```yaml\n" +
          f.case_text + "```\n";
  }
  return md;
}

}  // namespace

Signature SignatureOf(const validator::Case& c, const CaseResult& result) {
  Signature s{std::string(OperatorName(c.op())), std::string(KindName(result.kind)), ""};
  if (c.expect == validator::Expectation::kReject && c.reason) {
    s.klass = std::string(ReasonName(*c.reason));
    return s;
  }
  std::string index;
  for (const TensorSlot& slot : InputSlots(c.descriptor)) {
    if (HoldsIndices(slot)) {
      index = (slot.kind == FieldKind::kIndices ? "/idx-" : "/len-") +
              std::string(DataTypeName(slot.desc->data_type));
      std::transform(index.begin(), index.end(), index.begin(),
                     [](unsigned char ch) { return char(std::tolower(ch)); });
    } else if (s.klass.empty()) {
      s.klass = TypeClass(slot.desc->data_type);
    }
  }
  if (s.klass.empty()) s.klass = "no-input";  // a list emptied
  s.klass += index;
  return s;
}

std::vector<std::string> Finding::Signatures() const {
  std::vector<std::string> all{signature.Text()};
  all.insert(all.end(), merged.begin(), merged.end());
  return all;
}

namespace {

void EraseDataTypes(json* j) {
  if (j->is_object()) {
    j->erase("DataType");
    for (auto& [key, value] : j->items()) EraseDataTypes(&value);
  } else if (j->is_array()) {
    for (json& value : *j) EraseDataTypes(&value);
  }
}

}  // namespace

std::string AlikeKey(const Signature& signature, std::string descriptor_json,
                     const std::string& message) {
  json descriptor = json::parse(descriptor_json, nullptr, false);
  EraseDataTypes(&descriptor);
  // The values and their bits are the data type's; which elements differ, and whose
  // bits the wrong ones hold, are the bug's.
  static const std::regex kCaseName("case '[^']*': ");
  static const std::regex kValues(
      R"(expected [^;]*? \(bits 0x[0-9a-fA-F]+\), actual [^;]*? \(bits 0x[0-9a-fA-F]+\))");
  std::string shape = std::regex_replace(message, kCaseName, "");
  shape = std::regex_replace(shape, kValues, "expected V, actual V");
  return signature.op + "/" + signature.kind + "\n" + descriptor.dump() + "\n" + shape;
}

std::string XfailGlob(const std::string& signature) {
  const size_t op_end = signature.find('/'), kind_end = signature.find('/', op_end + 1);
  if (op_end == std::string::npos || kind_end == std::string::npos) return "";
  std::string slug = signature.substr(0, op_end);
  for (char& ch : slug) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  const std::string klass = signature.substr(kind_end + 1);
  if (klass.empty() || klass == "no-input") return "";
  // A reason code is upper case; a data type class ("int8", "float32/idx-int64") not.
  if (std::isupper(static_cast<unsigned char>(klass[0])))
    return slug + "/*/fuzz/*reject-" + klass + "*";
  const size_t index = klass.find('/');
  const std::string type = klass.substr(0, index);
  const std::string index_part = index == std::string::npos ? "" : klass.substr(index);
  // "*int8" takes UINT8 too: unsigned types read as signed in a signature.
  return slug + "/*/" + (type.starts_with("int") ? "*" : "") + type + "/r*" + index_part +
         "/fuzz/*";
}

size_t FindingsReport::NewCount() const {
  return size_t(
      std::count_if(findings.begin(), findings.end(), [](const Finding& f) { return !f.known; }));
}

void WriteFindings(const FindingsReport& report, const std::filesystem::path& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) throw std::runtime_error(dir.string() + ": cannot be created: " + error.message());
  WriteFileAtomically(dir / "findings.json", ReportJson(report).dump(2) + "\n");
  WriteFileAtomically(dir / "findings.md", Markdown(report));
}

FindingsReport ReadFindings(const std::filesystem::path& file) {
  return FindingsFrom(ParseFile(file), file);
}

std::optional<FindingsReport> ReadIfFindings(const std::filesystem::path& file) {
  json j;
  try {
    j = ParseFile(file);
  } catch (const std::exception&) {
    return std::nullopt;  // the report reader will say what is wrong with it
  }
  if (!HasFindingsFormat(j)) return std::nullopt;
  return FindingsFrom(j, file);
}

bool IsFindingsFile(const std::filesystem::path& file) {
  try {
    return HasFindingsFormat(ParseFile(file));
  } catch (const std::exception&) {
    return false;  // the report reader will say what is wrong with it
  }
}

uint64_t AddCounts(uint64_t a, uint64_t b, const std::string& what) {
  uint64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum))
    throw std::runtime_error(what + ": " + std::to_string(a) + " + " + std::to_string(b) +
                             " passes 2^64 - 1, the most a count holds");
  return sum;
}

std::string NewRunId() {
  std::random_device device;
  char id[17];
  std::snprintf(id, sizeof id, "%08x%08x", device(), device());
  return id;
}

namespace {

// What tells one run from another: its id, or in older files what it ran and when.
std::string RunIdentity(const FuzzRunInfo& r) {
  if (!r.run_id.empty()) return "id " + r.run_id;
  return "seed " + std::to_string(r.seed) + " on " + r.backend + " started " + r.started_at + ": " +
         r.command_line;
}

}  // namespace

FindingsReport MergeFindings(const std::vector<FindingsReport>& reports) {
  FindingsReport merged;
  std::map<std::pair<std::string, bool>, size_t> index;
  std::set<std::string> runs;
  for (const FindingsReport& r : reports) {
    if (merged.tool_version.empty()) merged.tool_version = r.tool_version;
    for (const FuzzRunInfo& run : r.runs)
      if (!runs.insert(RunIdentity(run)).second)
        throw std::runtime_error("the fuzz run of seed " + std::to_string(run.seed) + " on " +
                                 run.backend + " (" + RunIdentity(run) +
                                 ") is given twice: its cases and findings would count twice");
    merged.runs.insert(merged.runs.end(), r.runs.begin(), r.runs.end());
    for (const auto& [op, levels] : r.counts)
      for (const auto& [level, verdicts] : levels)
        for (const auto& [verdict, n] : verdicts) {
          uint64_t& total = merged.counts[op][level][verdict];
          total = AddCounts(total, n, op + " " + level + " " + verdict + " cases");
        }
    for (const Finding& f : r.findings) {
      // One finding per bug across runs too: any of its signatures, or its alike key,
      // seen before joins it to that one.
      std::vector<std::pair<std::string, bool>> keys;
      for (const std::string& signature : f.Signatures()) keys.emplace_back(signature, f.known);
      if (!f.alike.empty()) keys.emplace_back("alike " + f.alike, f.known);
      const auto seen = std::find_if(keys.begin(), keys.end(),
                                     [&](const auto& key) { return index.contains(key); });
      if (seen == keys.end()) {
        for (const auto& key : keys) index.emplace(key, merged.findings.size());
        merged.findings.push_back(f);
        continue;
      }
      const size_t at = index.at(*seen);
      for (const auto& key : keys) index.emplace(key, at);
      Finding& kept = merged.findings[at];
      const uint64_t count = AddCounts(kept.count, f.count, f.signature.Text() + " cases");
      std::vector<std::string> signatures = kept.Signatures();
      for (const std::string& signature : f.Signatures())
        if (std::find(signatures.begin(), signatures.end(), signature) == signatures.end())
          signatures.push_back(signature);
      // The smallest shrunk case shows the finding best; an unshrunk one least.
      const bool smaller = !f.case_text.empty() &&
                           (kept.case_text.empty() || f.case_text.size() < kept.case_text.size());
      if (smaller) kept = f;
      kept.count = count;
      std::erase(signatures, kept.signature.Text());
      kept.merged = signatures;
    }
  }
  Order(&merged.findings);
  return merged;
}

std::string ReplayText(const Finding& f) {
  return (f.Flaky() ? "FLAKY: failed again in " : "failed again in ") +
         std::to_string(f.reproduced) + " of " + std::to_string(f.replays) + " replays";
}

std::string FindingsSummary(const FindingsReport& report) {
  std::string text;
  for (const Finding& f : report.findings) {
    text += std::string(f.known ? "known  " : "new    ") + f.signature.Text() + "  " +
            std::to_string(f.count) + (f.count == 1 ? " case" : " cases") + "  (first: seed " +
            std::to_string(f.seed) + ", case " + std::to_string(f.iteration) + ")\n";
    if (f.known) text += "       listed: " + f.xfail_entry + "\n";
    if (!f.merged.empty()) {
      std::string merged;
      for (const std::string& signature : f.merged)
        merged += (merged.empty() ? "" : ", ") + signature;
      text += "       merged: " + merged + " (their shrunk cases fail alike: one bug)\n";
    }
    if (!f.case_file.empty())
      text += "       shrunk in " + std::to_string(f.shrink_tries) + " tries: " + f.case_file +
              "\n       " + ReplayText(f) + "\n       reproduce: " + f.reproducer + "\n";
  }
  return text;
}

std::string NewAndKnown(const FindingsReport& report) {
  const size_t fresh = report.NewCount();
  return std::to_string(fresh) + (fresh == 1 ? " new finding, " : " new findings, ") +
         std::to_string(report.findings.size() - fresh) + " known";
}

}  // namespace dmlconf::fuzz
