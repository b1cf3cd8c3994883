// dmlconf run [PATH...]: every case on every backend, failures in full, counts
// per backend and operator, and the summary as the last line.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>

#include "backends/backend_registry.h"
#include "case_paths.h"
#include "case_selection.h"
#include "command_util.h"
#include "dmlconf/blocked.h"
#include "dmlconf/reports/report_diff.h"
#include "dmlconf/validator/external_backends.h"
#include "platform/child_registry.h"
#include "progress.h"
#include "report_dir.h"
#include "run/judge.h"
#include "run/run_cases.h"
#include "run/selection.h"
#include "run/terminal_text.h"
#include "run/xfail.h"
#include "xfail_file.h"

namespace dmlconf::cli {
namespace {

struct RunArgs {
  std::vector<std::string> paths;
  std::vector<std::string> backends;
  std::string feature_level;
  std::vector<std::string> filters, excludes;
  std::vector<std::string> cases;  // --case: exact names
  std::vector<std::string> operators;
  bool xfail_given = false;  // --xfail "" is an error, not "no list"
  std::string shard, xfail, report_dir, profile, claim, baseline, write_xfail;
  std::vector<std::string> expect;
  bool strict_xfail = false;
  bool keep_run_dir = false;
  bool verbose = false;
  bool isolate = false;
  bool cross_check = false;
  bool strict_padding = false;
  int threads = 0;     // 0: the blocked backend's default, the machine's cores
  double timeout = 0;  // 0: the default when isolating
};

[[noreturn]] void Usage(const std::string& message) {
  std::cerr << "dmlconf run: " << Printable(message) << "\n";
  Exit(kExitUsage);
}

// --profile directml (every case) or values (no must-reject case: a backend
// that is not DirectML cannot be expected to copy DirectML's support tables and
// reason codes), then --expect to narrow by name.
std::set<validator::Expectation> Expectations(const RunArgs& args) {
  using validator::Expectation;
  std::set<Expectation> profile;  // empty: every case
  if (args.profile == "values")
    profile = {Expectation::kMatch, Expectation::kUnspecified, Expectation::kRefuseOrRun,
               Expectation::kOneOf};
  else if (!args.profile.empty() && args.profile != "directml")
    Usage("unknown profile '" + args.profile + "' (directml, values)");
  if (args.expect.empty()) return profile;
  std::set<Expectation> chosen;
  for (const std::string& name : args.expect) {
    const auto e = validator::ParseExpectation(name);
    if (!e) Usage("--expect wants match, reject, unspecified or refuse_or_run, got '" + name + "'");
    if (!profile.empty() && !profile.contains(*e))
      Usage("--expect " + name + " is outside --profile " + args.profile);
    chosen.insert(*e);
  }
  return chosen;
}

validator::RunOptions MakeOptions(const RunArgs& args) {
  validator::RunOptions options;
  if (!args.feature_level.empty()) {
    const auto level = ParseFeatureLevel(args.feature_level);
    if (!level) Usage("unknown feature level '" + args.feature_level + "' (1_0 .. 6_4)");
    options.feature_level = *level;
  }
  if (!args.shard.empty()) {
    const auto shard = validator::ParseShard(args.shard);
    if (!shard) Usage("--shard wants I/N with 0 <= I < N, got '" + args.shard + "'");
    options.shard = *shard;
  }
  if (args.xfail_given) {
    RequireReadableFile("run", "--xfail", args.xfail);
    try {
      options.xfail = validator::XfailList::Load(args.xfail);
    } catch (const std::exception& e) {
      Usage(e.what());
    }
  }
  options.expectations = Expectations(args);
  options.operators = ParseOperators(args.operators, "run");
  if (args.profile == "values") options.reproduce_flags = "--profile values";
  options.filters = args.filters;
  for (const std::string& name : args.cases) options.filters.push_back(GlobLiteral(name));
  options.excludes = args.excludes;
  options.isolate = args.isolate;
  options.strict_padding = args.strict_padding;
  TimeoutOption("run", args.timeout);
  if (args.timeout > 0) options.timeout_seconds = args.timeout;
  return options;
}

std::vector<std::unique_ptr<Backend>> MakeBackends(const std::vector<std::string>& names,
                                                   double timeout_seconds) {
  const std::chrono::milliseconds timeout = TimeoutOption("run", timeout_seconds);
  std::vector<std::unique_ptr<Backend>> backends;
  for (const std::string& name : names) {
    try {
      backends.push_back(validator::MakeBackend(name, timeout));
    } catch (const std::exception& e) {  // unknown name, or a plug-in that does not load
      Usage(e.what());
    }
  }
  // Results, baselines and expected failures are keyed by the name: two backends
  // under one name would pass for one.
  for (size_t i = 0; i < backends.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (backends[i]->Name() == backends[j]->Name())
        Usage("--backend " + backends[j]->Argument() + " and --backend " + backends[i]->Argument() +
              " are both named '" + backends[i]->Name() +
              "': give one another name with --backend NAME=SPEC");
  return backends;
}

// One line per backend whose name is not the whole story: the spec it runs, the
// version and description it declared. After the run, above the tables that
// name backends only by name.
void PrintBackends(const std::vector<Backend*>& backends) {
  for (const Backend* b : backends) {
    const BackendInfo info{b->Name(), validator::ParseBackendArgument(b->Argument()).spec,
                           b->Version(), b->Description(), ""};
    std::string details;
    const auto add = [&](const std::string& part) {
      details += (details.empty() ? "" : ", ") + part;
    };
    if (info.spec != info.name) add(info.spec);
    if (!info.version.empty()) add("version " + info.version);
    if (!info.description.empty()) add(info.description);
    if (!details.empty())
      std::cout << "backend " << Printable(info.name) << ": " << Printable(details) << "\n";
  }
}

// --keep-run-dir: where each backend's files stay, said before the first case, so
// they can be looked at while the run goes on.
void PrintRunFolders(const std::vector<Backend*>& backends) {
  for (const Backend* b : backends)
    if (!b->RunFolder().empty())
      std::cout << "backend " << Printable(b->Name()) << " keeps its files in "
                << Printable(b->RunFolder()) << " (--keep-run-dir)\n";
}

// Names, paths and messages come from case files and backends: printed through
// Printable, and a message no longer than a report quotes it.
void PrintResult(const CaseResult& r, bool verbose) {
  const bool fails = VerdictFailsRun(r.verdict);
  if (!fails && !verbose) return;
  std::cout << std::left << std::setw(7) << VerdictName(r.verdict) << " " << Printable(r.name)
            << " [" << Printable(r.backend) << "]";
  if (r.message.empty()) {
    std::cout << "\n";
    return;
  }
  // A quoted message of several lines (a backend's standard error) stays inside
  // its result: every line after the first is indented further.
  std::string message = Printable(QuotedMessage(r.message), true);
  for (size_t at = message.find('\n'); at != std::string::npos; at = message.find('\n', at + 5))
    message.insert(at + 1, "    ");
  std::cout << " (" << Printable(r.file) << ":" << r.line << ")\n  " << message << "\n";
  if (!r.excused_by.empty()) std::cout << "  known: " << Printable(r.excused_by) << "\n";
  if (fails || r.verdict == Verdict::kExpectedFailure)
    std::cout << "  reproduce: " << r.reproducer << "\n";
}

// At most this many columns of a backend's name in the console's tables: with
// names rather than whole command lines the tables fit in 100 columns; a longer
// name (a spec used as the name) is cut, and the header lines name it in full.
constexpr size_t kBackendColumn = 22;

std::string BackendCell(const std::string& name) {
  const std::string text = Printable(name);
  if (text.size() < kBackendColumn) return text;
  size_t keep = kBackendColumn - 4;
  while (keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;
  return text.substr(0, keep) + "...";
}

// A table of verdict counts per backend and operator.
void PrintCounts(const std::vector<CaseResult>& results) {
  std::map<std::pair<std::string, std::string>, std::map<Verdict, int>> counts;
  std::map<std::pair<std::string, std::string>, int> padding;
  size_t width = 10;
  for (const CaseResult& r : results) {
    ++counts[{r.backend, r.op}][r.verdict];
    padding[{r.backend, r.op}] += r.padding_bytes_written > 0;
    width = std::max(width, BackendCell(r.backend).size() + 2);
  }
  std::cout << std::left << std::setw(int(width)) << "backend" << std::setw(21) << "operator";
  for (Verdict v : kAllVerdicts) std::cout << std::right << std::setw(8) << VerdictName(v);
  std::cout << std::setw(9) << "padding"
            << "\n";
  for (const auto& [key, by_verdict] : counts) {
    std::cout << std::left << std::setw(int(width)) << BackendCell(key.first) << std::setw(21)
              << Printable(key.second);
    for (Verdict v : kAllVerdicts) {
      const auto it = by_verdict.find(v);
      std::cout << std::right << std::setw(8) << (it == by_verdict.end() ? 0 : it->second);
    }
    std::cout << std::setw(9) << padding[key] << "\n";
  }
  std::cout << "(padding: cases whose outputs' padding bytes the backend wrote; DirectML allows "
               "it, contract point P1)\n";
}

// Non-pass results (and passes that wrote padding) per backend, operator and kind.
void PrintKinds(const std::vector<CaseResult>& results) {
  std::map<std::tuple<std::string, std::string, Kind>, int> counts;
  for (const CaseResult& r : results)
    if (r.kind != Kind::kNone) ++counts[{r.backend, r.op, r.kind}];
  if (counts.empty()) return;
  size_t width = 10;  // as the verdict table
  for (const auto& [key, n] : counts)
    width = std::max(width, BackendCell(std::get<0>(key)).size() + 2);
  std::cout << "\nkinds:\n";
  for (const auto& [key, n] : counts)
    std::cout << "  " << std::left << std::setw(int(width)) << BackendCell(std::get<0>(key))
              << std::setw(22) << Printable(std::get<1>(key)) << std::setw(20)
              << KindName(std::get<2>(key)) << std::right << std::setw(6) << n << "\n";
}

void PrintClaims(const RunReport& report) {
  for (const ConformanceClaim& c : Claims(report))
    std::cout << "claim " << Printable(c.backend) << ": " << Printable(c.reason) << "\n";
}

// --claim X_Y: every backend must conform at X_Y or above; each that does not, said.
void PrintFailingClaims(const RunReport& report) {
  if (report.claim.empty()) return;
  for (const ConformanceClaim& c : Claims(report))
    if (!ClaimHolds(c, report.claim))
      std::cout << "claim " << report.claim << " does not hold on " << Printable(c.backend) << ": "
                << Printable(c.reason) << "\n";
}

// --baseline: the changes since the base run, the regressions among them printed;
// every other result that fails the run failed in the base run too, and becomes an
// xfail excused by the baseline, so that every report and the exit code agree.
void ApplyBaseline(const RunReport& base, RunReport* report) {
  for (const std::string& difference : SelectionDifferences(base, *report))
    std::cout << "warning: against the baseline, " << Printable(difference) << "\n";
  const ReportDiff diff = DiffReports(base, *report);
  std::set<const CaseResult*> regressions;
  for (const CaseChange& c : diff.changes) {
    if (c.change != Change::kNewlyFailing) continue;
    regressions.insert(c.now);
    std::cout << "regression  " << Printable(c.now->name) << " [" << Printable(c.now->backend)
              << "] " << KindName(c.now->kind) << " (was "
              << (c.base ? VerdictName(c.base->verdict) : std::string_view("absent")) << ")\n";
  }
  std::cout << "against the baseline: " << diff.Regressions() << " newly failing, "
            << diff.Count(Change::kNewlyPassing) << " newly passing, "
            << diff.Count(Change::kNewlySkipped) << " newly skipped, "
            << diff.Count(Change::kChangedMessage) << " changed message\n";
  for (CaseResult& r : report->results) {
    if (!VerdictFailsRun(r.verdict) || regressions.contains(&r)) continue;
    r.verdict = Verdict::kExpectedFailure;
    r.excused_by = "baseline " + report->baseline;
  }
}

// After the summary line, so that a report that cannot be written loses neither the
// line nor the run's verdict: the exit code becomes 2 only when the run had passed
// (0); a failed run keeps 1 and a run that judged nothing keeps 3.
int WriteReports(const RunReport& report, const std::filesystem::path& dir, int verdict_code) {
  try {
    WriteReportSet(report, dir);
    return verdict_code;
  } catch (const std::exception& e) {
    const int code = verdict_code == kExitOk ? kExitUsage : verdict_code;
    std::cout.flush();
    std::cerr << "dmlconf run: the reports were not written: " << Printable(e.what())
              << " (exit code " << code
              << (code == verdict_code ? ", the run's own verdict" : ": the run itself passed")
              << ")\n";
    return code;
  }
}

// Every --case must name a loaded case: a reproducer whose case was renamed or
// removed must say so, not run nothing.
void RequireKnownCases(const std::vector<std::string>& names,
                       const std::vector<validator::Case>& cases) {
  for (const std::string& name : names) {
    const bool known = std::any_of(cases.begin(), cases.end(),
                                   [&](const validator::Case& c) { return c.name == name; });
    if (!known)
      Usage("--case " + ShellWord(name) + ": no case of that name among the " +
            std::to_string(cases.size()) + " cases loaded");
  }
}

// --backend as given, then cross-check when asked; reference when neither.
std::vector<std::string> BackendNames(const RunArgs& args) {
  std::vector<std::string> names = args.backends;
  if (args.cross_check && std::find(names.begin(), names.end(), "cross-check") == names.end())
    names.push_back("cross-check");
  if (names.empty()) names.push_back("reference");
  return names;
}

// The closing line, always the summary first, and the exit code: nothing
// judged (3) before anything else, then the baseline's regressions or, without
// one, any failure; a --claim that does not hold fails too.
int Conclude(RunReport& report, const std::optional<RunReport>& base) {
  if (!report.JudgedAnything()) {
    // Its own line: the summary stays the last line, as log scrapers expect.
    std::cout << "nothing judged: "
              << (report.results.empty() ? "no case was selected (check the paths, --filter, "
                                           "--exclude, --expect, --shard)"
                                         : "every case was skipped")
              << " (exit code 3)\n"
              << report.SummaryLine() << std::endl;
    return kExitNothingJudged;
  }
  if (base) ApplyBaseline(*base, &report);
  PrintClaims(report);
  PrintFailingClaims(report);
  std::cout << report.VerdictLine() << std::endl;
  return report.Failed() ? kExitFailed : kExitOk;
}

// Every expected-failure entry that covers no selected case on any backend of the
// run is a warning naming its line (stale, or mistyped: a misspelt name matches
// nothing, silently); with --strict-xfail the run stops there (exit 2).
void CheckXfailEntries(const RunArgs& args, const validator::RunOptions& options,
                       const std::vector<validator::Case>& cases,
                       const std::vector<Backend*>& backends) {
  const validator::XfailList& xfail = options.xfail;
  const std::vector<int> coverage =
      validator::XfailCoverage(xfail, validator::SelectCases(cases, options), backends);
  constexpr int kShown = 20;
  int unmatched = 0;
  for (size_t i = 0; i < coverage.size(); ++i) {
    if (coverage[i] > 0) continue;
    const validator::XfailList::Entry& e = xfail.entries()[i];
    std::string why;
    const bool any_backend =
        e.backend.empty() || std::any_of(backends.begin(), backends.end(), [&](const Backend* b) {
          return e.CoversBackend(b->Name(), b->Version());
        });
    if (!any_backend) {
      why = " (no backend of this run is named '" + e.backend + "'; this run's:";
      for (const Backend* b : backends)
        why += " " + b->Name() + (b->Version().empty() ? "" : "@" + b->Version());
      why += ")";
    }
    if (++unmatched <= kShown)
      std::cerr << "dmlconf run: " << (args.strict_xfail ? "" : "warning: ")
                << Printable(xfail.Where(e)) << ": '" << Printable(e.text)
                << "' matches no selected case" << Printable(why) << "\n";
  }
  if (unmatched > kShown)
    std::cerr << "dmlconf run: ... and " << unmatched - kShown
              << " more entries that match no selected case\n";
  if (unmatched > 0 && args.strict_xfail)
    Usage("--strict-xfail: " + std::to_string(unmatched) + " of the " +
          std::to_string(coverage.size()) + " entries of " + xfail.source() +
          " match no selected case");
}

// --write-xfail FILE: the exact name of every result that did not pass (failed,
// error, xfail), one "NAME:CASE" a line, so that a rerun with --xfail FILE passes
// and any change shows. Written whole to a temporary file beside FILE, then renamed.
void WriteXfail(const RunReport& report, const std::string& path) {
  std::string text = "# dmlconf run --write-xfail: the results that did not pass, by exact name\n";
  int written = 0, unlisted = 0;
  for (const CaseResult& r : report.results) {
    if (r.verdict != Verdict::kFailed && r.verdict != Verdict::kError &&
        r.verdict != Verdict::kExpectedFailure)
      continue;
    // A line holds no line break; the rest is escaped as --xfail reads it back (the
    // backend part with its escapes taken off, the case part as a glob).
    if (r.name.find_first_of("\n\r") != std::string::npos ||
        r.backend.find_first_of("\n\r") != std::string::npos) {
      text += "# not listable (a line break in its names): " + Printable(r.name) + "\n";
      ++unlisted;
      continue;
    }
    text += GlobLiteral(r.backend) + ":" + GlobLiteral(r.name) + "\n";
    ++written;
  }
  WriteXfailFile(path, text);
  std::cout << "wrote " << written << " expected " << (written == 1 ? "failure" : "failures")
            << " to " << Printable(path) << " (a run with --xfail " << Printable(path)
            << " expects them)"
            << (unlisted ? "; " + std::to_string(unlisted) + " could not be listed" : "") << "\n";
}

// How many selected cases --profile / --expect left out, per expectation.
std::map<std::string, int> LeftOut(const std::vector<validator::Case>& cases,
                                   const validator::RunOptions& options) {
  std::map<std::string, int> left_out;
  if (options.expectations.empty()) return left_out;
  validator::RunOptions everything = options;
  everything.expectations.clear();
  for (const validator::Case* c : validator::SelectCases(cases, everything))
    if (!options.expectations.contains(c->expect))
      ++left_out[std::string(ExpectationName(c->expect))];
  return left_out;
}

// --baseline, read before the run: a bad path, or a baseline of other backends,
// must not cost a long run.
std::optional<RunReport> ReadBaseline(const std::string& path,
                                      const std::vector<Backend*>& backends) {
  if (path.empty()) return std::nullopt;
  RequireReadableFile("run", "--baseline", path);
  RunReport base;
  try {
    base = ReadJsonReport(path);
  } catch (const std::exception& e) {
    Usage(std::string("--baseline: ") + e.what());
  }
  RunReport names;
  for (const Backend* b : backends) names.backends.push_back(b->Name());
  if (SharedBackends(base, names).empty()) {
    std::string theirs;
    for (const std::string& b : base.backends) theirs += (theirs.empty() ? "" : ", ") + b;
    Usage("--baseline " + path +
          " shares no backend with this run (it has: " + (theirs.empty() ? "none" : theirs) +
          "): every case would be new and every old one gone; name the backend as the "
          "baseline did (--backend NAME=SPEC)");
  }
  return base;
}

// What a run works on, all of it checked before the first case runs.
struct RunSetup {
  validator::RunOptions options;
  std::vector<std::filesystem::path> paths;
  std::vector<validator::Case> cases;
  std::vector<std::unique_ptr<Backend>> owned;
  std::vector<Backend*> backends;  // the owned ones, in --backend order
};

// The flags that need no case and no backend to be checked.
void CheckFlags(const RunArgs& args) {
  if (args.threads < 0) Usage("--threads wants a count of 1 or more (0: the machine's cores)");
  if (!args.claim.empty() && !ParseFeatureLevel(args.claim))
    Usage("--claim wants a feature level X_Y (1_0 .. 6_4), got '" + args.claim + "'");
}

// --timeout without --isolate: only a backend that times its own requests honours it.
void CheckTimeout(const RunArgs& args, const std::vector<std::string>& names) {
  for (const std::string& name : names)
    if (args.timeout > 0 && !args.isolate && !validator::HonoursTimeout(name))
      Usage("--timeout: backend '" + name +
            "' runs inside dmlconf, where a case can only be "
            "timed out in a child process: add --isolate (exec:, serve:, plugin: and directml "
            "time each request themselves)");
}

// The options, the cases and the backends, each refused with exit 2 when it cannot be had.
RunSetup SetUp(const RunArgs& args) {
  RunSetup s;
  s.options = MakeOptions(args);
  CheckFlags(args);
  blocked::SetThreadCount(args.threads);
  s.paths = CasePaths(args.paths);
  s.cases = LoadOrExit(s.paths);
  RequireKnownCases(args.cases, s.cases);
  const std::vector<std::string> names = BackendNames(args);
  CheckTimeout(args, names);
  KeepRunFolders(args.keep_run_dir);
  s.owned = MakeBackends(names, args.timeout);
  for (const auto& b : s.owned) s.backends.push_back(b.get());
  PrintRunFolders(s.backends);
  CheckXfailEntries(args, s.options, s.cases, s.backends);
  return s;
}

// The report's header: when, at what level, on which backends, and how cases were chosen.
RunReport StartReport(const RunArgs& args, const RunSetup& s) {
  RunReport report;
  report.tool_version = DMLCONF_VERSION;
  report.started_at = UtcNow();
  report.feature_level = std::string(FeatureLevelName(s.options.feature_level));
  report.command_line = CommandLine();
  for (const Backend* b : s.backends) {
    report.backends.push_back(b->Name());
    report.backend_info.push_back({b->Name(), validator::ParseBackendArgument(b->Argument()).spec,
                                   b->Version(), b->Description(),
                                   std::string(FeatureLevelName(b->MaxFeatureLevel()))});
  }
  for (const auto& p : s.paths) report.case_paths.push_back(p.string());
  report.profile = args.profile == "directml" ? "" : args.profile;
  report.baseline = args.baseline;
  report.claim = args.claim;
  report.expect = args.expect;
  report.operators = OperatorNames(s.options.operators);
  report.left_out = LeftOut(s.cases, s.options);
  report.shard =
      std::to_string(s.options.shard.index) + "/" + std::to_string(s.options.shard.count);
  report.selected_cases = validator::SelectCases(s.cases, s.options).size();
  if (s.options.shard.count > 1) {
    report.shard_cases.emplace();
    for (const validator::Case* c : validator::ShardCases(s.cases, s.options))
      report.shard_cases->push_back(c->name);
  }
  return report;
}

// What --profile / --expect and --shard leave out, said before the run starts.
void PrintSelection(const RunSetup& s, const RunReport& report) {
  if (!s.options.expectations.empty()) {
    int left_out = 0;
    for (const auto& [expect, n] : report.left_out) left_out += n;
    std::cout << left_out << " selected cases left out by --profile / --expect (they expect "
              << "something not judged in this run)\n";
  }
  if (s.options.shard.count > 1) {
    std::cout << "shard " << s.options.shard.index << "/" << s.options.shard.count << ": "
              << validator::ShardCases(s.cases, s.options).size() << " of "
              << validator::SelectCases(s.cases, s.options).size()
              << " selected cases; the others are other shards'\n";
  }
}

// A folder that cannot take the reports is found before the work, not after it.
void CheckReportDir(const RunArgs& args) {
  if (args.report_dir.empty()) return;
  try {
    PrepareReportDir(args.report_dir);
  } catch (const std::exception& e) {
    Usage(e.what());
  }
}

// Every case of the shard on every backend, with a progress line; a backend that cannot
// go on stops the run (exit 2).
std::vector<CaseResult> RunAll(const RunArgs& args, const RunSetup& s) {
  Progress progress(validator::ShardCases(s.cases, s.options).size() * s.backends.size());
  try {
    std::vector<CaseResult> results =
        validator::RunCases(s.cases, s.backends, s.options, [&](const CaseResult& r) {
          if (VerdictFailsRun(r.verdict) || args.verbose) progress.Clear();
          PrintResult(r, args.verbose);
          progress.Count(VerdictFailsRun(r.verdict));
        });
    progress.Finish();
    return results;
  } catch (const RunAborted& e) {
    progress.Finish();
    std::cout.flush();
    std::cerr << "dmlconf run: stopped: " << Printable(e.what()) << "\n";
    Exit(kExitUsage);
  }
}

// After the run: the tables, --write-xfail, the summary line and the reports; exits
// with the run's code unless it is 0.
void Finish(const RunArgs& args, RunReport& report, const std::vector<Backend*>& backends,
            const std::optional<RunReport>& base) {
  std::cout << "\n";
  PrintBackends(backends);
  PrintCounts(report.results);
  PrintKinds(report.results);
  bool xfail_written = true;
  if (!args.write_xfail.empty()) {
    try {
      WriteXfail(report, args.write_xfail);
    } catch (const std::exception& e) {
      std::cout.flush();
      std::cerr << "dmlconf run: " << Printable(e.what()) << "\n";
      xfail_written = false;
    }
  }
  int code = Conclude(report, base);
  if (!xfail_written && code == kExitOk) code = kExitUsage;  // as for a report not written
  // The reports are files to keep: their reproducers hold no path of this machine.
  for (CaseResult& r : report.results) r.reproducer = validator::PortableReproducer(r.reproducer);
  if (!args.report_dir.empty()) code = WriteReports(report, args.report_dir, code);
  if (code != kExitOk) Exit(code);
}

void Run(const RunArgs& args) {
  // First, before any thread or backend process exists: however the run ends
  // (Ctrl-C and SIGTERM included), no backend process or request folder remains.
  children::InstallRunCleanup();
  const RunSetup s = SetUp(args);
  RunReport report = StartReport(args, s);
  PrintSelection(s, report);
  const std::optional<RunReport> base = ReadBaseline(args.baseline, s.backends);
  CheckReportDir(args);
  report.results = RunAll(args, s);
  Finish(args, report, s.backends, base);
}

}  // namespace

void AddRunCommand(CLI::App& app) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* cmd = app.add_subcommand("run", "Run cases against backends and judge them");
  cmd->add_option("paths", args->paths, CasePathsHelp());
  cmd->add_option(
      "--backend", args->backends,
      "reference, blocked, cross-check, directml, directml@VERSION, ort-dml, ort-dml@VERSION, "
      "plugin:PATH, "
      "plugin-in-process:PATH, exec:COMMAND or serve:COMMAND, optionally named "
      "NAME=SPEC (the name every report, expected-failure entry and baseline uses; "
      "else the name the backend declares, else SPEC); repeat to run each "
      "(default: reference)");
  cmd->add_flag("--cross-check", args->cross_check,
                "Also run the cross-check backend: reference and blocked on every case, failing "
                "any case where their bytes differ, unspecified cases included");
  cmd->add_option("--threads", args->threads,
                  "Threads the blocked kernels may use (default 0: the machine's cores)");
  cmd->add_option("--feature-level", args->feature_level, "The run's level, X_Y (default 6_4)");
  cmd->add_option("--filter", args->filters,
                  "Only cases whose name matches this glob (repeatable)");
  cmd->add_option("--case", args->cases,
                  "Only the case of exactly this name, no glob (repeatable; with --filter, a "
                  "case matching either runs); exit 2 when no loaded case has the name");
  cmd->add_option("--exclude", args->excludes, "Leave out cases whose name matches (repeatable)");
  AddOperatorOption(cmd, &args->operators);
  cmd->add_option("--profile", args->profile,
                  "directml (default: every case) or values (only cases that run: match, "
                  "unspecified, refuse_or_run; for backends that are not DirectML)");
  cmd->add_option(
      "--expect", args->expect,
      "Only cases expecting this (match, reject, unspecified, refuse_or_run, one_of); repeatable");
  cmd->add_option("--shard", args->shard, "Run only shard I of N (0-based), as I/N");
  CLI::Option* xfail = cmd->add_option(
      "--xfail", args->xfail,
      "Expected-failure list: GLOB, NAME:GLOB or NAME@VERSION:GLOB per line (split at the "
      "last ':'); an entry matching no selected case is a warning");
  cmd->add_flag("--strict-xfail", args->strict_xfail,
                "Exit 2 before running when an --xfail entry matches no selected case");
  cmd->add_option("--write-xfail", args->write_xfail,
                  "Write the exact names of the results that did not pass to this file, one "
                  "NAME:CASE a line: an --xfail list that makes a rerun pass");
  cmd->add_flag("--keep-run-dir", args->keep_run_dir,
                "Keep the files of serve:, exec:, plugin: and directml backends (their run "
                "folder under $TMPDIR, every request's buffers) and print where");
  cmd->add_option("--report-dir", args->report_dir,
                  "Write report.json, junit.xml, report.md and report.html here");
  cmd->add_flag("--verbose", args->verbose, "Print every result, not only failures");
  cmd->add_flag("--isolate", args->isolate,
                "Run each case in a child process: a crash or hang becomes an error");
  cmd->add_option("--timeout", args->timeout,
                  "Seconds per isolated case (default 60), and per request to an exec: backend "
                  "(default 30) or a serve:, plugin: or directml backend (default 60)");
  cmd->add_option("--claim", args->claim,
                  "Exit 1 unless every backend conforms at this level X_Y: every selected case "
                  "of that level and below ran and passed");
  cmd->add_option("--baseline", args->baseline,
                  "A previous run's report.json: exit 1 only for cases newly failing against it");
  cmd->add_flag("--strict-padding", args->strict_padding,
                "Fail a backend that writes output padding bytes inside TotalTensorSizeInBytes; "
                "DirectML allows it (contract point P1), so by default it is only counted");
  cmd->callback([args, xfail] {
    args->xfail_given = xfail->count() > 0;
    // Resolved now: a plug-in in dmlconf's process may chdir before the reports are written.
    if (!args->report_dir.empty())
      args->report_dir = std::filesystem::absolute(args->report_dir).string();
    Run(*args);
  });
}

}  // namespace dmlconf::cli
