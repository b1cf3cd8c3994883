// dmlconf merge SHARD.json...: the shard runs of one suite joined into one set
// of reports, as if one machine had run it. Exits as that run would have.
#include <iostream>
#include <memory>
#include <optional>

#include "commands.h"
#include "dmlconf/reports/report_diff.h"
#include "fuzz/findings.h"
#include "platform/child_registry.h"
#include "report_dir.h"
#include "run/terminal_text.h"

namespace dmlconf::cli {
namespace {

struct MergeArgs {
  std::vector<std::string> shards;
  std::string report_dir;
};

[[noreturn]] void Fail(const std::string& message) {
  std::cerr << "dmlconf merge: " << Printable(message) << "\n";
  Exit(kExitUsage);
}

// dmlconf fuzz runs' findings.json (--report-dir), one per machine or seed: one
// findings.json and findings.md, each signature once. Exit 1 when a finding is new.
void MergeFindings(const MergeArgs& args, fuzz::FindingsReport first) {
  std::vector<fuzz::FindingsReport> runs{std::move(first)};
  fuzz::FindingsReport merged;
  try {
    for (size_t i = 1; i < args.shards.size(); ++i) {
      std::optional<fuzz::FindingsReport> run = fuzz::ReadIfFindings(args.shards[i]);
      if (!run)
        throw std::runtime_error(args.shards[i] +
                                 ": not a dmlconf fuzz findings.json, and the first file "
                                 "is one: merge joins fuzz findings or run reports, not both");
      runs.push_back(std::move(*run));
    }
    merged = fuzz::MergeFindings(runs);
    fuzz::WriteFindings(merged, args.report_dir);
  } catch (const std::exception& e) {
    Fail(e.what());
  }
  uint64_t cases = 0;
  try {
    for (const fuzz::FuzzRunInfo& run : merged.runs)
      cases = fuzz::AddCounts(cases, run.cases, "the runs' cases");
  } catch (const std::exception& e) {
    Fail(e.what());
  }
  std::cout << "merged " << runs.size() << " fuzz runs' findings into " << args.report_dir << "\n"
            << Printable(fuzz::FindingsSummary(merged), true) << cases
            << " cases: " << fuzz::NewAndKnown(merged) << std::endl;
  if (merged.NewCount() > 0) Exit(kExitFailed);
}

void Merge(const MergeArgs& args) {
  // An interrupt removes what merge was writing, as it does for run.
  children::InstallRunCleanup();
  std::optional<fuzz::FindingsReport> first;
  try {
    first = fuzz::ReadIfFindings(args.shards.front());
  } catch (const std::exception& e) {
    Fail(e.what());
  }
  if (first) return MergeFindings(args, std::move(*first));
  std::vector<RunReport> shards;
  RunReport merged;
  try {
    for (const std::string& path : args.shards) shards.push_back(ReadJsonReport(path));
    merged = MergeReports(shards);
  } catch (const std::exception& e) {
    Fail(e.what());
  }
  try {
    WriteReportSet(merged, args.report_dir);  // its output: no report, exit 2
  } catch (const std::exception& e) {
    Fail(e.what());
  }
  std::cout << "merged " << shards.size() << " shard reports into " << args.report_dir << "\n";
  for (const ConformanceClaim& c : Claims(merged))
    std::cout << "claim " << Printable(c.backend) << ": " << Printable(c.reason) << "\n";
  if (!merged.JudgedAnything()) {
    std::cout << "nothing judged: every shard's cases were skipped or there were none (exit "
                 "code 3)\n"
              << merged.SummaryLine() << std::endl;
    Exit(kExitNothingJudged);
  }
  std::cout << merged.VerdictLine() << std::endl;
  if (merged.Failed()) Exit(kExitFailed);
}

}  // namespace

void AddMergeCommand(CLI::App& app) {
  auto args = std::make_shared<MergeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "merge",
      "Join shard runs' report.json into one report.json, junit.xml, report.md and "
      "report.html; exit as the whole run would. Refuses a set that is not every shard "
      "0/N .. N-1/N of one run, once each. Given `dmlconf fuzz` runs' findings.json instead, "
      "joins them into one findings.json and findings.md, each signature once (exit 1 when "
      "one is new)");
  cmd->add_option("shards", args->shards,
                  "Each shard's report.json, or each fuzz run's findings.json")
      ->required();
  cmd->add_option("--report-dir", args->report_dir, "Where to write the merged reports")
      ->required();
  cmd->callback([args] { Merge(*args); });
}

}  // namespace dmlconf::cli
