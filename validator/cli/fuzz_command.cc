// dmlconf fuzz --backend B: random cases against one backend, with the reference's
// validation and the generator's oracle as the judge (validator/src/fuzz); each new
// kind of failure shrunk to a case file ready to commit. Exit 1 on a new finding.
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>

#include "backends/backend_registry.h"
#include "case_selection.h"
#include "command_util.h"
#include "fuzz/campaign.h"
#include "platform/child_registry.h"
#include "progress.h"
#include "report_dir.h"
#include "run/terminal_text.h"
#include "xfail_file.h"

namespace dmlconf::cli {
namespace {

struct FuzzArgs {
  std::string backend, feature_level, profile = "directml", xfail, report_dir, write_xfail;
  std::string out = "fuzz-findings";
  std::string guide;  // the backend's coverage feedback file (fuzz/guidance.h)
  std::vector<std::string> operators;
  double seconds = 0, timeout = 0;
  uint64_t count = 0, seed = 0;
  size_t max_new = 0;
  bool seconds_given = false, count_given = false, seed_given = false, xfail_given = false;
  bool verbose = false;
};

[[noreturn]] void Usage(const std::string& message) {
  std::cerr << "dmlconf fuzz: " << Printable(message) << "\n";
  Exit(kExitUsage);
}

// Without --seconds or --count a run lasts a minute.
constexpr double kDefaultSeconds = 60;

std::vector<OperatorType> Operators(const FuzzArgs& args) {
  const std::set<OperatorType> chosen = ParseOperators(args.operators, "fuzz");
  std::vector<OperatorType> ops;
  for (OperatorType t : kAllOperatorTypes)
    if (chosen.empty() || chosen.contains(t)) ops.push_back(t);
  return ops;
}

// --feature-level, never above what the backend declares: a case above it would be
// skipped, not judged.
FeatureLevel Level(const FuzzArgs& args, const Backend& backend) {
  const FeatureLevel top = backend.MaxFeatureLevel();
  if (args.feature_level.empty()) return top;
  const std::optional<FeatureLevel> level = ParseFeatureLevel(args.feature_level);
  if (!level) Usage("unknown feature level '" + args.feature_level + "' (1_0 .. 6_4)");
  if (*level <= top) return *level;
  std::cout << "backend " << Printable(backend.Name()) << " declares " << FeatureLevelName(top)
            << ": fuzzing at " << FeatureLevelName(top) << ", not " << args.feature_level << "\n";
  return top;
}

std::unique_ptr<Backend> MakeTheBackend(const FuzzArgs& args) {
  if (args.backend.empty()) Usage("--backend is required");
  const std::chrono::milliseconds timeout = TimeoutOption("fuzz", args.timeout);
  try {
    return validator::MakeBackend(args.backend, timeout);
  } catch (const std::exception& e) {
    Usage(e.what());
  }
}

fuzz::FuzzOptions MakeOptions(const FuzzArgs& args, const Backend& backend) {
  fuzz::FuzzOptions options;
  if (args.profile != "directml" && args.profile != "values")
    Usage("unknown profile '" + args.profile + "' (directml, values)");
  options.broken_too = args.profile == "directml";
  if (args.profile == "values") options.reproduce_flags = "--profile values";
  options.operators = Operators(args);
  options.level = Level(args, backend);
  if (!options.broken_too &&
      std::none_of(options.operators.begin(), options.operators.end(),
                   [&](OperatorType op) { return FindSupport(op, options.level) != nullptr; }))
    Usage("no selected operator exists at feature level " +
          std::string(FeatureLevelName(options.level)) +
          ", and --profile values draws no must-reject case");
  if (args.xfail_given) {
    RequireReadableFile("fuzz", "--xfail", args.xfail);
    try {
      options.xfail = validator::XfailList::Load(args.xfail);
    } catch (const std::exception& e) {
      Usage(e.what());
    }
  }
  if (args.seconds_given && args.seconds <= 0) Usage("--seconds wants a positive number");
  if (args.count_given && args.count == 0) Usage("--count wants 1 or more");
  options.count = args.count;
  if (!args.count_given)
    options.time = std::chrono::milliseconds(
        int64_t((args.seconds_given ? args.seconds : kDefaultSeconds) * 1000));
  options.seed = args.seed_given ? args.seed : std::random_device{}();
  if (args.out.empty()) Usage("--out wants a folder");
  options.out_dir = args.out;
  options.max_new = args.max_new;
  options.guide_feedback = args.guide;
  return options;
}

std::string Fixed(double value, int digits) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(digits) << value;
  return text.str();
}

void PrintHeader(const Backend& backend, const fuzz::FuzzOptions& options, const FuzzArgs& args) {
  std::string details = validator::ParseBackendArgument(backend.Argument()).spec;
  if (!backend.Version().empty()) details += ", version " + backend.Version();
  if (!backend.Description().empty()) details += ", " + backend.Description();
  std::string ops;
  for (OperatorType op : options.operators)
    ops += (ops.empty() ? "" : " ") + std::string(OperatorName(op));
  std::cout << "fuzz: backend " << Printable(backend.Name()) << " (" << Printable(details)
            << ") at feature level " << FeatureLevelName(options.level) << ", seed " << options.seed
            << (args.seed_given ? "" : " (drawn: --seed repeats it)") << ", profile "
            << args.profile << "\n      operators " << ops << "; "
            << (options.count ? std::to_string(options.count) + " cases"
                              : Fixed(double(options.time->count()) / 1000, 0) + " s")
            << (options.xfail.empty() ? "" : ", known failures from " + options.xfail.source())
            << (options.guide_feedback.empty() ? ""
                                               : "\n      guided by the backend's feedback in " +
                                                     Printable(options.guide_feedback.string()))
            << "\n";
}

void PrintFinding(const fuzz::Finding& f) {
  if (f.known) {
    std::cout << "known  " << Printable(f.signature.Text()) << " (case " << f.iteration
              << ", listed by " << Printable(f.xfail_entry) << ")\n";
    return;
  }
  std::cout << "new    " << Printable(f.signature.Text()) << " (case " << f.iteration << ": "
            << Printable(f.case_name) << ")\n  " << Printable(QuotedMessage(f.shrunk_message))
            << "\n  shrunk in " << f.shrink_tries << " tries: " << Printable(f.case_file) << "\n  "
            << fuzz::ReplayText(f) << "\n  reproduce: " << f.reproducer << "\n";
}

// A folder the campaign may write into, checked before the first case (a bad --out was
// found only at the first finding, and the campaign's work was lost with it). Nothing is
// made yet: a run that finds nothing leaves no empty folder.
void RequireWritableFolder(const std::string& option, const std::filesystem::path& dir) {
  if (const std::string why = WhyNotWritableFolder(dir); !why.empty())
    Usage(option + " " + dir.string() + ": " + why);
}

// Cases per operator and verdict, levels added up.
void PrintCounts(const fuzz::CaseCounts& counts) {
  static constexpr Verdict kShown[] = {Verdict::kPassed, Verdict::kFailed, Verdict::kSkipped,
                                       Verdict::kError, Verdict::kExpectedFailure};
  std::cout << "\n"
            << std::left << std::setw(22) << "operator" << std::right << std::setw(8) << "cases";
  for (Verdict v : kShown) std::cout << std::setw(8) << VerdictName(v);
  std::cout << "\n";
  std::map<std::string, uint64_t> all;
  const auto row = [&](const std::string& name, const std::map<std::string, uint64_t>& by) {
    uint64_t total = 0;
    for (const auto& [verdict, n] : by) total += n;
    std::cout << std::left << std::setw(22) << name << std::right << std::setw(8) << total;
    for (Verdict v : kShown) {
      const auto it = by.find(std::string(VerdictName(v)));
      std::cout << std::setw(8) << (it == by.end() ? 0 : it->second);
    }
    std::cout << "\n";
  };
  for (OperatorType op : kAllOperatorTypes) {
    const auto it = counts.find(std::string(OperatorName(op)));
    if (it == counts.end()) continue;
    std::map<std::string, uint64_t> by;
    for (const auto& [level, verdicts] : it->second)
      for (const auto& [verdict, n] : verdicts) {
        by[verdict] += n;
        all[verdict] += n;
      }
    row(std::string(OperatorName(op)), by);
  }
  row("all", all);
}

fuzz::FindingsReport Report(const fuzz::FuzzOutcome& outcome, const Backend& backend,
                            const fuzz::FuzzOptions& options, const FuzzArgs& args,
                            const std::string& started_at, const std::string& run_id) {
  fuzz::FindingsReport report = outcome.report;
  report.tool_version = DMLCONF_VERSION;
  fuzz::FuzzRunInfo run;
  run.run_id = run_id;
  run.seed = options.seed;
  run.backend = backend.Name();
  run.spec = validator::ParseBackendArgument(backend.Argument()).spec;
  run.version = backend.Version();
  run.description = backend.Description();
  run.feature_level = std::string(FeatureLevelName(options.level));
  run.profile = args.profile;
  run.operators =
      OperatorNames(std::set<OperatorType>(options.operators.begin(), options.operators.end()));
  if (run.operators.size() == kOperatorCount) run.operators.clear();
  run.cases = outcome.cases;
  run.seconds = outcome.seconds;
  run.started_at = started_at;
  run.command_line = CommandLine();
  report.runs = {run};
  return report;
}

// --write-xfail FILE: one NAME:GLOB entry per signature of every new finding (its merged
// ones too), covering that class of fuzz case names, so that a rerun with --xfail FILE
// counts them known. Exit code 2 when it cannot be written.
int WriteFuzzXfail(const fuzz::FindingsReport& report, const Backend& backend,
                   const std::string& path) {
  std::string text =
      "# dmlconf fuzz --write-xfail: the classes of fuzz cases of each new finding\n";
  int written = 0;
  for (const fuzz::Finding& f : report.findings) {
    if (f.known) continue;
    for (const std::string& signature : f.Signatures()) {
      const std::string glob = fuzz::XfailGlob(signature);
      if (glob.empty() || backend.Name().find_first_of("\n\r") != std::string::npos) {
        text += "# not listable: " + Printable(signature) + "\n";
        continue;
      }
      text += GlobLiteral(backend.Name()) + ":" + glob + "  # " + signature + "\n";
      ++written;
    }
  }
  try {
    WriteXfailFile(path, text);
  } catch (const std::exception& e) {
    std::cerr << "dmlconf fuzz: " << Printable(e.what()) << "\n";
    return kExitUsage;
  }
  std::cout << "wrote " << written << (written == 1 ? " entry" : " entries") << " to "
            << Printable(path) << " (a run with --xfail " << Printable(path)
            << " counts these findings known)\n";
  return kExitOk;
}

void Fuzz(const FuzzArgs& args) {
  children::InstallRunCleanup();  // no backend process or folder outlives the run
  const std::unique_ptr<Backend> backend = MakeTheBackend(args);
  const fuzz::FuzzOptions options = MakeOptions(args, *backend);
  RequireWritableFolder("--out", options.out_dir);
  if (!args.report_dir.empty()) RequireWritableFolder("--report-dir", args.report_dir);
  PrintHeader(*backend, options, args);
  const std::string started_at = UtcNow(), run_id = fuzz::NewRunId();
  Progress progress(options.count, options.time ? double(options.time->count()) / 1000 : 0,
                    "new failures");
  fuzz::FuzzEvents events;
  events.on_case = [&](const CaseResult& r) {
    if (args.verbose) {
      progress.Clear();
      std::cout << std::left << std::setw(7) << VerdictName(r.verdict) << " " << Printable(r.name)
                << "\n";
    }
    progress.Count(VerdictFailsRun(r.verdict));
  };
  events.on_shrinking = [&](const fuzz::Finding& f) {
    progress.Clear();
    std::cout << "shrinking " << Printable(f.signature.Text()) << " (case " << f.iteration
              << ") ..." << std::endl;
  };
  events.on_finding = [&](const fuzz::Finding& f) {
    progress.Clear();
    PrintFinding(f);
    std::cout.flush();
  };
  // findings.json as the campaign goes: what was found survives a crash or a stop.
  events.on_record = [&](const fuzz::FuzzOutcome& so_far) {
    if (args.report_dir.empty()) return;
    try {
      fuzz::WriteFindings(Report(so_far, *backend, options, args, started_at, run_id),
                          args.report_dir);
    } catch (const std::exception& e) {
      progress.Clear();
      std::cerr << "dmlconf fuzz: the findings so far were not written: " << Printable(e.what())
                << "\n";
    }
  };
  fuzz::FuzzOutcome outcome;
  try {
    outcome = fuzz::Fuzz(*backend, options, events);
  } catch (const RunAborted& e) {
    progress.Finish();
    std::cout.flush();
    Usage(std::string("stopped: ") + e.what());
  } catch (const std::runtime_error& e) {
    progress.Finish();
    std::cout.flush();
    Usage(e.what());
  }
  progress.Finish();
  PrintCounts(outcome.report.counts);
  const fuzz::FindingsReport report = Report(outcome, *backend, options, args, started_at, run_id);
  const size_t fresh = report.NewCount(), known = report.findings.size() - fresh;
  std::cout << "\nfindings: " << fresh << " new, " << known << " known"
            << (outcome.stopped_at_max_new ? " (stopped at --max-new)" : "") << "\n"
            << Printable(fuzz::FindingsSummary(report), true);
  if (outcome.undrawn > 0)
    std::cout << outcome.undrawn << " cases could not be drawn (a fuzzer bug: please report)\n";
  int code = fresh > 0 ? kExitFailed : kExitOk;
  const double rate = outcome.seconds > 0 ? double(outcome.cases) / outcome.seconds : 0;
  std::cout << outcome.cases << " cases in " << Fixed(outcome.seconds, 1) << " s ("
            << Fixed(rate, 1) << " cases/s, " << Fixed(rate * 60, 0)
            << " a minute): " << fuzz::NewAndKnown(report) << std::endl;
  if (!options.guide_feedback.empty())
    std::cout << "guidance: " << outcome.kept << " cases reached something new (kept), "
              << outcome.guided << " drawn near a kept one\n";
  if (!args.write_xfail.empty() && WriteFuzzXfail(report, *backend, args.write_xfail) != kExitOk &&
      code == kExitOk)
    code = kExitUsage;
  if (!args.report_dir.empty()) {
    try {
      fuzz::WriteFindings(report, args.report_dir);
    } catch (const std::exception& e) {
      std::cerr << "dmlconf fuzz: the findings were not written: " << Printable(e.what()) << "\n";
      if (code == kExitOk) code = kExitUsage;
    }
  }
  if (code != kExitOk) Exit(code);
}

}  // namespace

void AddFuzzCommand(CLI::App& app) {
  auto args = std::make_shared<FuzzArgs>();
  CLI::App* cmd = app.add_subcommand(
      "fuzz",
      "Random cases against one backend, judged as `run` judges; each new kind of failure "
      "shrunk to a case file. Exit 1 on a new finding, 0 on none, 2 on a usage error");
  cmd->add_option("--backend", args->backend,
                  "The backend, as `run` takes it: reference, blocked, cross-check, directml, "
                  "plugin:PATH, serve:COMMAND, exec:COMMAND, optionally NAME=SPEC")
      ->required();
  CLI::Option* seconds =
      cmd->add_option("--seconds", args->seconds, "How long to fuzz (default 60)");
  CLI::Option* count = cmd->add_option("--count", args->count, "How many cases to try");
  seconds->excludes(count);
  CLI::Option* seed = cmd->add_option(
      "--seed", args->seed, "Case i comes from (seed, i) alone (default: drawn and printed)");
  AddOperatorOption(cmd, &args->operators);
  cmd->add_option("--feature-level", args->feature_level,
                  "Draw from the support tables at this level X_Y (default and most: the "
                  "backend's declared level)");
  cmd->add_option("--profile", args->profile,
                  "directml (default: must-reject cases too, reason codes compared) or values "
                  "(only cases that run)");
  CLI::Option* xfail = cmd->add_option(
      "--xfail", args->xfail,
      "Expected failures as `run` reads them: a failing case an entry covers is a known "
      "finding, not a new one");
  cmd->add_option("--out", args->out,
                  "Where each new finding's shrunk case file goes (default fuzz-findings)");
  cmd->add_option("--report-dir", args->report_dir,
                  "Write findings.json and findings.md here (`dmlconf merge` joins many)");
  cmd->add_option("--write-xfail", args->write_xfail,
                  "Write an --xfail list covering the class of each new finding (one NAME:GLOB "
                  "a signature): a rerun with --xfail FILE counts them known");
  cmd->add_option("--max-new", args->max_new, "Stop after this many new findings (default: never)");
  cmd->add_option("--guide", args->guide,
                  "Coverage guidance: FILE, to which the backend appends a line whenever a case "
                  "reached something new (tools/directml/shader_census.py --feedback: a new "
                  "shader); such a case's draw is kept and half the later draws start near a "
                  "kept one");
  cmd->add_flag("--verbose", args->verbose, "Print every case's verdict and name");
  cmd->add_option("--timeout", args->timeout,
                  "Seconds per request to an exec:, serve:, plugin: or directml backend");
  cmd->callback([args, seconds, count, seed, xfail] {
    args->seconds_given = seconds->count() > 0;
    args->count_given = count->count() > 0;
    args->seed_given = seed->count() > 0;
    args->xfail_given = xfail->count() > 0;
    // Resolved now, as run's: a plug-in in dmlconf's process may chdir.
    if (!args->report_dir.empty())
      args->report_dir = std::filesystem::absolute(args->report_dir).string();
    Fuzz(*args);
  });
}

}  // namespace dmlconf::cli
