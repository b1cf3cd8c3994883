// What `dmlconf fuzz` found: failures grouped by signature (operator, failure kind, and
// the broken rule or the data types), known (an --xfail entry covers them) or new, with
// the first case of each and, for a new one, its shrunk case file; and how many cases
// were tried per operator, level and verdict. Written as findings.json (and
// findings.md) by --report-dir; `dmlconf merge` joins many runs' files into one,
// deduplicated by signature.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "dmlconf/reports/run_report.h"
#include "dmlconf/validator/case.h"

namespace dmlconf::fuzz {

// "GATHER/wrong_values/float32", "SPLIT/accepted_invalid/SPLIT_AXIS_SIZES_MISMATCH".
struct Signature {
  std::string op;     // OperatorName
  std::string kind;   // KindName
  std::string klass;  // the reason code for a must-reject case; else the data types:
                      // the copied tensors' (unsigned read as signed: the same bits
                      // move), then the index or length type ("int32/len-uint64")
  std::string Text() const { return op + "/" + kind + "/" + klass; }
  bool operator==(const Signature&) const = default;
};
Signature SignatureOf(const validator::Case& c, const CaseResult& result);

struct Finding {
  Signature signature;
  bool known = false;
  std::string xfail_entry;  // known: the entry, "FILE:LINE: TEXT"
  uint64_t count = 0;       // cases of this signature (and knownness)
  // The first case, as drawn.
  uint64_t seed = 0, iteration = 0;
  std::string case_name, message, descriptor;  // descriptor: its JSON, one line
  // New findings: the shrunk case, written to `case_file`.
  std::string shrunk_name, shrunk_message, case_file, case_text, reproducer;
  int shrink_tries = 0;
  // New findings: the shrunk case judged again `replays` times before it is reported,
  // `reproduced` of them failing the same way. Fewer than all: a flaky finding.
  uint32_t replays = 0, reproduced = 0;
  bool Flaky() const { return reproduced < replays; }
  // One bug, one finding: the signatures of other data and index types whose shrunk
  // cases failed alike (Alike) were grouped into this one; their counts are in `count`.
  std::vector<std::string> merged;
  // What a shrunk case failing alike shares: operator, kind, the descriptor with its
  // data types left out, and the message with its values and case name left out.
  std::string alike;
  // Every signature this finding covers: its own, then the merged ones.
  std::vector<std::string> Signatures() const;
};

// Cases tried: operator -> the case's level -> verdict ("passed" ... "xfail") -> count.
using CaseCounts = std::map<std::string, std::map<std::string, std::map<std::string, uint64_t>>>;

struct FuzzRunInfo {
  // Drawn when the run starts, so that merge can tell two runs of one seed from one
  // run given twice (empty in files older than it: seed, backend, start and command
  // line tell them apart then).
  std::string run_id;
  uint64_t seed = 0;
  std::string backend, spec, version, description;  // the backend's identity and details
  std::string feature_level, profile;
  std::vector<std::string> operators;  // empty: all
  uint64_t cases = 0;
  double seconds = 0;
  std::string started_at, command_line;
};

struct FindingsReport {
  std::string tool_version;
  std::vector<FuzzRunInfo> runs;  // one, or every run merged
  CaseCounts counts;
  std::vector<Finding> findings;  // new ones first, each group in order of first sight
  size_t NewCount() const;
};

// The `alike` key of a shrunk case: `descriptor_json` with every "DataType" taken out,
// and its message without the case's name and the values and bits it quotes. Two
// findings of one key are one bug that does not depend on the data or index type.
std::string AlikeKey(const Signature& signature, std::string descriptor_json,
                     const std::string& message);

// The glob of the fuzz case names a signature covers ("JOIN/wrong_values/int8":
// "join/*/*int8/r*/fuzz/*", every level, rank and layout of INT8 and UINT8, the class
// of the signature; a must-reject one's: "gather/*/fuzz/*reject-GATHER_AXIS_TOO_LARGE*").
// A name does not hold the failure's kind, so the glob covers every kind of its class.
// Empty for a signature no glob can single out (a list emptied: "no-input").
std::string XfailGlob(const std::string& signature);

// Writes findings.json and findings.md into `dir` (created), each file replaced whole.
// Throws std::runtime_error naming the file.
void WriteFindings(const FindingsReport& report, const std::filesystem::path& dir);
// Reads a findings.json; throws std::runtime_error naming the file and what is wrong.
FindingsReport ReadFindings(const std::filesystem::path& file);
// Whether `file` is a findings.json (its "format"), not a run's report.json.
bool IsFindingsFile(const std::filesystem::path& file);
// ReadFindings when `file` is a findings.json, read once; nullopt when it is anything
// else (unreadable, not JSON, another format: the run-report reader says what).
std::optional<FindingsReport> ReadIfFindings(const std::filesystem::path& file);
// Every run's findings as one: runs listed, counts added, one finding per signature and
// knownness (new when any run had it new) with the counts added and, of the first cases,
// the one with the smallest shrunk case. Throws std::runtime_error when a run is given
// twice (its cases would count twice) or when a count would pass 2^64 - 1.
FindingsReport MergeFindings(const std::vector<FindingsReport>& reports);
// a + b, or std::runtime_error naming `what` when the sum does not fit: counts never wrap.
uint64_t AddCounts(uint64_t a, uint64_t b, const std::string& what);
// "abc123..." of 16 hex digits, drawn from std::random_device.
std::string NewRunId();
// "failed again in 10 of 10 replays", "FLAKY: failed again in 3 of 10 replays".
std::string ReplayText(const Finding& f);
// The console's and findings.md's summary lines: one per finding.
std::string FindingsSummary(const FindingsReport& report);
// "2 new findings, 3 known": how fuzz and merge end their closing line.
std::string NewAndKnown(const FindingsReport& report);

}  // namespace dmlconf::fuzz
