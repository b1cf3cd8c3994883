#include "run/xfail.h"

#include <fstream>
#include <stdexcept>

#include "run/selection.h"

namespace dmlconf::validator {
namespace {

// An xpass names the entry that listed it: removing an exact entry is the fix,
// removing a glob would turn every other case it covers into a failure.
std::string StaleAdvice(const XfailList& xfail, const XfailList::Entry& entry, int covers) {
  const std::string listed =
      "passed, but " + xfail.Where(entry) + " lists it as expected to fail ('" + entry.text + "')";
  // A glob that covers this result alone goes as an exact entry would.
  if (!entry.IsGlob() || covers <= 1) return listed + ": the list is stale, remove that line";
  return listed + ", a glob covering " + std::to_string(covers) +
         (covers == 1 ? " result" : " results") +
         " of this run: do not remove it while the others still fail; list the ones that do "
         "(dmlconf run --write-xfail FILE writes their exact names)";
}

// Whether `glob` holds a character fnmatch reads as a pattern (not escaped).
bool HoldsPattern(std::string_view glob) {
  for (size_t i = 0; i < glob.size(); ++i) {
    if (glob[i] == '\\') {
      ++i;
      continue;
    }
    if (glob[i] == '*' || glob[i] == '?' || glob[i] == '[') return true;
  }
  return false;
}

// The line without its comment: from the first '#' not escaped by a backslash.
std::string WithoutComment(const std::string& line) {
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\') {
      ++i;
      continue;
    }
    if (line[i] == '#') return line.substr(0, i);
  }
  return line;
}

// Without blanks at either end, except a blank a backslash escapes ("x\\ " keeps its
// space: a case name may end in one).
std::string Trimmed(const std::string& text) {
  const size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return {};
  size_t end = begin;
  for (size_t i = begin; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) {
      end = ++i + 1;
      continue;
    }
    if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r') end = i + 1;
  }
  return text.substr(begin, end - begin);
}

// The backend part as written, backslash escapes taken off ("a\\#b" names a#b), so that
// any backend name can be listed: GlobLiteral writes it.
std::string Unescaped(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) ++i;
    out += text[i];
  }
  return out;
}

}  // namespace

void ApplyXfail(const XfailList& xfail, const std::vector<int>& coverage, const Backend& backend,
                CaseResult* r) {
  const XfailList::Entry* entry = xfail.Match(r->backend, backend.Version(), r->name);
  if (entry == nullptr) return;
  // Listing a failure keeps the run green until it changes.
  if (VerdictIsFailure(r->verdict)) {
    r->verdict = Verdict::kExpectedFailure;
    r->excused_by = xfail.Where(*entry) + ": " + entry->text;
  } else if (r->verdict == Verdict::kPassed) {
    r->verdict = Verdict::kUnexpectedPass;
    r->kind = Kind::kStaleXfail;
    const size_t index = size_t(entry - xfail.entries().data());
    r->message = StaleAdvice(xfail, *entry, index < coverage.size() ? coverage[index] : 0) +
                 (r->message.empty() ? "" : "; " + r->message);
  }
}

XfailList XfailList::Load(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path.string() + ": cannot be read");
  XfailList list;
  list.source_ = path.string();
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string entry = Trimmed(WithoutComment(line));
    if (entry.empty()) continue;
    // Case names hold no ':' (the loader refuses one), so the last one ends the backend.
    const size_t colon = entry.rfind(':');
    Entry e;
    e.text = entry;
    e.line = number;
    if (colon != std::string::npos) {
      e.backend = Unescaped(entry.substr(0, colon));
      e.glob = entry.substr(colon + 1);
      if (e.glob.empty() || e.backend.empty())
        throw std::runtime_error(
            path.string() + ":" + std::to_string(number) + ": '" + entry + "' names " +
            (e.glob.empty() ? "no case glob after" : "no backend before") +
            " its last ':' (entries are GLOB, NAME:GLOB or NAME@VERSION:GLOB)");
    } else {
      e.glob = entry;
    }
    list.entries_.push_back(std::move(e));
  }
  return list;
}

void XfailList::Add(std::string backend, std::string glob) {
  Entry e;
  e.text = backend.empty() ? glob : backend + ":" + glob;
  e.backend = std::move(backend);
  e.glob = std::move(glob);
  entries_.push_back(std::move(e));
}

bool XfailList::Entry::IsGlob() const { return HoldsPattern(glob); }

bool XfailList::Entry::CoversBackend(std::string_view name, std::string_view version) const {
  if (backend.empty() || backend == name) return true;
  return !version.empty() && backend.size() == name.size() + 1 + version.size() &&
         backend.starts_with(name) && backend[name.size()] == '@' && backend.ends_with(version);
}

const XfailList::Entry* XfailList::Match(std::string_view name, std::string_view version,
                                         std::string_view case_name) const {
  const std::string text(case_name);
  for (const Entry& e : entries_)
    if (e.CoversBackend(name, version) && GlobMatches(e.glob, text)) return &e;
  return nullptr;
}

std::string XfailList::Where(const Entry& entry) const {
  return entry.line > 0 ? source_ + ":" + std::to_string(entry.line) : source_;
}

std::vector<int> XfailCoverage(const XfailList& xfail, const std::vector<const Case*>& selected,
                               std::span<Backend* const> backends) {
  std::vector<int> coverage(xfail.entries().size(), 0);
  for (size_t i = 0; i < coverage.size(); ++i) {
    const XfailList::Entry& e = xfail.entries()[i];
    for (const Backend* backend : backends) {
      if (!e.CoversBackend(backend->Name(), backend->Version())) continue;
      for (const Case* c : selected) coverage[i] += GlobMatches(e.glob, c->name);
    }
  }
  return coverage;
}

}  // namespace dmlconf::validator
