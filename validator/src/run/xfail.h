// The expected-failure list: which failures a run expects, and what a result becomes
// when an entry covers it (expected failure, or an unexpected pass naming the entry).
#pragma once

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dmlconf/backend.h"
#include "dmlconf/reports/run_report.h"
#include "dmlconf/validator/case.h"

namespace dmlconf::validator {

// Expected failures, one entry a line: "GLOB" (every backend), "NAME:GLOB" or
// "NAME@VERSION:GLOB" (only results of backend NAME that declared that version).
// The line is split at its last ':' (case names hold none), so NAME may be a
// whole spec ("serve:./lib --fast:join/*"). '#' starts a comment unless escaped
// ("\#", which the glob reads as '#').
class XfailList {
 public:
  struct Entry {
    std::string backend;  // "" for every backend; "NAME" or "NAME@VERSION"
    std::string glob;
    std::string text;  // the entry as written, comment and blanks cut
    int line = 0;      // 0 for an entry added in code
    // Whether the glob can match more than one name (holds an unescaped * ? or [).
    bool IsGlob() const;
    // Whether it covers a result of backend `name`, which declared `version`.
    bool CoversBackend(std::string_view name, std::string_view version) const;
  };
  // Throws std::runtime_error "FILE: cannot be read" or "FILE:LINE: ..." for an
  // entry with nothing after its ':'.
  static XfailList Load(const std::filesystem::path& path);
  void Add(std::string backend, std::string glob);  // empty backend: every backend
  // The first entry covering case `case_name` on backend `name` (version
  // `version`); nullptr when none does.
  const Entry* Match(std::string_view name, std::string_view version,
                     std::string_view case_name) const;
  bool Matches(std::string_view backend, std::string_view case_name) const {
    return Match(backend, "", case_name) != nullptr;
  }
  bool empty() const { return entries_.empty(); }
  const std::vector<Entry>& entries() const { return entries_; }
  const std::string& source() const { return source_; }
  // "FILE:LINE" of an entry, or the list's source for one added in code.
  std::string Where(const Entry& entry) const;

 private:
  std::vector<Entry> entries_;
  std::string source_ = "the expected-failure list";
};

// How many (backend, case) pairs of `selected` on `backends` each entry of
// `xfail` covers, in entry order: an entry with none is stale or mistyped.
std::vector<int> XfailCoverage(const XfailList& xfail, const std::vector<const Case*>& selected,
                               std::span<Backend* const> backends);

// Applies the list to one result of `backend`: a failure or error an entry covers
// becomes an expected failure; a pass it covers, an unexpected pass whose message
// says what to do with the entry, from `coverage` (XfailCoverage's count).
void ApplyXfail(const XfailList& xfail, const std::vector<int>& coverage, const Backend& backend,
                CaseResult* r);

}  // namespace dmlconf::validator
