#include "report_text.h"

#include <charconv>
#include <cmath>
#include <system_error>

namespace dmlconf::report_internal {

void Tally::Add(const CaseResult& result) {
  ++by_verdict[static_cast<size_t>(result.verdict)];
  ++total;
  padding_written += result.padding_bytes_written > 0;
  if (std::isfinite(result.seconds)) seconds += result.seconds;
}

Tally TallyOf(const std::vector<const CaseResult*>& results) {
  Tally tally;
  for (const CaseResult* result : results) tally.Add(*result);
  return tally;
}

std::map<GroupKey, std::vector<const CaseResult*>> GroupByBackendAndOp(const RunReport& report) {
  std::map<GroupKey, std::vector<const CaseResult*>> groups;
  for (const CaseResult& result : report.results) {
    groups[{result.backend, result.op}].push_back(&result);
  }
  return groups;
}

std::map<KindKey, int> CountKinds(const RunReport& report) {
  std::map<KindKey, int> counts;
  for (const CaseResult& r : report.results)
    if (r.kind != Kind::kNone) ++counts[{r.backend, r.op, r.kind}];
  return counts;
}

std::vector<std::string> BackendsOf(const RunReport& report) {
  std::vector<std::string> backends;
  auto add = [&backends](const std::string& name) {
    for (const std::string& known : backends) {
      if (known == name) return;
    }
    backends.push_back(name);
  };
  for (const std::string& backend : report.backends) add(backend);
  for (const CaseResult& result : report.results) add(result.backend);
  return backends;
}

std::vector<BackendInfo> BackendInfoOf(const RunReport& report) {
  std::vector<BackendInfo> infos;
  for (const std::string& name : BackendsOf(report)) {
    BackendInfo info{name, "", "", "", ""};
    for (const BackendInfo& known : report.backend_info)
      if (known.name == name) info = known;
    infos.push_back(std::move(info));
  }
  return infos;
}

std::string BackendDetails(const BackendInfo& backend) {
  std::string text;
  const auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
  if (!backend.spec.empty() && backend.spec != backend.name) add("spec " + backend.spec);
  if (!backend.version.empty()) add("version " + backend.version);
  if (!backend.description.empty()) add(backend.description);
  return text;
}

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

// Length of the well-formed UTF-8 sequence starting at text[i], or 0 if there is none
// (Unicode 15, table 3-7).
size_t WellFormedLength(std::string_view text, size_t i) {
  const auto byte = [&text](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // overlong
    if (lead == 0xED) high = 0x9F;  // surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // overlong
    if (lead == 0xF4) high = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (size_t k = 2; k < length; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return length;
}

}  // namespace

std::string SanitizeUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const size_t length = WellFormedLength(text, i);
    if (length == 0) {
      out += kReplacement;
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

std::string EscapeMarkup(std::string_view text, bool in_attribute) {
  const std::string clean = SanitizeUtf8(text);
  std::string out;
  out.reserve(clean.size());
  for (size_t i = 0; i < clean.size(); ++i) {
    const char c = clean[i];
    switch (c) {
      case '&': out += "&amp;"; continue;
      case '<': out += "&lt;"; continue;
      case '>': out += "&gt;"; continue;
      case '"': out += "&quot;"; continue;
      case '\'': out += "&#39;"; continue;
      case '\t': out += in_attribute ? "&#9;" : "\t"; continue;
      case '\n': out += in_attribute ? "&#10;" : "\n"; continue;
      case '\r': out += "&#13;"; continue;
      default: break;
    }
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20) continue;
    // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters either.
    if (byte == 0xEF && clean.compare(i, 2, "\xEF\xBF") == 0 && i + 2 < clean.size() &&
        static_cast<unsigned char>(clean[i + 2]) >= 0xBE) {
      i += 2;
      continue;
    }
    out += c;
  }
  return out;
}

std::string PlainText(std::string_view text) {
  const std::string clean = SanitizeUtf8(text);
  std::string out;
  out.reserve(clean.size());
  for (size_t i = 0; i < clean.size(); ++i) {
    const auto byte = static_cast<unsigned char>(clean[i]);
    if ((byte < 0x20 && byte != '\t' && byte != '\n') || byte == 0x7F) continue;
    // C1 controls (U+0080-U+009F, C2 80-C2 9F): a terminal showing the file acts on
    // them as it does on ESC.
    if (byte == 0xC2 && i + 1 < clean.size() && static_cast<unsigned char>(clean[i + 1]) <= 0x9F) {
      ++i;
      continue;
    }
    out += clean[i];
  }
  return out;
}

std::string_view FirstLine(std::string_view text) {
  const size_t end = text.find_first_of("\r\n");
  return end == std::string_view::npos ? text : text.substr(0, end);
}

std::string FormatSeconds(double seconds) {
  if (!std::isfinite(seconds)) seconds = 0;
  char buffer[64];
  const auto [end, ec] =
      std::to_chars(buffer, buffer + sizeof buffer, seconds, std::chars_format::fixed, 3);
  return ec == std::errc() ? std::string(buffer, end) : std::string("0.000");
}

}  // namespace dmlconf::report_internal
